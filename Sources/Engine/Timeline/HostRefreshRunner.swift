import JSONKit
import WidgetHost
import ZonedTime

/// A ``RefreshScriptRunner`` that runs a real script through a `WidgetHost.ScriptHost`,
/// once per refresh, at the refresh's virtual time.
///
/// ```swift
/// let simulation = try Simulation(SimulationConfiguration(startMs: start, zoneIdentifier: "Europe/Berlin"))
/// var runner = HostRefreshRunner(script: try ScriptSource.load(path: "widget.js"), simulation: simulation)
/// let report = simulation.run(runner: &runner)
/// print(report.text())
/// ```
///
/// Each run gets a fresh context (S7) and a ``RunConfiguration`` made from the one given
/// at creation, with:
/// - `now` = the request's time (T1), and `zone` = the simulation's zone (T2);
/// - `seed` = ``runSeed(simulationSeed:index:)``: a seed of its own for every run, derived
///   from the simulation's seed and the run's index, so that `Math.random` differs from
///   run to run yet the whole simulation is reproducible (T4);
/// - `frequencyInForce` = the last valid `setUpdateFreq` of an earlier run that ended
///   `ok` (C2), so each run's own report states the refresh it asks for;
/// - `budget` = the simulation's budget (it decides R1's default cadence);
/// - `kind` = `live` for a `live` simulation; otherwise the given kind (a `live` kind in a
///   simulation that is not `live` runs as `small`, so that the script and the timeline
///   agree on what it is).
///
/// The time and memory limits, console limit and strict mode are those of the given
/// configuration.
///
/// Storage (A4) is carried between runs: every run of a simulation shares one store. A tap
/// runs the button's ``action`` script first when there is one (A8), in its own context with
/// the same storage, and then the widget script: the refresh the tap triggers.
public struct HostRefreshRunner: RefreshScriptRunner {
    /// A diagnostic the runs produced, counted over the runs that produced it.
    ///
    /// Diagnostics are grouped by code and source location; the message is that of the
    /// first run that produced it (later ones may differ in the times they name).
    public struct DiagnosticTally: Sendable, Hashable {
        /// The first diagnostic of this group.
        public var diagnostic: Diagnostic
        /// How many runs produced it (a run that produced it twice counts once).
        public var runCount: Int
        /// The index of the first run that produced it.
        public var firstRunIndex: Int
    }

    private struct TallyKey: Hashable {
        var code: String
        var line: Int?
        var column: Int?
    }

    /// The script every refresh runs.
    public let script: ScriptSource
    /// The configuration each run starts from (see the type's description).
    public let configuration: RunConfiguration
    /// The simulation's seed, from which each run's seed is derived.
    public let simulationSeed: UInt64
    /// The frequency in force after the runs so far (C2), raw minutes, or `nil`.
    public private(set) var frequencyInForce: Double?
    /// How many runs have been made.
    public private(set) var runCount = 0
    /// How many of them did not end `ok`.
    public private(set) var failedRunCount = 0
    /// The report of the last run (its console, diagnostics and outputs), if any.
    public private(set) var lastReport: RunReport?
    /// The report of the last run that did not end `ok`, if any.
    public private(set) var lastFailedReport: RunReport?
    /// Every diagnostic the runs produced, grouped and counted, in order of first appearance.
    public private(set) var diagnostics: [DiagnosticTally] = []
    /// The button's action script run before the widget script on each tap (A8), if any.
    public let action: ScriptSource?
    /// Action runs so far (one per tap when there is an action script), and those not `ok`.
    public private(set) var actionRunCount = 0
    public private(set) var failedActionCount = 0
    /// The last action run's report.
    public private(set) var lastActionReport: RunReport?

    private var tallyIndex: [TallyKey: Int] = [:]
    private let host: ScriptHost

    /// Creates a runner for `script` in `simulation`.
    ///
    /// - Parameters:
    ///   - script: The widget or Live Activity script.
    ///   - simulation: The simulation it runs in: its zone, seed, budget and whether the
    ///     script is `live` decide those of every run.
    ///   - configuration: Kind, limits and strict mode of each run. Its `now`, `zone`,
    ///     `seed`, `budget` and `frequencyInForce` are replaced per run. Default: the
    ///     contract's defaults.
    ///   - host: The host that runs the script. Default: a new one.
    ///   - action: A button's action script, run before the widget script on every tap (A8).
    public init(script: ScriptSource, simulation: Simulation,
                configuration: RunConfiguration = RunConfiguration(), host: ScriptHost = ScriptHost(),
                action: ScriptSource? = nil) {
        var base = configuration
        base.zone = simulation.zone
        base.budget = simulation.configuration.budget.refreshesPerDay
        if simulation.configuration.isLive {
            base.kind = .live
        } else if base.kind == .live {
            base.kind = .small
        }
        base.frequencyInForce = nil
        // Storage written by one run is visible to the next (A4): one store for the whole simulation.
        if base.storage == nil { base.storage = StateStore() }
        self.script = script
        self.configuration = base
        self.simulationSeed = simulation.configuration.seed
        self.host = host
        self.action = action
    }

