import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A finished `widgethost` process: its exit code, output, wall time and peak resident size.
struct ChildRun {
    var code: Int32
    var out: String
    var err: String
    var seconds: Double
    /// The largest resident size of the process and of every process it waited for (its
    /// workers), in bytes.
    var peakResident: Int
}

enum ChildProcess {
    /// The `widgethost` binary built next to the test bundle; a missing one fails the test.
    static func widgethost() throws -> String {
        var bundle = CommandLine.arguments[0]
        if !bundle.hasSuffix(".xctest") { bundle = CommandLine.arguments.first { $0.hasSuffix(".xctest") } ?? bundle }
        let executable = String(bundle[..<(bundle.lastIndex(of: "/") ?? bundle.startIndex)]) + "/widgethost"
        guard access(executable, X_OK) == 0 else {
            XCTFail("the widgethost binary is not built at \(executable) (swift build --build-tests builds it)")
            throw HarnessError.missing
        }
        return executable
    }

    enum HarnessError: Error { case missing, cannotStart }

    static func monotonic() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Runs `arguments` with `widgethost`, reading both streams until they close.
    static func run(_ arguments: [String]) throws -> ChildRun {
        let executable = try widgethost()
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw HarnessError.cannotStart }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for fd in outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let environment: [String] = ["NO_COLOR=1", "TZ=UTC", "SWIFT_BACKTRACE=enable=no"]
        let envp = environment.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        let start = monotonic()
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        close(outPipe[1])
        close(errPipe[1])
        guard spawned == 0 else {
            close(outPipe[0])
            close(errPipe[0])
            throw HarnessError.cannotStart
        }
        var out: [UInt8] = []
        var err: [UInt8] = []
        var fds = [pollfd(fd: outPipe[0], events: Int16(POLLIN), revents: 0), pollfd(fd: errPipe[0], events: Int16(POLLIN), revents: 0)]
        var open = 2
        var buffer = [UInt8](repeating: 0, count: 65536)
        while open > 0 {
            _ = poll(&fds, 2, -1)
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
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        let seconds = monotonic() - start
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return ChildRun(
            code: code, out: String(decoding: out, as: UTF8.self), err: String(decoding: err, as: UTF8.self),
            seconds: seconds, peakResident: Int(usage.ru_maxrss) * 1024)
    }

    /// A fresh folder under the system's temporary folder.
    static func temporaryFolder() throws -> String {
        var template = Array("/tmp/widgethost-hostile-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw HarnessError.cannotStart }
        return String(cString: made)
    }

    static func write(_ text: String, to path: String) throws {
        guard let file = fopen(path, "wb") else { throw HarnessError.cannotStart }
        defer { fclose(file) }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    }

    /// Removes a folder made by ``temporaryFolder()`` and what is in it.
    static func remove(_ folder: String) {
        guard folder.hasPrefix("/tmp/widgethost-hostile-") else { return }
        var entries: [String] = []
        if let directory = opendir(folder) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { entries.append(name) }
            }
            closedir(directory)
        }
        for name in entries {
            let path = folder + "/" + name
            if unlink(path) != 0 { remove(path) }
        }
        rmdir(folder)
    }
}
