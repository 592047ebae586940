import JSONKit
import PushContract
import XCTest

/// `--pushes` files (JSON Lines) and curl commands.
final class ScheduleAndCurlTests: XCTestCase {
    let start: Int64 = 1_795_910_400_000

    func testParsesRelativeAbsoluteAndDefaultTimes() throws {
        let text = """
            {"at": "+2h", "request": \(body(["nonce": "a"]).serialized())}

            {"at": "2026-11-29T05:30:00Z", "request": \(body(["nonce": "b"], type: "update").serialized())}
            {"request": \(body(["nonce": "c", "content_state": nil], type: "end").serialized())}
            {"at": 1795920000000, "request": \(body(["nonce": "d"], type: "update").serialized())}
            """
        let pushes = try PushSchedule.parse(text, start: start) { $0 == "2026-11-29T05:30:00Z" ? 1_795_930_200_000 : nil }
        XCTAssertEqual(pushes.map(\.at), [start + 7_200_000, 1_795_930_200_000, 1_710_000_000_000, 1_795_920_000_000])
        XCTAssertEqual(pushes.map(\.line), [1, 3, 4, 5])
        XCTAssertEqual(pushes.map(\.type), [.start, .update, .end, .update])
        XCTAssertEqual(pushes[0].variables, ["title": "进行中", "count": 1])
        XCTAssertNil(pushes[2].variables)
        XCTAssertEqual(pushes.map(\.label), ["a", "b", "c", "d"])
    }

    func testDurations() throws {
        for (text, ms) in [("+90s", 90_000), ("+45m", 2_700_000), ("+1h30m", 5_400_000), ("+1d", 86_400_000), ("+500ms", 500), ("+1.5h", 5_400_000)] {
            let line = "{\"at\": \"\(text)\", \"request\": \(body().serialized())}"
            XCTAssertEqual(try PushSchedule.parse(line, start: 0) { _ in nil }.first?.at, Int64(ms), text)
        }
    }

    func testErrorsNameTheLine() {
        func error(_ text: String) -> PushScheduleError? {
            do { _ = try PushSchedule.parse(text, start: start) { _ in nil } } catch { return error }
            XCTFail("expected an error for \(text)")
            return nil
        }
        XCTAssertEqual(error("\n{")?.line, 2)
        XCTAssertTrue(error("{\"at\": \"+2x\", \"request\": \(body().serialized())}")?.message.contains("+90s") ?? false)
        XCTAssertTrue(error("{\"at\": \"tomorrow\", \"request\": \(body().serialized())}")?.message.contains("ISO 8601") ?? false)
        XCTAssertTrue(error("{\"at\": \"+1h\"}")?.message.contains("missing \"request\"") ?? false)
        let refused = error("{\"at\": \"+1h\", \"request\": \(body(["content_state": ["data": ["a": 1]]]).serialized())}")
        XCTAssertTrue(refused?.message.contains("[data-not-string]") ?? false, refused?.message ?? "")
        let duplicate = error("{\"request\": \(body().serialized())}\n{\"request\": \(body(type: "update").serialized())}")
        XCTAssertEqual(duplicate?.line, 2)
        XCTAssertTrue(duplicate?.message.contains("line 1") ?? false)
    }

    /// Numbers past Int64, negative zero and empty text are refused with the line, never trapped.
    func testAtOutsideTheRangeIsRefused() {
        func at(_ json: String) -> Result<Int64, PushScheduleError> {
            let line = "{\"at\": \(json), \"request\": \(body().serialized())}"
            do { return .success(try PushSchedule.parse(line, start: start) { _ in nil }.first?.at ?? -1) } catch { return .failure(error) }
        }
        for json in ["\"+99999999999999999999d\"", "\"+9223372036854775808ms\"", "\"+\"", "\"\"", "\"+nan\"",
                     "\"+-0s\"", "1e300", "-1e300", "9223372036854775808", "1.5"] {
            guard case .failure(let error) = at(json) else { XCTFail("\(json) was accepted"); continue }
            XCTAssertEqual(error.line, 1, json)
            XCTAssertTrue(error.message.hasPrefix("\"at\""), "\(json): \(error.message)")
        }
        XCTAssertEqual(try at("-0").get(), 0)
        XCTAssertEqual(try at("\"+0s\"").get(), start)
        // An offset that would carry the time past Int64 is refused too.
        let line = "{\"at\": \"+999999999999999ms\", \"request\": \(body().serialized())}"
        XCTAssertThrowsError(try PushSchedule.parse(line, start: .max - 1) { _ in nil })
    }

    func testShellQuoting() {
        XCTAssertEqual(CurlCommand.shellQuote("http://127.0.0.1:8787/api/push"), "http://127.0.0.1:8787/api/push")
        XCTAssertEqual(CurlCommand.shellQuote("it's"), "'it'\\''s'")
        XCTAssertEqual(CurlCommand.shellQuote("a b"), "'a b'")
        XCTAssertEqual(CurlCommand.shellQuote(""), "''")
        let request = PushRequest(userID: "O'Brien", widgetID: "w", type: .start,
                                  contentState: ContentState(variables: ["title": "it's $HOME `x`"]),
                                  timestamp: 1_710_000_000, nonce: "n")
        let command = CurlCommand.render(url: "http://127.0.0.1:8787/api/push", body: request.bodyText())
        XCTAssertTrue(command.hasPrefix("curl -X POST http://127.0.0.1:8787/api/push \\\n  -H 'Content-Type: application/json' \\\n  -d '{"))
        XCTAssertTrue(command.contains("O'\\''Brien"))
        XCTAssertEqual(try JSONValue.parse(request.bodyText()), request.json)
    }

    func testUTCFormatting() {
        XCTAssertEqual(UTCTime.format(epochMs: 0), "1970-01-01T00:00:00.000Z")
        XCTAssertEqual(UTCTime.format(epochMs: 1_710_000_000_123), "2024-03-09T16:00:00.123Z")
        XCTAssertEqual(UTCTime.format(epochMs: 951_782_400_000), "2000-02-29T00:00:00.000Z")
        XCTAssertEqual(UTCTime.format(epochMs: -1), "1969-12-31T23:59:59.999Z")
    }
}
