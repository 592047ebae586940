import JSONKit
import XCTest
import Timeline

/// 2026-11-29T00:00:00Z.
let start: Int64 = 1_795_910_400_000
let minute: Int64 = 60_000
let hour: Int64 = 3_600_000
let day: Int64 = 86_400_000

/// A runner that always asks for `minutes` and finishes at once.
func frequencyRunner(_ minutes: Double, outputs: @escaping (RefreshRunRequest) -> JSONObject = { _ in [:] })
    -> ClosureRefreshRunner {
    ClosureRefreshRunner { request in
        RefreshRunResult(outputs: outputs(request), updateFrequencyMinutes: minutes, finishedAtMs: request.at)
    }
}

/// Validates `configuration` and runs it with `runner`.
func simulate<R: RefreshScriptRunner>(_ configuration: SimulationConfiguration, _ runner: inout R) throws
    -> TimelineReport {
    let simulation = try Simulation(configuration)
    return simulation.run(runner: &runner)
}

/// Validates `configuration` and runs it with a copy of `runner`.
func simulate(_ configuration: SimulationConfiguration, _ runner: ClosureRefreshRunner) throws -> TimelineReport {
    try Simulation(configuration).run(runner: runner)
}

/// A UTC configuration starting at `start`.
func utc(durationMs: Int64 = day, budget: BudgetProfile = .typical) -> SimulationConfiguration {
    SimulationConfiguration(startMs: start, durationMs: durationMs, zoneIdentifier: "UTC", budget: budget)
}

extension TimelineReport {
    /// Granted times relative to the start, in minutes.
    var grantedMinutes: [Int64] { refreshes.map { ($0.grantedAt - startMs) / minute } }
}
