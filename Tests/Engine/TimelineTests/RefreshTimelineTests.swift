import JSONKit
import XCTest
import Timeline

/// R1–R6 through whole simulations. Refreshes are counted in the half-open span
/// [start, start + duration): the first run, at the start, counts and is charged.
final class RefreshTimelineTests: XCTestCase {
    func testEveryThirtyMinutesForADayIs48RefreshesAllOnTime() throws {
        var runner = frequencyRunner(30)
        let report = try simulate(utc(), &runner)
        XCTAssertEqual(report.refreshes.count, 48)
        XCTAssertEqual(report.grantedMinutes, (0..<48).map { Int64($0) * 30 })
        XCTAssertEqual(report.refreshes.map(\.delayMs), Array(repeating: 0, count: 48))
        XCTAssertEqual(report.refreshes[0].trigger, .start)
        XCTAssertEqual(report.refreshes[0].requestReason, .start)
        XCTAssertEqual(Set(report.refreshes.dropFirst().map(\.requestReason)), [.frequency])
        XCTAssertEqual(report.refreshes.map(\.budgetLeft), (0..<48).map { 54 - $0 })
        XCTAssertEqual(runner.requests.map(\.index), Array(0..<48))
        XCTAssertEqual(report.summary.refreshCount, 48)
        XCTAssertEqual(report.summary.chargedCount, 48)
        XCTAssertEqual(report.summary.refreshesPer24h, 48)
        XCTAssertEqual(report.summary.longestGap?.lengthMs, 30 * minute)
        XCTAssertEqual(report.summary.budgetVerdict.askedPerDay, 48)
        XCTAssertEqual(report.summary.budgetVerdict.kind, .withinBudget)
        XCTAssertEqual(report.summary.budgetVerdict.sentence,
                       "The script asks for about 48 refreshes a day, within the typical budget of 55, "
                       + "so refreshes can come when requested.")
        XCTAssertEqual(report.pendingRefresh?.requestedAt, start + day)
    }

    func testEveryFiveMinutesIsThrottledTo55ADayAndTheVerdictSays288() throws {
        var runner = frequencyRunner(5)
        let report = try simulate(utc(durationMs: 2 * day), &runner)
        // Day one: 55 refreshes five minutes apart, then the budget is spent.
        let firstDay = report.refreshes.filter { $0.grantedAt < start + day }
        XCTAssertEqual(firstDay.count, 55)
        XCTAssertEqual(firstDay.map { ($0.grantedAt - start) / minute }, (0..<55).map { Int64($0) * 5 })
        XCTAssertEqual(firstDay.last?.budgetLeft, 0)
        // The 56th waits until the first leaves the rolling window: exactly 24 h after it.
        let held = report.refreshes[55]
        XCTAssertEqual(held.requestedAt, start + 275 * minute)
        XCTAssertEqual(held.grantedAt, start + day)
        XCTAssertEqual(held.delayReasons, [.budget])
        XCTAssertEqual(held.delayMs, day - 275 * minute)
        XCTAssertEqual(held.budgetLeft, 0)
        XCTAssertEqual(report.refreshes.count, 110)
        XCTAssertEqual(report.summary.maxChargedIn24h, 55)
        XCTAssertEqual(report.summary.refreshesPer24h, 55)
        XCTAssertEqual(report.summary.longestGap, TimelineSummary.Gap(from: start + 270 * minute, to: start + day))
        let verdict = report.summary.budgetVerdict
        XCTAssertEqual(verdict.askedPerDay, 288)
        XCTAssertEqual(verdict.budgetPerDay, 55)
        XCTAssertEqual(verdict.kind, .overBudget)
        XCTAssertEqual(verdict.sentence, "The script asks for about 288 refreshes a day, 5.2 times the typical budget "
            + "of 55, so refreshes are held back until the rolling 24-hour window has room.")
    }

    /// The control page's sample: every run asks for its next refresh at 00:01 the next day.
    private func oneMinutePastMidnightRunner() -> ClosureRefreshRunner {
        ClosureRefreshRunner { request in
            let nextNight = request.at - (request.at - start) % day + day + minute
            return RefreshRunResult(updateTimeMs: nextNight, finishedAtMs: request.at)
        }
    }

