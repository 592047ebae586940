import JSONKit
import Synchronization
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `widgethost serve` when the files of its store fail underneath it, as an operator's disk
/// would: an unwritable file is a refused push and a 503, never a signal (P11), and a
/// database deleted or replaced underneath takes no more pushes. kill -9 under load loses no
/// acknowledged push, round after round, also once the database was replaced.
final class PushStoreFaultTests: XCTestCase {
    /// `chattr +i` or `-i` on `paths`: the immutable flag, which even root cannot write through.
    func immutable(_ on: Bool, _ paths: [String]) throws {
        let result = try Program.run(["chattr", on ? "+i" : "-i"] + paths, searchPath: true)
        XCTAssertEqual(result.code, 0, "chattr: \(result.err)")
    }

    /// The SQLite files made immutable while the receiver runs: an immutable `-shm` is
    /// nothing to it (the WAL index is in its own memory; a mapped one would make the next
    /// store a SIGBUS), an immutable WAL makes every push a 500 and `/healthz` a 503 while the
    /// process serves on, and once the files are writable again the same push goes through.
    func testUnwritableStoreFilesAreErrorsNotSignals() throws {
        // Making a file immutable takes CAP_LINUX_IMMUTABLE, which no package gives a user:
        // only a run as root can cover it.
        guard geteuid() == 0 else { throw XCTSkip("chattr +i needs root (CAP_LINUX_IMMUTABLE), and the tests run as another user") }
        let directory = try Files.makeTemporaryFolder("widgethost-push-cli")
        let database = directory + "/push.db"
        defer {
            _ = try? Program.run(["chattr", "-i", database + "-shm", database + "-wal"], searchPath: true)
            Files.removeTree(directory)
        }
        let server = try ServeProcess.serving(directory)
        let connection = try XCTUnwrap(PushConnection(port: server.port))
        XCTAssertEqual(connection.request("POST", "/api/push", body: cliPushBody("start", nonce: "s"))?.status, 200)
        if Files.read(database + "-shm") == nil { try Files.write(database + "-shm", [UInt8](repeating: 0, count: 32768)) }
        try immutable(true, [database + "-shm"])
        for index in 0..<20 {
            let response = connection.request("POST", "/api/push", body: cliPushBody("update", nonce: "shm-\(index)", timestamp: 1_710_000_001 + index))
            XCTAssertEqual(response?.status, 200, "push \(index) with an immutable -shm: \(server.lines.suffix(5))")
            if response == nil { return }
        }

        try immutable(true, [database + "-wal"])
        let refused = connection.request("POST", "/api/push", body: cliPushBody("update", nonce: "wal", timestamp: 1_710_000_030))
        XCTAssertEqual(refused?.status, 500)
        XCTAssertEqual(refused?.json?["reason"], "storage-failed")
        let health = connection.request("GET", "/healthz")
        XCTAssertEqual(health?.status, 503, "the process serves /healthz")
        XCTAssertEqual(health?.json?["status"], "storage-failing")
        try immutable(false, [database + "-shm", database + "-wal"])
        XCTAssertEqual(connection.request("POST", "/api/push", body: cliPushBody("update", nonce: "wal", timestamp: 1_710_000_030))?.status, 200)
        XCTAssertEqual(server.stop(SIGTERM), 0, "\(server.lines)")
    }

    /// The database removed with its files, under `widgethost serve`: pushes are refused, the
    /// log says so, and on stop it does not claim they are stored.
    func testServeSaysWhenItsDatabaseIsDeleted() throws {
        let directory = try Files.makeTemporaryFolder("widgethost-push-cli")
        defer { Files.removeTree(directory) }
        let server = try ServeProcess.serving(directory)
        let connection = try XCTUnwrap(PushConnection(port: server.port))
        XCTAssertEqual(connection.request("POST", "/api/push", body: cliPushBody("start", nonce: "s"))?.status, 200)
        for suffix in ["", "-wal", "-shm"] { unlink(directory + "/push.db" + suffix) }
        XCTAssertEqual(connection.request("POST", "/api/push", body: cliPushBody("update", nonce: "u", timestamp: 1_710_000_001))?.status, 500)
        XCTAssertEqual(connection.request("GET", "/healthz")?.json?["status"], "database-lost")
        XCTAssertNoThrow(try server.waitForLine(containing: "was deleted after the receiver opened it"))
        XCTAssertEqual(server.stop(SIGTERM), 0)
        let last = server.lines.last ?? ""
        XCTAssertTrue(last.contains("1 push(es) acknowledged this run, before the database file"), last)
        XCTAssertFalse(server.lines.contains { $0.contains("all stored in") }, "\(server.lines)")
    }

