import JSONKit
import TestSupport
import Timeline
import WidgetHost
import XCTest
import ZonedTime

/// Whole simulations of real scripts, run through the JavaScript host (R1–R7, L1–L3).
final class HostRefreshRunnerTests: XCTestCase {
    /// Simulates `text` as a script named `name` and returns the report and the runner.
    private func simulateScript(
        _ text: String, name: String = "widget.js", _ configuration: SimulationConfiguration,
        run: RunConfiguration = RunConfiguration()
    ) throws -> (TimelineReport, HostRefreshRunner) {
        let simulation = try Simulation(configuration)
        var runner = HostRefreshRunner(script: ScriptSource(text: text, name: name), simulation: simulation,
                                       configuration: run)
        let report = simulation.run(runner: &runner)
        return (report, runner)
    }

    private func example(_ name: String) throws -> ScriptSource {
        let path = packageRoot
        return try ScriptSource.load(path: path + "/Fixtures/Examples/" + name)
    }

    private func simulateExample(_ name: String, _ configuration: SimulationConfiguration)
        throws -> (TimelineReport, HostRefreshRunner) {
        let source = try example(name)
        return try simulateScript(source.text, name: source.name, configuration)
    }

    private func zoned(_ zone: String, startMs: Int64 = start, durationMs: Int64 = day,
                       budget: BudgetProfile = .typical) -> SimulationConfiguration {
        SimulationConfiguration(startMs: startMs, durationMs: durationMs, zoneIdentifier: zone, budget: budget)
    }

    // MARK: - Storage between runs (A4)

    func testATapRunsTheButtonsActionFirstWithTheSameStorage() throws {
        var configuration = zoned("UTC", durationMs: 3 * hour)
        configuration.taps = [start + 30 * minute, start + 90 * minute]
        let simulation = try Simulation(configuration)
        var runner = HostRefreshRunner(
            script: try example("liked-toggle.js"), simulation: simulation,
            action: try example("liked-toggle.button.js"))
        let report = simulation.run(runner: &runner)
        let taps = report.refreshes.filter { $0.trigger == .tap }
        XCTAssertEqual(taps.map(\.grantedAt), [start + 30 * minute, start + 90 * minute])
        XCTAssertEqual(runner.actionRunCount, 2)
        XCTAssertEqual(runner.failedActionCount, 0)
        // The first tap flips the heart on, the second off; scheduled refreshes show what is stored.
        XCTAssertEqual(taps.map(\.outputsChanged), [true, true])
        XCTAssertEqual(report.publishedOutputs?["state"], "heart")
        XCTAssertEqual(runner.lastActionReport?.script.hasSuffix("/liked-toggle.button.js"), true)
    }

    func testWithoutAnActionATapRunsTheWidgetOnly() throws {
        var configuration = zoned("UTC", durationMs: 3 * hour)
        configuration.taps = [start + 30 * minute]
        let simulation = try Simulation(configuration)
        var runner = HostRefreshRunner(script: try example("liked-toggle.js"), simulation: simulation)
        let report = simulation.run(runner: &runner)
        XCTAssertEqual(runner.actionRunCount, 0)
        XCTAssertEqual(report.refreshes.filter { $0.outputsChanged }.count, 1, "only the first run publishes")
    }

    func testStorageWrittenByOneRunIsReadByTheNext() throws {
        let script = """
            const count = (Number(getValue("count")) || 0) + 1
            setValue("count", String(count))
            setUpdateFreq(60)
            """
        let (report, _) = try simulateScript(script, zoned("UTC", durationMs: 4 * 3_600_000))
        XCTAssertEqual(report.refreshes.count, 4)
        XCTAssertEqual(report.publishedOutputs?["count"], 4, "each run saw the count the run before stored")
    }

    // MARK: - Known cases

