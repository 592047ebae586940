import ErrorKinds

/// A structured finding attached to a run: a stable code, a severity, a message
/// that says what to do, and a source location where one exists.
public struct Diagnostic: Sendable, Hashable {
    /// The stable code, listed in docs/diagnostics.md.
    public var code: DiagnosticCode
    /// How serious the finding is.
    public var severity: Severity
    /// What happened and what to do, without the location or the code (``stderrLine(file:label:)``
    /// adds them).
    public var message: String
    /// 1-based line and column in the user's file, as written (S2); nil where the finding has no
    /// place in the file.
    public var line: Int?
    /// The 1-based column on ``line``; nil when only the line is known.
    public var column: Int?

    /// A diagnostic with `code` and `severity`, at `line` and `column` in the user's file when given.
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
    /// The code as reports print it: `freq-below-minimum`.
    public let rawValue: String
    /// The code spelled `rawValue`; any string is taken, ``all`` lists those the host emits.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The code spelled by the literal, as the constants below are made.
    public init(stringLiteral value: String) { rawValue = value }
    /// The code as reports print it (``rawValue``).
    public var description: String { rawValue }

    /// Every code the host emits; docs/diagnostics.md documents each (a test checks).
    public static let all: [DiagnosticCode] = [
        .notUTF8, .syntaxError, .uncaughtError, .timeLimit, .memoryLimit, .scriptTooLarge, .neverSettles, .timerLimit,
        .pendingWorkCancelled, .unhandledRejection, .consoleTruncated, .hostGlobalReplaced, .eventsTruncated,
        .outputNameClash, .outputDropped, .outputNotFinite, .outputNotSerializable, .topLevelReturn,
        .invalidArgument, .freqBelowMinimum, .timeLooksLikeSeconds, .timeInPast, .alreadyEnded,
        .endOutsideLiveActivity, .appOnlyAPI, .deprecatedAPI, .fixtureMissing, .stateUnreadable, .stateNotSaved,
        .stateBusy, .invalidWidgetID,
        .zoneRulesNotCurrent,
        .bindingNotCollected, .updateCallIgnored,
    ]

