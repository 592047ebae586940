import JSONKit
import ServeCLI
import WidgetHostCLI
import HostSystem
import Synchronization
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Runs `widgethost serve ARGS…` in-process (the `widgethost-serve` program's code) with
/// captured streams. `tool("serve", …)` would replace the test process with that program.
func serveTool(_ arguments: String...) -> ToolResult {
    let capture = Capture()
    let terminal = Terminal(writeOut: { capture.out += $0 }, writeErr: { capture.err += $0 })
    let code = ServeTool.main(arguments: arguments, terminal: terminal)
    return ToolResult(code: code, out: capture.out, err: capture.err)
}

/// A line `widgethost serve` should have printed and did not.
struct ServeOutputMissing: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// A `widgethost serve` process running in the background.
final class ServeProcess {
    /// The receiver the serve tests start: a store `push.db` in `directory`, a free port, one
    /// user and widget, and a fixed clock, with `extra` flags after them.
    static func serving(_ directory: String, _ extra: [String] = []) throws -> ServeProcess {
        try ServeProcess(["--port", "0", "--db", directory + "/push.db", "--user-id", "u", "--widget-id", "w",
                          "--now", "1710000000"] + extra)
    }

    private let process: ChildProcess
    var pid: pid_t { process.pid }
    private var output: Int32 { process.output }
    private var pending: [UInt8] = []
    private(set) var lines: [String] = []
    private(set) var port = 0
    private var exitStatus: Int32?

    init(_ arguments: [String]) throws {
        let argv = [try BuiltProgram.path("widgethost"), "serve"] + arguments
        do {
            process = try ChildProcess(argv, environment: Program.defaultEnvironment, output: .pipe, errors: .output)
        } catch {
            throw HarnessError("cannot start widgethost serve: \(error)")
        }
        let listening = try waitForLine(containing: "listening on http://127.0.0.1:")
        port = Int(listening.split(separator: ":").last ?? "") ?? 0
    }

    deinit {
        if exitStatus == nil {
            process.signal(SIGKILL)
            _ = wait()
        }
    }

    /// Reads output until a line contains `text` (10 s at most).
    @discardableResult
    func waitForLine(containing text: String, seconds: Int32 = 10) throws -> String {
        var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        var buffer = [UInt8](repeating: 0, count: 65536)
        var waited: Int32 = 0
        while true {
            while let newline = pending.firstIndex(of: 10) {
                lines.append(String(decoding: pending[..<newline], as: UTF8.self))
                pending.removeSubrange(...newline)
            }
            if let line = lines.first(where: { $0.contains(text) }) { return line }
            guard waited < seconds * 1000 else { break }
            let ready = poll(&descriptor, 1, 100)
            waited += 100
            guard ready > 0 else { continue }
            let n = read(output, &buffer, buffer.count)
            if n <= 0 { break }
            pending += buffer[0..<n]
        }
        throw ServeOutputMissing(message: "widgethost serve never printed '\(text)'; output so far: \(lines.joined(separator: "\n"))")
    }

    /// Sends a signal and waits for the exit code (128 + signal when killed by it).
    func stop(_ signal: Int32) -> Int32 {
        process.signal(signal)
        return wait()
    }

    private func wait() -> Int32 {
        if let exitStatus { return exitStatus }
        let termination = process.wait()
        // Keep what it printed on the way out.
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(output, &buffer, buffer.count)
            if n <= 0 { break }
            pending += buffer[0..<n]
        }
        lines += String(decoding: pending, as: UTF8.self).split(separator: "\n").map(String.init)
        pending = []
        let code = termination.code
        exitStatus = code
        return code
    }
}

/// A keep-alive HTTP/1.1 connection to 127.0.0.1.
final class PushConnection {
    let fd: Int32

    init?(port: Int) {
        fd = Sockets.connect(port: port, receiveTimeout: 5)
        if fd < 0 { return nil }
    }

    deinit { close(fd) }

    /// Sends one request and reads its response: the status and the JSON body; nil when the
    /// connection broke.
    func request(_ method: String, _ path: String, body: JSONValue? = nil) -> (status: Int, json: JSONValue?)? {
        let payload = body.map { Array($0.serialized().utf8) } ?? []
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if body != nil { head += "Content-Type: application/json\r\nContent-Length: \(payload.count)\r\n" }
        let bytes = Array((head + "\r\n").utf8) + payload
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return nil }
            sent += n
        }
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if let end = headerEnd(data) {
                let head = String(decoding: data[..<end], as: UTF8.self)
                let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
                var length = 0
                for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
                    length = Int(line.split(separator: ":")[1].trimmingPrefix(" ")) ?? 0
                }
                if data.count >= end + 4 + length {
                    return (status, try? JSONValue.parse(bytes: data[(end + 4)..<(end + 4 + length)]))
                }
            }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { return nil }
            data += buffer[0..<n]
        }
    }

    private func headerEnd(_ data: [UInt8]) -> Int? {
        guard data.count >= 4 else { return nil }
        for index in 0...(data.count - 4) where data[index] == 13 && data[index + 1] == 10 && data[index + 2] == 13 && data[index + 3] == 10 {
            return index
        }
        return nil
    }
}

/// An OS thread for load generators.
final class LoadThread {
    private var thread = pthread_t()
    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    init(_ body: @escaping () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        pthread_create(&thread, nil, { pointer in
            Unmanaged<Box>.fromOpaque(pointer!).takeRetainedValue().body()
            return nil
        }, box)
    }

    func join() { pthread_join(thread, nil) }
}

/// Nonces acknowledged by the receiver, collected from several threads.
final class AcknowledgedNonces: Sendable {
    private let nonces = Mutex<[String]>([])
    func add(_ nonce: String) { nonces.withLock { $0.append(nonce) } }
    var all: [String] { nonces.withLock { $0 } }
    var count: Int { nonces.withLock { $0.count } }
}

/// A documented-style request body.
func cliPushBody(_ type: String, nonce: String, timestamp: Int = 1_710_000_000) -> JSONValue {
    [
        "user_id": "u", "widget_id": "w", "type": .string(type), "timestamp": .number(Double(timestamp)),
        "nonce": .string(nonce), "content_state": ["isLoading": false, "data": "{\"n\":1}"],
    ]
}
