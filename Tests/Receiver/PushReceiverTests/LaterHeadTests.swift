import CReceiverSockets
import JSONKit
@testable import PushReceiver
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Every request head of a kept-alive connection is checked before libmicrohttpd reads it, as
/// the first one is: a malformed later head gets the same single JSON refusal at once and the
/// connection is closed; well-formed ones, pipelined or not, are served as before.
final class LaterHeadTests: XCTestCase {
    static let push = "POST /api/push HTTP/1.1"

    /// libmicrohttpd's reads reach the receiver's `recv`.
    func testLibmicrohttpdReadsThroughTheReceiversRecv() {
        XCTAssertEqual(widgethost_receiver_recv_is_interposed(), 1)
    }

    /// Every other socket's reads go straight to the C library.
    func testOtherSocketsAreReadStraightThrough() {
        var pair: [Int32] = [-1, -1]
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair), 0)
        defer { pair.forEach { close($0) } }
        XCTAssertEqual(Glibc.send(pair[1], "GARBAGE\r\n\r\n", 11, 0), 11)
        var bytes = [UInt8](repeating: 0, count: 64)
        XCTAssertEqual(recv(pair[0], &bytes, bytes.count, 0), 11)
        XCTAssertEqual(Array(bytes.prefix(11)), Array("GARBAGE\r\n\r\n".utf8))
        XCTAssertEqual(widgethost_receiver_watch(1 << 20), 0, "a socket number past what can be watched is refused")
    }

    func testEachMalformedLaterHeadGetsOneJSONRefusalAtOnce() throws {
        // The idle timeout is far beyond the wait below: an answer within it came at once.
        let receiver = try TestReceiver { $0.http.idleTimeoutSeconds = 30 }
        let cases: [(String, [UInt8], Int, String)] = [
            ("binary bytes", [0, 1, 2, 3, 0xFF, 0xFE, 13, 10, 13, 10], 400, "malformed-request"),
            ("binary bytes without a line end", [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03], 400, "malformed-request"),
            ("a bare word", Array("GARBAGE\r\n\r\n".utf8), 400, "malformed-request"),
            ("two different lengths", MalformedHeadTests.head([Self.push, "Host: x", "Content-Type: application/json", "Content-Length: 2", "Content-Length: 3"]) + Array("{}".utf8), 400, "malformed-request"),
            ("length and chunked", MalformedHeadTests.head([Self.push, "Host: x", "Content-Length: 2", "Transfer-Encoding: chunked"]) + Array("{}".utf8), 400, "malformed-request"),
            ("unknown transfer coding", MalformedHeadTests.head([Self.push, "Host: x", "Transfer-Encoding: gzip"]) + Array("{}".utf8), 400, "malformed-request"),
            ("header line without a colon", MalformedHeadTests.head([Self.push, "Host: x", "just words", "Content-Length: 2"]) + Array("{}".utf8), 400, "malformed-request"),
            ("NUL in a header", MalformedHeadTests.head(["GET /healthz HTTP/1.1", "Host: x", "X-Thing: a\u{0}b"]), 400, "malformed-request"),
            ("negative length", MalformedHeadTests.head([Self.push, "Host: x", "Content-Length: -1"]), 400, "malformed-request"),
            ("huge length", MalformedHeadTests.head([Self.push, "Host: x", "Content-Length: 99999999999999999999999"]), 413, "body-too-large"),
            ("a head too large", MalformedHeadTests.head([Self.push, "Host: x", "X-Big: " + String(repeating: "a", count: 40_000)]), 431, "headers-too-large"),
        ]
        for (name, bytes, status, reason) in cases {
            let connection = try Self.keptAliveConnection(port: receiver.port, name)
            connection.send(bytes)
            let (received, closed) = connection.readUntilClosed(timeoutSeconds: 5)
            XCTAssertTrue(closed, "\(name): the receiver answers and closes the connection at once")
            Self.assertOneRefusal(received, status: status, reason: reason, name)
        }
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "after")).status, 200, "the receiver serves on")
        XCTAssertTrue(receiver.log.all.contains { $0.contains("400 refused malformed-request") }, "\(receiver.log.all)")
    }

    /// A later head in an HTTP version the receiver does not speak gets the JSON 505 a first head
    /// gets, alone or pipelined behind a good request, and the connection is closed.
    func testAnUnsupportedHTTPVersionInALaterHeadGetsOneJSON505AtOnce() throws {
        let receiver = try TestReceiver { $0.http.idleTimeoutSeconds = 30 }
        let health = httpRequest("GET", "/healthz", contentType: nil, keepAlive: true)
        for (version, bytes) in MalformedHeadTests.unsupportedVersions {
            let connection = try Self.keptAliveConnection(port: receiver.port, version)
            connection.send(bytes)
            let (received, closed) = connection.readUntilClosed(timeoutSeconds: 5)
            XCTAssertTrue(closed, "\(version): the receiver answers and closes the connection at once")
            MalformedHeadTests.assertVersionRefusal(received, version: version)
        }
        let pipelined = try RawConnection(port: receiver.port)
        pipelined.send(health + Array("GET /healthz HTTP/2.0\r\nHost: x\r\n\r\n".utf8))
        let (received, closed) = pipelined.readUntilClosed(timeoutSeconds: 5)
        XCTAssertTrue(closed)
        let answers = RawConnection.split(received)
        XCTAssertEqual(answers.compactMap { RawConnection.parse($0, complete: true)?.status }, [200, 505], String(decoding: received, as: UTF8.self))
        MalformedHeadTests.assertVersionRefusal(answers.last ?? [], version: "HTTP/2.0")
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "after")).status, 200, "the receiver serves on")
    }

    /// A later head that stops half way gets 408 once the idle timeout has passed, as a first head does.
    func testALaterHeadThatNeverEndsGets408AtTheIdleTimeout() throws {
        let receiver = try TestReceiver()  // idle timeout 2 s
        let connection = try RawConnection(port: receiver.port)
        connection.send(httpRequest("GET", "/healthz", contentType: nil, keepAlive: true))
        XCTAssertEqual(connection.readResponse(timeoutSeconds: 5)?.status, 200)
        connection.send(Array("POST /api/push HTTP/1.1\r\nHost: x\r\n".utf8))
        let (received, closed) = connection.readUntilClosed(timeoutSeconds: 6)
        XCTAssertTrue(closed)
        let response = RawConnection.parse(received, complete: true)
        XCTAssertEqual(response?.status, 408, String(decoding: received, as: UTF8.self))
        XCTAssertEqual(response?.reason, "request-timeout")
        XCTAssertEqual(response?.headers["connection"], "close")
        XCTAssertTrue(response?.json?["message"]?.stringValue?.contains("headers") ?? false, "\(response?.json ?? nil)")
        // Kept alive and silent after its answer: closed at the timeout without a word.
        let silent = try RawConnection(port: receiver.port)
        silent.send(httpRequest("GET", "/healthz", contentType: nil, keepAlive: true))
        XCTAssertEqual(silent.readResponse(timeoutSeconds: 5)?.status, 200)
        let (nothing, silentClosed) = silent.readUntilClosed(timeoutSeconds: 6)
        XCTAssertTrue(silentClosed)
        XCTAssertEqual(nothing, [])
    }

    /// A bad head behind pipelined good requests is answered after theirs, in order.
    func testPipelinedRequestsAreAnsweredInOrderAndABadHeadAfterThemIsRefused() throws {
        let receiver = try TestReceiver { $0.http.idleTimeoutSeconds = 30 }
        let push = httpRequest("POST", "/api/push", body: Array(pushBody(nonce: "p1").serialized().utf8), keepAlive: true)
        let health = httpRequest("GET", "/healthz", contentType: nil, keepAlive: true)
        let connection = try RawConnection(port: receiver.port)
        connection.send(push + health + health)
        let answers = connection.readResponses(3, timeoutSeconds: 5)
        XCTAssertEqual(answers.map(\.status), [200, 200, 200], "three pipelined requests, three answers")
        XCTAssertEqual(answers.first?.json?["status"], "accepted")
        XCTAssertFalse(connection.isClosed, "still kept alive")

        let second = try RawConnection(port: receiver.port)
        second.send(health + health + Array("GARBAGE\r\n\r\n".utf8))
        let (received, closed) = second.readUntilClosed(timeoutSeconds: 5)
        XCTAssertTrue(closed)
        let pipelined = RawConnection.split(received)
        XCTAssertEqual(pipelined.compactMap { RawConnection.parse($0, complete: true)?.status }, [200, 200, 400],
                       String(decoding: received, as: UTF8.self))
        Self.assertOneRefusal(pipelined.last ?? [], status: 400, reason: "malformed-request", "after two pipelined requests")
    }

    /// A later head that arrives in pieces, with its body, is served as before.
    func testALaterHeadInPiecesIsServed() throws {
        let receiver = try TestReceiver { $0.http.idleTimeoutSeconds = 30 }
        let connection = try RawConnection(port: receiver.port)
        connection.send(httpRequest("GET", "/healthz", contentType: nil, keepAlive: true))
        XCTAssertEqual(connection.readResponse(timeoutSeconds: 5)?.status, 200)
        var one: Int32 = 1
        setsockopt(connection.fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let request = httpRequest("POST", "/api/push", body: Array(pushBody(nonce: "pieces").serialized().utf8), keepAlive: true)
        for piece in [request[0..<7], request[7..<40], request[40..<(request.count - 3)], request[(request.count - 3)...]] {
            connection.send(Array(piece))
        }
        let response = connection.readResponse(timeoutSeconds: 5)
        XCTAssertEqual(response?.status, 200)
        XCTAssertEqual(response?.json?["status"], "accepted")
        XCTAssertFalse(connection.isClosed)
    }

    /// A chunked body is not followed: its answer closes the connection, so no head after it
    /// reaches libmicrohttpd unchecked.
    func testAChunkedRequestsAnswerClosesTheConnection() throws {
        let receiver = try TestReceiver { $0.http.idleTimeoutSeconds = 30 }
        let body = Array(pushBody(nonce: "chunked").serialized().utf8)
        var bytes = Array("POST /api/push HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        bytes += Array((String(body.count, radix: 16) + "\r\n").utf8) + body + Array("\r\n0\r\n\r\n".utf8)
        let connection = try RawConnection(port: receiver.port)
        connection.send(bytes + Array("GARBAGE\r\n\r\n".utf8))
        let (received, closed) = connection.readUntilClosed(timeoutSeconds: 5)
        XCTAssertTrue(closed)
        let text = String(decoding: received, as: UTF8.self)
        let response = RawConnection.parse(received, complete: true)
        XCTAssertEqual(response?.status, 200, text)
        XCTAssertEqual(response?.json?["status"], "accepted", text)
        XCTAssertEqual(response?.headers["connection"], "close", text)
        XCTAssertEqual(RawConnection.split(received).count, 1, "only the chunked request's answer: \(text)")
    }

    // MARK: The stream, over bytes

    func testTheStreamPassesOnWholeRequestsAndStopsAtAHeadStillArriving() {
        let one = Array("POST /p HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc".utf8)
        let next = Array("GET /healthz HTTP/1.1\r\nHo".utf8)
        var stream = RequestStream()
        let pass = (one + next).withUnsafeBytes { stream.advance(over: $0, length: 4096, headLimit: 1024) }
        XCTAssertEqual(pass, one.count, "the whole first request, none of the second head")
        XCTAssertEqual(stream.position, .head)
        XCTAssertEqual(stream.passed, 1)

        // libmicrohttpd's room ends inside the body: the rest of it comes next, unchecked.
        var short = RequestStream()
        let part = one.withUnsafeBytes { short.advance(over: $0, length: 20, headLimit: 1024) }
        XCTAssertEqual(part, 20)
        XCTAssertEqual(short.position, .request(one.count - 20))
    }

    func testTheStreamRefusesAMalformedHeadBehindGoodOnes() {
        let good = Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        var stream = RequestStream()
        let pass = (good + good + Array("GARBAGE\r\n\r\n".utf8)).withUnsafeBytes { stream.advance(over: $0, length: 4096, headLimit: 1024) }
        XCTAssertEqual(pass, 2 * good.count)
        XCTAssertEqual(stream.passed, 2)
        guard case .refused(let refusal) = stream.position else { return XCTFail("\(stream.position)") }
        XCTAssertEqual(refusal.kind, .malformed)
    }

    func testTheStreamFollowsAChunkedBodyToItsEnd() {
        let chunked = Array("POST /p HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n0\r\n\r\n".utf8)
        var stream = RequestStream()
        let pass = chunked.withUnsafeBytes { stream.advance(over: $0, length: 4096, headLimit: 1024) }
        XCTAssertEqual(pass, chunked.count)
        XCTAssertEqual(stream.position, .unframed)
    }

    func testAHeadWholeOnlyPastLibmicrohttpdsRoomIsPassedOnInParts() {
        let head = Array("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Long: \(String(repeating: "a", count: 100))\r\n\r\n".utf8)
        var stream = RequestStream()
        let pass = head.withUnsafeBytes { stream.advance(over: $0, length: 50, headLimit: 1024) }
        XCTAssertEqual(pass, 50)
        XCTAssertEqual(stream.position, .request(head.count - 50))
    }

    // MARK: Helpers

    /// A connection to `port` that has had one good request answered and is kept alive.
    static func keptAliveConnection(port: Int, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> RawConnection {
        let connection = try RawConnection(port: port)
        connection.send(httpRequest("GET", "/healthz", contentType: nil, keepAlive: true))
        let first = connection.readResponse(timeoutSeconds: 5)
        XCTAssertEqual(first?.status, 200, "\(name): the good request first", file: file, line: line)
        XCTAssertNotEqual(first?.headers["connection"], "close", "\(name): the connection is kept alive", file: file, line: line)
        return connection
    }

    static func assertOneRefusal(_ received: [UInt8], status: Int, reason: String, _ name: String,
                                 file: StaticString = #filePath, line: UInt = #line) {
        let text = String(decoding: received, as: UTF8.self)
        let statusLines = text.split(separator: "\r\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("HTTP/1.") }.count
        XCTAssertEqual(statusLines, 1, "\(name): exactly one status line in \(text.debugDescription)", file: file, line: line)
        XCTAssertEqual(text.split(separator: "\r\n").filter { $0.hasPrefix("Date: ") }.count, 1, "\(name): one header block in \(text.debugDescription)", file: file, line: line)
        let response = RawConnection.parse(received, complete: true)
        XCTAssertEqual(response?.status, status, "\(name): \(text)", file: file, line: line)
        XCTAssertEqual(response?.headers["connection"], "close", name, file: file, line: line)
        XCTAssertEqual(response?.headers["content-type"], "application/json", name, file: file, line: line)
        XCTAssertEqual(response?.headers["content-length"].flatMap(Int.init), response?.body.count, name, file: file, line: line)
        XCTAssertEqual(response?.reason, reason, "\(name): \(text)", file: file, line: line)
        XCTAssertEqual(response?.json?["ok"], false, name, file: file, line: line)
        XCTAssertEqual(response?.json?["status"], "refused", name, file: file, line: line)
    }
}

extension RawConnection {
    /// The first `count` responses (fewer when the connection closes or `timeoutSeconds` pass in silence).
    func readResponses(_ count: Int, timeoutSeconds: Int) -> [RawResponse] {
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var data: [UInt8] = []
        var responses: [RawResponse] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while responses.count < count {
            if let response = Self.parse(data), let length = response.headers["content-length"].flatMap(Int.init),
               let end = Self.headEnd(data) {
                responses.append(response)
                data.removeFirst(end + length)
                continue
            }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            data += buffer[0..<n]
        }
        return responses
    }

    /// Responses one after another, each to the end its Content-Length gives (the last to the end).
    static func split(_ data: [UInt8]) -> [[UInt8]] {
        var rest = data[...]
        var responses: [[UInt8]] = []
        while !rest.isEmpty {
            guard let end = headEnd(Array(rest)), let response = parse(Array(rest), complete: true),
                  let length = response.headers["content-length"].flatMap(Int.init), end + length <= rest.count else {
                responses.append(Array(rest))
                break
            }
            responses.append(Array(rest.prefix(end + length)))
            rest = rest.dropFirst(end + length)
        }
        return responses
    }

    private static func headEnd(_ data: [UInt8]) -> Int? {
        guard data.count >= 4 else { return nil }
        return (0...(data.count - 4)).first { data[$0] == 13 && data[$0 + 1] == 10 && data[$0 + 2] == 13 && data[$0 + 3] == 10 }.map { $0 + 4 }
    }
}
