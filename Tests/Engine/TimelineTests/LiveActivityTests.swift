import JSONKit
import XCTest
import Timeline

/// L1–L3 and C6 for activities a `live` script starts.
final class LiveActivityTests: XCTestCase {
    private func live(durationMs: Int64 = day) -> SimulationConfiguration {
        var configuration = utc(durationMs: durationMs)
        configuration.isLive = true
        return configuration
    }

    func testAnActivityExpiresAfterEightHoursAndIsDismissedFourHoursLater() throws {
        var runner = frequencyRunner(30) { ["half": .number(Double(($0.at - start) / (30 * minute)))] }
        let report = try simulate(live(), &runner)
        // Runs every 30 minutes while active; the one due at 08:00 never runs.
        XCTAssertEqual(report.grantedMinutes, (0..<16).map { Int64($0) * 30 })
        XCTAssertNil(report.pendingRefresh)
        let activity = try XCTUnwrap(report.summary.liveActivities.first)
        XCTAssertEqual(report.summary.liveActivities.count, 1)
        XCTAssertEqual(activity.startedBy, .script)
        XCTAssertEqual(activity.startedAt, start)
        XCTAssertEqual(activity.endedAt, start + 8 * hour)
        XCTAssertEqual(activity.ending, .expired)
        XCTAssertEqual(activity.dismissedAt, start + 12 * hour)
        XCTAssertEqual(activity.finalState, .dismissed)
        XCTAssertEqual(activity.updateCount, 15)
        XCTAssertEqual(activity.content, ["half": 15])
        let lifecycle = report.events.filter { if case .refresh = $0.kind { false } else { true } }
        XCTAssertEqual(lifecycle.first?.kind, .liveActivityStarted(activity: 1, source: .script, label: nil))
        XCTAssertEqual(lifecycle.first?.content, ["half": 0])
        XCTAssertEqual(lifecycle[1].kind, .liveActivityUpdated(activity: 1, source: .script, label: nil))
        XCTAssertEqual(lifecycle.suffix(2).map(\.kind), [.liveActivityExpired(activity: 1), .liveActivityDismissed(activity: 1)])
        XCTAssertEqual(lifecycle.suffix(2).map(\.at), [start + 8 * hour, start + 12 * hour])
        XCTAssertEqual(report.events.map(\.at), report.events.map(\.at).sorted())
    }

    func testAnActivityThatEndsItselfStopsRunningAndIsDismissedFourHoursLater() throws {
        // The fourth run calls endLiveActivity() one second in, then throws: the end stands (C6).
        var runner = ClosureRefreshRunner { request in
            if request.index == 3 {
                return RefreshRunResult(status: .error, outputs: ["x": 1], updateFrequencyMinutes: 5,
                                        liveActivityEndedAtMs: request.at + 1000, finishedAtMs: request.at + 2000,
                                        errorMessage: "Error: after end")
            }
            return RefreshRunResult(outputs: ["run": .number(Double(request.index))],
                                    updateFrequencyMinutes: 30, finishedAtMs: request.at)
        }
        var configuration = live()
        configuration.taps = [start + 5 * hour]
        let report = try simulate(configuration, &runner)
        XCTAssertEqual(runner.requests.count, 4)
        XCTAssertEqual(report.grantedMinutes, [0, 30, 60, 90])
        XCTAssertNil(report.pendingRefresh)
        let activity = try XCTUnwrap(report.summary.liveActivities.first)
        XCTAssertEqual(activity.endedAt, start + 90 * minute + 1000)
        XCTAssertEqual(activity.ending, .script)
        XCTAssertEqual(activity.dismissedAt, start + 330 * minute + 1000)
        XCTAssertEqual(activity.content, ["run": 2])
        let ended = report.events.first { $0.type == "live-activity-end" }
        XCTAssertEqual(ended?.kind, .liveActivityEnded(activity: 1, source: .script, label: nil))
        XCTAssertEqual(ended?.at, start + 90 * minute + 1000)
        // The tap after the end runs nothing.
        let ignored = report.events.first { $0.type == "input-ignored" }
        XCTAssertEqual(ignored?.kind, .inputIgnored(trigger: .tap, reason: .noActiveActivity))
        XCTAssertEqual(ignored?.at, start + 5 * hour)
        // It asked three times (every 30 minutes) and ended: three in its busiest 24 hours.
        XCTAssertEqual(report.summary.budgetVerdict.askedPerDay, 3)
    }

