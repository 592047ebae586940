import HostSystem
import JSONKit
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A `widgethost studio` running in the background, as an author starts it: its stdout read line
/// by line (the address, the pairing code, what it says later). Stopped with SIGINT by `stop()`,
/// killed when the value goes if it was not.
final class StudioProcess {
    private let process: ChildProcess
    private var pending: [UInt8] = []
    private(set) var lines: [String] = []
    private(set) var port = 0
    private(set) var code = ""
    private var exitStatus: Int32?

    /// The environment of the studios the tests start: no D-Bus system bus, so that they never
    /// advertise through a daemon of the machine (the discovery test makes its own).
    static let environment = Program.defaultEnvironment + ["DBUS_SYSTEM_BUS_ADDRESS=unix:path=/nonexistent/bus"]

    /// Starts `widgethost studio ARGUMENTS…` (`--port 0` is added) and waits for its pairing line.
    init(_ arguments: [String], environment: [String] = StudioProcess.environment) throws {
        let argv = [try BuiltProgram.path("widgethost"), "studio"] + arguments + ["--port", "0"]
        do {
            process = try ChildProcess(argv, environment: environment, output: .pipe, errors: .output)
        } catch {
            throw HarnessError("cannot start widgethost studio: \(error)")
        }
        let pairing = try waitForLine(containing: "VS Code: http://")
        let parts = pairing.split(separator: " ")
        port = Int(parts.first { $0.hasPrefix("http://") }?.split(separator: ":").last ?? "") ?? 0
        code = String(parts.last ?? "")
    }

    deinit {
        if exitStatus == nil {
            process.signal(SIGKILL)
            _ = process.wait()
        }
    }

    /// Reads output until a line contains `text` (after the first `skip` lines); 30 s at most.
    @discardableResult
    func waitForLine(containing text: String, after skip: Int = 0, seconds: Int32 = 30) throws -> String {
        var descriptor = pollfd(fd: process.output, events: Int16(POLLIN), revents: 0)
        var buffer = [UInt8](repeating: 0, count: 65536)
        var waited: Int32 = 0
        while true {
            while let newline = pending.firstIndex(of: 10) {
                lines.append(String(decoding: pending[..<newline], as: UTF8.self))
                pending.removeSubrange(...newline)
            }
            if let line = lines.dropFirst(skip).first(where: { $0.contains(text) }) { return line }
            guard waited < seconds * 1000 else { break }
            let ready = poll(&descriptor, 1, 100)
            waited += 100
            guard ready > 0 else { continue }
            let n = read(process.output, &buffer, buffer.count)
            if n <= 0 { break }
            pending += buffer[0..<n]
        }
        throw HarnessError("widgethost studio never printed '\(text)'; it printed: \(lines.joined(separator: "\n"))")
    }

    /// Stops it as Ctrl-C does and returns its exit status.
    @discardableResult
    func stop() -> Int32 {
        if let exitStatus { return exitStatus }
        process.signal(SIGINT)
        let code = process.wait().code
        exitStatus = code
        return code
    }
}

/// One HTTP/1.1 exchange with a server on a loopback address, on a connection of its own.
struct HTTPExchange {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]

    /// The body as JSON, nil when it is not.
    var json: JSONValue? { try? JSONValue.parse(bytes: body) }

    /// The value of the header `name` (any case), nil when absent.
    func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }

    /// Sends `method path` to `address:port` with the `Host` header `host` (none when nil), the
    /// other `headers`, and `body` (with `Content-Length`), and reads the answer to its end.
    static func send(_ method: String, _ path: String, port: Int, address: String = "127.0.0.1", host: String?,
                     headers: [(String, String)] = [], body: [UInt8]? = nil, version: String = "HTTP/1.1") throws -> HTTPExchange {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw HarnessError("cannot make a socket") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, address, &remote.sin_addr)
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw HarnessError("cannot connect to \(address):\(port)") }
        var head = "\(method) \(path) \(version)\r\n"
        if let host { head += "Host: \(host)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        head += "Connection: close\r\n\r\n"
        let bytes = Array(head.utf8) + (body ?? [])
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            // The server may answer (403, 413) and close before it has read a large body.
            if n <= 0 { break }
            sent += n
        }
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            data += buffer[0..<n]
        }
        guard let end = data.indices.first(where: { data[$0...].starts(with: [13, 10, 13, 10]) }) else {
            throw HTTPNoAnswer(request: "\(method) \(path)", received: data.count)
        }
        let lines = String(decoding: data[..<end], as: UTF8.self).components("\r\n")
        let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        let fields: [(String, String)] = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
        return HTTPExchange(status: status, headers: fields, body: Array(data[(end + 4)...]))
    }
}

/// A request the server closed without an answer.
struct HTTPNoAnswer: Error, CustomStringConvertible {
    var request: String
    var received: Int
    var description: String { "no answer to \(request) (\(received) bytes)" }
}

extension String {
    /// Split at each `separator` (whole string), empty parts kept.
    func components(_ separator: String) -> [String] {
        var parts: [String] = []
        var rest = Substring(self)
        while let range = rest.range(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }
}

/// An example of Fixtures/Examples copied into a temporary folder with its profile and fixtures,
/// and the flags that run it the same every time (gallery.json's, else a fixed time and zone).
struct ExampleCopy {
    let folder: TemporaryFolder
    let script: String
    let flags: [String]

    /// The example `name` (e.g. `weather.js`) in a new folder: `script/` holds the files, `state/`
    /// the state folder.
    init(_ name: String) throws {
        folder = try TemporaryFolder("studio")
        let examples = packageRoot + "/Fixtures/Examples"
        XCTAssertEqual(mkdir(folder.file("script"), 0o755), 0)
        let base = String(name.dropLast(3))
        let gallery = try? JSONValue.parse(bytes: Files.bytes(examples + "/gallery.json"))
        let listed = gallery?["examples"]?.arrayValue?.first { $0["script"]?.stringValue == name }?["flags"]?.arrayValue?
            .compactMap(\.stringValue)
        var flags = listed ?? ["--now", "2026-11-29T08:00:00Z", "--tz", "UTC"]
        for (index, flag) in flags.enumerated() where flag == "{state}" { flags[index] = folder.file("state") }
        if !flags.contains("--state") { flags += ["--state", folder.file("state")] }
        if !flags.contains("--seed") { flags += ["--seed", "7"] }
        // No pictures (no --layout): the extension does not show them.
        if let icons = flags.firstIndex(of: "--icons") { flags.removeSubrange(icons...(icons + 1)) }
        // The example's own files (profile, fixtures and what they name, layout) are copied beside
        // it, and the flags name the copies.
        for file in Files.list(examples) where file.hasPrefix(base + ".") && file != name {
            try Files.write(folder.file("script/\(file)"), Files.bytes(examples + "/" + file))
        }
        for (index, flag) in flags.enumerated() where ["--profile", "--fixtures"].contains(flag) && index + 1 < flags.count {
            flags[index + 1] = folder.file("script/\(flags[index + 1])")
        }
        for (option, file) in [("--profile", "\(base).profile.json"), ("--fixtures", "\(base).fixtures.json")]
        where !flags.contains(option) && Files.exists(examples + "/" + file) {
            flags += [option, folder.file("script/\(file)")]
        }
        script = folder.file("script/\(name)")
        try Files.write(script, Files.bytes(examples + "/" + name))
        self.flags = flags
    }

    /// The names in the script's folder, sorted.
    var scriptFolder: [String] { Files.list(folder.file("script")).sorted() }
}
