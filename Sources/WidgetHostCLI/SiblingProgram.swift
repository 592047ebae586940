import ErrorKinds
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A program of the tool's (found by ``locate(_:)``) that a command runs in the process's
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

    /// The folder of the running executable, symbolic links resolved (`/proc/self/exe`).
    static func folder() -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { pointer in
            pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) {
                readlink("/proc/self/exe", $0, pointer.count - 1)
            }
        }
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[..<count], as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Where the tool's other programs are looked for, in order: the running executable's
    /// folder (a build folder, or one folder all three were copied into), then
    /// `../libexec/widgethost` from it, the package's layout (`/usr/bin/widgethost` finds
    /// `/usr/libexec/widgethost/widgethost-render`, and so does a copy unpacked under any root).
    static func folders(beside folder: String) -> [String] {
        let trimmed = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let parent = trimmed.lastIndex(of: "/").map { $0 == trimmed.startIndex ? "" : String(trimmed[..<$0]) } ?? "."
        return [trimmed, parent + "/libexec/widgethost"]
    }

    /// The path of the tool's program `program`: the first executable of that name in
    /// ``folders(beside:)`` of the running executable; else the sentence saying where it was
    /// looked for and what to do.
    static func locate(_ program: String) -> Result<String, SiblingMissing> {
        guard let folder = folder() else {
            return .failure(SiblingMissing(program: program, folders: []))
        }
        let folders = folders(beside: folder)
        for candidate in folders {
            let path = (candidate.hasSuffix("/") ? candidate : candidate + "/") + program
            if access(path, X_OK) == 0 { return .success(path) }
        }
        return .failure(SiblingMissing(program: program, folders: folders))
    }

    /// Replaces the process with `program` from the executable's folder, given `arguments`.
    /// Returns only when it cannot: after one line on stderr saying what to do, with 69.
    public func exec(terminal: Terminal = .standard()) -> Int32 {
        let style = Style(enabled: terminal.colorErr)
        let path: String
        switch Self.locate(program) {
        case .success(let found):
            path = found
        case .failure(let missing):
            terminal.err("\(style.red("error")): 'widgethost \(command)' runs \(missing.description)")
            return ExitCode.of(missing.errorKind)
        }
        terminal.flush()
        fflush(stdout)
        fflush(stderr)
        let cArguments = ([path] + arguments).map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        execv(path, cArguments)
        let reason = errno
        terminal.err("\(style.red("error")): 'widgethost \(command)' cannot run \(path): \(String(cString: strerror(reason))); \(SiblingMissing.remedy)")
        return ExitCode.of(ErrorKind.environment(.notInstalled))
    }
}

/// A program of the tool's that is not where ``SiblingProgram/locate(_:)`` looks: which one,
/// the folders looked in, and what to do, as one sentence.
struct SiblingMissing: KindedError, Sendable, CustomStringConvertible {
    /// A part of the tool that is not installed.
    var errorKind: ErrorKind { .environment(.notInstalled) }
    /// The program's file name, e.g. `widgethost-render`.
    var program: String
    /// The folders it was looked for in, in order; empty when the executable's own folder is unknown.
    var folders: [String]

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