    /// An activity that asks every 5 minutes and ends at its sixth run asked for 5 refreshes,
    /// not for 288 a day: the verdict judges the requests it made, with the pace it made them at.
    func testAnActivityThatEndedIsJudgedByTheRefreshesItAskedFor() throws {
        let runner = ClosureRefreshRunner { request in
            RefreshRunResult(updateFrequencyMinutes: 5, liveActivityEndedAtMs: request.index == 5 ? request.at : nil,
                             finishedAtMs: request.at)
        }
        let report = try simulate(live(), runner)
        XCTAssertEqual(report.grantedMinutes, [0, 5, 10, 15, 20, 25])
        XCTAssertNil(report.pendingRefresh)
        let verdict = report.summary.budgetVerdict
        XCTAssertEqual(verdict.askedPerDay, 5)
        XCTAssertEqual(verdict.kind, .withinBudget)
        XCTAssertEqual(verdict.sentence, "The script asked for a refresh about every 5m 00s while its Live Activity was "
            + "active (25m 00s): about 5 refreshes, within the typical budget of 55 a day, so refreshes can come when requested.")
        XCTAssertFalse(report.text(summaryOnly: true).contains("288"), report.text(summaryOnly: true))

        // Eight hours at that pace is over the budget, by what it asked for in those hours
        // (the budget held back the refreshes after the 55th, so it made fewer requests).
        let expiring = try simulate(live(), frequencyRunner(5))
        XCTAssertEqual(expiring.summary.budgetVerdict.askedPerDay, 96)
        XCTAssertEqual(expiring.summary.budgetVerdict.kind, .overBudget)
        XCTAssertEqual(expiring.summary.budgetVerdict.sentence, "The script asked for a refresh about every 5m 00s while its "
            + "Live Activity was active (8h 00m): about 96 refreshes, 1.7 times the typical budget of 55 a day, so refreshes "
            + "are held back until the rolling 24-hour window has room.")
    }

    func testTheFirstRunCanEndTheActivityAtOnce() throws {
        let runner = ClosureRefreshRunner {
            RefreshRunResult(liveActivityEndedAtMs: $0.at, finishedAtMs: $0.at)
        }
        let report = try simulate(live(durationMs: 2 * hour), runner)
        XCTAssertEqual(report.refreshes.count, 1)
        let activity = try XCTUnwrap(report.summary.liveActivities.first)
        XCTAssertEqual(activity.endedAt, start)
        XCTAssertNil(activity.dismissedAt)
        XCTAssertEqual(activity.finalState, .ended)
        XCTAssertEqual(report.summary.budgetVerdict.kind, .noRequests)
    }

    func testAnActivityStillActiveAtTheEndOfTheSpan() throws {
        let report = try simulate(live(durationMs: 2 * hour), frequencyRunner(60))
        let activity = try XCTUnwrap(report.summary.liveActivities.first)
        XCTAssertEqual(activity.finalState, .active)
        XCTAssertNil(activity.endedAt)
        XCTAssertEqual(report.grantedMinutes, [0, 60])
        XCTAssertEqual(report.pendingRefresh?.grantedAt, start + 2 * hour)
    }

    func testTapsRunTheScriptWhileTheActivityIsActive() throws {
        var configuration = live()
        configuration.taps = [start + 10 * minute, start + 9 * hour]
        var runner = frequencyRunner(60)
        let report = try simulate(configuration, &runner)
        XCTAssertEqual(runner.requests.filter { $0.trigger == .tap }.map(\.at), [start + 10 * minute])
        XCTAssertEqual(report.grantedMinutes, [0, 10, 70, 130, 190, 250, 310, 370, 430])
        XCTAssertEqual(report.events.filter { $0.type == "input-ignored" }.map(\.at), [start + 9 * hour])
    }
}