    func testEveryThirtyMinutesForADayIs48RefreshesAllOnTime() throws {
        let (report, runner) = try simulateExample("every-30-minutes.js", zoned("Europe/Berlin"))
        XCTAssertEqual(report.refreshes.count, 48)
        XCTAssertEqual(report.grantedMinutes, (0..<48).map { Int64($0) * 30 })
        XCTAssertEqual(Set(report.refreshes.map(\.delayMs)), [0])
        XCTAssertEqual(Set(report.refreshes.map(\.status)), [.ok])
        XCTAssertEqual(Set(report.refreshes.dropFirst().map(\.requestReason)), [.frequency])
        XCTAssertEqual(report.summary.budgetVerdict.askedPerDay, 48)
        XCTAssertEqual(report.summary.budgetVerdict.kind, .withinBudget)
        XCTAssertEqual(report.refreshes.last?.budgetLeft, 7)
        // The script ran at each refresh's time, in the simulation's zone: 00:00 UTC is 01:00 in Berlin.
        XCTAssertEqual(report.publishedOutputs, ["greeting": "Good morning", "updated": "00:30"])
        XCTAssertEqual(runner.runCount, 48)
        XCTAssertEqual(runner.lastReport?.startedAt, start + 47 * 30 * minute)
        XCTAssertEqual(runner.lastReport?.console.first?.message, "refreshed at 00:30")
        XCTAssertEqual(runner.frequencyInForce, 30)
        XCTAssertTrue(runner.diagnostics.isEmpty)
    }

    func testEveryFiveMinutesIsThrottledToTheBudgetAndTheVerdictSays288() throws {
        let (report, _) = try simulateExample("every-5-minutes.js", zoned("UTC", durationMs: 2 * day))
        let firstDay = report.refreshes.filter { $0.grantedAt < start + day }
        XCTAssertEqual(firstDay.count, 55)
        XCTAssertEqual(firstDay.map { ($0.grantedAt - start) / minute }, (0..<55).map { Int64($0) * 5 })
        XCTAssertEqual(report.refreshes[55].requestedAt, start + 275 * minute)
        XCTAssertEqual(report.refreshes[55].grantedAt, start + day)
        XCTAssertEqual(report.refreshes[55].delayReasons, [.budget])
        XCTAssertEqual(report.refreshes.count, 110)
        XCTAssertEqual(report.summary.maxChargedIn24h, 55)
        let verdict = report.summary.budgetVerdict
        XCTAssertEqual(verdict.askedPerDay, 288)
        XCTAssertEqual(verdict.kind, .overBudget)
        XCTAssertTrue(verdict.sentence.contains("asks for about 288 refreshes a day"), verdict.sentence)
        XCTAssertTrue(report.text().contains("288 refreshes a day, 5.2 times the typical budget of 55"))
        // Every run published new outputs: the script's count changes every five minutes.
        XCTAssertEqual(Set(report.refreshes.map(\.outputsChanged)), [true])
    }

    func testUnlimitedBudgetGrantsEveryFiveMinuteRefresh() throws {
        let (report, runner) = try simulateExample("every-5-minutes.js", zoned("UTC", budget: .unlimited))
        XCTAssertEqual(report.refreshes.count, 288)
        XCTAssertEqual(Set(report.refreshes.map(\.delayMs)), [0])
        XCTAssertEqual(report.summary.budgetVerdict.kind, .unlimited)
        XCTAssertNil(runner.configuration.budget)
    }

