import JSONKit
import PushContract
@testable import PushReceiver
import TestSupport
import XCTest
import Synchronization
import HostSystem
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

let docNow: Int64 = 1_710_000_000_000
let docUser = "你的 Push ID"
let docWidget = "实时活动组件 ID"

/// A receiver on a free loopback port with a temporary database, the documented Push ID
/// and widget, a clock fixed at the documented timestamps, and short timeouts.
final class TestReceiver {
    let server: PushReceiverServer
    let directory: String
    let log = LogLines()

    init(registry: PushRegistry? = nil, now: Int64? = docNow, database: String? = nil,
         configure: (inout ReceiverConfiguration) -> Void = { _ in }) throws {
        directory = try Files.makeTemporaryFolder("push-receiver-test")
        let registry = registry ?? PushRegistry(users: [
            .init(pushID: docUser, widgets: [.init(id: docWidget), .init(id: "second")]),
            .init(pushID: "old-phone", ios: IOSVersion(16, 4), widgets: [.init(id: "local", activeOnDevice: true)]),
        ])
        var configuration = ReceiverConfiguration(databasePath: database ?? directory + "/push.db", registry: registry)
        configuration.port = 0
        configuration.fixedNow = now
        configuration.http.idleTimeoutSeconds = 2
        configuration.http.requestTimeoutSeconds = 1.5
        configuration.http.perAddressLimit = 64
        configuration.http.connectionLimit = 256
        let log = self.log
        configuration.log = { log.append($0) }
        configuration.notice = { log.append($0) }
        configure(&configuration)
        do {
            server = try PushReceiverServer(configuration)
            try server.start()
        } catch {
            Files.removeTree(directory)
            throw error
        }
    }

    var port: Int { server.port }
    var url: String { server.baseURL }

    deinit {
        server.stop()
        Files.removeTree(directory)
    }
}

/// Log lines collected from the receiver's threads.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// A response read off a raw socket.
struct RawResponse {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var json: JSONValue? { try? JSONValue.parse(bytes: body) }
    var reason: String? { json?["reason"]?.stringValue }
}

/// A TCP connection to the receiver, optionally from another loopback source address.
final class RawConnection {
    let fd: Int32

    init(port: Int, source: String? = nil) throws {
        fd = Sockets.connect(port: port, source: source, receiveTimeout: 10)
        guard fd >= 0 else { throw ConnectionClosed() }
    }

    deinit { close(fd) }

    struct ConnectionClosed: Error {}

    /// Sends everything; false when the peer closed.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    /// Reads one response (until its Content-Length, or the connection closes); nil when
    /// the connection closed without one.
    func readResponse(timeoutSeconds: Int = 10) -> RawResponse? {
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if let response = Self.parse(data) { return response }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { return Self.parse(data, complete: true) }
            data += buffer[0..<n]
        }
    }

    /// Whether the server has closed this connection (EOF or reset) within `seconds`.
    func closedByPeer(within seconds: Int) -> Bool {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n == 0 { return true }
            if n < 0 { return errno == ECONNRESET }
        }
    }

    /// Whether the server has already closed this connection (checked without waiting).
    var isClosed: Bool { Sockets.isClosed(fd) }

    static func parse(_ data: [UInt8], complete: Bool = false) -> RawResponse? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard data.count >= 4, let end = (0...(data.count - 4)).first(where: { Array(data[$0..<$0 + 4]) == separator })
        else { return nil }
        let head = String(decoding: data[0..<end], as: UTF8.self).split(separator: "\r\n").map(String.init)
        guard let statusLine = head.first, statusLine.hasPrefix("HTTP/1.") else { return nil }
        let status = Int(statusLine.split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = String(line[line.index(after: colon)...]).trimmingCharacters()
        }
        let body = Array(data[(end + 4)...])
        if let length = headers["content-length"].flatMap(Int.init) {
            return body.count >= length ? RawResponse(status: status, headers: headers, body: Array(body.prefix(length))) : nil
        }
        return complete ? RawResponse(status: status, headers: headers, body: body) : nil
    }
}

extension String {
    func trimmingCharacters() -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}

/// The bytes of an HTTP/1.1 request.
func httpRequest(_ method: String, _ path: String, body: [UInt8] = [], contentType: String? = "application/json",
                 keepAlive: Bool = false, extraHeaders: [String] = []) -> [UInt8] {
    var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    if let contentType { head += "Content-Type: \(contentType)\r\n" }
    if method == "POST" || !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
    for header in extraHeaders { head += header + "\r\n" }
    head += keepAlive ? "\r\n" : "Connection: close\r\n\r\n"
    return Array(head.utf8) + body
}

/// One request on a new connection.
func exchange(_ port: Int, _ method: String, _ path: String, body: [UInt8] = [],
              contentType: String? = "application/json", source: String? = nil) throws -> RawResponse {
    let connection = try RawConnection(port: port, source: source)
    connection.send(httpRequest(method, path, body: body, contentType: contentType))
    guard let response = connection.readResponse() else { throw RawConnection.ConnectionClosed() }
    return response
}

/// POSTs a JSON body to /api/push (or `path`).
func post(_ port: Int, _ value: JSONValue, path: String = "/api/push") throws -> RawResponse {
    try exchange(port, "POST", path, body: Array(value.serialized().utf8))
}

/// A valid request body with changes (a `nil` value removes the field).
func pushBody(_ type: String = "start", nonce: String, timestamp: Int64 = 1_710_000_000,
              data: String? = "{\"title\":\"进行中\",\"count\":1}", changes: [String: JSONValue?] = [:]) -> JSONValue {
    var object: JSONObject = [
        "user_id": .string(docUser), "widget_id": .string(docWidget), "type": .string(type),
        "timestamp": .number(Double(timestamp)), "nonce": .string(nonce),
    ]
    if let data { object["content_state"] = ["isLoading": false, "data": .string(data)] }
    for (key, value) in changes {
        if let value { object[key] = value } else { object.removeValue(forKey: key) }
    }
    return .object(object)
}

/// Runs a program (looked up on the PATH, this process's environment) and returns its exit
/// code and stdout; one that cannot start or does not end fails the test.
func runProgram(_ argv: [String]) throws -> (code: Int32, out: String) {
    let result = try Program.run(argv, environment: environmentEntries(), searchPath: true)
    return (result.code, result.out)
}

/// This process's environment as `NAME=value` entries.
func environmentEntries() -> [String] {
    var entries: [String] = []
    var cursor = environ
    while let entry = cursor.pointee {
        entries.append(String(cString: entry))
        cursor += 1
    }
    return entries
}

/// Runs `body` on `count` threads at once and waits for all.
func concurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let threads = (0..<count).map { index in OSThread { body(index) } }
    threads.forEach { $0.join() }
}

/// Results collected from several threads.
final class Collected<T: Sendable>: Sendable {
    private let items = Mutex<[T]>([])
    func append(_ item: T) { items.withLock { $0.append(item) } }
    var all: [T] { items.withLock { $0 } }
}

