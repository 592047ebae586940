import JSONKit
import HostSystem
@testable import PushReceiver
import Synchronization
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Connections cannot starve the receiver (P1, P11): a global limit that drops the oldest
/// idle connection first, a per-address limit, and an idle timeout that a client dribbling
/// its headers cannot stretch. Every flood comes from loopback addresses only.
final class ConnectionLimitTests: XCTestCase {
    /// 2,000 idle connections from 8 loopback addresses (250 each, under the per-address
    /// limit of 256, over the global limit of 1000), kept open by a thread that reopens
    /// each one the receiver drops: a push from 127.0.0.1 is still answered, every time,
    /// before its socket's 3-second receive timeout.
    func testAFloodOfIdleConnectionsFromManyAddressesDoesNotStarveAPush() throws {
        try raiseOpenFileLimit(to: 8192)
        let receiver = try TestReceiver { configuration in
            configuration.http = HTTPLimits()  // the defaults: 1000 connections, 256 per address, 10 s idle
        }
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "s")).status, 200)
        let flood = Flood(port: receiver.port, sources: (2...9).map { "127.0.0.\($0)" }, perSource: 250)
        flood.open()
        XCTAssertGreaterThan(flood.openCount, 1000, "the flood holds more connections than the global limit")
        let keeper = OSThread { flood.keepOpen(rounds: 40) }
        defer {
            flood.stop()
            keeper.join()
            flood.closeAll()
        }
        for index in 0..<5 {
            let connection = try RawConnection(port: receiver.port, source: "127.0.0.1")
            connection.send(httpRequest("POST", "/api/push", body: Array(pushBody("update", nonce: "during-\(index)").serialized().utf8)))
            let response = connection.readResponse(timeoutSeconds: 3)
            XCTAssertEqual(response?.status, 200, "push \(index) is answered while the flood lasts")
        }
        XCTAssertGreaterThan(flood.reopened.load(ordering: .relaxed), 0, "the receiver dropped idle flood connections")
    }

    /// With room for 8, the ninth connection drops the one idle the longest; a connection
    /// that just finished a request counts as freshly idle.
    func testTheOldestIdleConnectionIsDroppedFirst() throws {
        let receiver = try TestReceiver { configuration in
            configuration.http.connectionLimit = 8
            configuration.http.perAddressLimit = 64
            configuration.http.idleTimeoutSeconds = 30
        }
        var idle: [RawConnection] = []
        for _ in 0..<8 {
            idle.append(try RawConnection(port: receiver.port))
            // Each is registered before the next arrives: wait for the receiver to have it.
            XCTAssertTrue(try waitForConnections(receiver, count: idle.count))
        }
        // Connection 1 finishes a request, so it is now the most recently idle.
        idle[1].send(httpRequest("GET", "/healthz", contentType: nil, keepAlive: true))
        XCTAssertEqual(idle[1].readResponse(timeoutSeconds: 3)?.status, 200)
        let ninth = try RawConnection(port: receiver.port)
        XCTAssertTrue(idle[0].closedByPeer(within: 3), "the oldest idle connection is dropped")
        let tenth = try RawConnection(port: receiver.port)
        XCTAssertTrue(idle[2].closedByPeer(within: 3), "then the next oldest, not the one that just had a request")
        for connection in [idle[1], idle[3], ninth, tenth] {
            XCTAssertFalse(connection.isClosed)
        }
        idle[1].send(httpRequest("GET", "/healthz", contentType: nil, keepAlive: true))
        XCTAssertEqual(idle[1].readResponse(timeoutSeconds: 3)?.status, 200, "the refreshed connection still works")
        tenth.send(httpRequest("POST", "/api/push", body: Array(pushBody(nonce: "s").serialized().utf8)))
        XCTAssertEqual(tenth.readResponse(timeoutSeconds: 3)?.status, 200)
    }

    /// A client that sends one byte of its headers every 300 ms never goes quiet for the
    /// idle timeout (2 s), yet its connection is closed once its request has not arrived within
    /// the idle and request timeouts (3.5 s here): they count from when the connection opened
    /// (or last answered), not from its last byte.
    func testHeadersDribbledByteByByteAreCutOffAtTheIdleTimeout() throws {
        let receiver = try TestReceiver()
        let slow = try RawConnection(port: receiver.port)
        var cutOff = false
        for byte in Array("POST /api/push HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ".utf8) + [UInt8](repeating: 0x61, count: 20) {
            if slow.hasAnswered || !slow.send([byte]) {
                cutOff = true
                break
            }
            usleep(300_000)  // the slow client's pace, not a wait for the receiver
        }
        XCTAssertTrue(cutOff, "closed before the client sent its 72 bytes over 21 s")
        let (nothing, closed) = slow.readUntilClosed(timeoutSeconds: 3)
        XCTAssertTrue(closed)
        XCTAssertEqual(nothing, [], "closed without an answer")
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "s")).status, 200)
    }

    /// Waits (at most 3 s) until the receiver holds `count` connections.
    func waitForConnections(_ receiver: TestReceiver, count: Int) throws -> Bool {
        let deadline = MonotonicClock.milliseconds() + 3000
        while receiver.server.connectionCount < count && MonotonicClock.milliseconds() < deadline { sched_yield() }
        return receiver.server.connectionCount >= count
    }
}

