import JSONKit
@testable import PushReceiver
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A request head that is not HTTP, or whose framing cannot be trusted, gets exactly one
/// well-formed JSON refusal at once (well before the idle timeout), and the connection is
/// closed after it. Raw sockets, so nothing in between tidies the bytes up.
final class MalformedHeadTests: XCTestCase {
    static let body = Array(#"{"user_id":"u"}"#.utf8)

    static func head(_ lines: [String]) -> [UInt8] {
        Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    static let push = "POST /api/push HTTP/1.1"

    func testEachMalformedHeadGetsOneJSONRefusalAtOnce() throws {
        let receiver = try TestReceiver { $0.http.idleTimeoutSeconds = 30 }
        let cases: [(String, [UInt8], Int, String)] = [
            ("negative length", Self.head([Self.push, "Host: x", "Content-Type: application/json", "Content-Length: -1"]), 400, "malformed-request"),
            ("signed length", Self.head([Self.push, "Host: x", "Content-Type: application/json", "Content-Length: +15"]) + Self.body, 400, "malformed-request"),
            ("length with a space after it", Self.head([Self.push, "Host: x", "Content-Type: application/json", "Content-Length: 15 "]) + Self.body, 400, "malformed-request"),
            ("length that is not a number", Self.head([Self.push, "Host: x", "Content-Type: application/json", "Content-Length: 1e3"]), 400, "malformed-request"),
            ("empty length", Self.head([Self.push, "Host: x", "Content-Type: application/json", "Content-Length:"]), 400, "malformed-request"),
            ("huge length", Self.head([Self.push, "Host: x", "Content-Type: application/json", "Content-Length: 99999999999999999999999"]), 413, "body-too-large"),
            ("length above 2^64", Self.head([Self.push, "Host: x", "Content-Type: application/json", "Content-Length: 18446744073709551616"]), 413, "body-too-large"),
            ("two different lengths", Self.head([Self.push, "Host: x", "Content-Type: application/json", "Content-Length: 15", "Content-Length: 16"]) + Self.body, 400, "malformed-request"),
            ("length and chunked", Self.head([Self.push, "Host: x", "Content-Type: application/json", "Content-Length: 15", "Transfer-Encoding: chunked"]) + Self.body, 400, "malformed-request"),
            ("unknown transfer coding", Self.head([Self.push, "Host: x", "Content-Type: application/json", "Transfer-Encoding: gzip"]) + Self.body, 400, "malformed-request"),
            ("binary garbage", [0, 1, 2, 3, 0xFF, 0xFE, 13, 10, 13, 10], 400, "malformed-request"),
            ("binary garbage without a line end", [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03], 400, "malformed-request"),
            ("a word, not a request line", Array("GARBAGE\r\n\r\n".utf8), 400, "malformed-request"),
            ("two words", Array("hello world\r\n\r\n".utf8), 400, "malformed-request"),
            ("no version", Array("GET /healthz\r\n\r\n".utf8), 400, "malformed-request"),
            ("two spaces", Array("GET  /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8), 400, "malformed-request"),
            ("control byte in the path", Array("GET /heal\u{1}thz HTTP/1.1\r\nHost: x\r\n\r\n".utf8), 400, "malformed-request"),
            ("space before the colon", Self.head([Self.push, "Host: x", "Content-Type : application/json", "Content-Length: 15"]) + Self.body, 400, "malformed-request"),
            ("folded header", Self.head([Self.push, "Host: x", "Content-Type: application/json", " folded", "Content-Length: 15"]) + Self.body, 400, "malformed-request"),
            ("NUL in a header", Self.head([Self.push, "Host: x", "X-Thing: a\u{0}b", "Content-Length: 15"]) + Self.body, 400, "malformed-request"),
            ("header line without a colon", Self.head([Self.push, "Host: x", "just words", "Content-Length: 15"]) + Self.body, 400, "malformed-request"),
            ("a head too large", Self.head([Self.push, "Host: x", "X-Big: " + String(repeating: "a", count: 40_000)]), 431, "headers-too-large"),
        ]
        for (name, bytes, status, reason) in cases {
            let connection = try RawConnection(port: receiver.port)
            connection.send(bytes)
            let (received, closed) = connection.readUntilClosed(timeoutSeconds: 3)
            XCTAssertTrue(closed, "\(name): the receiver closes the connection after its answer, at once")
            let text = String(decoding: received, as: UTF8.self)
            let statusLines = (text.hasPrefix("HTTP/1.") ? 1 : 0) + text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().filter { $0.hasPrefix("HTTP/1.") }.count
            XCTAssertEqual(statusLines, 1, "\(name): exactly one status line in \(text.debugDescription)")
            XCTAssertEqual(text.split(separator: "\r\n").filter { $0.hasPrefix("Date: ") }.count, 1, "\(name): one head in \(text.debugDescription)")
            let response = RawConnection.parse(received, complete: true)
            XCTAssertEqual(response?.status, status, "\(name): \(text)")
            XCTAssertEqual(response?.headers["content-type"], "application/json", name)
            XCTAssertEqual(response?.headers["connection"], "close", name)
            XCTAssertEqual(response?.headers["content-length"].flatMap(Int.init), response?.body.count, name)
            XCTAssertEqual(response?.reason, reason, "\(name): \(text)")
            XCTAssertEqual(response?.json?["ok"], false, name)
            XCTAssertEqual(response?.json?["status"], "refused", name)
        }
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "after")).status, 200, "the receiver serves on")
        XCTAssertTrue(receiver.log.all.contains { $0.contains("400 refused malformed-request") }, "\(receiver.log.all)")
    }

    /// A malformed head after a good request on a kept-alive connection (which reaches the
    /// HTTP library directly, past the first head's check) gets one well-formed refusal too,
    /// and the connection is closed after it.
    func testAMalformedSecondHeadOnAKeptAliveConnectionGetsOneRefusal() throws {
        let receiver = try TestReceiver { $0.http.idleTimeoutSeconds = 30 }
        let cases: [(String, [String], Int, String)] = [
            ("negative length", [Self.push, "Host: x", "Content-Type: application/json", "Content-Length: -1"], 400, "malformed-request"),
            ("signed length", [Self.push, "Host: x", "Content-Type: application/json", "Content-Length: +15"], 400, "malformed-request"),
            ("length that is not a number", [Self.push, "Host: x", "Content-Type: application/json", "Content-Length: 1e3"], 400, "malformed-request"),
            ("huge length", [Self.push, "Host: x", "Content-Type: application/json", "Content-Length: 99999999999999999999999"], 413, "body-too-large"),
        ]
        for (name, lines, status, reason) in cases {
            let connection = try LaterHeadTests.keptAliveConnection(port: receiver.port, name)
            connection.send(Self.head(lines))
            let (received, closed) = connection.readUntilClosed(timeoutSeconds: 5)
            XCTAssertTrue(closed, "\(name): the receiver closes the connection after its answer, at once")
            let text = String(decoding: received, as: UTF8.self)
            let statusLines = text.split(separator: "\r\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("HTTP/1.") }.count
            XCTAssertEqual(statusLines, 1, "\(name): exactly one status line in \(text.debugDescription)")
            XCTAssertEqual(text.split(separator: "\r\n").filter { $0.hasPrefix("Date: ") }.count, 1, "\(name): one head in \(text.debugDescription)")
            let response = RawConnection.parse(received, complete: true)
            XCTAssertEqual(response?.status, status, "\(name): \(text)")
            XCTAssertEqual(response?.headers["connection"], "close", name)
            XCTAssertEqual(response?.headers["content-type"], "application/json", name)
            XCTAssertEqual(response?.headers["content-length"].flatMap(Int.init), response?.body.count, name)
            XCTAssertEqual(response?.reason, reason, "\(name): \(text)")
            XCTAssertEqual(response?.json?["status"], "refused", name)
        }
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "after")).status, 200, "the receiver serves on")
    }

    /// Well-formed heads in an HTTP version the receiver does not speak (a major version other
    /// than 1), each with the version it names.
    static let unsupportedVersions: [(String, [UInt8])] = [
        ("HTTP/2.0", head(["GET /healthz HTTP/2.0", "Host: x"])),
        ("HTTP/0.9", head(["GET /healthz HTTP/0.9", "Host: x"])),
        ("HTTP/3.1", head(["GET /healthz HTTP/3.1", "Host: x", "Content-Type: application/json", "Content-Length: 15"]) + body),
        ("HTTP/9.9", Array("GET /healthz HTTP/9.9\r\n\r\n".utf8)),
    ]

    /// One JSON 505 with its own reason, not libmicrohttpd's HTML page, and the connection closed.
    func testAnUnsupportedHTTPVersionGetsOneJSON505AtOnce() throws {
        let receiver = try TestReceiver { $0.http.idleTimeoutSeconds = 30 }
        for (version, bytes) in Self.unsupportedVersions {
            let connection = try RawConnection(port: receiver.port)
            connection.send(bytes)
            let (received, closed) = connection.readUntilClosed(timeoutSeconds: 3)
            XCTAssertTrue(closed, "\(version): the receiver closes the connection after its answer, at once")
            Self.assertVersionRefusal(received, version: version)
        }
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "after")).status, 200, "the receiver serves on")
        XCTAssertTrue(receiver.log.all.contains { $0.contains("GET /healthz 505 refused http-version-not-supported") }, "\(receiver.log.all)")
    }

    func testTheCheckRefusesAnHTTPVersionOtherThan1x() {
        func verdict(_ text: String) -> RequestHead.Verdict {
            Array(text.utf8).withUnsafeBytes { RequestHead.check($0, limit: 1024) }
        }
        for version in ["HTTP/2.0", "HTTP/0.9", "HTTP/3.1", "HTTP/0.0"] {
            guard case .refused(let refusal) = verdict("GET /healthz \(version)\r\nHost: x\r\n\r\n") else {
                XCTFail("\(version): \(verdict("GET /healthz \(version)\r\n\r\n"))")
                continue
            }
            XCTAssertEqual(refusal.kind, .versionNotSupported(version))
            XCTAssertEqual(refusal.method, "GET", version)
            XCTAssertEqual(refusal.path, "/healthz", version)
            // Refused as soon as the request line is in, before the rest of the head.
            guard case .refused = verdict("GET /healthz \(version)\r\nHo") else { return XCTFail(version) }
        }
        for version in ["HTTP/1.0", "HTTP/1.1"] {
            XCTAssertEqual(verdict("GET /healthz \(version)\r\nHost: x\r\n\r\n"), .complete(.init(headLength: 34, body: .length(0), method: "GET", path: "/healthz")), version)
        }
        guard case .refused(let lower) = verdict("GET /healthz http/2.0\r\n\r\n") else { return XCTFail("lower case") }
        XCTAssertEqual(lower.kind, .malformed, "not an HTTP version at all")
    }

    static func assertVersionRefusal(_ received: [UInt8], version: String, file: StaticString = #filePath, line: UInt = #line) {
        let text = String(decoding: received, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("HTTP/1.1 505 HTTP Version Not Supported\r\n"), "\(version): \(text.debugDescription)", file: file, line: line)
        LaterHeadTests.assertOneRefusal(received, status: 505, reason: "http-version-not-supported", version, file: file, line: line)
        let message = RawConnection.parse(received, complete: true)?.json?["message"]?.stringValue ?? ""
        XCTAssertTrue(message.contains(version) && message.contains("HTTP/1.1"), "\(version): \(message)", file: file, line: line)
    }

    /// What is odd but well-formed still reaches the service as before.
    func testWellFormedHeadsPassTheCheck() throws {
        let receiver = try TestReceiver()
        let body = Array(pushBody(nonce: "lf").serialized().utf8)
        let cases: [(String, [UInt8], Int)] = [
            ("bare LF line ends", Array("POST /api/push HTTP/1.1\nHost: x\nContent-Type: application/json\nContent-Length: \(body.count)\nConnection: close\n\n".utf8) + body, 200),
            ("empty lines before the request line", Array("\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), 200),
            ("tab before a value", Array("GET /healthz HTTP/1.1\r\nHost:\tx\r\nConnection: close\r\n\r\n".utf8), 200),
            ("HTTP/1.0 without Host", Array("GET /healthz HTTP/1.0\r\n\r\n".utf8), 200),
            ("a later minor version of 1, served as 1.1", Array("GET /healthz HTTP/1.2\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), 200),
            ("the same length twice", Array("POST /api/push HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}".utf8), 400),
            ("a length with leading zeros", Array("POST /api/push HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 0002\r\nConnection: close\r\n\r\n{}".utf8), 400),
            ("obs-text in a value", Array("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Name: caf\u{E9}\r\nConnection: close\r\n\r\n".utf8), 200),
        ]
        for (name, bytes, status) in cases {
            let connection = try RawConnection(port: receiver.port)
            connection.send(bytes)
            let response = connection.readResponse(timeoutSeconds: 3)
            XCTAssertEqual(response?.status, status, name)
            if status == 400 { XCTAssertEqual(response?.reason, "missing-field", "\(name): the service decided") }
        }
    }

    /// A head that stops half way is answered 408 once the idle timeout has passed.
    func testAHeadThatNeverEndsGets408AtTheIdleTimeout() throws {
        let receiver = try TestReceiver()
        let connection = try RawConnection(port: receiver.port)
        connection.send(Array("POST /api/push HTTP/1.1\r\nHost: x\r\n".utf8))
        let (received, closed) = connection.readUntilClosed(timeoutSeconds: 5)
        XCTAssertTrue(closed)
        let response = RawConnection.parse(received, complete: true)
        XCTAssertEqual(response?.status, 408)
        XCTAssertEqual(response?.reason, "request-timeout")
        XCTAssertTrue(response?.json?["message"]?.stringValue?.contains("headers") ?? false, "\(response?.json ?? nil)")
        // A connection that never sent a byte is closed without an answer.
        let silent = try RawConnection(port: receiver.port)
        let (nothing, silentClosed) = silent.readUntilClosed(timeoutSeconds: 5)
        XCTAssertTrue(silentClosed)
        XCTAssertEqual(nothing, [])
    }
}

extension RawConnection {
    /// Everything the peer sends until it closes (or `timeoutSeconds` of silence), and
    /// whether it closed.
    func readUntilClosed(timeoutSeconds: Int) -> ([UInt8], Bool) {
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n == 0 { return (data, true) }
            if n < 0 { return (data, errno == ECONNRESET) }
            data += buffer[0..<n]
        }
    }
}
