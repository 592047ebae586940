import ErrorKinds

/// Why a script stopped: the one Swift error type for every JavaScript exception.
///
/// Every JavaScriptCore call that has an exception out-parameter goes through
/// ``ScriptContext`` helpers that turn the exception into this type.
public struct ScriptError: KindedError, Sendable, Hashable, CustomStringConvertible {
    /// A script that does not parse, throws, or is stopped at its limits: the script's error.
    public var errorKind: ErrorKind { .script }
    /// What raised the error.
    public enum Phase: String, Sendable {
        /// Parsing the source failed (`SyntaxError`).
        case parse
        /// Evaluating a script or calling a function threw.
        case evaluate
        /// The execution guard stopped the script (time or memory).
        case terminated
    }

    /// Why the execution guard stopped a script.
    public enum Termination: String, Sendable {
        case timeout
        case memory
    }

    public var phase: Phase
    /// The error's `name` (`TypeError`, `SyntaxError`, …) or `"Error"` when a non-Error was thrown.
    public var name: String
    /// The error's `message`, or the string form of a thrown non-Error value.
    public var message: String
    /// 1-based line in `sourceURL`, when known.
    public var line: Int?
    /// 1-based column in `sourceURL`, when known.
    public var column: Int?
    /// The file the error points into.
    public var sourceURL: String?
    /// The engine's stack trace (`name@url:line:column` per line), when any.
    public var stack: String?
    /// Set when the execution guard stopped the script.
    public var termination: Termination?
    /// True when the thrown value was an `Error` object (not a string or number).
    public var thrownErrorObject: Bool

    public init(
        phase: Phase, name: String, message: String, line: Int? = nil, column: Int? = nil,
        sourceURL: String? = nil, stack: String? = nil, termination: Termination? = nil,
        thrownErrorObject: Bool = true
    ) {
        self.phase = phase
        self.name = name
        self.message = message
        self.line = line
        self.column = column
        self.sourceURL = sourceURL
        self.stack = stack
        self.termination = termination
        self.thrownErrorObject = thrownErrorObject
    }

    /// `Name: message`, as JavaScript's `String(error)` prints it.
    public var description: String {
        thrownErrorObject ? (message.isEmpty ? name : "\(name): \(message)") : message
    }

    static func terminated(_ reason: Termination) -> ScriptError {
        ScriptError(
            phase: .terminated, name: "Termination",
            message: reason == .timeout ? "the script ran past its time limit" : "the script went over its memory limit",
            termination: reason)
    }
}
