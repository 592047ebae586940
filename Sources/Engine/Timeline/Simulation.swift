import JSONKit
import ZonedTime

/// A validated refresh and Live Activity simulation, ready to run against a script.
///
/// ```swift
/// let simulation = try Simulation(SimulationConfiguration(startMs: start, zoneIdentifier: "Europe/Berlin"))
/// var runner = ClosureRefreshRunner { RefreshRunResult(updateFrequencyMinutes: 30, finishedAtMs: $0.at) }
/// let report = simulation.run(runner: &runner)
/// print(report.text())
/// ```
///
/// The whole simulation is computed on a ``VirtualScheduler``: nothing reads the wall
/// clock, and its cost grows with the number of refreshes and inputs, not with the
/// simulated time (R7). Same configuration, same runner answers: the same report, byte
/// for byte (T4).
public struct Simulation: Sendable {
    /// The configuration, as validated.
    public let configuration: SimulationConfiguration
    /// The time zone dates are shown in.
    public let zone: Zone
    /// The zone's name as reports print it.
    public let zoneName: String

    /// Validates `configuration`.
    ///
    /// - Throws: ``SimulationConfigurationError`` naming the first problem: a duration
    ///   that is not positive or is over 366 days, a start outside 1970–9999, an unknown
    ///   zone or budget, a seed above 2^53 − 1, a tap, foreground or push outside the
    ///   span, a push `start` or `update` without data, or pushes for a script that is not
    ///   `live`.
    public init(_ configuration: SimulationConfiguration) throws(SimulationConfigurationError) {
        let zone: Zone
        let zoneName: String
        if let name = configuration.zoneIdentifier {
            do {
                zone = try Zone(identifier: name)
            } catch {
                throw SimulationConfigurationError(
                    code: .unknownZone,
                    message: "Unknown time zone '\(name)': use an IANA name such as Europe/Berlin or America/New_York.")
            }
            zoneName = name
        } else {
            zone = Zone.current()
            zoneName = zone.identifier
        }
        try Self.validate(configuration, zone: zone)
        self.configuration = configuration
        self.zone = zone
        self.zoneName = zoneName
    }

    /// Runs the simulation, asking `runner` for each refresh in time order.
    ///
    /// - Parameters:
    ///   - runner: The script runner; it keeps whatever state it gathered.
    ///   - progressEvery: Call `progress` after every this many refreshes. Default: 100.
    ///   - progress: Told how far the simulation has come; called a last time with
    ///     `fraction` 1 when it is done. Default: does nothing.
    /// - Returns: The report.
    public func run<Runner: RefreshScriptRunner>(
        runner: inout Runner,
        progressEvery: Int = 100,
        progress: (SimulationProgress) -> Void = { _ in }
    ) -> TimelineReport {
        withoutActuallyEscaping(progress) { progress in
            let engine = SimulationEngine(configuration: configuration, runner: runner,
                                          progressEvery: progressEvery, progress: progress)
            engine.run()
            runner = engine.runner
            return makeReport(engine)
        }
    }

    /// Runs the simulation with a copy of `runner` (see ``run(runner:progressEvery:progress:)-swift.method``).
    public func run<Runner: RefreshScriptRunner>(
        runner: Runner,
        progressEvery: Int = 100,
        progress: (SimulationProgress) -> Void = { _ in }
    ) -> TimelineReport {
        var copy = runner
        return run(runner: &copy, progressEvery: progressEvery, progress: progress)
    }

    private func makeReport(_ engine: SimulationEngine<some RefreshScriptRunner>) -> TimelineReport {
        let summary = TimelineSummary.make(
            refreshes: engine.refreshes, activities: engine.activities,
            requestIntervals: engine.requestIntervals, pending: engine.pendingAtEnd,
            configuration: configuration)
        return TimelineReport(
            startMs: configuration.startMs, endMs: configuration.endMs, zone: zone, zoneName: zoneName,
            budget: configuration.budget, realistic: configuration.realistic, seed: configuration.seed,
            isLive: configuration.isLive, refreshes: engine.refreshes, events: engine.events,
            summary: summary, pendingRefresh: engine.pendingAtEnd, publishedOutputs: engine.publishedOutputs)
    }

    // MARK: - Validation

    private static func validate(_ c: SimulationConfiguration, zone: Zone) throws(SimulationConfigurationError) {
        if c.durationMs <= 0 {
            throw SimulationConfigurationError(
                code: .invalidDuration,
                message: "The duration must be longer than zero; got \(c.durationMs) ms.")
        }
        if c.durationMs > TimelineConstants.maximumDurationMs {
            throw SimulationConfigurationError(
                code: .durationTooLong,
                message: "The duration may be at most 366 days; got \(TimeText.duration(c.durationMs)).")
        }
        if c.startMs < earliestStartMs || c.endMs > latestEndMs {
            throw SimulationConfigurationError(
                code: .startOutOfRange,
                message: "The simulated span must lie between 1970-01-01 and 9999-12-31; got a start of \(c.startMs) ms since 1970.")
        }
        if case .perDay(let n) = c.budget, !(1...BudgetProfile.maximumPerDay).contains(n) {
            throw .invalidBudget(String(n))
        }
        if c.seed > maximumSeed {
            throw SimulationConfigurationError(
                code: .seedTooLarge,
                message: "The seed must be a whole number from 0 to \(maximumSeed) so that JSON reports hold it exactly; got \(c.seed).")
        }
        if !c.pushes.isEmpty && !c.isLive {
            throw SimulationConfigurationError(
                code: .pushesNeedLiveScript,
                message: "Pushes go to Live Activities, but the script is not a live script; got \(c.pushes.count) push(es). Simulate a live script or drop the pushes.")
        }
        func date(_ ms: Int64) -> String {
            (earliestStartMs...latestEndMs).contains(ms) ? ISO8601.format(epochMs: ms, in: zone) : "\(ms) ms since 1970"
        }
        let span = "\(date(c.startMs)) to \(date(c.endMs)) (end excluded)"
        func check(_ times: [Int64], _ what: String) throws(SimulationConfigurationError) {
            for (i, at) in times.enumerated() where at < c.startMs || at >= c.endMs {
                throw SimulationConfigurationError(
                    code: .inputOutsideSpan,
                    message: "\(what) \(i + 1) at \(date(at)) lies outside the simulated span \(span).")
            }
        }
        try check(c.taps, "Tap")
        try check(c.foregrounds, "Foreground")
        try check(c.pushes.map(\.at), "Push")
        for (i, push) in c.pushes.enumerated() where push.type != .end && push.data == nil {
            throw SimulationConfigurationError(
                code: .pushWithoutData,
                message: "Push \(i + 1) (\(push.type.rawValue) at \(date(push.at))) has no data: a push start or update must carry content_state.data.")
        }
    }
}

/// How far a running simulation has come, for a progress line.
public struct SimulationProgress: Sendable, Hashable {
    /// Refreshes run so far.
    public var refreshCount: Int
    /// The virtual time reached, epoch milliseconds.
    public var virtualNow: Int64
    /// The share of the span covered, 0 through 1 (1 exactly once, when the run is done).
    public var fraction: Double
}