extension RawConnection {
    /// Whether the receiver has sent something or closed (checked without waiting).
    var hasAnswered: Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }
}

/// Raises this process's open-file limit (a flood needs both ends of thousands of sockets).
func raiseOpenFileLimit(to wanted: rlim_t) throws {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    if limit.rlim_cur >= wanted { return }
    limit.rlim_cur = min(wanted, limit.rlim_max)
    setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    struct TooFewFiles: Error, CustomStringConvertible {
        var have: rlim_t
        var description: String { "this process may open only \(have) files; the flood needs more (ulimit -n)" }
    }
    if limit.rlim_cur < wanted { throw TooFewFiles(have: limit.rlim_cur) }
}

/// Idle connections from several loopback source addresses; half of them send the start
/// of a request line and stop.
final class Flood: @unchecked Sendable {
    let port: Int
    let sources: [String]
    let perSource: Int
    private let lock = Mutex<Void>(())
    private var sockets: [Int32]
    let stopping = Atomic<Bool>(false)
    let reopened = Atomic<Int>(0)

    init(port: Int, sources: [String], perSource: Int) {
        self.port = port
        self.sources = sources
        self.perSource = perSource
        sockets = Array(repeating: -1, count: sources.count * perSource)
    }

    var openCount: Int { lock.withLock { _ in sockets.filter { $0 >= 0 }.count } }

    func open() {
        for slot in 0..<(sources.count * perSource) { reopen(slot) }
    }

    /// Reopens every slot the receiver closed, `rounds` times over (or until stopped).
    func keepOpen(rounds: Int) {
        for _ in 0..<rounds where !stopping.load(ordering: .relaxed) {
            for slot in 0..<(sources.count * perSource) where !stopping.load(ordering: .relaxed) {
                let fd = lock.withLock { _ in sockets[slot] }
                if fd >= 0 && !Sockets.isClosed(fd) { continue }
                reopen(slot)
                reopened.add(1, ordering: .relaxed)
            }
        }
    }

    func stop() { stopping.store(true, ordering: .relaxed) }

    func closeAll() {
        lock.withLock { _ in
            for fd in sockets where fd >= 0 { close(fd) }
            sockets = sockets.map { _ in -1 }
        }
    }

    private func reopen(_ slot: Int) {
        let old = lock.withLock { _ in sockets[slot] }
        if old >= 0 { close(old) }
        let fd = Sockets.connect(port: port, source: sources[slot % sources.count], sendTimeout: 1)
        if fd >= 0 && slot % 2 == 1 {
            let partial = Array("POST /api/pu".utf8)
            _ = partial.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        lock.withLock { _ in sockets[slot] = fd }
    }
}
