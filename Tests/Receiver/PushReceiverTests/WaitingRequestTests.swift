import HostSystem
@testable import PushReceiver
import Synchronization
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Requests that wait for news (`HTTPRoute.waiting`, the studio's event streams) hold no place
/// that a client needs: a wait whose client went away is answered and its connection freed at
/// once, and over a limit the wait that is oldest gives way to a new connection.
final class WaitingRequestTests: XCTestCase {
    /// `/wait` waits until the test answers it; any other path is answered at once.
    final class WaitingService: HTTPService {
        let waiting = Mutex<[HTTPResponder]>([])
        var count: Int { waiting.withLock { $0.count } }

        func head(method: String, path: String, contentType: String?, contentLength: Int?) -> HTTPResponse? { nil }

        func route(_ request: HTTPRequest) -> HTTPRoute {
            guard request.path == "/wait" else { return .respond(HTTPResponse(status: 200, body: Array("{}".utf8))) }
            return .waiting { [self] responder in waiting.withLock { $0.append(responder) } }
        }

        func failure(_ failure: HTTPFailure, method: String, path: String, startedAt: Double) -> HTTPResponse {
            HTTPResponse(status: 400, body: Array("{}".utf8))
        }
    }

    private func serve(limit: Int, perAddress: Int) throws -> (HTTPServer, WaitingService) {
        var limits = HTTPLimits()
        limits.connectionLimit = limit
        limits.perAddressLimit = perAddress
        // Far away: nothing here is freed by a timeout.
        limits.idleTimeoutSeconds = 60
        let service = WaitingService()
        let server = HTTPServer(service: service, limits: limits)
        try server.start(host: "127.0.0.1", port: 0)
        return (server, service)
    }

    private func wait(port: Int) throws -> RawConnection {
        let connection = try RawConnection(port: port)
        XCTAssertTrue(connection.send(httpRequest("GET", "/wait", contentType: nil, keepAlive: true)))
        return connection
    }

    func testAWaitWhoseClientWentAwayIsAnsweredAndItsConnectionFreed() throws {
        let (server, service) = try serve(limit: 8, perAddress: 8)
        defer { server.stop() }
        var connection: RawConnection? = try wait(port: server.port)
        XCTAssertTrue(Wait.until(.seconds(10)) { service.count == 1 })
        XCTAssertEqual(server.connectionCount, 1)
        let responder = try XCTUnwrap(service.waiting.withLock { $0.first })
        XCTAssertFalse(responder.isAnswered)
        connection = nil
        XCTAssertNil(connection)
        XCTAssertTrue(Wait.until(.seconds(10)) { server.connectionCount == 0 }, "freed when its client closed, not by a timeout")
        XCTAssertTrue(responder.isAnswered)
    }

    /// Four waits fill the four places: a fifth connection is served, in the place of the
    /// wait that has waited the longest; the others go on waiting. A wait answered by its
    /// service and asked again waits from then on.
    func testOverTheLimitTheLongestWaitGivesWay() throws {
        for (limit, perAddress) in [(4, 64), (64, 4)] {
            let (server, service) = try serve(limit: limit, perAddress: perAddress)
            defer { server.stop() }
            var waits: [RawConnection] = []
            for count in 1...4 {
                waits.append(try wait(port: server.port))
                XCTAssertTrue(Wait.until(.seconds(10)) { service.count == count })
            }
            service.waiting.withLock { $0[0] }.respond(HTTPResponse(status: 200, body: Array("{}".utf8)))
            XCTAssertEqual(waits[0].readResponse(timeoutSeconds: 10)?.status, 200)
            XCTAssertTrue(waits[0].send(httpRequest("GET", "/wait", contentType: nil, keepAlive: true)))
            XCTAssertTrue(Wait.until(.seconds(10)) { service.count == 5 })

            XCTAssertEqual(try exchange(server.port, "GET", "/other", contentType: nil).status, 200, "limit \(limit), \(perAddress) an address")
            XCTAssertTrue(waits[1].closedByPeer(within: 10))
            XCTAssertTrue(Wait.until(.seconds(10)) { service.waiting.withLock { $0[1].isAnswered } })
            // The others wait on: waits 2 and 3, and wait 0 asked again (the fifth responder).
            for (connection, responder) in [(0, 4), (2, 2), (3, 3)] {
                XCTAssertFalse(waits[connection].isClosed, "connection \(connection)")
                XCTAssertFalse(service.waiting.withLock { $0[responder].isAnswered }, "responder \(responder)")
            }
        }
    }

    /// A wait nobody answers does not hold the server's stop: it is answered as the server stops.
    func testStoppingAnswersTheWaits() throws {
        let (server, service) = try serve(limit: 8, perAddress: 8)
        let connection = try wait(port: server.port)
        XCTAssertTrue(Wait.until(.seconds(10)) { service.count == 1 })
        server.stop(drainSeconds: 30)
        XCTAssertTrue(service.waiting.withLock { $0[0].isAnswered })
        XCTAssertTrue(connection.closedByPeer(within: 10))
    }
}