    func testSkipTheNightWithSetUpdateTime() throws {
        // 20:00 in Berlin: every 15 minutes until 23:00, then nothing until 07:00 (C3, C4),
        // then every 15 minutes again. The generous budget (70) covers the 65 refreshes.
        let startBerlin = start + 19 * hour  // 2026-11-29T19:00Z = 20:00 CET
        let (report, _) = try simulateExample(
            "skip-the-night.js", zoned("Europe/Berlin", startMs: startBerlin, budget: .generous))
        let minutes = report.refreshes.map { ($0.grantedAt - startBerlin) / minute }
        XCTAssertEqual(Array(minutes.prefix(13)), (0..<13).map { Int64($0) * 15 })  // 20:00 … 23:00
        let morning = report.refreshes[13]
        XCTAssertEqual(morning.grantedAt, startBerlin + 11 * hour)  // 07:00 CET
        XCTAssertEqual(morning.requestReason, .updateTime)
        XCTAssertEqual(morning.delayMs, 0)
        XCTAssertEqual(report.refreshes[12].updateTimeMs, startBerlin + 11 * hour)
        XCTAssertEqual(report.refreshes[14].requestReason, .frequency)
        XCTAssertEqual(report.refreshes[14].grantedAt, startBerlin + 11 * hour + 15 * minute)
        XCTAssertFalse(report.refreshes.contains { $0.grantedAt > startBerlin + 3 * hour && $0.grantedAt < startBerlin + 11 * hour })
        XCTAssertEqual(report.refreshes.count, 65)
        XCTAssertEqual(Set(report.refreshes.map(\.delayMs)), [0])
        XCTAssertEqual(report.summary.longestGap, TimelineSummary.Gap(from: startBerlin + 3 * hour, to: startBerlin + 11 * hour))
        XCTAssertEqual(report.refreshes[12].status, .ok)
        XCTAssertEqual(report.publishedOutputs?["mode"], "day")
    }

    func testSkipTheNightUnderTheTypicalBudgetIsHeldBackInTheEvening() throws {
        // The same day under 55: the 13 evening refreshes still count the next day, so
        // after 07:00 only 42 more fit; the 56th waits until 20:00, when the first
        // leaves the rolling window (R2): after the span.
        let startBerlin = start + 19 * hour
        let (report, _) = try simulateExample("skip-the-night.js", zoned("Europe/Berlin", startMs: startBerlin))
        XCTAssertEqual(report.refreshes.count, 55)
        XCTAssertEqual(report.refreshes.last?.grantedAt, startBerlin + 21 * hour + 15 * minute)  // 17:15
        XCTAssertEqual(report.refreshes.last?.budgetLeft, 0)
        XCTAssertEqual(report.pendingRefresh?.requestedAt, startBerlin + 21 * hour + 30 * minute)
        XCTAssertEqual(report.pendingRefresh?.grantedAt, startBerlin + day)
        XCTAssertEqual(report.pendingRefresh?.delayReasons, [.budget])
        XCTAssertEqual(report.summary.budgetVerdict.kind, .overBudget)
    }

    func testAScriptThatFailsEveryOtherRunKeepsTheLastGoodOutputs() throws {
        let (report, runner) = try simulateExample("flaky-api.js", zoned("UTC", durationMs: 4 * hour))
        XCTAssertEqual(report.refreshes.map(\.status), [.ok, .error, .ok, .error, .ok, .error, .ok, .error])
        XCTAssertEqual(report.grantedMinutes, [0, 30, 60, 90, 120, 150, 180, 210])
        for refresh in report.refreshes where refresh.status == .error {
            XCTAssertFalse(refresh.outputsChanged)
            // R5: the failed run's own setUpdateFreq(30) was ignored; the one in force still holds.
            XCTAssertTrue(refresh.controlsIgnored)
            XCTAssertEqual(refresh.frequencyMinutes, 30)
            XCTAssertEqual(refresh.errorMessage, "Error: the weather API timed out (line 19, column 18)")
        }
        XCTAssertEqual(report.refreshes.filter { $0.status == .ok }.map(\.outputsChanged), [true, true, true, true])
        // The outputs on screen are those of the last good run, at 03:00 (O5).
        XCTAssertEqual(report.publishedOutputs, ["reading": 13, "fetchedAt": "03:00"])
        XCTAssertEqual(runner.failedRunCount, 4)
        XCTAssertEqual(runner.lastFailedReport?.startedAt, start + 210 * minute)
        let tally = try XCTUnwrap(runner.diagnostics.first)
        XCTAssertEqual(runner.diagnostics.count, 1)
        XCTAssertEqual(tally.diagnostic.code, .uncaughtError)
        XCTAssertEqual(tally.diagnostic.line, 19)
        XCTAssertEqual(tally.runCount, 4)
        XCTAssertEqual(tally.firstRunIndex, 1)
        XCTAssertEqual(report.summary.failedCount, 4)
    }

