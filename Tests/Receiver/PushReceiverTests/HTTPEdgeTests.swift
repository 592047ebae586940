import JSONKit
@testable import PushReceiver
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The edges of chunked bodies, transfer codings, many headers and `Host`: what H2O refuses gets
/// one answer at once and the connection closed, on a new connection and as a later request of
/// a kept-alive one; what it takes as well-formed (it does not look into chunk extensions and
/// trailers, reads the last of two `Transfer-Encoding` headers and the last of two `Host`s) is
/// served as such.
final class HTTPEdgeTests: XCTestCase {
    static let push = "POST /api/push HTTP/1.1"

    /// A chunked push whose body is `body` (the chunks as sent).
    static func chunked(_ body: String, codings: [String] = ["Transfer-Encoding: chunked"]) -> [UInt8] {
        MalformedHeadTests.head([push, "Host: x", "Content-Type: application/json"] + codings) + Array(body.utf8)
    }

    static let cases: [(String, [UInt8], Refused)] = [
        ("a chunk size that is not hexadecimal", chunked("zz\r\n{}\r\n0\r\n\r\n"), .library(400)),
        ("a negative chunk size", chunked("-2\r\n{}\r\n0\r\n\r\n"), .library(400)),
        ("no chunk size", chunked("\r\n{}\r\n0\r\n\r\n"), .library(400)),
        ("a space inside the chunk size", chunked("1 1\r\n{}\r\n0\r\n\r\n"), .library(400)),
        ("white space before a chunk extension", chunked("2 ;x\r\n{}\r\n0\r\n\r\n"), .served(400, "missing-field")),
        ("a chunk longer than its size", chunked("1\r\n{}\r\n0\r\n\r\n"), .library(400)),
        ("a chunk size above 2^64", chunked("1FFFFFFFFFFFFFFFF\r\n{}\r\n0\r\n\r\n"), .library(400)),
        ("a control byte in a chunk extension", chunked("2;a\u{1}\r\n{}\r\n0\r\n\r\n"), .served(400, "missing-field")),
        ("a trailer line without a colon", chunked("2\r\n{}\r\n0\r\nbad trailer\r\n\r\n"), .served(400, "missing-field")),
        ("a trailer line with a space before its colon", chunked("2\r\n{}\r\n0\r\nX-T : v\r\n\r\n"), .served(400, "missing-field")),
        ("gzip, chunked", chunked("2\r\n{}\r\n0\r\n\r\n", codings: ["Transfer-Encoding: gzip, chunked"]), .library(400)),
        ("chunked, chunked", chunked("2\r\n{}\r\n0\r\n\r\n", codings: ["Transfer-Encoding: chunked, chunked"]), .library(400)),
        ("chunked in two headers", chunked("2\r\n{}\r\n0\r\n\r\n", codings: ["Transfer-Encoding: chunked", "Transfer-Encoding: chunked"]), .served(400, "missing-field")),
        ("850 short headers (9 KB)", MalformedHeadTests.head(["GET /healthz HTTP/1.1", "Host: x"] + (0..<850).map { "X-\($0): v" }), .library(400)),
        ("101 short headers", MalformedHeadTests.head(["GET /healthz HTTP/1.1", "Host: x"] + (0..<100).map { "X-\($0): v" }), .library(400)),
        ("no Host", MalformedHeadTests.head(["GET /healthz HTTP/1.1"]), .receiver(400, "malformed-request")),
        ("two Host headers", MalformedHeadTests.head(["GET /healthz HTTP/1.1", "Host: a", "Host: b"]), .served(200, nil)),
        ("two Host headers in HTTP/1.0", MalformedHeadTests.head(["GET /healthz HTTP/1.0", "Host: a", "Host: a"]), .served(200, nil)),
    ]

    func testEachEdgeGetsOneAnswerAtOnce() throws {
        // Far beyond the waits below: an answer within them came at once, not from a timeout.
        let receiver = try TestReceiver {
            $0.http.idleTimeoutSeconds = 30
            $0.http.requestTimeoutSeconds = 30
        }
        defer { Files.removeTree(receiver.directory) }
        for (name, bytes, expected) in Self.cases {
            let connection = try RawConnection(port: receiver.port)
            connection.send(bytes)
            MalformedHeadTests.assertAnswer(connection, expected, name)

            let later = try LaterHeadTests.keptAliveConnection(port: receiver.port, name)
            later.send(bytes)
            MalformedHeadTests.assertAnswer(later, expected, "\(name), as a later request")
        }
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "after")).status, 200, "the receiver serves on")
    }

    /// A chunk that declares more than the body limit is read until the limit is passed: one
    /// whose bytes do not come is closed at the request timeout, as a trickled body is.
    func testAChunkLargerThanTheLimitIsRefusedOrClosed() throws {
        let receiver = try TestReceiver()  // 2 s idle and 1.5 s for a body
        defer { Files.removeTree(receiver.directory) }
        let connection = try RawConnection(port: receiver.port)
        connection.send(Self.chunked("7FFFFFFF\r\n{}"))
        let (nothing, closed) = connection.readUntilClosed(timeoutSeconds: 6)
        XCTAssertTrue(closed)
        XCTAssertEqual(nothing, [])
        let full = try RawConnection(port: receiver.port)
        full.send(Self.chunked("7FFFFFFF\r\n" + String(repeating: "a", count: 70_000)))
        MalformedHeadTests.assertAnswer(full, .library(413), "a chunk past the body limit")
    }

    /// What is well-formed still reaches the service: chunks with extensions and a trailer,
    /// sent a byte at a time, 100 headers, `chunked` in any case.
    func testWellFormedChunkedBodiesAndManyHeadersAreServed() throws {
        let receiver = try TestReceiver()
        defer { Files.removeTree(receiver.directory) }
        let body = pushBody(nonce: "chunks").serialized()
        let half = body.utf8.count / 2
        let first = String(decoding: Array(body.utf8)[..<half], as: UTF8.self)
        let second = String(decoding: Array(body.utf8)[half...], as: UTF8.self)
        let chunks = String(first.utf8.count, radix: 16) + ";name=value\r\n" + first + "\r\n"
            + String(second.utf8.count, radix: 16, uppercase: true) + ";x=\"a b\"\r\n" + second + "\r\n0\r\nX-Trailer: t\r\n\r\n"
        let connection = try RawConnection(port: receiver.port)
        for byte in Self.chunked(chunks, codings: ["Transfer-Encoding: Chunked"]) { connection.send([byte]) }
        let response = connection.readResponse(timeoutSeconds: 5)
        XCTAssertEqual(response?.status, 200, "\(response?.json ?? nil)")
        XCTAssertEqual(response?.json?["status"], "accepted")

        let many = MalformedHeadTests.head(["GET /healthz HTTP/1.1", "Host: x", "Connection: close"] + (0..<98).map { "X-\($0): v" })
        let healthz = try RawConnection(port: receiver.port)
        healthz.send(many)
        XCTAssertEqual(healthz.readResponse(timeoutSeconds: 5)?.status, 200)
    }
}