    /// The seed of run `index` in a simulation seeded with `simulationSeed`: a SplitMix64
    /// mix of the two, 0 through 2^53 − 1 (so the script sees it exactly).
    public static func runSeed(simulationSeed: UInt64, index: Int) -> UInt64 {
        var generator = SeededGenerator(seed: simulationSeed &+ UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03)
        return generator.next() & ((1 << 53) - 1)
    }

    /// The configuration of the run for `request`, given the runs so far.
    public func runConfiguration(for request: RefreshRunRequest) -> RunConfiguration {
        var run = configuration
        run.now = request.at
        run.seed = Self.runSeed(simulationSeed: simulationSeed, index: request.index)
        run.frequencyInForce = frequencyInForce
        return run
    }

    /// Runs the script at `request.at` and says what it did.
    public mutating func run(_ request: RefreshRunRequest) -> RefreshRunResult {
        let report: RunReport
        if request.trigger == .tap, let action {
            let both = host.runAction(action, widget: script, configuration: runConfiguration(for: request))
            // In the HarmonyOS edition the snippet runs inside the refresh (H14): no run of its own.
            if let actionReport = both.action {
                actionRunCount += 1
                if actionReport.status != .ok { failedActionCount += 1 }
                if actionReport.status == .ok, let minutes = actionReport.requests.updateFrequencyMinutes {
                    frequencyInForce = minutes
                }
                lastActionReport = actionReport
            }
            report = both.refresh
        } else {
            report = host.run(script, configuration: runConfiguration(for: request))
        }
        runCount += 1
        if report.status == .ok {
            if let minutes = report.requests.updateFrequencyMinutes { frequencyInForce = minutes }
        } else {
            failedRunCount += 1
            lastFailedReport = report
        }
        tally(report.diagnostics, runIndex: request.index)
        lastReport = report
        return Self.result(of: report)
    }

    /// What `report` means to the refresh timeline.
    ///
    /// For a run that did not end `ok`, the host drops its requests (O5, R5); the last
    /// valid `setUpdateFreq` and `setUpdateTime` calls are read back from its events so
    /// that the timeline can say which requests were ignored.
    public static func result(of report: RunReport) -> RefreshRunResult {
        let ok = report.status == .ok
        var frequency = report.requests.updateFrequencyMinutes
        var updateTime = report.requests.updateTime
        if !ok {
            for event in report.events where event.valid {
                switch ControlBinding(rawValue: event.type) {
                case .setUpdateFreq?:
                    if case .number(let minutes)? = event.args.first { frequency = minutes }
                case .setUpdateTime?:
                    switch event.args.first {
                    case .number(let ms)?: updateTime = Int64(exactly: ms.rounded(.down))
                    case .string(let text)?: updateTime = try? ISO8601.parse(text, defaultZone: report.zone)
                    default: break
                    }
                default: break
                }
            }
        }
        return RefreshRunResult(
            status: status(report.status),
            outputs: ok ? report.outputs : [:],
            updateFrequencyMinutes: frequency,
            updateTimeMs: updateTime,
            liveActivityEndedAtMs: report.kind.isLiveActivity ? report.requests.liveActivityEndedAt : nil,
            finishedAtMs: max(report.finishedAt, report.startedAt),
            errorMessage: ok ? nil : errorMessage(report))
    }

    private static func status(_ status: RunStatus) -> RefreshRunResult.Status {
        switch status {
        case .ok: return .ok
        case .error: return .error
        case .timeout: return .timeout
        case .memory: return .memory
        }
    }

    /// `TypeError: … (line 17, column 33)`, or the first error diagnostic's message.
    private static func errorMessage(_ report: RunReport) -> String {
        if let failure = report.error {
            var text = failure.summary
            if let line = failure.line {
                text += " (line \(line)" + (failure.column.map { ", column \($0)" } ?? "") + ")"
            }
            return text
        }
        if let diagnostic = report.diagnostics.first(where: { $0.severity == .error }) {
            return diagnostic.message
        }
        return "the run ended with status \(report.status.rawValue)"
    }

    private mutating func tally(_ found: [Diagnostic], runIndex: Int) {
        var seen: Set<TallyKey> = []
        for diagnostic in found {
            let key = TallyKey(code: diagnostic.code.rawValue, line: diagnostic.line, column: diagnostic.column)
            guard seen.insert(key).inserted else { continue }
            if let index = tallyIndex[key] {
                diagnostics[index].runCount += 1
            } else {
                tallyIndex[key] = diagnostics.count
                diagnostics.append(DiagnosticTally(diagnostic: diagnostic, runCount: 1, firstRunIndex: runIndex))
            }
        }
    }
}
