import JSONKit
@testable import PushReceiver
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What the server does with a request that is not well-formed, as a test expects it.
enum Refused {
    /// H2O's own answer (its plain-text body): one of this status, then the connection closed.
    case library(Int)
    /// The receiver's own JSON refusal, status and reason, then the connection closed.
    case receiver(Int, String)
    /// Taken as well-formed by H2O, and answered by the service with this status (and reason).
    case served(Int, String?)
}

/// A request head that is not HTTP, or whose framing cannot be trusted, gets exactly one
/// well-formed answer at once (well before any timeout), H2O's or the receiver's, and the
/// connection is closed after it; on a new connection and as a later request of a kept-alive
/// one alike. Raw sockets, so nothing in between tidies the bytes up.
final class MalformedHeadTests: XCTestCase {
    static let body = Array(#"{"user_id":"u"}"#.utf8)

    static func head(_ lines: [String]) -> [UInt8] {
        Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    static let push = "POST /api/push HTTP/1.1"

    static let cases: [(String, [UInt8], Refused)] = [
        ("negative length", head([push, "Host: x", "Content-Type: application/json", "Content-Length: -1"]), .library(400)),
        ("signed length", head([push, "Host: x", "Content-Type: application/json", "Content-Length: +15"]) + body, .library(400)),
        ("length with a space after it", head([push, "Host: x", "Content-Type: application/json", "Content-Length: 15 "]) + body, .library(400)),
        ("length that is not a number", head([push, "Host: x", "Content-Type: application/json", "Content-Length: 1e3"]), .library(400)),
        ("empty length", head([push, "Host: x", "Content-Type: application/json", "Content-Length:"]), .library(400)),
        ("huge length", head([push, "Host: x", "Content-Type: application/json", "Content-Length: 99999999999999999999999"]), .library(400)),
        ("length above 2^64", head([push, "Host: x", "Content-Type: application/json", "Content-Length: 18446744073709551616"]), .library(400)),
        ("length above the body limit", head([push, "Host: x", "Content-Type: application/json", "Content-Length: 70000"]), .library(413)),
        // H2O reads the first of two lengths: the body is the service's to refuse.
        ("two different lengths", head([push, "Host: x", "Content-Type: application/json", "Content-Length: 15", "Content-Length: 16"]) + body, .served(400, "missing-field")),
        // With both, H2O reads the body as chunked (RFC 9112, 6.3), and these bytes are no chunks.
        ("length and chunked", head([push, "Host: x", "Content-Type: application/json", "Content-Length: 15", "Transfer-Encoding: chunked"]) + body, .library(400)),
        ("unknown transfer coding", head([push, "Host: x", "Content-Type: application/json", "Transfer-Encoding: gzip"]) + body, .library(400)),
        ("binary garbage", [0, 1, 2, 3, 0xFF, 0xFE, 13, 10, 13, 10], .library(400)),
        ("binary garbage without a line end", [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03], .library(400)),
        ("a word, not a request line", Array("GARBAGE\r\n\r\n".utf8), .library(400)),
        ("two words", Array("hello world\r\n\r\n".utf8), .library(400)),
        ("no version", Array("GET /healthz\r\n\r\n".utf8), .library(400)),
        ("two spaces", Array("GET  /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8), .library(400)),
        ("control byte in the path", Array("GET /heal\u{1}thz HTTP/1.1\r\nHost: x\r\n\r\n".utf8), .library(400)),
        ("space before the colon", head([push, "Host: x", "Content-Type : application/json", "Content-Length: 15"]) + body, .library(400)),
        // H2O keeps a folded line as a header without a name: the request is the service's.
        ("folded header", head([push, "Host: x", "Content-Type: application/json", " folded", "Content-Length: 15"]) + body, .served(400, "missing-field")),
        ("NUL in a header", head([push, "Host: x", "X-Thing: a\u{0}b", "Content-Length: 15"]) + body, .library(400)),
        ("header line without a colon", head([push, "Host: x", "just words", "Content-Length: 15"]) + body, .library(400)),
        ("no Host", head(["GET /healthz HTTP/1.1"]), .receiver(400, "malformed-request")),
        ("HTTP/2.0", head(["GET /healthz HTTP/2.0", "Host: x"]), .library(400)),
        ("HTTP/0.9", head(["GET /healthz HTTP/0.9", "Host: x"]), .library(400)),
        ("HTTP/9.9 without Host", Array("GET /healthz HTTP/9.9\r\n\r\n".utf8), .library(400)),
    ]

    func testEachMalformedHeadGetsOneAnswerAtOnce() throws {
        // Far beyond the waits below: an answer within them came at once, not from a timeout.
        let receiver = try TestReceiver {
            $0.http.idleTimeoutSeconds = 30
            $0.http.requestTimeoutSeconds = 30
        }
        for (name, bytes, expected) in Self.cases {
            let connection = try RawConnection(port: receiver.port)
            connection.send(bytes)
            Self.assertAnswer(connection, expected, name)

            let later = try LaterHeadTests.keptAliveConnection(port: receiver.port, name)
            later.send(bytes)
            Self.assertAnswer(later, expected, "\(name), as a later request")
        }
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "after")).status, 200, "the receiver serves on")
        XCTAssertTrue(receiver.log.all.contains { $0.contains("400 refused malformed-request") }, "\(receiver.log.all)")
    }

    /// Checks what `connection` gets (within 1 s) against `expected`.
    static func assertAnswer(_ connection: RawConnection, _ expected: Refused, _ name: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        switch expected {
        case .served(let status, let reason):
            let response = connection.readResponse(timeoutSeconds: 3)
            XCTAssertEqual(response?.status, status, name, file: file, line: line)
            if let reason { XCTAssertEqual(response?.reason, reason, name, file: file, line: line) }
        case .receiver(let status, let reason):
            let (received, closed) = connection.readUntilClosed(timeoutSeconds: 1)
            XCTAssertTrue(closed, "\(name): answered and closed within 1 s", file: file, line: line)
            LaterHeadTests.assertOneRefusal(received, status: status, reason: reason, name, file: file, line: line)
        case .library(let status):
            let (received, closed) = connection.readUntilClosed(timeoutSeconds: 1)
            XCTAssertTrue(closed, "\(name): answered and closed within 1 s", file: file, line: line)
            let text = String(decoding: received, as: UTF8.self)
            let statusLines = text.split(separator: "\r\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("HTTP/1.") }.count
            XCTAssertEqual(statusLines, 1, "\(name): exactly one status line in \(text.debugDescription)", file: file, line: line)
            let response = RawConnection.parse(received, complete: true)
            XCTAssertEqual(response?.status, status, "\(name): \(text.debugDescription)", file: file, line: line)
            XCTAssertEqual(response?.headers["connection"]?.lowercased(), "close", name, file: file, line: line)
            XCTAssertEqual(response?.headers["content-length"].flatMap(Int.init), response?.body.count, name, file: file, line: line)
        }
    }

    /// What is odd but well-formed still reaches the service as before.
    func testWellFormedHeadsPassTheCheck() throws {
        let receiver = try TestReceiver()
        let body = Array(pushBody(nonce: "lf").serialized().utf8)
        let cases: [(String, [UInt8], Int)] = [
            ("bare LF line ends", Array("POST /api/push HTTP/1.1\nHost: x\nContent-Type: application/json\nContent-Length: \(body.count)\nConnection: close\n\n".utf8) + body, 200),
            ("an empty line before the request line", Array("\r\nGET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), 200),
            ("tab before a value", Array("GET /healthz HTTP/1.1\r\nHost:\tx\r\nConnection: close\r\n\r\n".utf8), 200),
            ("HTTP/1.0 without Host", Array("GET /healthz HTTP/1.0\r\n\r\n".utf8), 200),
            ("the same length twice", Array("POST /api/push HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}".utf8), 400),
            ("a length with leading zeros", Array("POST /api/push HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 0002\r\nConnection: close\r\n\r\n{}".utf8), 400),
            ("obs-text in a value", Array("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Name: caf\u{E9}\r\nConnection: close\r\n\r\n".utf8), 200),
            ("a query after the path", Array("GET /healthz?probe=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), 200),
            ("an escaped path", Array("GET /health%7A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), 200),
            ("a head of 40 KB", Array("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 40_000))\r\nConnection: close\r\n\r\n".utf8), 200),
        ]
        for (name, bytes, status) in cases {
            let connection = try RawConnection(port: receiver.port)
            connection.send(bytes)
            let response = connection.readResponse(timeoutSeconds: 3)
            XCTAssertEqual(response?.status, status, name)
            if status == 400 { XCTAssertEqual(response?.reason, "missing-field", "\(name): the service decided") }
        }
    }

    /// A head that stops half way is closed once the request timeout has passed, without an
    /// answer; so is a connection that never sent a byte.
    func testAHeadThatNeverEndsIsClosedAtTheTimeout() throws {
        let receiver = try TestReceiver()  // 2 s idle and 1.5 s for a body: closed 3.5 s after it opened
        let connection = try RawConnection(port: receiver.port)
        connection.send(Array("POST /api/push HTTP/1.1\r\nHost: x\r\n".utf8))
        let (received, closed) = connection.readUntilClosed(timeoutSeconds: 6)
        XCTAssertTrue(closed)
        XCTAssertEqual(received, [])
        let silent = try RawConnection(port: receiver.port)
        let (nothing, silentClosed) = silent.readUntilClosed(timeoutSeconds: 6)
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
