import JSONKit
@testable import PushReceiver
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The edges libmicrohttpd would answer with its own HTML page, or not at all: bad chunk
/// sizes, transfer codings other than `chunked` alone, a head of many short headers, a 1.1
/// request without its one `Host`. Each gets one JSON refusal from the receiver at once, on a
/// new connection and as a later head of a kept-alive one, and the connection is closed.
final class HTTPEdgeTests: XCTestCase {
    static let push = "POST /api/push HTTP/1.1"

    /// A chunked push whose body is `body` (the chunks as sent).
    static func chunked(_ body: String, codings: [String] = ["Transfer-Encoding: chunked"]) -> [UInt8] {
        MalformedHeadTests.head([push, "Host: x", "Content-Type: application/json"] + codings) + Array(body.utf8)
    }

    static let cases: [(String, [UInt8], Int, String)] = [
        ("a chunk size that is not hexadecimal", chunked("zz\r\n{}\r\n0\r\n\r\n"), 400, "malformed-request"),
        ("a negative chunk size", chunked("-2\r\n{}\r\n0\r\n\r\n"), 400, "malformed-request"),
        ("no chunk size", chunked("\r\n{}\r\n0\r\n\r\n"), 400, "malformed-request"),
        ("a space inside the chunk size", chunked("1 1\r\n{}\r\n0\r\n\r\n"), 400, "malformed-request"),
        ("white space before a chunk extension", chunked("2 ;x\r\n{}\r\n0\r\n\r\n"), 400, "malformed-request"),
        ("a chunk longer than its size", chunked("1\r\n{}\r\n0\r\n\r\n"), 400, "malformed-request"),
        ("a chunk size above 2^64", chunked("1FFFFFFFFFFFFFFFF\r\n{}\r\n0\r\n\r\n"), 413, "body-too-large"),
        ("a chunk larger than the receiver reads", chunked("7FFFFFFF\r\n{}"), 413, "body-too-large"),
        ("a control byte in a chunk extension", chunked("2;a\u{1}\r\n{}\r\n0\r\n\r\n"), 400, "malformed-request"),
        ("a trailer line without a colon", chunked("2\r\n{}\r\n0\r\nbad trailer\r\n\r\n"), 400, "malformed-request"),
        ("a trailer line with a space before its colon", chunked("2\r\n{}\r\n0\r\nX-T : v\r\n\r\n"), 400, "malformed-request"),
        ("gzip, chunked", chunked("2\r\n{}\r\n0\r\n\r\n", codings: ["Transfer-Encoding: gzip, chunked"]), 400, "malformed-request"),
        ("chunked, chunked", chunked("2\r\n{}\r\n0\r\n\r\n", codings: ["Transfer-Encoding: chunked, chunked"]), 400, "malformed-request"),
        ("chunked in two headers", chunked("2\r\n{}\r\n0\r\n\r\n", codings: ["Transfer-Encoding: chunked", "Transfer-Encoding: chunked"]), 400, "malformed-request"),
        ("850 short headers (9 KB)", MalformedHeadTests.head(["GET /healthz HTTP/1.1", "Host: x"] + (0..<850).map { "X-\($0): v" }), 431, "headers-too-large"),
        ("no Host", MalformedHeadTests.head(["GET /healthz HTTP/1.1"]), 400, "malformed-request"),
        ("two Host headers", MalformedHeadTests.head(["GET /healthz HTTP/1.1", "Host: a", "Host: b"]), 400, "malformed-request"),
        ("two Host headers in HTTP/1.0", MalformedHeadTests.head(["GET /healthz HTTP/1.0", "Host: a", "Host: a"]), 400, "malformed-request"),
    ]

    func testEachEdgeGetsOneJSONRefusalAtOnce() throws {
        // Far beyond the wait below: an answer within it came at once, not from a timeout.
        let receiver = try TestReceiver {
            $0.http.idleTimeoutSeconds = 30
            $0.http.requestTimeoutSeconds = 30
        }
        defer { Files.removeTree(receiver.directory) }
        for (name, bytes, status, reason) in Self.cases {
            let connection = try RawConnection(port: receiver.port)
            connection.send(bytes)
            let (received, closed) = connection.readUntilClosed(timeoutSeconds: 1)
            XCTAssertTrue(closed, "\(name): answered and closed within 1 s")
            LaterHeadTests.assertOneRefusal(received, status: status, reason: reason, name)

            let later = try LaterHeadTests.keptAliveConnection(port: receiver.port, name)
            later.send(bytes)
            let (again, laterClosed) = later.readUntilClosed(timeoutSeconds: 1)
            XCTAssertTrue(laterClosed, "\(name), as a later head: answered and closed within 1 s")
            LaterHeadTests.assertOneRefusal(again, status: status, reason: reason, "\(name), as a later head")
        }
        let messages = receiver.log.all.joined(separator: "\n")
        XCTAssertTrue(messages.contains("413 refused body-too-large"), messages)
        XCTAssertTrue(messages.contains("431 refused headers-too-large"), messages)
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "after")).status, 200, "the receiver serves on")
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

    // MARK: The chunk parser, over bytes

    func parse(_ text: String, chunkLimit: Int = 1 << 20) -> ChunkedBody.Step {
        var body = ChunkedBody(chunkLimit: chunkLimit, lineLimit: 64)
        return Array(text.utf8).withUnsafeBytes { body.advance(over: $0) }
    }

    func testTheChunkParser() {
        XCTAssertEqual(parse("2\r\nab\r\n0\r\n\r\nGET"), .ended(12), "the next request's bytes are not the body's")
        XCTAssertEqual(parse("2\nab\n0\n\n"), .ended(8), "bare LF line ends")
        XCTAssertEqual(parse("a;x=y\r\n0123456789\r\n0\r\nT: v\r\n\r\n"), .ended(30))
        XCTAssertEqual(parse("2\r\nab\r\n"), .more)
        XCTAssertEqual(parse("10\r\nab"), .more)
        guard case .refused(let at, let refusal) = parse("2\r\nab\r\nzz\r\n") else { return XCTFail() }
        XCTAssertEqual(at, 7, "the bytes before the bad size are the body's")
        XCTAssertEqual(refusal.kind, .malformed)
        guard case .refused(_, let large) = parse("100001\r\n", chunkLimit: 1 << 20) else { return XCTFail() }
        XCTAssertEqual(large.kind, .chunkTooLarge(limit: 1 << 20))
        guard case .refused(_, let long) = parse("0\r\nX: " + String(repeating: "a", count: 100) + "\r\n\r\n") else { return XCTFail() }
        XCTAssertEqual(long.kind, .headTooLarge, "a trailer longer than a head may be")
        guard case .refused(_, let zeros) = parse(String(repeating: "0", count: 100) + "1\r\n") else { return XCTFail() }
        XCTAssertEqual(zeros.kind, .malformed, "a size line longer than a head may be")

        // Byte by byte, the same end.
        var body = ChunkedBody(chunkLimit: 1 << 20, lineLimit: 64)
        let bytes = Array("3;e\r\nabc\r\n0\r\n\r\n".utf8)
        for (index, byte) in bytes.enumerated() {
            let step = [byte].withUnsafeBytes { body.advance(over: $0) }
            XCTAssertEqual(step, index == bytes.count - 1 ? .ended(1) : .more, "byte \(index)")
        }
    }
}
