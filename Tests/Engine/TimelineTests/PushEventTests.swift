import JSONKit
import XCTest
import Timeline

/// L1–L5 for pushed `start`, `update` and `end`.
final class PushEventTests: XCTestCase {
    private func pushOnly(_ pushes: [PushEvent], durationMs: Int64 = day) -> SimulationConfiguration {
        var configuration = utc(durationMs: durationMs)
        configuration.isLive = true
        configuration.startsActivityLocally = false
        configuration.pushes = pushes
        return configuration
    }

    private let noRuns = ClosureRefreshRunner { _ in
        XCTFail("a push must never run the script")
        return RefreshRunResult(finishedAtMs: 0)
    }

    func testPushStartUpdateEndThenARefusedUpdate() throws {
        let report = try simulate(pushOnly([
            PushEvent(at: start + hour, type: .start, data: ["score": "0:0"], label: "n1"),
            PushEvent(at: start + 2 * hour, type: .update, data: ["score": "1:0"], label: "n2"),
            PushEvent(at: start + 3 * hour, type: .end, label: "n3"),
            PushEvent(at: start + 4 * hour, type: .update, data: ["score": "2:0"], label: "n4"),
            PushEvent(at: start + 5 * hour, type: .end, label: "n5"),
        ]), noRuns)
        XCTAssertEqual(report.refreshes.count, 0)
        XCTAssertEqual(report.events.map(\.kind), [
            .liveActivityStarted(activity: 1, source: .push, label: "n1"),
            .liveActivityUpdated(activity: 1, source: .push, label: "n2"),
            .liveActivityEnded(activity: 1, source: .push, label: "n3"),
            .pushRefused(type: .update, reason: .noActiveActivity, label: "n4"),
            .pushRefused(type: .end, reason: .noActiveActivity, label: "n5"),
            .liveActivityDismissed(activity: 1),
        ])
        XCTAssertEqual(report.events.map { ($0.at - start) / hour }, [1, 2, 3, 4, 5, 7])
        XCTAssertEqual(report.events.map(\.content), [["score": "0:0"], ["score": "1:0"], ["score": "1:0"], nil, nil, nil])
        let activity = try XCTUnwrap(report.summary.liveActivities.first)
        XCTAssertEqual(activity.startedBy, .push)
        XCTAssertEqual(activity.ending, .push)
        XCTAssertEqual(activity.content, ["score": "1:0"])
        XCTAssertEqual(activity.updateCount, 1)
        XCTAssertEqual(activity.dismissedAt, start + 7 * hour)
    }

    func testAPushStartWhileActiveIsRefusedAndAnEndMayCarryFinalContent() throws {
        let report = try simulate(pushOnly([
            PushEvent(at: start + hour, type: .start, data: ["a": 1]),
            PushEvent(at: start + hour + minute, type: .start, data: ["a": 2], label: "again"),
            PushEvent(at: start + 2 * hour, type: .end, data: ["a": 3]),
            PushEvent(at: start + 13 * hour, type: .start, data: ["b": true]),
        ]), noRuns)
        XCTAssertEqual(report.events[1].kind, .pushRefused(type: .start, reason: .activityAlreadyActive, label: "again"))
        XCTAssertEqual(report.summary.liveActivities.map(\.content), [["a": 3], ["b": true]])
        XCTAssertEqual(report.summary.liveActivities.map(\.number), [1, 2])
        XCTAssertEqual(report.summary.liveActivities[1].endedAt, start + 21 * hour)
        XCTAssertEqual(report.summary.liveActivities[1].ending, .expired)
        XCTAssertEqual(report.summary.liveActivities.map(\.finalState), [.dismissed, .ended])
    }

    func testPushedContentReplacesALocalActivitysContentWithoutRunningTheScript() throws {
        var configuration = utc(durationMs: 3 * hour)
        configuration.isLive = true
        configuration.pushes = [
            PushEvent(at: start + 40 * minute, type: .update, data: ["from": "push"]),
            PushEvent(at: start + 150 * minute, type: .end, label: "stop"),
        ]
        var runner = frequencyRunner(60) { _ in ["from": "script"] }
        let report = try simulate(configuration, &runner)
        // Runs at 0, 60 and 120: the push did not run the script or move its schedule.
        XCTAssertEqual(runner.requests.map(\.at), [start, start + hour, start + 2 * hour])
        let changes = report.events.compactMap { event -> String? in
            switch event.kind {
            case .liveActivityStarted(_, let source, _), .liveActivityUpdated(_, let source, _),
                 .liveActivityEnded(_, let source, _):
                return "\(event.type) \(source.rawValue) \(event.content?["from"]?.stringValue ?? "-")"
            default: return nil
            }
        }
        XCTAssertEqual(changes, [
            "live-activity-start script script",
            "live-activity-update push push",
            "live-activity-update script script",
            "live-activity-end push script",
        ])
        // Script outputs did not change, so the second and third runs report no change.
        XCTAssertEqual(report.refreshes.map(\.outputsChanged), [true, false, false])
        XCTAssertNil(report.pendingRefresh)
        XCTAssertEqual(report.summary.liveActivities.first?.ending, .push)
    }

    func testPushesAtTheSameTimeKeepTheirOrder() throws {
        let report = try simulate(pushOnly([
            PushEvent(at: start + hour, type: .start, data: ["v": 1]),
            PushEvent(at: start + hour, type: .update, data: ["v": 2]),
            PushEvent(at: start + hour, type: .end),
        ]), noRuns)
        XCTAssertEqual(report.events.map(\.type),
                       ["live-activity-start", "live-activity-update", "live-activity-end", "live-activity-dismissed"])
        XCTAssertEqual(report.summary.liveActivities.first?.content, ["v": 2])
    }
}
