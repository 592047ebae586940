import ZonedTime

/// Everything a run can be told, besides the script itself. Defaults follow the contract.
public struct RunConfiguration: Sendable {
    /// The widget kind (S3). Default `small`.
    public var kind: ScriptKind = .small
    /// Virtual *now* as epoch milliseconds (T1); nil means the real current time.
    public var now: Int64?
    /// The run's time zone (T2). Default: the process's own zone.
    public var zone: Zone = Zone.current()
    /// Seed for `Math.random` (T4); nil keeps the engine's generator.
    public var seed: UInt64?
    /// Wall-clock limit per run in seconds (S6). Default 10.
    public var timeLimitSeconds: Double = 10
    /// Memory limit in MiB (S6). Default 30, the device's widget ceiling.
    public var memoryLimitMB: Double = 30
    /// Turn binding warnings into exceptions thrown at the call (C7).
    public var strict = false
    /// Refreshes per 24 h the system grants; nil for `unlimited`. Decides the default cadence of R1.
    public var budget: Int? = 55
    /// The frequency already in force from earlier runs (C2), in minutes.
    public var frequencyInForce: Double?
    /// Console entries kept per run (S8). Default 200.
    public var consoleLimit = 200
    /// Control events kept per run; the rest are counted.
    public var eventLimit = 1000
    /// Virtual timer callbacks a run may fire before it is stopped.
    public var timerFiringLimit = 100_000

    public init() {}

    /// The limits in force, as every report prints them.
    public var limits: RunLimits {
        RunLimits(timeLimitSeconds: timeLimitSeconds, memoryLimitMB: memoryLimitMB, consoleEntries: consoleLimit)
    }

    /// Minutes between refreshes the system picks for a widget that asked for nothing (R1).
    public var defaultCadenceMinutes: Double { 1440 / Double(budget ?? 55) }
}

/// The limits a run was held to (S6), printed in every report.
public struct RunLimits: Sendable, Hashable {
    public var timeLimitSeconds: Double
    public var memoryLimitMB: Double
    public var consoleEntries: Int
}
