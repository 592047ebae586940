import JSONKit
import TestSupport
import XCTest

/// `simulate --pushes`: timed push requests become Live Activity events on the timeline (L1–L5).
final class SimulatePushesTests: XCTestCase {
    func pushFixture(_ name: String) -> String { packageRoot + "/Fixtures/Push/" + name }

    func testPushedUpdatesAndEndAreTimelineEvents() throws {
        let result = tool(
            "simulate", pushFixture("score.js"), "--kind", "live", "--now", "2024-03-09T16:00:00Z", "--tz", "UTC",
            "--hours", "4", "--pushes", pushFixture("match.pushes.jsonl"), "--format", "json")
        XCTAssertEqual(result.code, 0, result.err)
        let report = try JSONValue.parse(result.out)
        let events = report["events"]?.arrayValue ?? []
        let pushed = events.filter { $0["source"] == "push" }
        XCTAssertFalse(pushed.isEmpty, result.out)
        XCTAssertEqual(pushed.last?["type"], "live-activity-end")
        XCTAssertEqual(pushed.last?["at"], "2024-03-09T19:00:00.000+00:00")
    }

    func testPushesNeedALiveScriptAndAReadableFile() {
        let missing = tool("simulate", pushFixture("score.js"), "--kind", "live", "--pushes", "/nonexistent.jsonl")
        XCTAssertEqual(missing.code, 66)
        XCTAssertTrue(missing.err.hasPrefix("error: "), missing.err)
    }
}
