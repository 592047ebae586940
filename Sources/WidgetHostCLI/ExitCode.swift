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

extension InputError {
    /// A script (or another UTF-8 file) that does not load: its one-line description, with
    /// ` [not-utf8]` and exit 65 when it is not UTF-8, else exit 66.
    init(loading error: ScriptLoadError) {
        let notUTF8 = error.kind == .notUTF8
        self.init(error.description + (notUTF8 ? " [not-utf8]" : ""), code: notUTF8 ? ExitCode.dataError : ExitCode.noInput)
    }
}

extension ScriptSource {
    /// The script at `path`, or the tool's one-line error for it (``InputError/init(loading:)``).
    static func loadScript(path: String) throws(InputError) -> ScriptSource {
        do { return try ScriptSource.load(path: path) } catch { throw InputError(loading: error) }
    }
}
