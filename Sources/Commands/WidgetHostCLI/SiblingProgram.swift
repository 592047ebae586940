import ErrorKinds
import HostSystem
import Preview
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A program of the tool's (found by `SiblingPrograms.locate`, in HostSystem) that a command runs in the process's
/// place (`exec`), so it gets the process, its streams, environment and signals as they are.
/// Only the `widgethost` program's `main` calls ``exec(terminal:)``: a library call never
/// replaces its caller's process.
public struct SiblingProgram: Sendable, Equatable {
    /// The program's file name, e.g. `widgethost-serve`.
    public var program: String
    /// The subcommand that runs it, e.g. `serve`.
    public var command: String
    /// The arguments it is given.
    public var arguments: [String]

    /// The program `program`, run for the subcommand `command` with `arguments`.
    public init(program: String, command: String, arguments: [String]) {
        self.program = program
        self.command = command
        self.arguments = arguments
    }

    /// The tool's programs: `widgethost`, and the two it runs for some commands.
    static let programs = ["widgethost", ServeProgram.program, RenderCommand.program]

    /// Replaces the process with `program` from the executable's folder, given `arguments`.
    /// Returns only when it cannot: after one line on stderr saying what to do, with 69.
    public func exec(terminal: Terminal = .standard()) -> Int32 {
        let style = TextStyle(enabled: terminal.colorErr)
        let path: String
        switch SiblingPrograms.locate(program).mapError(SiblingMissing.init) {
        case .success(let found):
            path = found
        case .failure(let missing):
            terminal.err("\(style.red("error")): 'widgethost \(command)' runs \(missing.description)")
            return ExitStatus.of(missing.errorKind)
        }
        terminal.flush()
        fflush(stdout)
        fflush(stderr)
        let cArguments = ([path] + arguments).map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        execv(path, cArguments)
        let reason = errno
        terminal.err("\(style.red("error")): 'widgethost \(command)' cannot run \(path): \(String(cString: strerror(reason))); \(SiblingMissing.remedy)")
        return ExitStatus.of(ErrorKind.environment(.notInstalled))
    }
}

/// A program of the tool's that is not where `SiblingPrograms.locate` looks: which one,
/// the folders looked in, and what to do, as one sentence.
struct SiblingMissing: KindedError, Sendable, CustomStringConvertible {
    /// A part of the tool that is not installed.
    var errorKind: ErrorKind { .environment(.notInstalled) }
    /// The program's file name, e.g. `widgethost-render`.
    var program: String
    /// The folders it was looked for in, in order; empty when the executable's own folder is unknown.
    var folders: [String]

    /// The program `SiblingPrograms.locate` did not find, and where it looked.
    init(_ missing: SiblingPrograms.NotFound) {
        program = missing.program
        folders = missing.folders
    }

    /// What to do, for every missing program: the three belong together.
    static let remedy = "widgethost needs its three programs (\(SiblingProgram.programs.joined(separator: ", "))) in one folder, "
        + "or the other two in ../libexec/widgethost from widgethost's folder: install the package (Scripts/package builds it), "
        + "copy all three from .build/release after 'swift build -c release', or run Scripts/widgethost from a checkout, which builds all three"

    /// "the widgethost-render program, which is in neither /a nor /b; widgethost needs …".
    var description: String {
        let looked = folders.isEmpty
            ? "which cannot be found: /proc/self/exe does not say where widgethost is"
            : folders.count == 1 ? "which is not in \(folders[0])" : "which is in neither \(folders.dropLast().joined(separator: ", ")) nor \(folders.last!)"
        return "the \(program) program, \(looked); \(Self.remedy)"
    }
}