    func testTapsAndForegroundsAreFreeAndReplaceThePendingRefresh() throws {
        var configuration = zoned("UTC")
        configuration.taps = [start + 10 * minute, start + 4 * hour + 5 * minute]
        configuration.foregrounds = [start + 12 * hour]
        let (report, _) = try simulateExample("every-30-minutes.js", configuration)
        let free = report.refreshes.filter { !$0.charged }
        XCTAssertEqual(free.map(\.trigger), [.tap, .tap, .foreground])
        XCTAssertEqual(free.map(\.grantedAt), configuration.taps + configuration.foregrounds)
        XCTAssertEqual(Set(free.map(\.delayMs)), [0])
        // Free refreshes do not use the budget: it is the same before and after a tap.
        let tap = free[0].index
        XCTAssertEqual(report.refreshes[tap].budgetLeft, report.refreshes[tap - 1].budgetLeft)
        // The next scheduled refresh follows the tap: 00:10 + 30 min.
        XCTAssertEqual(report.refreshes[tap + 1].grantedAt, start + 40 * minute)
        XCTAssertEqual(report.summary.freeCount, 3)
        XCTAssertEqual(report.summary.chargedCount, report.refreshes.count - 3)
    }

    // MARK: - Live Activities

    func testALiveActivityExpiresAtEightHoursAndIsDismissedFourHoursLater() throws {
        var configuration = zoned("UTC", startMs: start + 12 * hour)
        configuration.isLive = true
        let (report, runner) = try simulateExample("live-score.js", configuration)
        XCTAssertEqual(runner.configuration.kind, .live)
        XCTAssertEqual(report.refreshes.count, 16)
        XCTAssertEqual(report.grantedMinutes, (0..<16).map { Int64($0) * 30 })
        let activity = try XCTUnwrap(report.summary.liveActivities.first)
        XCTAssertEqual(report.summary.liveActivities.count, 1)
        XCTAssertEqual(activity.startedAt, start + 12 * hour)
        XCTAssertEqual(activity.ending, .expired)
        XCTAssertEqual(activity.endedAt, start + 20 * hour)
        XCTAssertEqual(activity.dismissedAt, start + 24 * hour)
        XCTAssertEqual(activity.finalState, .dismissed)
        XCTAssertEqual(activity.content["minute"], 1170)  // the last run, at 19:30
        XCTAssertNil(report.pendingRefresh)
    }

    func testALiveActivityThatEndsItselfMidway() throws {
        // The countdown to 19:00 UTC refreshes every 5 minutes and ends itself at 19:00.
        var configuration = zoned("UTC", startMs: start + 18 * hour, durationMs: 6 * hour)
        configuration.isLive = true
        configuration.taps = [start + 20 * hour]
        let (report, _) = try simulateExample("live-countdown.js", configuration)
        XCTAssertEqual(report.refreshes.count, 13)
        XCTAssertEqual(report.refreshes.last?.grantedAt, start + 19 * hour)
        let activity = try XCTUnwrap(report.summary.liveActivities.first)
        XCTAssertEqual(activity.ending, .script)
        XCTAssertEqual(activity.endedAt, start + 19 * hour)
        XCTAssertEqual(activity.dismissedAt, start + 23 * hour)
        XCTAssertEqual(activity.content["state"], "departed")
        XCTAssertEqual(activity.content["minutesLeft"], 0)
        XCTAssertNil(report.pendingRefresh)
        // A tap after the end runs nothing (L3, L4).
        XCTAssertTrue(report.events.contains { $0.kind == .inputIgnored(trigger: .tap, reason: .noActiveActivity) })
    }

    func testALiveKindOutsideALiveSimulationRunsAsASmallWidget() throws {
        let simulation = try Simulation(zoned("UTC", durationMs: hour))
        var run = RunConfiguration()
        run.kind = .live
        let runner = HostRefreshRunner(script: ScriptSource(text: "let a = 1", name: "a.js"), simulation: simulation,
                                       configuration: run)
        XCTAssertEqual(runner.configuration.kind, .small)
    }

    // MARK: - Configuration of each run