    func testR6AScriptThatAsksForOneMinutePastMidnightAsksForOneADay() throws {
        // The first run, at 08:00, is 16 h before 00:01: that sets where the schedule starts,
        // not how often it asks. From 00:01 on, each run asks for the next day.
        for days in [1, 3, 7] {
            var configuration = utc(durationMs: Int64(days) * day)
            configuration.startMs = start + 8 * hour
            let report = try simulate(configuration, oneMinutePastMidnightRunner())
            XCTAssertEqual(report.refreshes.count, days + 1, "\(days) days")
            let verdict = report.summary.budgetVerdict
            XCTAssertEqual(verdict.askedPerDay, 1, "\(days) days")
            XCTAssertEqual(verdict.sentence, "The script asks for about 1 refresh a day, within the typical budget of 55, "
                + "so refreshes can come when requested.", "\(days) days")
        }
    }

    func testR6ATapsRequestDoesNotChangeWhatTheScheduleAsksFor() throws {
        var configuration = utc(durationMs: 3 * day)
        configuration.startMs = start + 8 * hour
        configuration.taps = [start + day + 15 * hour]
        let report = try simulate(configuration, oneMinutePastMidnightRunner())
        XCTAssertEqual(report.refreshes.map(\.trigger), [.start, .scheduled, .tap, .scheduled, .scheduled])
        XCTAssertEqual(report.summary.budgetVerdict.askedPerDay, 1)
    }

    func testR6WithOnlyTheFirstRunItsRequestIsWhatTheScriptAsksFor() throws {
        // Twelve hours from 08:00: the only request is the first run's, 16 h 1 min ahead.
        var configuration = utc(durationMs: 12 * hour)
        configuration.startMs = start + 8 * hour
        let report = try simulate(configuration, oneMinutePastMidnightRunner())
        XCTAssertEqual(report.refreshes.count, 1)
        XCTAssertEqual(report.summary.budgetVerdict.askedPerDay, 1.5)
    }

    /// R6: the stale time after the budget is spent counts. Over one day the 55th refresh is
    /// at 04:30 and the next is granted at 00:00 the next day: 19 h 30 min without one.
    func testTheLongestGapCountsTheStaleTimeToTheNextGrantedRefresh() throws {
        var runner = frequencyRunner(5)
        let report = try simulate(utc(durationMs: day), &runner)
        XCTAssertEqual(report.refreshes.count, 55)
        XCTAssertEqual(report.pendingRefresh?.grantedAt, start + day)
        XCTAssertEqual(report.summary.longestGap, TimelineSummary.Gap(from: start + 270 * minute, to: start + day, afterLastRefresh: true))
        XCTAssertEqual(report.summary.longestGap?.lengthMs, 19 * hour + 30 * minute)
        XCTAssertTrue(report.text().contains("longest gap:  19h 30m from 2026-11-29 04:30:00 to 2026-11-30 00:00:00 (the last refresh to the next one granted)"),
                      report.text())
    }

    func testNoRequestFollowsTheDefaultCadenceOf1440OverTheBudget() throws {
        let report = try simulate(utc(budget: .strict), ClosureRefreshRunner { RefreshRunResult(finishedAtMs: $0.at) })
        XCTAssertEqual(report.refreshes.count, 40)
        XCTAssertEqual(report.grantedMinutes, (0..<40).map { Int64($0) * 36 })
        XCTAssertEqual(Set(report.refreshes.dropFirst().map(\.requestReason)), [.default])
        XCTAssertEqual(report.summary.budgetVerdict.askedPerDay, 40)
        XCTAssertEqual(report.summary.budgetVerdict.kind, .withinBudget)
    }

    func testUnlimitedHasNoBudgetButKeepsFiveMinuteSpacing() throws {
        let runner = ClosureRefreshRunner { RefreshRunResult(updateFrequencyMinutes: 1, finishedAtMs: $0.at) }
        let report = try simulate(utc(durationMs: 2 * hour, budget: .unlimited), runner)
        XCTAssertEqual(report.refreshes.count, 24)
        XCTAssertEqual(report.grantedMinutes, (0..<24).map { Int64($0) * 5 })
        XCTAssertEqual(Set(report.refreshes.map(\.budgetLeft)), [nil])
        XCTAssertEqual(report.summary.budgetVerdict.kind, .unlimited)
        XCTAssertEqual(report.summary.budgetVerdict.askedPerDay, 288)
        XCTAssertEqual(report.summary.budgetVerdict.sentence, "The script asks for about 288 refreshes a day; with no "
            + "budget (unlimited) only the 5-minute spacing holds them back.")
    }

