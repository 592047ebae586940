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
}
