import HostSystem
import TestSupport
import Dispatch
import Synchronization
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

final class AtomicFileTests: XCTestCase {
    func testReplacesTheFileAndLeavesNoTemporaryFile() throws {
        let folder = try TemporaryFolder("atomic")
        let path = folder.file("a.json")
        try AtomicFile.write(Array("one".utf8), toPath: path)
        try AtomicFile.write(Array("two".utf8), toPath: path)
        XCTAssertEqual(Files.read(path), Array("two".utf8))
        XCTAssertEqual(Files.list(folder.path), ["a.json"])
    }

    func testTheModeIsTheOneAskedLessTheUmaskWithoutChangingTheUmask() throws {
        let folder = try TemporaryFolder("atomic")
        let path = folder.file("m")
        let mask = umask(0o027)
        defer { umask(mask) }
        try AtomicFile.write([1], toPath: path, mode: 0o666)
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o640)
        XCTAssertEqual(umask(0o027), 0o027, "the umask is left as it was")
    }

    func testALinkIsFollowedAndStays() throws {
        let folder = try TemporaryFolder("atomic")
        try Files.write(folder.file("target"), "old")
        XCTAssertEqual(symlink("target", folder.file("link")), 0)
        try AtomicFile.write(Array("new".utf8), toPath: folder.file("link"))
        XCTAssertEqual(Files.read(folder.file("target")), Array("new".utf8))
        var info = stat()
        XCTAssertEqual(lstat(folder.file("link"), &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK)
    }

    func testFailuresAreThrownWithTheReason() throws {
        let folder = try TemporaryFolder("atomic")
        XCTAssertThrowsError(try AtomicFile.write([1], toPath: folder.path)) { error in
            XCTAssertEqual((error as? AtomicFile.WriteError)?.reason, "is a folder; name a file")
        }
        XCTAssertThrowsError(try AtomicFile.write([1], toPath: folder.file("missing/x"))) { error in
            XCTAssertEqual((error as? AtomicFile.WriteError)?.code, ENOENT)
        }
        XCTAssertEqual(chmod(folder.path, 0o500), 0)
        defer { chmod(folder.path, 0o700) }
        if geteuid() != 0 {
            XCTAssertThrowsError(try AtomicFile.write([1], toPath: folder.file("x"))) { error in
                XCTAssertEqual((error as? AtomicFile.WriteError)?.code, EACCES)
            }
        }
    }

    func testWritesFromManyThreadsAtOnceEachLandWhole() throws {
        let folder = try TemporaryFolder("atomic")
        let path = folder.file("shared")
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 32) { index in
            do { try AtomicFile.write(Array(repeating: UInt8(65 + index % 26), count: 10_000), toPath: path) } catch {
                failures.withLock { $0 += 1 }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, 0)
        let bytes = try XCTUnwrap(Files.read(path))
        XCTAssertEqual(bytes.count, 10_000)
        XCTAssertEqual(Set(bytes).count, 1)
        XCTAssertEqual(Files.list(folder.path), ["shared"])
    }

    func testWritingToADeviceWritesInPlace() throws {
        try AtomicFile.write(Array("ignored".utf8), toPath: "/dev/null")
    }
}
