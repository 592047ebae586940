import HostSystem
import JSONKit
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A program of the tool running in the background, its output (stdout and stderr) read line
/// by line. It is killed when the value goes, if it is still running.
class RunningTool {
    private let process: ChildProcess
    private var pending: [UInt8] = []
    /// Every line it printed so far.
    private(set) var lines: [String] = []
    private var exitStatus: Int32?
    var pid: pid_t { process.pid }

    /// Starts `arguments` (the program's path first).
    init(_ arguments: [String]) throws {
        do {
            process = try ChildProcess(arguments, environment: Program.defaultEnvironment, output: .pipe, errors: .output)
        } catch {
            throw HarnessError("cannot start \(arguments.joined(separator: " ")): \(error)")
        }
    }

    deinit {
        if exitStatus == nil {
            process.signal(SIGKILL)
            process.wait()
        }
    }

    /// Reads output until a line from the `from`-th on contains `text` (`seconds` at most);
    /// that line's index.
    @discardableResult
    func waitForLine(containing text: String, from first: Int = 0, seconds: Int = 60) throws -> Int {
        var descriptor = pollfd(fd: process.output, events: Int16(POLLIN), revents: 0)
        var buffer = [UInt8](repeating: 0, count: 65536)
        var waited = 0
        while true {
            while let newline = pending.firstIndex(of: 10) {
                lines.append(String(decoding: pending[..<newline], as: UTF8.self))
                pending.removeSubrange(...newline)
            }
            if first < lines.count, let index = lines[first...].firstIndex(where: { $0.contains(text) }) { return index }
            guard waited < seconds * 1000 else { break }
            let ready = poll(&descriptor, 1, 100)
            waited += 100
            guard ready > 0 else { continue }
            let count = read(process.output, &buffer, buffer.count)
            if count <= 0 { break }
            pending += buffer[0..<count]
        }
        throw HarnessError("it never printed '\(text)'; its output:\n\(lines.joined(separator: "\n"))")
    }

    /// Sends `signal` and waits up to `seconds` for it to end, reading what it prints: its exit
    /// code, or nil when it was still running then (it is killed).
    func stop(_ signal: Int32 = SIGTERM, seconds: Int = 30) -> Int32? {
        if let exitStatus { return exitStatus }
        process.signal(signal)
        var buffer = [UInt8](repeating: 0, count: 65536)
        let ended = Wait.until(.seconds(seconds), poll: .milliseconds(20)) {
            var descriptor = pollfd(fd: self.process.output, events: Int16(POLLIN), revents: 0)
            while poll(&descriptor, 1, 0) > 0 {
                let count = read(self.process.output, &buffer, buffer.count)
                if count <= 0 { break }
                self.pending += buffer[0..<count]
            }
            return self.process.hasEnded()
        }
        if !ended { process.signal(SIGKILL) }
        let code = process.wait().code
        exitStatus = code
        while true {
            let count = read(process.output, &buffer, buffer.count)
            if count <= 0 { break }
            pending += buffer[0..<count]
        }
        lines += String(decoding: pending, as: UTF8.self).split(separator: "\n").map(String.init)
        pending = []
        return ended ? code : nil
    }

    /// The resident size of the process now, bytes (`VmRSS`).
    var residentBytes: Int {
        let status = Files.text("/proc/\(pid)/status") ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }
}

/// One HTTP/1.1 exchange with a studio, on a connection of its own: the status and body, or
/// nil when the connection was refused, reset or closed before a whole answer.
func studioRequest(port: Int, _ method: String, _ path: String, json body: JSONValue? = nil) -> (status: Int, body: [UInt8])? {
    let fd = Sockets.connect(port: port, receiveTimeout: 60, sendTimeout: 10)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    let payload = body.map { Array($0.serialized().utf8) } ?? []
    var request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
    if body != nil { request += "Content-Type: application/json\r\nContent-Length: \(payload.count)\r\n" }
    guard sendAll(fd, Array((request + "\r\n").utf8) + payload) else { return nil }
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = recv(fd, &buffer, buffer.count, 0)
        if count < 0 { return nil }
        if count == 0 { break }
        data += buffer[0..<count]
    }
    guard let end = data.firstRange(of: [13, 10, 13, 10]) else { return nil }
    let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
    guard let status = Int(head.split(separator: " ").dropFirst().first ?? "") else { return nil }
    var length: Int?
    for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
        length = Int(line.dropFirst("content-length:".count).trimmingPrefix(" "))
    }
    let content = Array(data[end.upperBound...])
    if let length, content.count != length { return nil }
    return (status, content)
}

/// Sends all of `bytes` on `fd`; false when the connection broke.
@discardableResult
func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
        let count = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
        if count <= 0 { return false }
        sent += count
    }
    return true
}

/// The studio's view now, parsed.
func studioView(port: Int) throws -> JSONObject {
    guard let answer = studioRequest(port: port, "GET", "/api/view") else { throw HarnessError("GET /api/view got no answer") }
    guard answer.status == 200, let view = try? JSONValue.parse(bytes: answer.body).objectValue else {
        throw HarnessError("GET /api/view answered \(answer.status): \(String(decoding: answer.body.prefix(300), as: UTF8.self))")
    }
    return view
}

/// Saves `text` at `path` as editors do: a new file renamed over the old one.
func saveAsEditor(_ path: String, _ text: String) throws {
    try Files.write(path + ".saving", text)
    guard rename(path + ".saving", path) == 0 else { throw HarnessError("cannot rename over \(path)") }
}

/// `widgethost studio ARGUMENTS… --port 0` running in the background, once it listens.
final class StudioProcess: RunningTool {
    private(set) var port = 0

    init(studio arguments: [String]) throws {
        try super.init([try BuiltProgram.path("widgethost"), "studio"] + arguments + ["--port", "0"])
        let index = try waitForLine(containing: "listening on http://127.0.0.1:")
        let listening = lines[index]
        let address = listening.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") } ?? ""
        port = Int(address.dropFirst("http://127.0.0.1:".count).prefix { $0.isNumber }) ?? 0
        if port == 0 { throw HarnessError("no port in the studio's line: \(listening)") }
    }
}