    func testEachRunGetsItsTimeZoneBudgetFrequencyAndSeed() throws {
        var configuration = zoned("America/New_York", durationMs: 2 * hour, budget: .strict)
        configuration.seed = 42
        let script = """
            let now = new Date().toString().slice(16, 21)
            let roll = Math.random()
            if (new Date().getMinutes() === 36) setUpdateFreq(20)
            """
        let (report, runner) = try simulateScript(script, configuration)
        // 00:00 UTC is 19:00 in New York. The first run asks for nothing: the strict
        // cadence, 1440 / 40 = 36 minutes. The run at 19:36 sets 20 minutes, which stays (C2).
        XCTAssertEqual(report.grantedMinutes, [0, 36, 56, 76, 96, 116])
        XCTAssertEqual(report.refreshes[1].requestReason, .default)
        XCTAssertEqual(report.refreshes[2].requestReason, .frequency)
        XCTAssertEqual(report.refreshes[5].requestReason, .frequency)
        XCTAssertEqual(runner.configuration.budget, 40)
        XCTAssertEqual(runner.configuration.zone.identifier, "America/New_York")
        XCTAssertEqual(runner.frequencyInForce, 20)
        // The run at 20:56 set nothing, but its own report knows the frequency in force (C2).
        XCTAssertEqual(runner.lastReport?.nextRefresh?.reason, .frequency)
        XCTAssertEqual(runner.lastReport?.nextRefresh?.frequencyMinutes, 20)
        XCTAssertEqual(report.publishedOutputs?["now"], "20:56")
        // Each run has its own seed: the first the simulation's (as `run --seed 42`), the rest derived from it.
        let seeds = (0..<6).map { HostRefreshRunner.runSeed(simulationSeed: 42, index: $0) }
        XCTAssertEqual(seeds[0], 42)
        XCTAssertEqual(Set(seeds).count, 6)
        XCTAssertTrue(seeds.allSatisfy { $0 < 1 << 53 })
        XCTAssertEqual(runner.lastReport?.seed, seeds[5])
        let request = RefreshRunRequest(at: start + 116 * minute, trigger: .scheduled, index: 5)
        XCTAssertEqual(runner.runConfiguration(for: request).seed, seeds[5])
        XCTAssertEqual(runner.runConfiguration(for: request).now, start + 116 * minute)
        XCTAssertEqual(runner.runConfiguration(for: request).frequencyInForce, 20)
    }

    func testRandomnessDiffersFromRunToRunButTheSameSeedGivesTheSameBytes() throws {
        var configuration = zoned("Europe/Berlin", durationMs: 6 * hour)
        configuration.realistic = true
        configuration.seed = 7
        configuration.taps = [start + 2 * hour]
        let script = """
            let roll = Math.random()
            let at = new Date().toISOString()
            setUpdateFreq(15 + Math.floor(Math.random() * 30))
            """
        let (first, _) = try simulateScript(script, configuration)
        let (second, _) = try simulateScript(script, configuration)
        XCTAssertEqual(first.json, second.json)
        XCTAssertEqual(first.jsonLines(), second.jsonLines())
        XCTAssertEqual(first.svg(), second.svg())
        XCTAssertEqual(first.text(), second.text())
        XCTAssertTrue(first.refreshes.contains { $0.jitterMs > 0 })
        configuration.seed = 8
        let (other, _) = try simulateScript(script, configuration)
        XCTAssertNotEqual(first.json, other.json)
        // Within one simulation the runs draw different numbers.
        var rolls: Set<Double> = []
        var runner = HostRefreshRunner(script: ScriptSource(text: script, name: "r.js"),
                                       simulation: try Simulation(configuration))
        for index in 0..<5 {
            _ = runner.run(RefreshRunRequest(at: start + Int64(index) * hour, trigger: .scheduled, index: index))
            if case .number(let roll)? = runner.lastReport?.outputs["roll"] { rolls.insert(roll) }
        }
        XCTAssertEqual(rolls.count, 5)
    }

    // MARK: - Results of failed runs

