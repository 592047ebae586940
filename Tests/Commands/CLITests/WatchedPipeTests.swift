import JSONKit
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What `studio` and `preview --watch` watch is read only when it is a regular file: a script
/// that becomes a named pipe is a problem said on the page and the screen, not a read that never
/// ends; and Ctrl-C or SIGTERM always ends them, a build that does not end included.
final class WatchedPipeTests: XCTestCase {
    private var folder: TemporaryFolder?

    override func setUpWithError() throws {
        let folder = try TemporaryFolder("watched-pipe")
        self.folder = folder
        try Files.write(folder.file("widget.js"), "this.greeting = \"hello\"\nsetUpdateFreq(60)\n")
    }

    override func tearDown() { folder = nil }

    /// Replaces the script with a named pipe that nothing writes to.
    private func makePipe(_ path: String) throws {
        XCTAssertEqual(unlink(path), 0)
        guard mkfifo(path, 0o600) == 0 else { throw HarnessError("mkfifo \(path): \(String(cString: strerror(errno)))") }
    }

    func testTheStudioSaysAPipeIsNoScriptAndStops() throws {
        let folder = try XCTUnwrap(folder)
        let studio = try StudioProcess(studio: [folder.file("widget.js"), "--now", "2026-11-29T08:00:00Z", "--hours", "2"])
        try makePipe(folder.file("widget.js"))
        try studio.waitForLine(containing: " changed · version ", seconds: 20)
        let failure = try studioView(port: studio.port)["failure"]?.stringValue ?? ""
        XCTAssertTrue(failure.contains("\(folder.file("widget.js")): is not a regular file (a named pipe); name a file"), failure)
        // The controls still answer.
        let control = studioRequest(port: studio.port, "POST", "/api/controls", json: ["tz": "Europe/Berlin"])
        XCTAssertEqual(control?.status, 200)
        XCTAssertEqual(studio.stop(SIGTERM, seconds: 20), 0, studio.lines.joined(separator: "\n"))
        XCTAssertEqual(studio.lines.last, "widgethost studio: stopped")
    }

    func testPreviewWatchSaysAPipeIsNoScriptAndStops() throws {
        let folder = try XCTUnwrap(folder)
        let preview = try RunningTool([try BuiltProgram.path("widgethost"), "preview", folder.file("widget.js"), "--watch",
                                       "--now", "2026-11-29T08:00:00Z"])
        try preview.waitForLine(containing: "watching ")
        try makePipe(folder.file("widget.js"))
        try preview.waitForLine(containing: "is not a regular file", seconds: 20)
        XCTAssertEqual(preview.stop(SIGINT, seconds: 20), 0, preview.lines.joined(separator: "\n"))
        XCTAssertEqual(preview.lines.last, "stopped watching")
    }

    /// A save whose run never ends (a loop, under an hour's time limit): SIGTERM still ends the
    /// studio, and Ctrl-C the preview, leaving that run.
    func testASignalEndsABuildThatDoesNotEnd() throws {
        let folder = try XCTUnwrap(folder)
        let server = try LocalHTTPServer(routes: ["/started": .init(status: 200, contentType: "text/plain", body: Array("ok".utf8))])
        defer { server.stop() }
        let looping = "await new Request(\"\(server.url("/started"))\").fetchString()\nwhile (true) {}\n"
        let arguments = [folder.file("widget.js"), "--now", "2026-11-29T08:00:00Z", "--timeout", "3600"]

        let studio = try StudioProcess(studio: arguments + ["--hours", "2"])
        try saveAsEditor(folder.file("widget.js"), looping)
        XCTAssertTrue(Wait.until(.seconds(20)) { server.connections == 1 }, "the looping build started")
        XCTAssertEqual(studio.stop(SIGTERM, seconds: 30), 0, studio.lines.joined(separator: "\n"))
        XCTAssertEqual(studio.lines.last, "widgethost studio: stopped; the build under way was left unfinished")

        try saveAsEditor(folder.file("widget.js"), "this.greeting = \"hello\"\n")
        let preview = try RunningTool([try BuiltProgram.path("widgethost"), "preview", "--watch"] + arguments)
        try preview.waitForLine(containing: "watching ")
        try saveAsEditor(folder.file("widget.js"), looping)
        XCTAssertTrue(Wait.until(.seconds(20)) { server.connections == 2 }, "the looping pass started")
        XCTAssertEqual(preview.stop(SIGINT, seconds: 30), 0, preview.lines.joined(separator: "\n"))
        XCTAssertEqual(preview.lines.last, "stopped watching; the pass under way was left unfinished")
    }
}
