/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Comparable {
    case error, warning, info

    private var rank: Int { self == .error ? 2 : self == .warning ? 1 : 0 }
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A structured finding attached to a run: a stable code, a severity, a message
/// that says what to do, and a source location where one exists.
public struct Diagnostic: Sendable, Hashable {
    public var code: DiagnosticCode
    public var severity: Severity
    public var message: String
    /// 1-based line and column in the user's file, as written.
    public var line: Int?
    public var column: Int?

    public init(_ code: DiagnosticCode, _ severity: Severity, _ message: String, line: Int? = nil, column: Int? = nil) {
        self.code = code
        self.severity = severity
        self.message = message
        self.line = line
        self.column = column
    }
}

/// Stable kebab-case diagnostic codes (documented in docs/diagnostics.md).
public struct DiagnosticCode: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }

    /// Every code the host emits; docs/diagnostics.md documents each (a test checks).
    public static let all: [DiagnosticCode] = [
        .notUTF8, .syntaxError, .uncaughtError, .timeLimit, .memoryLimit, .neverSettles, .timerLimit,
        .pendingWorkCancelled, .unhandledRejection, .consoleTruncated, .hostGlobalReplaced, .eventsTruncated,
        .outputNameClash, .outputDropped, .outputNotFinite, .outputNotSerializable, .topLevelReturn,
        .invalidArgument, .freqBelowMinimum, .timeLooksLikeSeconds, .timeInPast, .alreadyEnded,
        .endOutsideLiveActivity, .appOnlyAPI, .deprecatedAPI, .fixtureMissing, .stateUnreadable, .stateNotSaved,
        .invalidWidgetID,
        .zoneRulesNotCurrent,
    ]

    // S — running a script
    public static let notUTF8: DiagnosticCode = "not-utf8"
    public static let syntaxError: DiagnosticCode = "syntax-error"
    public static let uncaughtError: DiagnosticCode = "uncaught-error"
    public static let timeLimit: DiagnosticCode = "time-limit"
    public static let memoryLimit: DiagnosticCode = "memory-limit"
    public static let neverSettles: DiagnosticCode = "never-settles"
    public static let timerLimit: DiagnosticCode = "timer-limit"
    public static let pendingWorkCancelled: DiagnosticCode = "pending-work-cancelled"
    public static let unhandledRejection: DiagnosticCode = "unhandled-rejection"
    public static let consoleTruncated: DiagnosticCode = "console-truncated"
    public static let hostGlobalReplaced: DiagnosticCode = "host-global-replaced"
    public static let eventsTruncated: DiagnosticCode = "events-truncated"
    // O — outputs
    public static let outputNameClash: DiagnosticCode = "output-name-clash"
    public static let outputDropped: DiagnosticCode = "output-dropped"
    public static let outputNotFinite: DiagnosticCode = "output-not-finite"
    public static let outputNotSerializable: DiagnosticCode = "output-not-serializable"
    public static let topLevelReturn: DiagnosticCode = "top-level-return"
    // C — control bindings
    public static let invalidArgument: DiagnosticCode = "invalid-argument"
    public static let freqBelowMinimum: DiagnosticCode = "freq-below-minimum"
    public static let timeLooksLikeSeconds: DiagnosticCode = "time-looks-like-seconds"
    public static let timeInPast: DiagnosticCode = "time-in-past"
    public static let alreadyEnded: DiagnosticCode = "already-ended"
    public static let endOutsideLiveActivity: DiagnosticCode = "end-outside-live-activity"
    // A — the wider script API
    public static let appOnlyAPI: DiagnosticCode = "app-only-api"
    public static let deprecatedAPI: DiagnosticCode = "deprecated-api"
    public static let fixtureMissing: DiagnosticCode = "fixture-missing"
    public static let stateUnreadable: DiagnosticCode = "state-unreadable"
    public static let invalidWidgetID: DiagnosticCode = "invalid-widget-id"
    public static let stateNotSaved: DiagnosticCode = "state-not-saved"
    // T — time
    public static let zoneRulesNotCurrent: DiagnosticCode = "zone-rules-not-current"
}
