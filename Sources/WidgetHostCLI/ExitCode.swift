import ErrorKinds
import ExitCodes
import WidgetHost

/// Exit codes (X2): the library's, so the tool and the conformance runner agree.
public typealias ExitCode = ExitStatus

/// A command that cannot do its work: one line saying what is wrong and what to do, and what
/// kind of error it is, from which the exit code follows (``ExitStatus``).
public struct CommandError: KindedError, Sendable {
    /// What is wrong, in one line, without the `error: ` prefix.
    public var message: String
    /// What kind of error it is: a malformed or missing input, a file that cannot be made, …
    public var errorKind: ErrorKind
    /// An error saying `message`, of `kind`.
    public init(_ message: String, kind: ErrorKind) {
        self.message = message
        self.errorKind = kind
    }
    /// The exit code it ends the command with: its kind's.
    public var code: Int32 { ExitStatus.of(errorKind) }
}

extension UsageError: KindedError {
    /// A usage mistake is the user's input: exit 64.
    public var errorKind: ErrorKind { .input(.usage) }
}
