import JSONKit
import PushContract
@testable import PushReceiver
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The receiver acknowledges only what a restart finds (P11): once the path of its database
/// no longer names the file it opened (deleted, or replaced by another), nothing more is
/// acknowledged, `/healthz` says why, and the log says so once.
final class StoreFilesTests: XCTestCase {
    func health(_ receiver: TestReceiver) throws -> RawResponse {
        try exchange(receiver.port, "GET", "/healthz", contentType: nil)
    }

    func testADeletedDatabaseTakesNoMorePushes() throws {
        let receiver = try TestReceiver()
        defer { Files.removeTree(receiver.directory) }
        let database = receiver.directory + "/push.db"
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "s")).status, 200)
        for suffix in ["", "-wal", "-shm"] { unlink(database + suffix) }

        for index in 0..<5 {
            let refused = try post(receiver.port, pushBody("update", nonce: "after-\(index)"))
            XCTAssertEqual(refused.status, 500, "push \(index)")
            XCTAssertEqual(refused.reason, "storage-failed", "push \(index)")
            let message = refused.json?["message"]?.stringValue ?? ""
            XCTAssertTrue(message.contains("was deleted") && message.contains("restarted"), message)
        }
        let failing = try health(receiver)
        XCTAssertEqual(failing.status, 503)
        XCTAssertEqual(failing.json?["ok"], false)
        XCTAssertEqual(failing.json?["status"], "database-lost")
        XCTAssertEqual(failing.json?["store"]?["ok"], false)
        XCTAssertTrue(failing.json?["store"]?["lost"]?.stringValue?.contains("\(database) was deleted") ?? false, "\(failing.json ?? nil)")
        XCTAssertEqual(failing.json?["acknowledged"], 1)
        XCTAssertEqual(failing.json?["store"]?["failed_writes"], 0, "not a failing disk: the file is gone")
        let notices = receiver.log.all.filter { $0.contains("was deleted after the receiver opened it") }
        XCTAssertEqual(notices.count, 1, "one line says it: \(receiver.log.all)")
        XCTAssertTrue(notices.first?.contains("Restart the receiver") ?? false, "\(notices)")
        XCTAssertEqual(receiver.server.lostStoreReason.map { $0.contains("was deleted") }, true)

        // A restart opens what the path names now (a new, empty database): none of the refused
        // pushes is there, so each is taken as new, and nothing acknowledged is missing.
        receiver.server.stop()
        let restarted = try TestReceiver(database: database)
        defer { Files.removeTree(restarted.directory) }
        XCTAssertEqual(try post(restarted.port, pushBody(nonce: "s")).status, 200)
        for index in 0..<5 {
            XCTAssertEqual(try post(restarted.port, pushBody("update", nonce: "after-\(index)", timestamp: 1_710_000_001 + Int64(index))).status, 200)
        }
        XCTAssertEqual(try health(restarted).status, 200)
    }

    func testHealthNoticesADeletedDatabaseWithoutAPush() throws {
        let receiver = try TestReceiver()
        defer { Files.removeTree(receiver.directory) }
        XCTAssertEqual(try health(receiver).status, 200)
        unlink(receiver.directory + "/push.db")
        let failing = try health(receiver)
        XCTAssertEqual(failing.status, 503)
        XCTAssertEqual(failing.json?["status"], "database-lost")
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "s")).status, 500)
    }

    /// The WAL alone removed: the commits it would take are as lost as the database's.
    func testADeletedWALTakesNoMorePushes() throws {
        let receiver = try TestReceiver()
        defer { Files.removeTree(receiver.directory) }
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "s")).status, 200)
        XCTAssertEqual(unlink(receiver.directory + "/push.db-wal"), 0)
        let refused = try post(receiver.port, pushBody("update", nonce: "u"))
        XCTAssertEqual(refused.status, 500)
        XCTAssertTrue(refused.json?["message"]?.stringValue?.contains("push.db-wal was deleted") ?? false, "\(refused.json ?? nil)")
        XCTAssertEqual(try health(receiver).json?["status"], "database-lost")
    }

    /// Another file moved onto the path (a restored copy): what is written to the old file
    /// would be found by no restart, so nothing is acknowledged.
    func testAReplacedDatabaseTakesNoMorePushes() throws {
        let receiver = try TestReceiver()
        defer { Files.removeTree(receiver.directory) }
        let database = receiver.directory + "/push.db"
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "s")).status, 200)
        try Files.write(receiver.directory + "/copy.db", try XCTUnwrap(Files.read(database)))
        XCTAssertEqual(rename(receiver.directory + "/copy.db", database), 0)

        let refused = try post(receiver.port, pushBody("update", nonce: "u"))
        XCTAssertEqual(refused.status, 500)
        XCTAssertEqual(refused.reason, "storage-failed")
        XCTAssertTrue(refused.json?["message"]?.stringValue?.contains("was replaced by another file") ?? false, "\(refused.json ?? nil)")
        let failing = try health(receiver)
        XCTAssertEqual(failing.status, 503)
        XCTAssertEqual(failing.json?["status"], "database-lost")
        XCTAssertEqual(try post(receiver.port, pushBody("update", nonce: "u2")).status, 500, "lost stays lost")
    }

    /// A nonce is all of its bytes (P6): one with a NUL inside is stored whole, so it neither
    /// blocks the nonce before the NUL nor is blocked by another with the same start, its
    /// replay is a replay, and no such request makes the store look unhealthy.
    func testNoncesWithANULAreStoredWhole() throws {
        let receiver = try TestReceiver()
        defer { Files.removeTree(receiver.directory) }
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "s")).status, 200)
        let nonces = ["n\u{0}A", "n", "n\u{0}B", "\u{0}", "\u{0}\u{0}"]
        for (index, nonce) in nonces.enumerated() {
            let response = try post(receiver.port, pushBody("update", nonce: nonce, timestamp: 1_710_000_001 + Int64(index)))
            XCTAssertEqual(response.status, 200, nonce.debugDescription)
            XCTAssertEqual(response.json?["status"], "accepted", nonce.debugDescription)
        }
        for nonce in nonces {
            let replay = try post(receiver.port, pushBody("update", nonce: nonce, timestamp: 1_710_000_010))
            XCTAssertEqual(replay.status, 409, nonce.debugDescription)
            XCTAssertEqual(replay.reason, "duplicate-nonce", nonce.debugDescription)
        }
        let healthy = try health(receiver)
        XCTAssertEqual(healthy.status, 200)
        XCTAssertEqual(healthy.json?["store"]?["failed_writes"], 0)
        XCTAssertTrue(receiver.log.all.contains { $0.contains(#"nonce="n\u0000A""#) }, "quoted in the log: \(receiver.log.all)")
        XCTAssertFalse(receiver.log.all.contains { $0.unicodeScalars.contains("\u{0}") }, "no NUL in the log")
        receiver.server.stop()
        let stored = try PushStore(path: receiver.directory + "/push.db").loadPushes().map { Array($0.nonce.utf8) }
        XCTAssertEqual(stored, (["s"] + nonces).map { Array($0.utf8) })

        // After a restart the stored nonces are the same, byte for byte.
        let restarted = try TestReceiver(database: receiver.directory + "/push.db")
        defer { Files.removeTree(restarted.directory) }
        for nonce in nonces {
            XCTAssertEqual(try post(restarted.port, pushBody("update", nonce: nonce, timestamp: 1_710_000_010)).reason, "duplicate-nonce", nonce.debugDescription)
        }
        XCTAssertEqual(try post(restarted.port, pushBody("update", nonce: "n\u{0}C", timestamp: 1_710_000_010)).status, 200)
    }

    /// The store's connections keep the WAL index in the process's memory: no `-shm` file is
    /// mapped (nor made), so none can fault.
    func testNoSharedMemoryFileIsMapped() throws {
        let receiver = try TestReceiver()
        defer { Files.removeTree(receiver.directory) }
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "s")).status, 200)
        var info = stat()
        XCTAssertNotEqual(stat(receiver.directory + "/push.db-shm", &info), 0, "no -shm file")
        let maps = Files.text("/proc/self/maps") ?? ""
        XCTAssertFalse(maps.contains(receiver.directory), "nothing of the store is mapped: \(maps)")
    }
}
