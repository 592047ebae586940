import JSONKit
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `--network record` under the studio's watcher: what the studio writes itself (the fixtures
/// it records) never rebuilds, and a page or a link never records over the user's fixtures.
final class StudioRecordTests: XCTestCase {
    private var folder: TemporaryFolder?
    private var server: LocalHTTPServer?
    private var studio: StudioProcess?

    override func setUpWithError() throws {
        let folder = try TemporaryFolder("studio-record")
        self.folder = folder
        let server = try LocalHTTPServer(routes: ["/data": .init(status: 200, contentType: "application/json", body: Array("{\"n\":1}".utf8))])
        self.server = server
        try Files.write(folder.file("widget.js"), script(server))
    }

    override func tearDown() {
        if let studio { XCTAssertEqual(studio.stop(), 0, studio.lines.joined(separator: "\n")) }
        studio = nil
        server?.stop()
        server = nil
        folder = nil
    }

    private func script(_ server: LocalHTTPServer, _ note: String = "") -> String {
        "const answer = await new Request(\"\(server.url("/data"))\").fetchJSON()\nthis.n = answer.n\nsetUpdateFreq(30)\n// \(note)\n"
    }

    /// Before, the studio's own recording was a change it watched: it rebuilt once or twice a
    /// second, each time asking the network again.
    func testRecordingIsNotAChangeTheStudioWatches() throws {
        let folder = try XCTUnwrap(folder), server = try XCTUnwrap(server)
        let fixtures = folder.file("f.json")
        let studio = try StudioProcess(studio: [folder.file("widget.js"), "--network", "record", "--fixtures", fixtures,
                                        "--now", "2026-11-29T08:00:00Z", "--hours", "3"])
        self.studio = studio
        let recorded = try XCTUnwrap(Files.text(fixtures), "the start records the fixtures")
        XCTAssertTrue(recorded.contains(server.url("/data")), recorded)
        // One build, one request: the day's refreshes answer from what the run recorded.
        XCTAssertEqual(server.connections, 1)

        try saveAsEditor(folder.file("widget.js"), script(server, "first save"))
        let first = try studio.waitForLine(containing: " changed · version ")
        try saveAsEditor(folder.file("widget.js"), script(server, "second save"))
        try studio.waitForLine(containing: " changed · version ", from: first + 1)

        let rebuilds = studio.lines.filter { $0.contains(" changed · version ") }
        XCTAssertEqual(rebuilds.count, 2, studio.lines.joined(separator: "\n"))
        XCTAssertFalse(rebuilds.contains { $0.contains("f.json") }, rebuilds.joined(separator: "\n"))
        XCTAssertEqual(server.connections, 3, "one request a build")
        XCTAssertFalse(studio.lines.joined(separator: "\n").contains("watching \(folder.file("widget.js")), \(fixtures)"),
                       "the fixtures a record run writes are not watched: \(studio.lines[0])")
    }

    /// `preview --watch` alike: the fixtures it records are not a change it watches.
    func testPreviewWatchDoesNotWatchWhatItRecords() throws {
        let folder = try XCTUnwrap(folder), server = try XCTUnwrap(server)
        // In the folder, so that the header line names the files watched in full.
        let preview = try RunningTool(["/bin/sh", "-c", "cd '\(folder.path)' && exec '\(try BuiltProgram.path("widgethost"))' preview widget.js --watch --network record --fixtures f.json --now 2026-11-29T08:00:00Z"])
        defer { _ = preview.stop() }
        let header = try preview.waitForLine(containing: "watching ")
        XCTAssertTrue(preview.lines[header].hasPrefix("watching widget.js · ran "), preview.lines[header])
        try saveAsEditor(folder.file("widget.js"), script(server, "first save") + "this.note = \"first save\"\n")
        try preview.waitForLine(containing: "\"first save\"")
        try saveAsEditor(folder.file("widget.js"), script(server, "second save") + "this.note = \"second save\"\n")
        try preview.waitForLine(containing: "\"second save\"")
        let passes = preview.lines.filter { $0.hasPrefix("watching ") }
        XCTAssertEqual(passes.count, 3, preview.lines.joined(separator: "\n"))
        XCTAssertEqual(server.connections, 3, "one request a pass")
        XCTAssertEqual(preview.stop(), 0)
    }

    /// `network: record` from the page, or from a `?network=record` link, is refused: the
    /// fixtures file stays as the user wrote it, and nothing goes to the network.
    func testThePageCannotRecordOverTheFixtures() throws {
        let folder = try XCTUnwrap(folder), server = try XCTUnwrap(server)
        let fixtures = folder.file("f.json")
        let written = "{\"fixtures\": [{\"request\": {\"url\": \"\(server.url("/data"))\"}, \"response\": {\"json\": {\"n\": 2}}}]}\n"
        try Files.write(fixtures, written)
        let studio = try StudioProcess(studio: [folder.file("widget.js"), "--network", "replay", "--fixtures", fixtures,
                                        "--now", "2026-11-29T08:00:00Z", "--hours", "3"])
        self.studio = studio
        XCTAssertEqual(try studioView(port: studio.port)["outputs"]?["n"], 2)

        let answer = try XCTUnwrap(studioRequest(port: studio.port, "POST", "/api/controls", json: ["network": "record"]))
        XCTAssertEqual(answer.status, 400)
        let problem = try JSONValue.parse(bytes: answer.body)
        XCTAssertEqual(problem["error"], "bad-control")
        XCTAssertEqual(problem["message"]?.stringValue,
                       "the network control takes live or replay; record writes the fixtures file, so it is a start-up flag only: start the studio with --network record")
        XCTAssertEqual(Files.text(fixtures), written)
        XCTAssertEqual(server.connections, 0)
        XCTAssertEqual(try studioView(port: studio.port)["outputs"]?["n"], 2, "the view is as it was")

        // The page offers live and replay only.
        let controls = try JSONValue.parse(bytes: try XCTUnwrap(studioRequest(port: studio.port, "GET", "/api/controls")).body)
        let network = controls["controls"]?.arrayValue?.first { $0["name"] == "network" }
        XCTAssertEqual(network?["choices"], ["live", "replay"])
    }
}