    func testATimeoutIsAFailedRunWithItsMessage() throws {
        var run = RunConfiguration()
        // Long enough that the two runs that end are never stopped on a busy machine.
        run.timeLimitSeconds = 1
        let script = """
            setUpdateFreq(60)
            let hour = new Date().getUTCHours()
            if (hour === 1) { while (true) {} }
            """
        let (report, runner) = try simulateScript(script, zoned("UTC", durationMs: 3 * hour), run: run)
        XCTAssertEqual(report.refreshes.map(\.status), [.ok, .timeout, .ok])
        XCTAssertEqual(report.grantedMinutes, [0, 60, 120])
        XCTAssertTrue(report.refreshes[1].errorMessage?.hasPrefix("the script ran for more than 1 s") ?? false,
                      report.refreshes[1].errorMessage ?? "nil")
        XCTAssertEqual(report.publishedOutputs, ["hour": 2])
        XCTAssertEqual(runner.diagnostics.map(\.diagnostic.code), [.timeLimit])
    }

    func testASyntaxErrorFailsEveryRunAndFollowsTheDefaultCadence() throws {
        let (report, runner) = try simulateScript("let a = ;\nsetUpdateFreq(5)", zoned("UTC", budget: .strict))
        XCTAssertEqual(report.refreshes.count, 40)
        XCTAssertEqual(Set(report.refreshes.map(\.status)), [.error])
        XCTAssertEqual(Set(report.refreshes.dropFirst().map(\.requestReason)), [.default])
        XCTAssertNil(report.publishedOutputs)
        XCTAssertEqual(report.refreshes[0].errorMessage, "SyntaxError: Unexpected token ';' (line 1, column 9)")
        XCTAssertEqual(runner.diagnostics.count, 1)
        XCTAssertEqual(runner.diagnostics[0].runCount, 40)
    }

    func testAFailedRunStillReportsTheUpdateTimeItAskedFor() throws {
        let report = RunReportProbe.failedRun(
            "setUpdateTime(new Date(Date.now() + 3600000)); setUpdateFreq(12); throw new Error('x')")
        let result = HostRefreshRunner.result(of: report)
        XCTAssertEqual(result.status, .error)
        XCTAssertEqual(result.updateTimeMs, start + hour)
        XCTAssertEqual(result.updateFrequencyMinutes, 12)
        XCTAssertEqual(result.outputs, [:])
        XCTAssertEqual(result.errorMessage, "Error: x (line 1, column 82)")
    }
}

/// Single runs through the host, for the result mapping.
enum RunReportProbe {
    static func failedRun(_ text: String) -> RunReport {
        var configuration = RunConfiguration()
        configuration.now = start
        configuration.zone = Zone.utc
        return ScriptHost().run(ScriptSource(text: text, name: "probe.js"), configuration: configuration)
    }
}

/// A simulation whose host makes each run's context ahead gives the same report, byte for byte.
final class ContextsAheadSimulationTests: XCTestCase {
    func testTheReportIsByteIdenticalWithContextsMadeAhead() throws {
        let text = """
            const _now = new Date()
            let updated = _now.toTimeString().slice(0, 5)
            let count = (Storage.get('count') || 0) + 1
            Storage.set('count', count)
            if (_now.getHours() >= 22) setUpdateTime(Date.now() + 8 * 3600000); else setUpdateFreq(20)
            """
        var configuration = SimulationConfiguration(
            startMs: 1_764_403_200_000, durationMs: 2 * 86_400_000, zoneIdentifier: "Europe/Berlin", budget: .typical)
        configuration.taps = [1_764_403_200_000 + 3_600_000]
        let simulation = try Simulation(configuration)
        func report(_ host: ScriptHost) -> String {
            var runner = HostRefreshRunner(script: ScriptSource(text: text, name: "w.js"), simulation: simulation, host: host)
            return simulation.run(runner: &runner).json.serialized(pretty: true)
        }
        let plain = report(ScriptHost())
        let ahead = report(ScriptHost(preparesContextsAhead: true))
        XCTAssertEqual(plain, ahead)
        XCTAssertTrue(plain.contains("\"refreshCount\": "), String(plain.prefix(400)))
    }
}
