/// Exit codes (X2).
public enum ExitCode {
    public static let success: Int32 = 0
    /// The work ran and found failure: a script error, a failing fixture, a refused push.
    public static let failure: Int32 = 1
    public static let usage: Int32 = 64
    /// Bad input data: a malformed fixture, profile or JSON, a script that is not UTF-8.
    public static let dataError: Int32 = 65
    /// A named file is missing or unreadable.
    public static let noInput: Int32 = 66
    public static let internalError: Int32 = 70
}

/// A problem with an input file: exit 65 (bad data) or 66 (missing or unreadable).
public struct InputError: Error, Sendable {
    public var message: String
    public var code: Int32
    public init(_ message: String, code: Int32) {
        self.message = message
        self.code = code
    }
}
