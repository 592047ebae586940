import JSONKit
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The studio's event streams (`GET /events/N`) never lock anyone out: a stream whose client
/// went away is freed, and however many are open, the page and its view still load.
final class StudioStreamsTests: XCTestCase {
    private var folder: TemporaryFolder?
    private var studio: StudioProcess?

    override func setUpWithError() throws {
        let folder = try TemporaryFolder("studio-streams")
        self.folder = folder
        try Files.write(folder.file("widget.js"), "this.greeting = \"hello\"\nsetUpdateFreq(60)\n")
        studio = try StudioProcess(studio: [folder.file("widget.js"), "--now", "2026-11-29T08:00:00Z", "--hours", "2"])
    }

    override func tearDown() {
        if let studio { XCTAssertEqual(studio.stop(), 0, studio.lines.joined(separator: "\n")) }
        studio = nil
        folder = nil
    }

    /// A stream that waits for the version after `version`, its socket left open.
    private func openStream(port: Int, waitingAfter version: Int) -> Int32 {
        let fd = Sockets.connect(port: port, receiveTimeout: 10, sendTimeout: 10)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertTrue(sendAll(fd, Array("GET /events/\(version) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n".utf8)))
        return fd
    }

    private func version(port: Int) throws -> Int {
        try studioView(port: port)["version"]?.intValue ?? -1
    }

    /// What a reloaded page leaves behind: 300 streams opened and closed by their clients, one
    /// after another, each followed by a page load, past the studio's 256 connections. Before,
    /// a dead stream was never freed, and once the limit was full every load was reset.
    func testStreamsOfClientsThatWentAwayAreFreed() throws {
        let studio = try XCTUnwrap(studio)
        let version = try version(port: studio.port)
        for reload in 0..<300 {
            let stream = openStream(port: studio.port, waitingAfter: version)
            let page = studioRequest(port: studio.port, "GET", "/")
            XCTAssertEqual(page?.status, 200, "the page after \(reload) reloads")
            close(stream)
            guard page?.status == 200 else { break }
        }
        XCTAssertEqual(studioRequest(port: studio.port, "GET", "/api/view")?.status, 200)
    }

    /// 100 streams open at once: the page, its script and the view still load, the newest
    /// streams stay open, and a change reaches them.
    func testManyOpenStreamsLockNobodyOut() throws {
        let studio = try XCTUnwrap(studio)
        let version = try version(port: studio.port)
        var streams: [Int32] = []
        defer { for fd in streams { close(fd) } }
        for _ in 0..<100 { streams.append(openStream(port: studio.port, waitingAfter: version)) }
        for path in ["/", "/studio.js", "/api/view", "/api/controls"] {
            XCTAssertEqual(studioRequest(port: studio.port, "GET", path)?.status, 200, path)
        }
        // A control change builds a new view: the newest stream hears of it.
        let changed = studioRequest(port: studio.port, "POST", "/api/controls", json: ["tz": "Europe/Berlin"])
        XCTAssertEqual(changed?.status, 200)
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let newest = try XCTUnwrap(streams.last)
        while !String(decoding: answer, as: UTF8.self).contains("event: view") {
            let count = recv(newest, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            answer += buffer[0..<count]
        }
        let text = String(decoding: answer, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("HTTP/1.1 200"), text)
        XCTAssertTrue(text.contains("data: \(version + 1)") || text.contains("data: \(version + 2)"), text)
    }
}
