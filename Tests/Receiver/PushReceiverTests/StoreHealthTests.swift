import JSONKit
import HostSystem
@testable import PushReceiver
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `/healthz` tells a supervisor what the store is doing (P11): a write that failed lately
/// makes it answer 503 with `ok: false`, and it reports the free space where the database lives.
final class StoreHealthTests: XCTestCase {
    func health(_ receiver: TestReceiver) throws -> RawResponse {
        try exchange(receiver.port, "GET", "/healthz", contentType: nil)
    }

    func testHealthSaysWhenEveryWriteFails() throws {
        let receiver = try TestReceiver { $0.health.failureWindowSeconds = 1 }
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "s")).status, 200)
        let healthy = try health(receiver)
        XCTAssertEqual(healthy.status, 200)
        XCTAssertEqual(healthy.json?["ok"], true)
        XCTAssertEqual(healthy.json?["status"], "serving")
        XCTAssertEqual(healthy.json?["store"]?["ok"], true)
        XCTAssertEqual(healthy.json?["store"]?["failed_writes"], 0)
        XCTAssertEqual(healthy.json?["store"]?["last_failure"], .null)
        XCTAssertGreaterThan(healthy.json?["store"]?["free_bytes"]?.doubleValue ?? 0, 0)

        // The disk is full: no file of this process may grow (as when the file system has no
        // space left, the store's writes fail with an error; SIGXFSZ is ignored so the error is all).
        try withFileSizeLimit(0) {
            let refused = try post(receiver.port, pushBody("update", nonce: "u1"))
            XCTAssertEqual(refused.status, 500)
            XCTAssertEqual(refused.reason, "storage-failed")
            let failing = try health(receiver)
            XCTAssertEqual(failing.status, 503)
            XCTAssertEqual(failing.json?["ok"], false)
            XCTAssertEqual(failing.json?["status"], "storage-failing")
            XCTAssertEqual(failing.json?["store"]?["ok"], false)
            XCTAssertEqual(failing.json?["store"]?["failed_writes"], 1)
            XCTAssertNotNil(failing.json?["store"]?["last_failure"]?.stringValue, "\(failing.json ?? nil)")
            XCTAssertGreaterThanOrEqual(failing.json?["store"]?["last_failure_seconds_ago"]?.doubleValue ?? -1, 0)
            XCTAssertEqual(failing.json?["acknowledged"], 1, "nothing more was acknowledged")
        }

        // Space again: the same push goes through (nothing of it was stored), and once the
        // failure is older than the window (1 s here) the receiver is healthy again.
        XCTAssertEqual(try post(receiver.port, pushBody("update", nonce: "u1")).status, 200)
        let deadline = MonotonicClock.milliseconds() + 5000
        var recovered = try health(receiver)
        while recovered.status != 200 && MonotonicClock.milliseconds() < deadline {
            sched_yield()
            recovered = try health(receiver)
        }
        XCTAssertEqual(recovered.status, 200)
        XCTAssertEqual(recovered.json?["ok"], true)
        XCTAssertEqual(recovered.json?["store"]?["failed_writes"], 1, "the count stays")
    }

    /// Free space below the floor makes the receiver unhealthy before writes start failing.
    func testHealthSaysWhenFreeSpaceIsLow() throws {
        let receiver = try TestReceiver { $0.health.minimumFreeBytes = Int64.max }
        let low = try health(receiver)
        XCTAssertEqual(low.status, 503)
        XCTAssertEqual(low.json?["ok"], false)
        XCTAssertEqual(low.json?["status"], "low-disk-space")
        XCTAssertEqual(low.json?["store"]?["ok"], true, "the writes themselves still work")
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "s")).status, 200)
    }
}

/// Runs `body` while this process may not grow any file beyond `bytes` (RLIMIT_FSIZE), with
/// SIGXFSZ ignored, then restores both.
func withFileSizeLimit(_ bytes: rlim_t, _ body: () throws -> Void) throws {
    var previous = rlimit()
    getrlimit(Int32(RLIMIT_FSIZE.rawValue), &previous)
    let handler = signal(SIGXFSZ, SIG_IGN)
    var limited = previous
    limited.rlim_cur = bytes
    XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limited), 0)
    defer {
        setrlimit(Int32(RLIMIT_FSIZE.rawValue), &previous)
        signal(SIGXFSZ, handler)
    }
    try body()
}
