import JSONKit
@testable import PushReceiver
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A database that lost what it held is lost (P11): one truncated under a running receiver
/// (`truncate -s 0`) takes no more pushes, `/healthz` says so, and the log says it once; and a
/// damaged database is refused at start (`PRAGMA quick_check`), never served. Before, the
/// receiver went on acknowledging into the WAL of a truncated file with `/healthz` 200, and
/// after a restart served the malformed database with `/healthz` 200 again.
final class StoreDamageTests: XCTestCase {
    func health(_ receiver: TestReceiver) throws -> RawResponse {
        try exchange(receiver.port, "GET", "/healthz", contentType: nil)
    }

    private func size(_ path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : -1
    }

    func testATruncatedDatabaseTakesNoMorePushes() throws {
        let receiver = try TestReceiver()
        defer { Files.removeTree(receiver.directory) }
        let database = receiver.directory + "/push.db"
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "s")).status, 200)
        XCTAssertGreaterThan(size(database), 0, "a database in WAL mode has its first page")
        XCTAssertEqual(truncate(database, 0), 0)

        for index in 0..<3 {
            let refused = try post(receiver.port, pushBody("update", nonce: "after-\(index)"))
            XCTAssertEqual(refused.status, 500, "push \(index)")
            XCTAssertEqual(refused.reason, "storage-failed", "push \(index)")
            let message = refused.json?["message"]?.stringValue ?? ""
            XCTAssertTrue(message.contains("\(database) shrank from") && message.contains("restarted"), message)
        }
        let failing = try health(receiver)
        XCTAssertEqual(failing.status, 503)
        XCTAssertEqual(failing.json?["ok"], false)
        XCTAssertEqual(failing.json?["status"], "database-lost")
        XCTAssertTrue(failing.json?["store"]?["lost"]?.stringValue?.contains("to 0 bytes after the receiver opened it") ?? false, "\(failing.json ?? nil)")
        XCTAssertEqual(failing.json?["acknowledged"], 1)
        let notices = receiver.log.all.filter { $0.contains("shrank from") }
        XCTAssertEqual(notices.count, 1, "one line says it: \(receiver.log.all)")
        XCTAssertEqual(receiver.server.lostStoreReason.map { $0.contains("shrank") }, true)
    }

    /// `/healthz` alone notices it, with no push.
    func testHealthNoticesATruncatedDatabaseWithoutAPush() throws {
        let receiver = try TestReceiver()
        defer { Files.removeTree(receiver.directory) }
        XCTAssertEqual(try health(receiver).status, 200)
        XCTAssertEqual(truncate(receiver.directory + "/push.db", 0), 0)
        let failing = try health(receiver)
        XCTAssertEqual(failing.status, 503)
        XCTAssertEqual(failing.json?["status"], "database-lost")
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "s")).status, 500)
    }

    /// A database whose table of pushes was overwritten on disk: the receiver's start reads only
    /// the activities and nonces, so it used to serve it; its check at start refuses it, saying
    /// what to do, and leaves the file as it was.
    func testADamagedDatabaseIsRefusedAtStart() throws {
        let folder = try TemporaryFolder("push-receiver-test")
        let database = folder.file("push.db")
        do {
            let receiver = try TestReceiver(database: database)
            defer { Files.removeTree(receiver.directory) }
            XCTAssertEqual(try post(receiver.port, pushBody(nonce: "s")).status, 200)
            XCTAssertEqual(try post(receiver.port, pushBody("update", nonce: "u")).status, 200)
        }
        // The root page of `pushes`, overwritten with bytes no page has.
        let root: Int64 = try {
            let connection = try SQLiteDatabase(path: database)
            defer { connection.close() }
            let statement = try connection.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'pushes'")
            try statement.bind([])
            XCTAssertTrue(try statement.step())
            return statement.integer(0)
        }()
        var bytes = try XCTUnwrap(Files.read(database))
        let pageSize = 4096
        let start = Int(root - 1) * pageSize
        XCTAssertLessThanOrEqual(start + pageSize, bytes.count)
        for offset in start..<(start + pageSize) { bytes[offset] = 0xFF }
        try Files.write(database, bytes)

        XCTAssertThrowsError(try TestReceiver(database: database)) { error in
            let failure = error as? ReceiverError
            XCTAssertEqual(failure.map { "\($0.kind)" }, "database")
            let message = failure?.message ?? "\(error)"
            XCTAssertTrue(message.hasPrefix("cannot use the database \(database): the database is damaged (PRAGMA quick_check: "), message)
            XCTAssertTrue(message.contains("restore \(database) from a copy, or move it away"), message)
        }
        XCTAssertEqual(Files.read(database), bytes, "the file is left as it was")
    }
}