    /// The database is one receiver's alone while it runs (no shared, mapped WAL index): a
    /// second one on the same file stops at start, saying why.
    func testASecondReceiverOnTheSameDatabaseStopsAtStart() throws {
        let directory = try Files.makeTemporaryFolder("widgethost-push-cli")
        defer { Files.removeTree(directory) }
        let first = try ServeProcess.serving(directory)
        let second = try Program.run([try BuiltProgram.path("widgethost"), "serve", "--port", "0", "--db", directory + "/push.db",
                                      "--user-id", "u", "--widget-id", "w"], timeout: .seconds(60))
        XCTAssertEqual(second.code, 66, second.out + second.err)
        XCTAssertTrue(second.err.contains("database is locked (another receiver, or another program, has it open"), second.err)
        XCTAssertEqual(PushConnection(port: first.port)?.request("GET", "/healthz")?.status, 200, "the first serves on")
        XCTAssertEqual(first.stop(SIGTERM), 0)
    }

    /// Loads the receiver from 8 connections until `stopWhen` says so; each nonce sent with
    /// whether it was sent after `mark` was set, and each acknowledged one.
    final class Load {
        let acknowledged = AcknowledgedNonces()
        let acknowledgedAfterMark = AcknowledgedNonces()
        let sentAfterMark = AcknowledgedNonces()
        let marked = Atomic(false)
        private var threads: [LoadThread] = []

        init(port: Int, round: Int) {
            threads = (0..<8).map { worker in
                LoadThread { [self] in
                    guard let connection = PushConnection(port: port) else { return }
                    for index in 0..<100_000 {
                        let nonce = "r\(round)-w\(worker)-\(index)"
                        let after = marked.load(ordering: .acquiring)
                        if after { sentAfterMark.add(nonce) }
                        guard let response = connection.request("POST", "/api/push", body: cliPushBody("update", nonce: nonce))
                        else { return }
                        if response.status == 200 {
                            acknowledged.add(nonce)
                            if after { acknowledgedAfterMark.add(nonce) }
                        }
                    }
                }
            }
        }

        func join() { threads.forEach { $0.join() } }
    }

    /// Every nonce in `nonces` is a replay for the receiver on `directory` (it was stored).
    func assertAllStored(_ nonces: [String], _ directory: String, _ round: String) throws {
        let restarted = try ServeProcess.serving(directory, ["--quiet"])
        let connection = try XCTUnwrap(PushConnection(port: restarted.port))
        for nonce in nonces {
            let replay = connection.request("POST", "/api/push", body: cliPushBody("update", nonce: nonce))
            XCTAssertEqual(replay?.status, 409, "\(round): \(nonce) was acknowledged and is lost")
            if replay?.status != 409 { break }
        }
        XCTAssertEqual(restarted.stop(SIGTERM), 0)
    }

    func testKillNineUnderLoadThreeRoundsAndAfterTheDatabaseIsReplaced() throws {
        let directory = try Files.makeTemporaryFolder("widgethost-push-cli")
        defer { Files.removeTree(directory) }
        var all: [String] = []
        for round in 0..<3 {
            let server = try ServeProcess.serving(directory, ["--quiet"])
            if round == 0 {
                XCTAssertEqual(PushConnection(port: server.port)?.request("POST", "/api/push", body: cliPushBody("start", nonce: "start"))?.status, 200)
            }
            let load = Load(port: server.port, round: round)
            let before = load.acknowledged.count
            XCTAssertTrue(Wait.until(.seconds(60)) { load.acknowledged.count > before + 50 }, "round \(round): pushes acknowledged")
            XCTAssertEqual(server.stop(SIGKILL), 128 + SIGKILL)
            load.join()
            all += load.acknowledged.all
            try assertAllStored(all, directory, "round \(round)")
        }

        // The database replaced underneath under load (a copy moved onto its path): once
        // /healthz says so, no push sent is acknowledged; after kill -9 and a restart on what
        // the path names, every push acknowledged since is there (none), and the refused ones
        // are new to it.
        let server = try ServeProcess.serving(directory, ["--quiet"])
        let load = Load(port: server.port, round: 3)
        XCTAssertTrue(Wait.until(.seconds(60)) { load.acknowledged.count > 50 }, "pushes acknowledged")
        try Files.write(directory + "/copy.db", try XCTUnwrap(Files.read(directory + "/push.db")))
        XCTAssertEqual(rename(directory + "/copy.db", directory + "/push.db"), 0)
        let health = try XCTUnwrap(PushConnection(port: server.port))
        XCTAssertTrue(Wait.until(.seconds(10)) { health.request("GET", "/healthz")?.json?["status"] == "database-lost" })
        load.marked.store(true, ordering: .releasing)
        XCTAssertTrue(Wait.until(.seconds(60)) { load.sentAfterMark.count > 50 }, "pushes sent after the replacement was noticed")
        XCTAssertEqual(server.stop(SIGKILL), 128 + SIGKILL)
        load.join()
        XCTAssertEqual(load.acknowledgedAfterMark.all, [], "nothing acknowledged once the file was replaced")

        let restarted = try ServeProcess.serving(directory, ["--quiet"])
        let connection = try XCTUnwrap(PushConnection(port: restarted.port))
        for nonce in load.sentAfterMark.all.prefix(20) {
            XCTAssertEqual(connection.request("POST", "/api/push", body: cliPushBody("update", nonce: nonce))?.status, 200, nonce)
        }
        XCTAssertEqual(restarted.stop(SIGTERM), 0)
    }
}