    // S — running a script
    /// The script file is not UTF-8; the message says which byte (S1). The script does not run.
    public static let notUTF8: DiagnosticCode = "not-utf8"
    /// The script does not parse; line and column point at the problem (S1). The script does not run.
    public static let syntaxError: DiagnosticCode = "syntax-error"
    /// An exception nothing caught, or a rejected body (S5).
    public static let uncaughtError: DiagnosticCode = "uncaught-error"
    /// The run went past its wall-clock limit (S6).
    public static let timeLimit: DiagnosticCode = "time-limit"
    /// The run used more than its memory limit, or the engine refused it an allocation (S6).
    public static let memoryLimit: DiagnosticCode = "memory-limit"
    /// The script is larger than its run parses (``RunConfiguration/maximumScriptBytes``, or
    /// more tokens than ``RunConfiguration/maximumScriptTokens``): it was not run, and the run
    /// ends `memory` (S6).
    public static let scriptTooLarge: DiagnosticCode = "script-too-large"
    /// The body waits for a promise nothing can settle: no timer or request is pending (S4).
    public static let neverSettles: DiagnosticCode = "never-settles"
    /// The script fired ``RunConfiguration/timerFiringLimit`` timers without finishing (T3).
    public static let timerLimit: DiagnosticCode = "timer-limit"
    /// Timers or requests were still pending when the body settled; they were cancelled (S4).
    public static let pendingWorkCancelled: DiagnosticCode = "pending-work-cancelled"
    /// A promise was rejected and nothing handled it; the status is unchanged (S5).
    public static let unhandledRejection: DiagnosticCode = "unhandled-rejection"
    /// More console entries than the limit; the rest were counted, not kept (S8).
    public static let consoleTruncated: DiagnosticCode = "console-truncated"
    /// The script assigned to, deleted or redefined a host global (C8).
    public static let hostGlobalReplaced: DiagnosticCode = "host-global-replaced"
    /// More control calls than ``RunConfiguration/eventLimit``; the rest were counted, not kept (C5).
    public static let eventsTruncated: DiagnosticCode = "events-truncated"
    // O — outputs
    /// A top-level binding and a `this` property share a name; the property wins (O2). An info.
    public static let outputNameClash: DiagnosticCode = "output-name-clash"
    /// An output is a function, `undefined` or a symbol, and is left out (O3).
    public static let outputDropped: DiagnosticCode = "output-dropped"
    /// An output is `NaN` or infinite; it is published as `null` (O3).
    public static let outputNotFinite: DiagnosticCode = "output-not-finite"
    /// An output cannot be JSON (cyclic, a `BigInt`, a getter that throws) or is too large to publish; left
    /// out (O3).
    public static let outputNotSerializable: DiagnosticCode = "output-not-serializable"
    /// The script returned at top level; the outputs are the bindings initialised by then (O4).
    public static let topLevelReturn: DiagnosticCode = "top-level-return"
    // C — control bindings
    /// A binding or API call got a value of the wrong type or range; the call was ignored or gave its
    /// documented fallback (C1, C3, C8).
    public static let invalidArgument: DiagnosticCode = "invalid-argument"
    /// `setUpdateFreq` below 5 minutes; 5 minutes is what is in force (C1).
    public static let freqBelowMinimum: DiagnosticCode = "freq-below-minimum"
    /// `setUpdateTime` got a value below 1e11, which looks like seconds (C3).
    public static let timeLooksLikeSeconds: DiagnosticCode = "time-looks-like-seconds"
    /// `setUpdateTime` got a time not after now; the call was ignored (C3).
    public static let timeInPast: DiagnosticCode = "time-in-past"
    /// `endLiveActivity()` was called again; no further effect (C6).
    public static let alreadyEnded: DiagnosticCode = "already-ended"
    /// `endLiveActivity()` in a script that is not a Live Activity; no effect (C6).
    public static let endOutsideLiveActivity: DiagnosticCode = "end-outside-live-activity"
    // A — the wider script API
    /// `Widget.openUrl`, `Widget.reload` or `Setting.add` in a widget run: a no-op, as on the device (A7).
    public static let appOnlyAPI: DiagnosticCode = "app-only-api"
    /// `http.get` or `http.post`, which are deprecated; the message shows the `Request` code to use (A9).
    public static let deprecatedAPI: DiagnosticCode = "deprecated-api"
    /// In replay, a request that no fixture answers; the request rejects (A3).
    public static let fixtureMissing: DiagnosticCode = "fixture-missing"
    /// A stored file in the state folder is not valid; the run started without it and does not save over it
    /// (A4).
    public static let stateUnreadable: DiagnosticCode = "state-unreadable"
    /// A widget id that cannot name a storage folder (A11): in a profile it is a profile error; given to a
    /// run, the run starts with empty storage and saves nothing.
    public static let invalidWidgetID: DiagnosticCode = "invalid-widget-id"
    /// Storage or recorded fixtures could not be written at the end of the run, so what the run stored is
    /// lost (A3, A4).
    public static let stateNotSaved: DiagnosticCode = "state-not-saved"
    /// Another run held the lock of the widget's storage for all of this run's time limit: the run used
    /// none of its storage and saved nothing (A12).
    public static let stateBusy: DiagnosticCode = "state-busy"
    // H — the HarmonyOS edition
    /// A top-level name that is not one of a HarmonyOS card's bindings: its declaration is indented,
    /// destructured, or not the first of a comma list (H2). Info: `${name}` stays empty.
    public static let bindingNotCollected: DiagnosticCode = "binding-not-collected"
    /// A HarmonyOS `setUpdateFreq` or `setUpdateTime` call given 0 or a non-number, which is as if
    /// it were not called (H5, H6).
    public static let updateCallIgnored: DiagnosticCode = "update-call-ignored"
    // T — time
    /// The system's tzdata could not be made into the engine's zone rules, so the script's `Date` and `Intl`
    /// use the engine's own (T2).
    public static let zoneRulesNotCurrent: DiagnosticCode = "zone-rules-not-current"
}

extension Diagnostic: Finding {
    /// The code's text.
    public var codeName: String { code.rawValue }
}