    func testUpdateTimeSkipsTheNightOnceAndTheFrequencyStaysInForce() throws {
        // Hourly by day; a run at 22:00 or later sets the next refresh to 07:00 (C4),
        // and sets no frequency, so the hourly frequency of the first run stays (C2).
        let runner = ClosureRefreshRunner { request in
            let hourOfDay = (request.at - start) % day / hour
            if request.index == 0 { return RefreshRunResult(updateFrequencyMinutes: 60, finishedAtMs: request.at) }
            if hourOfDay >= 22 {
                let nextMorning = request.at - (request.at - start) % day + day + 7 * hour
                return RefreshRunResult(updateTimeMs: nextMorning, finishedAtMs: request.at)
            }
            return RefreshRunResult(finishedAtMs: request.at)
        }
        let report = try simulate(utc(durationMs: 2 * day), runner)
        let hours = report.refreshes.map { ($0.grantedAt - start) / hour }
        XCTAssertEqual(hours, Array(0...22) + Array(31...46))
        let morning = report.refreshes[23]
        XCTAssertEqual(morning.requestReason, .updateTime)
        XCTAssertEqual(morning.grantedAt, start + day + 7 * hour)
        XCTAssertEqual(report.refreshes[22].updateTimeMs, start + day + 7 * hour)
        XCTAssertEqual(report.refreshes[24].requestReason, .frequency)
        XCTAssertEqual(Set(report.refreshes.map(\.frequencyMinutes)), [60])
        XCTAssertEqual(report.summary.longestGap, TimelineSummary.Gap(from: start + 22 * hour, to: start + 31 * hour))
    }

    func testFailedRunsKeepTheLastGoodOutputsAndTheFrequency() throws {
        // Even runs succeed and publish n; odd runs fail and ask for 5 minutes (ignored, R5).
        let runner = ClosureRefreshRunner { request in
            if request.index % 2 == 1 {
                return RefreshRunResult(status: .error, outputs: ["n": .number(Double(request.index))],
                                        updateFrequencyMinutes: 5, updateTimeMs: request.at + minute,
                                        finishedAtMs: request.at + 1000, errorMessage: "TypeError: boom")
            }
            return RefreshRunResult(outputs: ["n": .number(Double(request.index / 2))],
                                    updateFrequencyMinutes: request.index == 0 ? 30 : nil,
                                    finishedAtMs: request.at + 1000)
        }
        let report = try simulate(utc(durationMs: 3 * hour), runner)
        XCTAssertEqual(report.refreshes.count, 6)
        for r in report.refreshes {
            XCTAssertEqual(r.frequencyMinutes, 30)
            XCTAssertEqual(r.status, r.index % 2 == 1 ? .error : .ok)
            XCTAssertEqual(r.outputsChanged, r.index % 2 == 0)
            XCTAssertEqual(r.controlsIgnored, r.index % 2 == 1)
            XCTAssertEqual(r.errorMessage, r.index % 2 == 1 ? "TypeError: boom" : nil)
            XCTAssertTrue(r.charged)
        }
        // Each request is 30 minutes after the previous run ended (1 s after it started).
        XCTAssertEqual(report.refreshes.map { $0.grantedAt - start },
                       (0..<6).map { Int64($0) * (30 * minute + 1000) })
        XCTAssertEqual(report.summary.failedCount, 3)
        XCTAssertEqual(report.publishedOutputs, ["n": .number(2)])
    }

    func testUnchangedOutputsAreReportedAsUnchanged() throws {
        let runner = ClosureRefreshRunner { request in
            RefreshRunResult(outputs: ["hour": .number(Double((request.at - start) / hour))],
                             updateFrequencyMinutes: 30, finishedAtMs: request.at)
        }
        let report = try simulate(utc(durationMs: 2 * hour), runner)
        XCTAssertEqual(report.refreshes.map(\.outputsChanged), [true, false, true, false])
    }

