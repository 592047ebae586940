#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A program installed next to the running executable that a command runs in the process's
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

    /// Replaces the process with `program` from the executable's folder, given `arguments`.
    /// Returns only when it cannot: after one line on stderr saying what to do, with 69.
    public func exec(terminal: Terminal = .standard()) -> Int32 {
        let style = Style(enabled: terminal.colorErr)
        guard let folder = Self.folder() else {
            terminal.err("\(style.red("error")): 'widgethost \(command)' runs the \(program) program next to widgethost, and /proc/self/exe does not say where widgethost is")
            return ExitCode.unavailable
        }
        let path = (folder.hasSuffix("/") ? folder : folder + "/") + program
        terminal.flush()
        fflush(stdout)
        fflush(stderr)
        let cArguments = ([path] + arguments).map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        execv(path, cArguments)
        let reason = errno
        let build = "build it next to widgethost (swift build [-c release] --product \(program)), or use Scripts/widgethost, which builds both"
        if reason == ENOENT {
            terminal.err("\(style.red("error")): 'widgethost \(command)' runs the \(program) program, which is missing from \(folder); \(build)")
        } else {
            terminal.err("\(style.red("error")): 'widgethost \(command)' cannot run \(path): \(String(cString: strerror(reason))); \(build)")
        }
        return ExitCode.unavailable
    }
}
