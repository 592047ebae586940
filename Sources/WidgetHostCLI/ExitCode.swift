import ExitCodes
import WidgetHost

/// Exit codes (X2): the library's, so the tool and the conformance runner agree.
public typealias ExitCode = ExitStatus

/// A problem with an input file: exit 65 (bad data) or 66 (missing or unreadable).
public struct InputError: Error, Sendable {
    public var message: String
    public var code: Int32
    public init(_ message: String, code: Int32) {
        self.message = message
        self.code = code
    }
}
