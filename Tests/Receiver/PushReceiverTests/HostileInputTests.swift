import JSONKit
import HostSystem
import PushContract
@testable import PushReceiver
import Synchronization
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Bad input and bad clients: each gets a clear refusal (or is cut off), and the receiver
/// keeps serving everyone else.
final class HostileInputTests: XCTestCase {
    func assertServing(_ receiver: TestReceiver, nonce: String, file: StaticString = #filePath, line: UInt = #line) throws {
        // Answered at all: the connection's receive timeout bounds the wait.
        let response = try post(receiver.port, pushBody("update", nonce: nonce))
        XCTAssertTrue(response.status == 200 || response.status == 409, "\(response.status)", file: file, line: line)
    }

    func testTenMegabyteBodiesWithCurl() throws {
        let receiver = try TestReceiver()
        let path = receiver.directory + "/big.json"
        let file = fopen(path, "wb")!
        let chunk = [UInt8](repeating: 0x61, count: 1 << 20)
        for _ in 0..<10 { _ = chunk.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) } }
        fclose(file)
        for extra in [[String](), ["-H", "Transfer-Encoding: chunked"]] {
            let result = try runProgram(["curl", "-sS", "-X", "POST", receiver.url + "/api/push", "-H", "Content-Type: application/json"]
                                 + extra + ["--data-binary", "@" + path, "-w", "\n%{http_code}"])
            // H2O's own 413 (a plain-text body), before the body is read or once it passes the limit.
            XCTAssertTrue(result.out.hasSuffix("\n413"), result.out)
            XCTAssertTrue(result.out.contains("request entity is too large"), result.out)
        }
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "s")).status, 200)
    }

    func testBinaryGarbageInsteadOfHTTP() throws {
        let receiver = try TestReceiver()
        for seed in 0..<5 {
            let connection = try RawConnection(port: receiver.port)
            var bytes = [UInt8](repeating: 0, count: 4096)
            var state = UInt32(seed * 7 + 1)
            for index in bytes.indices {
                state = state &* 1_664_525 &+ 1_013_904_223
                bytes[index] = UInt8(truncatingIfNeeded: state >> 24)
            }
            connection.send(bytes)
            if let response = connection.readResponse(timeoutSeconds: 3) {
                XCTAssertGreaterThanOrEqual(response.status, 400, "H2O refuses what is not HTTP")
            } else {
                XCTAssertTrue(true, "closed without a response")
            }
        }
        try assertServing(receiver, nonce: "after-garbage")
    }

    func testASlowBodyIsCutOffAndOthersAreServed() throws {
        let receiver = try TestReceiver()
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "s")).status, 200)
        let slow = try RawConnection(port: receiver.port)
        let body = Array(pushBody("update", nonce: "slow").serialized().utf8)
        slow.send(Array("POST /api/push HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8))
        // One byte, then a wait for the server to close (at most a second), until it does: the
        // pace is the wait on the condition, and the body has more bytes than the timeout has seconds.
        var cutOff = false
        for (index, byte) in body.enumerated() {
            if !slow.send([byte]) || slow.closedByPeer(within: 1) { cutOff = true; break }
            if index % 2 == 1 { try assertServing(receiver, nonce: "meanwhile-\(index)") }
        }
        XCTAssertTrue(cutOff, "the server closes a request slower than its timeout")
    }

    func testSlowHeadersAreClosedWhenIdle() throws {
        let receiver = try TestReceiver()
        let slow = try RawConnection(port: receiver.port)
        slow.send(Array("POST /api/pu".utf8))
        try assertServing(receiver, nonce: "while-slow")
        XCTAssertTrue(slow.closedByPeer(within: 4), "idle for longer than the idle timeout (2 s)")
    }

    func testAFloodOfConnectionsFromOneAddress() throws {
        let receiver = try TestReceiver()
        var flood: [RawConnection] = []
        for _ in 0..<100 {
            if let connection = try? RawConnection(port: receiver.port, source: "127.0.0.2") { flood.append(connection) }
        }
        // Beyond the per-address limit (64 here) connections are closed at once: the wait is
        // for those closes, on the sockets' own events, bounded.
        let refused = Sockets.waitUntilClosed(flood.map(\.fd), atLeast: 100 - 64, within: .seconds(10))
        XCTAssertGreaterThanOrEqual(refused, 100 - 64)
        XCTAssertLessThan(refused, 100)
        // Another address is served normally meanwhile, and so is a request on a flood connection.
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "s")).status, 200)
        let kept = try XCTUnwrap(flood.first { !$0.isClosed })
        kept.send(httpRequest("POST", "/api/push", body: Array(pushBody("update", nonce: "from-flood").serialized().utf8)))
        XCTAssertEqual(kept.readResponse(timeoutSeconds: 3)?.status, 200)
        flood.removeAll()
        try assertServing(receiver, nonce: "after-flood")
    }

    func testConcurrentRequestsWithTheSameNonce() throws {
        let receiver = try TestReceiver()
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "s")).status, 200)
        let port = receiver.port
        for round in 0..<20 {
            let statuses = Collected<Int>()
            let body = pushBody("update", nonce: "race-\(round)")
            concurrently(4) { _ in
                statuses.append((try? post(port, body))?.status ?? -1)
            }
            XCTAssertEqual(statuses.all.sorted(), [200, 409, 409, 409], "round \(round)")
        }
        receiver.server.stop()
        let stored = try PushStore(path: receiver.directory + "/push.db").loadPushes()
        XCTAssertEqual(stored.count, 21)
        XCTAssertEqual(Set(stored.map(\.nonce)).count, 21)
    }

    /// `\ud800` and `\udfff` would both become U+FFFD: each is refused as `invalid-value`
    /// (nothing stored, so neither blocks the other). Nonces that merely look alike are
    /// different nonces: `é` and `e` + U+0301 are both accepted, and each replays as a duplicate.
    func testNoncesAreNeverMerged() throws {
        let receiver = try TestReceiver()
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "s")).status, 200)
        let template = pushBody("update", nonce: "NONCE-HERE").serialized()
        for escape in [#"\ud800"#, #"\udfff"#, #"x\udbff"#] {
            let text = template.replacingFirst("NONCE-HERE", with: escape)
            let response = try exchange(receiver.port, "POST", "/api/push", body: Array(text.utf8))
            XCTAssertEqual(response.status, 400, escape)
            XCTAssertEqual(response.reason, "invalid-value", escape)
            XCTAssertEqual(response.json?["field"], "nonce", escape)
        }
        for nonce in ["\u{E9}", "e\u{301}", "\u{212B}", "\u{C5}"] {
            XCTAssertEqual(try post(receiver.port, pushBody("update", nonce: nonce)).status, 200, nonce.debugDescription)
        }
        for nonce in ["\u{E9}", "e\u{301}", "\u{212B}", "\u{C5}"] {
            XCTAssertEqual(try post(receiver.port, pushBody("update", nonce: nonce)).reason, "duplicate-nonce", nonce.debugDescription)
        }
        receiver.server.stop()
        let stored = try PushStore(path: receiver.directory + "/push.db").loadPushes().map { Array($0.nonce.utf8) }
        XCTAssertEqual(stored, [Array("s".utf8)] + ["\u{E9}", "e\u{301}", "\u{212B}", "\u{C5}"].map { Array($0.utf8) })
    }

    func testKeepAliveConnectionsServeManyPushes() throws {
        let receiver = try TestReceiver()
        let connection = try RawConnection(port: receiver.port)
        for index in 0..<50 {
            let body = index == 0 ? pushBody(nonce: "k0") : pushBody("update", nonce: "k\(index)")
            connection.send(httpRequest("POST", "/api/push", body: Array(body.serialized().utf8), keepAlive: true))
            XCTAssertEqual(connection.readResponse(timeoutSeconds: 3)?.status, 200, "request \(index)")
        }
    }
}
