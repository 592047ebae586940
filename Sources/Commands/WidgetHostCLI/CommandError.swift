import ErrorKinds
import WidgetHost

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

extension CommandError {
    /// A script (or another UTF-8 file) that does not load: its one-line description, with
    /// ` [not-utf8]` when it is not UTF-8, and the load error's kind.
    init(loading error: ScriptLoadError) {
        self.init(error.description + (error.kind == .notUTF8 ? " [not-utf8]" : ""), kind: error.errorKind)
    }
}

extension ScriptSource {
    /// The script at `path`, or the tool's one-line error for it (``CommandError/init(loading:)``).
    static func loadScript(path: String) throws(CommandError) -> ScriptSource {
        do { return try ScriptSource.load(path: path) } catch { throw CommandError(loading: error) }
    }
}
