import HostSystem
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

final class FileWatcherTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = try Files.makeTemporaryFolder("widgethost-watch")
    }

    override func tearDown() { Files.removeTree(folder) }

    private func write(_ name: String, _ text: String) {
        let file = fopen(folder + "/" + name, "w")!
        fputs(text, file)
        fclose(file)
    }

    func testAWriteIsOneChangeOfThatFile() throws {
        write("a.js", "1")
        let watcher = try FileWatcher(paths: [folder + "/a.js", folder + "/b.txt"])
        write("a.js", "2")
        write("a.js", "3")
        write("other", "x")
        XCTAssertEqual(watcher.wait(quietMs: 100), .changed([folder + "/a.js"]))
    }

    func testASaveByRenameIsSeen() throws {
        write("a.js", "1")
        let watcher = try FileWatcher(paths: [folder + "/a.js"])
        write("a.js.tmp", "2")
        XCTAssertEqual(rename(folder + "/a.js.tmp", folder + "/a.js"), 0)
        XCTAssertEqual(watcher.wait(quietMs: 100), .changed([folder + "/a.js"]))
    }

    func testAPendingInterruptEndsTheWait() throws {
        write("a.js", "1")
        FileWatcher.blockInterrupts()
        let watcher = try FileWatcher(paths: [folder + "/a.js"])
        XCTAssertEqual(pthread_kill(pthread_self(), SIGINT), 0)
        XCTAssertEqual(watcher.wait(), .interrupted)
    }

    func testAMissingFolderIsAClearError() {
        XCTAssertThrowsError(try FileWatcher(paths: ["/nonexistent-folder-for-test/a.js"])) { error in
            XCTAssertTrue("\(error)".contains("check that /nonexistent-folder-for-test exists"), "\(error)")
        }
    }
}
