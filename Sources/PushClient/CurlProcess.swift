#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Sends a JSON body with the `curl` program, as a user would (`widgethost push --send`).
public enum CurlProcess {
    /// What came back.
    public struct Response: Sendable {
        /// The HTTP status, 0 when no response arrived.
        public var status: Int
        public var body: String
        /// curl's own error message (connection refused, timeout…), empty when it got a response.
        public var error: String
    }

    /// A failure to run curl at all.
    public struct LaunchError: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// POSTs `body` as `application/json` to `url` and returns the response.
    public static func post(url: String, body: String, timeoutSeconds: Int = 30) throws(LaunchError) -> Response {
        let arguments = ["curl", "-sS", "-X", "POST", url, "-H", "Content-Type: application/json",
                         "--data-binary", "@-", "--max-time", String(timeoutSeconds), "-w", "\n%{http_code}"]
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0], errors: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&output) == 0, pipe(&errors) == 0 else {
            throw LaunchError(message: "cannot create pipes for curl")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        for fd in [input[1], output[0], errors[0]] { posix_spawn_file_actions_addclose(&actions, fd) }
        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "curl", &actions, nil, cArguments, environ)
        close(input[0])
        close(output[1])
        close(errors[1])
        guard spawned == 0 else {
            close(input[1]); close(output[0]); close(errors[0])
            throw LaunchError(message: "cannot run curl (\(String(cString: strerror(spawned)))); install it (apt-get install curl) or send the printed command yourself")
        }
        // The body is at most 64 KiB and curl reads it before it writes anything.
        let bytes = Array(body.utf8)
        var written = 0
        signal(SIGPIPE, SIG_IGN)
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(input[1], $0.baseAddress! + written, bytes.count - written) }
            if n <= 0 { break }
            written += n
        }
        close(input[1])
        var out: [UInt8] = [], err: [UInt8] = []
        var fds = [pollfd(fd: output[0], events: Int16(POLLIN), revents: 0),
                   pollfd(fd: errors[0], events: Int16(POLLIN), revents: 0)]
        var open = 2
        var buffer = [UInt8](repeating: 0, count: 65536)
        while open > 0 {
            _ = poll(&fds, 2, 1000)
            for index in 0..<2 where fds[index].fd >= 0 && fds[index].revents != 0 {
                let n = read(fds[index].fd, &buffer, buffer.count)
                if n <= 0 {
                    close(fds[index].fd)
                    fds[index].fd = -1
                    open -= 1
                } else if index == 0 {
                    out += buffer[0..<n]
                } else {
                    err += buffer[0..<n]
                }
            }
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        var text = String(decoding: out, as: UTF8.self)
        var code = 0
        if let newline = text.lastIndex(of: "\n") {
            code = Int(text[text.index(after: newline)...]) ?? 0
            text = String(text[..<newline])
        }
        return Response(status: code, body: text, error: String(decoding: err, as: UTF8.self))
    }
}
