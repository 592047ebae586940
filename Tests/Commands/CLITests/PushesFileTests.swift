@testable import WidgetHostCLI
import JSONKit
import TestSupport
import XCTest

/// `--pushes FILE` for simulate: JSON Lines of timed push requests as timeline events.
final class PushesFileTests: XCTestCase {
    /// 2026-11-29T00:00:00Z.
    let start: Int64 = 1_795_910_400_000

    func testTheMatchFixture() throws {
        let events = try PushesFile.events(path: packageRoot + "/Fixtures/Push/match.pushes.jsonl", startMs: start, zone: .utc)
        XCTAssertEqual(events.map(\.at), [start + 3_600_000, start + 5_400_000, start + 7_200_000, start + 10_800_000])
        XCTAssertEqual(events.map(\.type.rawValue), ["start", "update", "update", "end"])
        XCTAssertEqual(events.map(\.label), ["match-start", "match-goal-1", "match-goal-2", "match-end"])
        XCTAssertEqual(events[1].data, ["title": "1 : 0", "home": 1, "away": 0])
    }

    func testBadLinesAreDataErrorsNamingTheLine() throws {
        let directory = try Files.makeTemporaryFolder("widgethost-push-cli")
        defer { Files.removeTree(directory) }
        let path = directory + "/bad.jsonl"
        writeFile(path, Array("{\"at\": \"+1h\", \"request\": {\"user_id\": \"u\", \"widget_id\": \"w\", \"type\": \"start\", \"content_state\": {\"data\": {\"a\": 1}}, \"timestamp\": 1, \"nonce\": \"n\"}}\n".utf8))
        XCTAssertThrowsError(try PushesFile.events(path: path, startMs: start, zone: .utc)) { error in
            let input = error as? CommandError
            XCTAssertEqual(input?.code, 65)
            XCTAssertTrue(input?.message.hasSuffix(":1: the request is refused: content_state.data must be a string holding a JSON object, not the object itself: encode it with JSON.stringify, e.g. \"data\": \"{\\\"title\\\":\\\"…\\\"}\". [data-not-string]") ?? false,
                          input?.message ?? "")
        }
        XCTAssertThrowsError(try PushesFile.events(path: directory + "/missing.jsonl", startMs: start, zone: .utc)) { error in
            XCTAssertEqual((error as? CommandError)?.code, 66)
        }
        // A folder is not read as an empty file.
        XCTAssertThrowsError(try PushesFile.events(path: directory, startMs: start, zone: .utc)) { error in
            let input = error as? CommandError
            XCTAssertEqual(input?.code, 66)
            XCTAssertEqual(input?.message, "cannot read the pushes file \(directory): is a folder, not a file")
        }
    }
}