    func testTapsAndForegroundsAreFreeRunAtOnceAndReplaceThePendingRequest() throws {
        var configuration = utc(durationMs: 3 * hour)
        configuration.taps = [start + 10 * minute, start + 12 * minute]
        configuration.foregrounds = [start + 100 * minute]
        var runner = frequencyRunner(60)
        let report = try simulate(configuration, &runner)
        XCTAssertEqual(runner.requests.map(\.trigger), [.start, .tap, .tap, .scheduled, .foreground, .scheduled])
        // The tap at 00:12 replaced the request for 01:00; the next one is 60 min after it.
        XCTAssertEqual(report.grantedMinutes, [0, 10, 12, 72, 100, 160])
        XCTAssertEqual(report.refreshes.map(\.charged), [true, false, false, true, false, true])
        XCTAssertEqual(report.refreshes.map(\.requestReason), [.start, .free, .free, .frequency, .free, .frequency])
        XCTAssertEqual(report.refreshes[2].delayMs, 0)
        // Free refreshes do not use the budget.
        XCTAssertEqual(report.refreshes.map(\.budgetLeft), [54, 54, 54, 53, 53, 52])
        XCTAssertEqual(report.summary.freeCount, 3)
        XCTAssertEqual(report.summary.chargedCount, 3)
    }

    func testFreeRefreshesDoNotCountAgainstAnExhaustedBudget() throws {
        var configuration = utc()
        configuration.taps = (0..<10).map { start + 6 * hour + Int64($0) * 7 * minute }
        let report = try simulate(configuration, frequencyRunner(5))
        XCTAssertEqual(report.summary.chargedCount, 55)
        XCTAssertEqual(report.summary.freeCount, 10)
        XCTAssertEqual(report.refreshes.count, 65)
        XCTAssertEqual(report.refreshes.filter { !$0.charged }.map(\.delayMs), Array(repeating: 0, count: 10))
    }

    func testAScheduledRefreshAfterAFreeOneStillKeepsFiveMinutesAway() throws {
        var configuration = utc(durationMs: hour)
        configuration.taps = [start + 20 * minute]
        // Every run asks to run again one minute later.
        let runner = ClosureRefreshRunner { RefreshRunResult(updateTimeMs: $0.at + minute, finishedAtMs: $0.at) }
        let report = try simulate(configuration, runner)
        XCTAssertEqual(report.grantedMinutes, [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55])
        XCTAssertEqual(report.refreshes[5].requestedAt, start + 21 * minute)
        XCTAssertEqual(report.refreshes[5].delayReasons, [.spacing])
        XCTAssertEqual(report.summary.budgetVerdict.askedPerDay, 288)
    }

    func testATapDuringARunWaitsForItToEnd() throws {
        var configuration = utc(durationMs: hour)
        configuration.taps = [start + 32 * minute + 20_000]
        // Runs take two minutes of virtual time.
        let runner = ClosureRefreshRunner {
            RefreshRunResult(updateFrequencyMinutes: 30, finishedAtMs: $0.at + 2 * minute)
        }
        let report = try simulate(configuration, runner)
        XCTAssertEqual(report.refreshes.count, 3)
        let tap = report.refreshes[2]
        XCTAssertEqual(tap.trigger, .tap)
        XCTAssertEqual(tap.requestedAt, start + 32 * minute + 20_000)
        XCTAssertEqual(tap.grantedAt, start + 34 * minute)
        XCTAssertEqual(tap.delayReasons, [.busy])
        XCTAssertEqual(report.pendingRefresh?.requestedAt, start + 66 * minute)
    }

    func testProgressIsReportedEveryNRefreshesAndAtTheEnd() throws {
        var seen: [SimulationProgress] = []
        var runner = frequencyRunner(30)
        let report = try Simulation(utc()).run(runner: &runner, progressEvery: 10) { seen.append($0) }
        XCTAssertEqual(report.refreshes.count, 48)
        XCTAssertEqual(seen.map(\.refreshCount), [10, 20, 30, 40, 48])
        XCTAssertEqual(seen.map(\.virtualNow), [start + 270 * minute, start + 570 * minute, start + 870 * minute,
                                                 start + 1170 * minute, start + day])
        XCTAssertEqual(seen.last?.fraction, 1)
    }

    func testAYearCostsAsManyRunsAsRefreshesNotAsMuchTime() throws {
        // One refresh every 30 days over 366 days: 13 runs, however long the span.
        var runner = frequencyRunner(30 * 1440)
        let report = try simulate(utc(durationMs: 366 * day), &runner)
        XCTAssertEqual(runner.requests.count, 13)
        XCTAssertEqual(report.refreshes.last?.grantedAt, start + 360 * day)
        // And an hourly script over a whole year finishes (8784 runs).
        let hourly = try simulate(utc(durationMs: 366 * day), frequencyRunner(60))
        XCTAssertEqual(hourly.refreshes.count, 8784)
    }
}
