import JSONKit
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What the studio's server promises whatever page asks: it serves nothing outside the page, does
/// not rerun for another site's form, listens on loopback alone, says so clearly when its port is
/// taken, and stops cleanly while a page waits on an event stream. (The page itself is driven in a
/// browser by Tests/Browser/studio_test.py.)
final class StudioServiceTests: XCTestCase {
    private var folder: TemporaryFolder?
    private var studio: StudioProcess?

    override func setUpWithError() throws {
        let folder = try TemporaryFolder("studio-service")
        self.folder = folder
        try Files.write(folder.file("widget.js"), "this.title = \"Berlin\"\nsetUpdateFreq(30)\n")
        try Files.write(folder.file("widget.layout.json"), #"{"type": "text", "content": "${title}"}"#)
        studio = try StudioProcess(studio: [folder.file("widget.js"), "--layout", folder.file("widget.layout.json"),
                                            "--now", "2026-11-29T08:00:00Z", "--hours", "1", "--state", folder.file("state")])
    }

    override func tearDown() {
        if let studio { XCTAssertEqual(studio.stop(), 0, studio.lines.joined(separator: "\n")) }
        studio = nil
        folder = nil
    }

    /// The status line of a request sent byte for byte as written (no client tidies its path).
    private func rawStatus(port: Int, _ request: String) -> Int? {
        let fd = Sockets.connect(port: port, receiveTimeout: 10, sendTimeout: 10)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard sendAll(fd, Array(request.utf8)) else { return nil }
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !data.contains(10) {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            data += buffer[0..<count]
        }
        let line = String(decoding: data.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self)
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }

    func testPathsOutsideWhatIsServedAreRefused() throws {
        let studio = try XCTUnwrap(studio)
        for path in ["/../etc/passwd", "/%2e%2e/etc/passwd", "/%2E%2E%2Fetc%2Fpasswd", "/studio.js/../../etc/passwd",
                     "/..%2f..%2fetc/passwd", "/%252e%252e/x", "/widget.js", "/widget.layout.json"] {
            let status = rawStatus(port: studio.port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(studio.port)\r\nConnection: close\r\n\r\n")
            XCTAssertTrue(status == 400 || status == 404, "\(path): \(String(describing: status))")
        }
        XCTAssertEqual(studioRequest(port: studio.port, "GET", "/api/view")?.status, 200)
    }

    /// Another site's form can post text, not JSON: the controls are not changed by it.
    func testAPostThatIsNotJSONDoesNotRerun() throws {
        let studio = try XCTUnwrap(studio)
        let before = try studioView(port: studio.port)["version"]?.intValue
        let body = #"{"network":"live"}"#
        let status = rawStatus(port: studio.port, "POST /api/controls HTTP/1.1\r\nHost: 127.0.0.1:\(studio.port)\r\n"
                               + "Content-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        XCTAssertEqual(status, 415)
        XCTAssertEqual(try studioView(port: studio.port)["version"]?.intValue, before)
    }

    func testTheStudioListensOnLoopbackOnly() throws {
        let studio = try XCTUnwrap(studio)
        let table = try XCTUnwrap(Files.text("/proc/net/tcp"))
        let listening = table.split(separator: "\n").dropFirst().compactMap { line -> String? in
            let fields = line.split(separator: " ")
            return fields.count > 3 && fields[3] == "0A" ? String(fields[1]) : nil
        }
        let port = String(studio.port, radix: 16, uppercase: true)
        let hex = String(repeating: "0", count: max(0, 4 - port.count)) + port
        XCTAssertTrue(listening.contains("0100007F:\(hex)"), "\(listening)")
        XCTAssertFalse(listening.contains("00000000:\(hex)"), "\(listening)")
    }

    /// What the studio needs is unavailable, as for serve: exit 69 (X2), and how to go on.
    func testAPortInUseIsAClearErrorAnd69() throws {
        let studio = try XCTUnwrap(studio)
        let folder = try XCTUnwrap(folder)
        let second = try Program.run([try BuiltProgram.path("widgethost"), "studio", folder.file("widget.js"), "--port", String(studio.port)],
                                     timeout: .seconds(60))
        XCTAssertEqual(second.code, 69, second.err)
        XCTAssertTrue(second.err.contains("cannot serve the studio: cannot listen on 127.0.0.1:\(studio.port): the port is in use by another "
                                          + "program; give another --port (0 picks a free one)"), second.err)
        XCTAssertFalse(second.err.contains("Fatal"), second.err)
    }

    /// SIGTERM while a page waits for the next view on an event stream: exit 0, said, nothing fatal.
    func testSigtermWithAStreamWaitingStopsCleanly() throws {
        let studio = try XCTUnwrap(studio)
        let version = try XCTUnwrap(try studioView(port: studio.port)["version"]?.intValue)
        let stream = Sockets.connect(port: studio.port, receiveTimeout: 10, sendTimeout: 10)
        XCTAssertGreaterThanOrEqual(stream, 0)
        defer { close(stream) }
        XCTAssertTrue(sendAll(stream, Array("GET /events/\(version) HTTP/1.1\r\nHost: 127.0.0.1:\(studio.port)\r\nAccept: text/event-stream\r\n\r\n".utf8)))
        // The studio answers another request after the stream's: the stream is taken and waits.
        XCTAssertEqual(studioRequest(port: studio.port, "GET", "/api/view")?.status, 200)
        XCTAssertEqual(studio.stop(SIGTERM), 0, studio.lines.joined(separator: "\n"))
        let output = studio.lines.joined(separator: "\n")
        XCTAssertTrue(output.contains("widgethost studio: stopped"), output)
        XCTAssertFalse(output.contains("Fatal"), output)
        self.studio = nil
    }
}
