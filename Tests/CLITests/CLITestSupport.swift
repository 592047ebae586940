import WidgetHostCLI
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Captured output of one in-process tool invocation.
struct ToolResult {
    var code: Int32
    var out: String
    var err: String
}

final class Capture {
    var out = ""
    var err = ""
}

/// Runs the tool in-process with captured streams. Not for `serve`, which execs its own
/// program (use `serveTool`, or `binary(["serve", …])`).
func tool(_ arguments: String...) -> ToolResult { tool(arguments) }

func tool(_ arguments: [String]) -> ToolResult {
    let capture = Capture()
    let terminal = Terminal(writeOut: { capture.out += $0 }, writeErr: { capture.err += $0 })
    let code = WidgetHostTool.main(arguments: arguments, terminal: terminal)
    return ToolResult(code: code, out: capture.out, err: capture.err)
}

/// The package root, found from this file's path.
let packageRoot: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
}()

func example(_ name: String) -> String { packageRoot + "/Fixtures/Examples/" + name }

/// Runs the built `widgethost` binary (next to the test bundle) as a user would.
func binary(_ arguments: [String], environment: [String] = ["NO_COLOR=1", "TZ=UTC"]) throws -> ToolResult {
    var bundle = CommandLine.arguments[0]
    if !bundle.hasSuffix(".xctest") { bundle = CommandLine.arguments.first { $0.hasSuffix(".xctest") } ?? bundle }
    let directory = String(bundle[..<(bundle.lastIndex(of: "/") ?? bundle.startIndex)])
    let executable = directory + "/widgethost"
    guard access(executable, X_OK) == 0 else { throw XCTSkip("the widgethost binary is not built at \(executable)") }
    return try spawn([executable] + arguments, environment: environment)
}

func spawn(_ argv: [String], environment: [String]) throws -> ToolResult {
    var outPipe: [Int32] = [0, 0]
    var errPipe: [Int32] = [0, 0]
    guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw XCTSkip("no pipes") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
    posix_spawn_file_actions_addclose(&actions, outPipe[0])
    posix_spawn_file_actions_addclose(&actions, errPipe[0])
    // The originals too: a child that starts a daemon (tmux) must not pass them on, or
    // the pipes never reach their end.
    posix_spawn_file_actions_addclose(&actions, outPipe[1])
    posix_spawn_file_actions_addclose(&actions, errPipe[1])
    let cArgs = argv.map { strdup($0) } + [nil]
    let cEnv = (environment + ["SWIFT_BACKTRACE=enable=no"]).map { strdup($0) } + [nil]
    defer { cArgs.forEach { free($0) }; cEnv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv)
    posix_spawn_file_actions_destroy(&actions)
    close(outPipe[1])
    close(errPipe[1])
    guard spawned == 0 else { throw XCTSkip("cannot start \(argv[0])") }
    // Read both pipes without deadlock: poll until both close.
    var out: [UInt8] = []
    var err: [UInt8] = []
    var fds = [pollfd(fd: outPipe[0], events: Int16(POLLIN), revents: 0), pollfd(fd: errPipe[0], events: Int16(POLLIN), revents: 0)]
    var open = 2
    var buffer = [UInt8](repeating: 0, count: 65536)
    while open > 0 {
        _ = poll(&fds, 2, 30_000)
        for index in 0..<2 where fds[index].fd >= 0 && fds[index].revents != 0 {
            let count = read(fds[index].fd, &buffer, buffer.count)
            if count <= 0 {
                close(fds[index].fd)
                fds[index].fd = -1
                open -= 1
            } else if index == 0 {
                out += buffer[0..<count]
            } else {
                err += buffer[0..<count]
            }
        }
    }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return ToolResult(code: code, out: String(decoding: out, as: UTF8.self), err: String(decoding: err, as: UTF8.self))
}

func writeFile(_ path: String, _ bytes: [UInt8]) {
    let file = fopen(path, "wb")!
    _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
}

/// The first executable named `name` on the PATH, or nil.
func which(_ name: String) -> String? {
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
}
