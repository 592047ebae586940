import HostSystem
import JSONKit
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `widgethost push`: building, printing, checking and sending requests.
final class PushCommandTests: XCTestCase {
    /// The body inside a printed curl command's -d '…'.
    func curlBody(_ output: String) throws -> JSONValue {
        let start = try XCTUnwrap(output.firstRange(of: "-d '")).upperBound
        let end = try XCTUnwrap(output.lastIndex(of: "'"))
        return try JSONValue.parse(String(output[start..<end]).replacingOccurrences("'\\''", "'"))
    }

    func testPrintsACurlCommandWithTimestampAndNonce() throws {
        let before = WallClock.nowMilliseconds() / 1000
        let result = tool("push", "start", "--user-id", "你的 Push ID", "--widget-id", "实时活动组件 ID",
                          "--data", "{\"title\": \"进行中\", \"count\": 1}", "--alert-title", "实时活动已启动",
                          "--sound-mode", "custom")
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.out.hasPrefix("curl -X POST http://127.0.0.1:8787/api/push \\\n  -H 'Content-Type: application/json' \\\n  -d '{\n"), result.out)
        let body = try curlBody(result.out)
        XCTAssertEqual(body["type"], "start")
        XCTAssertEqual(body["content_state"], ["isLoading": false, "data": "{\"count\":1,\"title\":\"进行中\"}"])
        XCTAssertEqual(body["sound_mode"], "custom")
        let timestamp = try XCTUnwrap(body["timestamp"]?.doubleValue)
        let after = WallClock.nowMilliseconds() / 1000
        XCTAssertTrue(Double(before) <= timestamp && timestamp <= Double(after), "\(timestamp) is the real time, read between \(before) and \(after)")
        XCTAssertEqual(body["nonce"]?.stringValue?.count, 32)
        let second = try curlBody(tool("push", "start", "--user-id", "u", "--widget-id", "w", "--data", "{}").out)
        XCTAssertNotEqual(second["nonce"], body["nonce"], "a fresh nonce every time")
    }

    func testPrintJSONSandboxAndQuoting() throws {
        let json = tool("push", "end", "--user-id", "O'Brien", "--widget-id", "w", "--timestamp", "1710000002",
                        "--nonce", "end-001", "--print", "json")
        XCTAssertEqual(json.code, 0, json.err)
        XCTAssertEqual(try JSONValue.parse(json.out),
                       ["user_id": "O'Brien", "widget_id": "w", "type": "end", "timestamp": 1_710_000_002, "nonce": "end-001"])
        let curl = tool("push", "end", "--user-id", "O'Brien", "--widget-id", "w", "--sandbox")
        XCTAssertTrue(curl.out.contains("http://127.0.0.1:8787/api/sandbox/push"))
        XCTAssertTrue(curl.out.contains("O'\\''Brien"))
        // The printed command really is valid shell: sh reads the same body back.
        let directory = try Files.makeTemporaryFolder("widgethost-push-cli")
        defer { Files.removeTree(directory) }
        let script = directory + "/echo.sh"
        let printed = curl.out.replacingOccurrences("curl -X POST http://127.0.0.1:8787/api/sandbox/push", "printf %s")
            .replacingOccurrences("-H 'Content-Type: application/json' \\\n  -d ", "")
        writeFile(script, Array(printed.utf8))
        let echoed = try spawn(["/bin/sh", script], environment: [])
        XCTAssertEqual(try JSONValue.parse(String(echoed.out.trimmingPrefix(" "))), try curlBody(curl.out))
    }

    func testChecksTheRequestLocally() {
        let array = tool("push", "update", "--user-id", "u", "--widget-id", "w", "--data", "[1, 2]")
        XCTAssertEqual(array.code, 65)
        XCTAssertTrue(array.err.contains("[data-not-json-object]"), array.err)
        let nonce = tool("push", "update", "--user-id", "u", "--widget-id", "w", "--data", "{}",
                         "--nonce", String(repeating: "n", count: 129))
        XCTAssertEqual(nonce.code, 65)
        XCTAssertTrue(nonce.err.contains("[invalid-value]"), nonce.err)
        XCTAssertEqual(tool("push", "update", "--user-id", "u", "--widget-id", "w").code, 64, "update needs variables")
        XCTAssertEqual(tool("push", "restart", "--user-id", "u", "--widget-id", "w").code, 64)
        XCTAssertEqual(tool("push", "start", "--widget-id", "w", "--data", "{}").code, 64)
        XCTAssertEqual(tool("push", "start", "--user-id", "u", "--widget-id", "w", "--data", "{}", "--sound-mode", "loud").code, 64)
        let alert = tool("push", "update", "--user-id", "u", "--widget-id", "w", "--data", "{}", "--alert-title", "t")
        XCTAssertEqual(alert.code, 0)
        XCTAssertTrue(alert.err.contains("warning: alert_title belongs to a push start") && alert.err.contains("[alert-ignored]"),
                      alert.err)
    }

    func testScriptOutputsBecomeTheVariables() throws {
        let result = tool("push", "update", "--user-id", "u", "--widget-id", "w", "--script",
                          packageRoot + "/Fixtures/Push/score.js", "--now", "2026-11-29T20:00:00Z", "--tz", "UTC",
                          "--print", "json")
        XCTAssertEqual(result.code, 0, result.err)
        let body = try JSONValue.parse(result.out)
        let data = try XCTUnwrap(body["content_state"]?["data"]?.stringValue)
        XCTAssertEqual(try JSONValue.parse(data), ["home": 2, "away": 1, "minute": 67, "title": "2 : 1", "updated": "20:00"])
    }

    func testSendPostsWithCurlAndReportsRefusals() throws {
        let directory = try Files.makeTemporaryFolder("widgethost-push-cli")
        defer { Files.removeTree(directory) }
        let server = try ServeProcess(["--port", "0", "--db", directory + "/push.db", "--user-id", "u", "--widget-id", "w"])
        let url = "http://127.0.0.1:\(server.port)/api/push"
        let sent = tool("push", "start", "--user-id", "u", "--widget-id", "w", "--data", "{\"a\":1}", "--nonce", "one",
                        "--send", "--url", url, "--format", "json")
        XCTAssertEqual(sent.code, 0, sent.err)
        let report = try JSONValue.parse(sent.out)
        XCTAssertEqual(report["schema"], "widgethost.push/1")
        XCTAssertEqual(report["outcome"], "accepted")
        XCTAssertEqual(report["request"]?["url"]?.stringValue, url)
        XCTAssertEqual(report["request"]?["body"]?["nonce"], "one")
        XCTAssertEqual(report["response"]?["httpStatus"], 200)
        XCTAssertEqual(report["response"]?["body"]?["status"], "accepted")
        XCTAssertEqual(report["response"]?["body"]?["activity"]?["content"], ["a": 1])
        let again = tool("push", "update", "--user-id", "u", "--widget-id", "w", "--data", "{\"a\":2}", "--nonce", "one",
                         "--send", "--url", url)
        XCTAssertEqual(again.code, 1)
        XCTAssertTrue(again.err.contains("refused (HTTP 409)") && again.err.contains("[duplicate-nonce]"), again.err)
        XCTAssertEqual(again.out, "")
        XCTAssertEqual(server.stop(SIGTERM), 0)
        let unreachable = tool("push", "end", "--user-id", "u", "--widget-id", "w", "--send", "--url", url)
        XCTAssertEqual(unreachable.code, 1)
        XCTAssertTrue(unreachable.err.contains("could not reach") && unreachable.err.contains("widgethost serve"), unreachable.err)
        let unreachableJSON = tool("push", "end", "--user-id", "u", "--widget-id", "w", "--send", "--url", url, "--format", "json")
        XCTAssertEqual(unreachableJSON.code, 1)
        XCTAssertEqual(try JSONValue.parse(unreachableJSON.out)["outcome"], "unreachable")
    }

    /// X2: `--send` without curl installed is 69 (a part of what the tool needs is not installed).
    func testSendingWithoutCurlExits69() throws {
        let empty = try Files.makeTemporaryFolder("widgethost-no-curl")
        defer { Files.removeTree(empty) }
        let result = try binary(["push", "end", "--user-id", "u", "--widget-id", "w", "--send", "--url", "http://127.0.0.1:9/"],
                                environment: ["NO_COLOR=1", "PATH=" + empty])
        XCTAssertEqual(result.code, 69, result.err)
        XCTAssertTrue(result.err.contains("cannot run curl") && result.err.contains("apt-get install curl"), result.err)
    }

    /// The text form of --send is one line per outcome; the receiver's warnings reach stderr
    /// as `warning:` lines (X3), not only inside its JSON.
    func testSendPrintsOneLineAndTheReceiversWarningsOnStderr() throws {
        let directory = try Files.makeTemporaryFolder("widgethost-push-cli")
        defer { Files.removeTree(directory) }
        let server = try ServeProcess(["--port", "0", "--db", directory + "/push.db", "--user-id", "u", "--widget-id", "w"])
        let url = "http://127.0.0.1:\(server.port)/api/push"
        let started = tool("push", "start", "--user-id", "u", "--widget-id", "w", "--data", "{\"a\":1}", "--send", "--url", url)
        XCTAssertEqual(started.code, 0, started.err)
        XCTAssertEqual(started.out.split(separator: "\n").count, 1, started.out)
        XCTAssertTrue(started.out.hasPrefix("accepted (HTTP 200): "), started.out)
        // An update right after the start (P8: within 3 s) is accepted with update-too-soon.
        let soon = tool("push", "update", "--user-id", "u", "--widget-id", "w", "--data", "{\"a\":2}", "--send", "--url", url)
        XCTAssertEqual(soon.code, 0, soon.err)
        XCTAssertEqual(soon.out.split(separator: "\n").count, 1, soon.out)
        let warnings = soon.err.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        XCTAssertEqual(warnings.count, 1, soon.err)
        XCTAssertTrue(warnings.first?.hasSuffix("[update-too-soon]") ?? false, soon.err)
        XCTAssertEqual(server.stop(SIGTERM), 0)
    }

    /// `push --script` warns when the script ended the activity: its outputs go as an update all the same.
    func testScriptThatEndsTheActivityIsWarnedAbout() throws {
        let result = tool("push", "update", "--user-id", "u", "--widget-id", "w", "--script", example("live-countdown.js"),
                          "--now", "2026-11-29T19:05:00Z", "--tz", "UTC", "--print", "json")
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.err.contains("warning: ") && result.err.contains("endLiveActivity()")
                      && result.err.contains("[script-ended-activity]"), result.err)
        let quiet = tool("push", "update", "--user-id", "u", "--widget-id", "w", "--script", example("live-countdown.js"),
                         "--now", "2026-11-29T18:30:00Z", "--tz", "UTC", "--print", "json")
        XCTAssertFalse(quiet.err.contains("endLiveActivity"), quiet.err)
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
