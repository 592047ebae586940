import ExitCodes
import WidgetHost

/// Exit codes (X2): the library's, so the tool and the conformance runner agree.
public typealias ExitCode = ExitStatus

/// A problem with an input file: exit 65 (bad data) or 66 (missing or unreadable).
public struct InputError: Error, Sendable {
    /// What is wrong with the file, in one line, without the `error: ` prefix.
    public var message: String
    /// The exit code: ``ExitStatus/dataError`` (65), ``ExitStatus/noInput`` (66) or another of X2.
    public var code: Int32
    /// An input error saying `message` that ends the command with `code`.
    public init(_ message: String, code: Int32) {
        self.message = message
        self.code = code
    }
}
