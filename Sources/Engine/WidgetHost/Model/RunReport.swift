import JSONKit
import ZonedTime

/// One console entry (S8).
public struct ConsoleEntry: Sendable, Hashable {
    /// The `console` method's level; reports print its raw value.
    public enum Level: String, Sendable {
        /// `console.log`, and `console.dir`.
        case log
        /// `console.info`.
        case info
        /// `console.warn`.
        case warn
        /// `console.error`, and a failed `console.assert`.
        case error
        /// `console.debug`, and `console.trace`.
        case debug
    }
    /// The level of the method called.
    public var level: Level
    /// The call's arguments joined with spaces, each formatted as S8 says (strings as they are,
    /// objects as JSON, `null` and `undefined` literally); a very long text is cut, saying how much
    /// more there was.
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
    /// The run's valid `setUpdateTime` (C3, C4).
    case updateTime
    /// The run's end plus the frequency in force, at least 5 minutes (C1, C2).
    case frequency
    /// The run's end plus the system's cadence for a widget that asked for nothing, 1440 / budget minutes.
    case `default`
}

/// The refresh a run asks the system for (R1).
public struct NextRefresh: Sendable, Hashable {
    /// Epoch milliseconds.
    public var requested: Int64
    /// Which rule of R1 gave ``requested``.
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
    /// Where the activity is in its life (L1) when the run ends.
    public enum State: String, Sendable {
        /// Still running: the script did not call `endLiveActivity()`.
        case active
        /// The script called `endLiveActivity()`.
        case ended
    }
    /// `ended` once the script called `endLiveActivity()`, else `active`.
    public var state: State
    /// Virtual start of the run, epoch milliseconds.
    public var startedAt: Int64
    /// Virtual time of the first `endLiveActivity()` call, epoch milliseconds; nil while active.
    public var endedAt: Int64?
}

/// An uncaught error, located in the user's file.
public struct ScriptFailure: Sendable, Hashable {
    /// The error's name: `TypeError`, `SyntaxError`, a script's own error class, or `EncodingError`
    /// for a file that is not UTF-8.
    public var name: String
    /// The error's message; may be empty.
    public var message: String
    /// 1-based line in the user's file where it was thrown (S2); nil when the error has no place in the file.
    public var line: Int?
    /// 1-based column on ``line``.
    public var column: Int?
    /// Stack frames, innermost first, with locations in the user's file.
    public var stack: [String]

    /// `Name: message`.
    public var summary: String { message.isEmpty ? name : "\(name): \(message)" }
}

/// Everything one run produced: the `widgethost.run/1` report.
public struct RunReport: Sendable {
    /// The `schema` field of ``json()`` (X1).
    public static let schema = "widgethost.run/1"

    /// The script's name as the user gave it (``ScriptSource/name``).
    public var script: String
    /// The kind the script ran as (S3).
    public var kind: ScriptKind
    /// How the run ended (S5).
    public var status: RunStatus
    /// The run's time zone (T2); the report's times are written in it.
    public var zone: Zone
    /// The `Math.random` seed the run had (T4); nil when it kept the engine's generator.
    public var seed: UInt64?
    /// Virtual start and end, epoch milliseconds.
    public var startedAt: Int64
    /// Virtual end, epoch milliseconds: the start moved on by the run's virtual clock (timers, fixture
    /// delays).
    public var finishedAt: Int64
    /// Published outputs (empty unless `status == .ok`, O5).
    public var outputs: JSONObject
    /// Every control call, valid or not, in call order (C5); at most
    /// ``RunConfiguration/eventLimit``, the rest counted in an `events-truncated` diagnostic.
    public var events: [ControlEvent]
    /// What the run asked of the system. A run that does not end `ok` asks for nothing (R5),
    /// except that an `endLiveActivity()` it made stays made (C6).
    public var requests: ControlRequests
    /// The refresh this run asks for (R1); nil once a Live Activity has ended (no more refreshes).
    public var nextRefresh: NextRefresh?
    /// Console entries in call order (S8), at most ``RunLimits/consoleEntries``.
    public var console: [ConsoleEntry]
    /// Console entries beyond the limit, counted but not kept.
    public var consoleDropped: Int
    /// Every finding of the run, in the order found.
    public var diagnostics: [Diagnostic]
    /// The uncaught error (or the syntax or encoding error) that ended the run `error`; nil otherwise.
    public var error: ScriptFailure?
    /// The limits the run was held to (S6).
    public var limits: RunLimits
    /// The Live Activity as the run left it; nil unless the script ran as `live`.
    public var liveActivity: LiveActivityRunState?
    /// The edition the script ran in (H1).
    public var edition: Edition = .ios
    /// The card a HarmonyOS run ran as (H1); nil in the iOS edition, whose kind is ``kind``.
    public var card: HarmonyCard?

    /// The kind as the report names it: ``kind``, or the card's `desk` or `lock`.
    public var kindName: String { card?.kind.rawValue ?? kind.rawValue }

    /// True when some diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
