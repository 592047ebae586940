import JSONKit
import ZonedTime

/// One console entry (S8).
public struct ConsoleEntry: Sendable, Hashable {
    public enum Level: String, Sendable { case log, info, warn, error, debug }
    public var level: Level
    public var message: String
}

/// One call of a control binding, valid or not (C5).
public struct ControlEvent: Sendable, Hashable {
    /// The function's name: `setUpdateFreq`, `setUpdateTime` or `endLiveActivity`.
    public var type: String
    /// Virtual time of the call, epoch milliseconds.
    public var at: Int64
    /// The arguments as JSON (non-JSON values are described as strings, e.g. `"undefined"`).
    public var args: [JSONValue]
    /// Whether the call took effect.
    public var valid: Bool
}

/// Why the next refresh is requested when it is (R1).
public enum RefreshReason: String, Sendable, Hashable {
    case updateTime, frequency, `default`
}

/// The refresh a run asks the system for (R1).
public struct NextRefresh: Sendable, Hashable {
    /// Epoch milliseconds.
    public var requested: Int64
    public var reason: RefreshReason
    /// The frequency in force after the run, in minutes (C2), if any.
    public var frequencyMinutes: Double?
}

/// What a run asked of the system (the last valid call of each binding, C5).
public struct ControlRequests: Sendable, Hashable {
    /// Last valid `setUpdateFreq` value in minutes (raw, above 0).
    public var updateFrequencyMinutes: Double?
    /// Last valid `setUpdateTime`, epoch milliseconds.
    public var updateTime: Int64?
    /// Virtual time of the first `endLiveActivity()` in a live script.
    public var liveActivityEndedAt: Int64?
}

/// A Live Activity as one run leaves it (C6).
public struct LiveActivityRunState: Sendable, Hashable {
    public enum State: String, Sendable { case active, ended }
    public var state: State
    public var startedAt: Int64
    public var endedAt: Int64?
}

/// An uncaught error, located in the user's file.
public struct ScriptFailure: Sendable, Hashable {
    public var name: String
    public var message: String
    public var line: Int?
    public var column: Int?
    /// Stack frames, innermost first, with locations in the user's file.
    public var stack: [String]

    /// `Name: message`.
    public var summary: String { message.isEmpty ? name : "\(name): \(message)" }
}

/// Everything one run produced: the `widgethost.run/1` report.
public struct RunReport: Sendable {
    public static let schema = "widgethost.run/1"

    public var script: String
    public var kind: ScriptKind
    public var status: RunStatus
    public var zone: Zone
    public var seed: UInt64?
    /// Virtual start and end, epoch milliseconds.
    public var startedAt: Int64
    public var finishedAt: Int64
    /// Published outputs (empty unless `status == .ok`, O5).
    public var outputs: JSONObject
    public var events: [ControlEvent]
    public var requests: ControlRequests
    /// The refresh this run asks for (R1); nil once a Live Activity has ended (no more refreshes).
    public var nextRefresh: NextRefresh?
    public var console: [ConsoleEntry]
    /// Console entries beyond the limit, counted but not kept.
    public var consoleDropped: Int
    public var diagnostics: [Diagnostic]
    public var error: ScriptFailure?
    public var limits: RunLimits
    public var liveActivity: LiveActivityRunState?

    /// True when some diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
