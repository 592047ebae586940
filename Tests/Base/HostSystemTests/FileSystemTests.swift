import HostSystem
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The one confined file access: links refused on every component, and a file larger than the
/// read's limit refused from its size, before any of it is read.
final class FileSystemTests: XCTestCase {
    func location(_ base: String, _ folders: [String], _ name: String) -> FileSystem.Location {
        FileSystem.Location(base: base, folders: folders.map { Array($0.utf8) }, name: Array(name.utf8), display: ([base] + folders + [name]).joined(separator: "/"))
    }

    func testReadsWithinTheLimitAndRefusesLargerFilesFromTheirSize() throws {
        let folder = try TemporaryFolder("confined")
        try Files.write(folder.file("small"), [1, 2, 3])
        XCTAssertEqual(try FileSystem.read(location(folder.path, [], "small"), limit: 3), [1, 2, 3])
        let fd = open(folder.file("big"), O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        XCTAssertEqual(ftruncate(fd, 100 << 20), 0)
        close(fd)
        XCTAssertThrowsError(try FileSystem.read(location(folder.path, [], "big"), limit: 20 << 20)) { error in
            XCTAssertEqual((error as? FileSystemError)?.kind, .tooLarge)
            XCTAssertEqual((error as? FileSystemError)?.message, "is larger than 20 MiB")
        }
        XCTAssertNil(try FileSystem.read(location(folder.path, ["none"], "small"), limit: 10))
    }

    func testALinkAsTheFileOrOnTheWayIsRefusedAsALink() throws {
        let folder = try TemporaryFolder("confined")
        mkdir(folder.file("real"), 0o755)
        try Files.write(folder.file("real/file"), [7])
        symlink(folder.file("real/file"), folder.file("link"))
        symlink(folder.file("real"), folder.file("folder"))
        for (folders, name) in [([String](), "link"), (["folder"], "file")] {
            XCTAssertThrowsError(try FileSystem.read(location(folder.path, folders, name), limit: 10)) { error in
                XCTAssertEqual((error as? FileSystemError)?.kind, .link, "\(folders) \(name)")
            }
        }
        XCTAssertEqual(try FileSystem.read(location(folder.path, ["real"], "file"), limit: 10), [7])
    }

    /// A path the user named is read by its bytes, its links followed, and only when it is a
    /// regular file: a named pipe is refused at once, never opened for reading and waited on.
    func testAUserPathIsReadOnlyWhenItIsARegularFile() throws {
        let folder = try TemporaryFolder("user-path")
        let name: [UInt8] = Array("caf".utf8) + [0xE9]
        try Files.write(folder.path, name: name, "0123456789")
        let path = SystemPath(folder.path).appending(name)
        XCTAssertEqual(try FileSystem.read(userPath: path, limit: 10), Array("0123456789".utf8))
        XCTAssertEqual(try FileSystem.read(userPath: path, limit: 4, head: true), Array("0123".utf8))
        XCTAssertThrowsError(try FileSystem.read(userPath: path, limit: 4)) { XCTAssertEqual(($0 as? FileSystemError)?.kind, .tooLarge) }
        XCTAssertNil(try FileSystem.read(userPath: SystemPath(folder.file("none")), limit: 4))
        XCTAssertEqual(mkfifo(folder.file("pipe"), 0o644), 0)
        XCTAssertThrowsError(try FileSystem.read(userPath: SystemPath(folder.file("pipe")), limit: 4, head: true)) { error in
            XCTAssertEqual((error as? FileSystemError)?.kind, .notRegularFile)
            XCTAssertEqual((error as? FileSystemError)?.message, "is not a regular file (a named pipe); only regular files are read")
        }
        XCTAssertEqual(symlink(folder.file("pipe"), folder.file("to-pipe")), 0)
        XCTAssertThrowsError(try FileSystem.read(userPath: SystemPath(folder.file("to-pipe")), limit: 4)) {
            XCTAssertEqual(($0 as? FileSystemError)?.kind, .notRegularFile)
        }
        let entries = try XCTUnwrap(FileSystem.entries(inFolder: SystemPath(folder.path)))
        XCTAssertEqual(entries.map(\.name), [name, Array("pipe".utf8), Array("to-pipe".utf8)])
        XCTAssertEqual(entries.map(\.description), ["a file", "a named pipe", "a named pipe"])
        XCTAssertEqual(entries.map(\.isLink), [false, false, true])
        XCTAssertEqual(entries[1].identity, entries[2].identity)
    }

    /// A new file is made below its base without following a link on the way, and never over
    /// anything at its name, a link included.
    func testANewFileIsNeverWrittenThroughALinkOrOverAName() throws {
        let folder = try TemporaryFolder("create")
        mkdir(folder.file("elsewhere"), 0o755)
        symlink(folder.file("elsewhere"), folder.file("linked"))
        symlink(folder.file("elsewhere/target"), folder.file("name"))
        XCTAssertThrowsError(try FileSystem.create(location(folder.path, ["linked"], "file"), [1])) {
            XCTAssertEqual(($0 as? FileSystemError)?.kind, .link)
        }
        XCTAssertThrowsError(try FileSystem.exists(location(folder.path, ["linked"], "file"))) {
            XCTAssertEqual(($0 as? FileSystemError)?.kind, .link)
        }
        XCTAssertTrue(try FileSystem.exists(location(folder.path, [], "name")))
        XCTAssertThrowsError(try FileSystem.create(location(folder.path, [], "name"), [1])) {
            XCTAssertEqual(($0 as? FileSystemError)?.exists, true)
        }
        XCTAssertEqual(Files.listing(folder.file("elsewhere")), [])
        XCTAssertFalse(try FileSystem.exists(location(folder.path, ["new"], "file")))
        try FileSystem.create(location(folder.path, ["new"], "file"), [1, 2])
        XCTAssertEqual(Files.bytes(folder.file("new/file")), [1, 2])
    }
}
