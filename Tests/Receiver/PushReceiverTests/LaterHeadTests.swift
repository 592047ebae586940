import JSONKit
@testable import PushReceiver
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Later requests of a kept-alive connection are parsed as the first one is (H2O reads every
/// request of a connection the same way): well-formed ones, pipelined or not, in pieces or
/// chunked, are served; a malformed one behind them is refused after their answers
/// (`MalformedHeadTests` sends every malformed case as a later request too).
final class LaterHeadTests: XCTestCase {
    static let push = "POST /api/push HTTP/1.1"

    /// A later head that stops half way is closed at the request timeout, without an answer;
    /// a kept-alive connection that stays silent likewise.
    func testALaterHeadThatNeverEndsIsClosedAtTheTimeout() throws {
        let receiver = try TestReceiver()  // 2 s idle and 1.5 s for a body
        let connection = try RawConnection(port: receiver.port)
        connection.send(httpRequest("GET", "/healthz", contentType: nil, keepAlive: true))
        XCTAssertEqual(connection.readResponse(timeoutSeconds: 5)?.status, 200)
        connection.send(Array("POST /api/push HTTP/1.1\r\nHost: x\r\n".utf8))
        let (received, closed) = connection.readUntilClosed(timeoutSeconds: 6)
        XCTAssertTrue(closed)
        XCTAssertEqual(received, [])
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

        for (name, bad) in [("a bare word", Array("GARBAGE\r\n\r\n".utf8)), ("HTTP/2.0", Array("GET /healthz HTTP/2.0\r\nHost: x\r\n\r\n".utf8))] {
            let second = try RawConnection(port: receiver.port)
            second.send(health + health + bad)
            let (received, closed) = second.readUntilClosed(timeoutSeconds: 5)
            XCTAssertTrue(closed, name)
            let pipelined = RawConnection.split(received)
            XCTAssertEqual(pipelined.compactMap { RawConnection.parse($0, complete: true)?.status }, [200, 200, 400],
                           "\(name): \(String(decoding: received, as: UTF8.self))")
        }
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

    /// A chunked request is served and its connection kept; what follows it is parsed as a
    /// request of its own, and garbage there is refused.
    func testAChunkedRequestIsServedAndGarbageAfterItRefused() throws {
        let receiver = try TestReceiver { $0.http.idleTimeoutSeconds = 30 }
        let body = Array(pushBody(nonce: "chunked").serialized().utf8)
        var bytes = Array("POST /api/push HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        bytes += Array((String(body.count, radix: 16) + "\r\n").utf8) + body + Array("\r\n0\r\n\r\n".utf8)
        let connection = try RawConnection(port: receiver.port)
        connection.send(bytes + Array("GARBAGE\r\n\r\n".utf8))
        let (received, closed) = connection.readUntilClosed(timeoutSeconds: 5)
        XCTAssertTrue(closed)
        let text = String(decoding: received, as: UTF8.self)
        let answers = RawConnection.split(received).compactMap { RawConnection.parse($0, complete: true) }
        XCTAssertEqual(answers.map(\.status), [200, 400], text)
        XCTAssertEqual(answers.first?.json?["status"], "accepted", text)
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
