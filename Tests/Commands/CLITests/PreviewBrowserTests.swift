import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The HTML report opened in headless Chromium: it loads with no console errors, shows
/// the outputs, and is captured at a phone's and a desktop's width.
final class PreviewBrowserTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        _ = try Chromium.path()
        folder = try Files.makeTemporaryFolder("widgethost-html")
    }

    override func tearDown() { Files.removeTree(folder) }

    private func chromium(_ arguments: [String]) throws -> ProgramResult {
        try Chromium.run(["--enable-logging=stderr", "--v=0"] + arguments, folder: folder)
    }

    /// Console messages Chromium logged while loading `file` (errors, CSP refusals, failed loads).
    private func consoleMessages(_ file: String) throws -> (dom: String, console: [String]) {
        let result = try chromium(["--dump-dom", "file://" + file])
        let console = result.err.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
        return (result.out, console)
    }

    func testTheReportLoadsCleanlyShowsTheOutputsAndIsCapturedAtTwoWidths() throws {
        let report = folder + "/report.html"
        let run = tool("preview", example("live-countdown.js"), "--kind", "live", "--now", "2026-11-29T18:20:00Z",
                       "--html", report)
        XCTAssertEqual(run.code, 0, run.err)

        let (dom, console) = try consoleMessages(report)
        XCTAssertEqual(console, [])
        XCTAssertTrue(dom.contains("<td class=\"name\">title</td>"), dom)
        XCTAssertTrue(dom.contains("<code>\"Train to Leipzig\"</code>"), dom)
        XCTAssertTrue(dom.contains("<svg"))

        for (name, size) in [("phone", "390,844"), ("desktop", "1280,900")] {
            let path = "\(folder)/\(name).png"
            let shot = try chromium(["--window-size=\(size)", "--screenshot=\(path)", "file://" + report])
            XCTAssertEqual(shot.code, 0, shot.err)
            let bytes = Files.bytes(path)
            XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "no PNG at \(path)")
            let width = bytes.count > 24 ? bytes[16..<20].reduce(0) { $0 << 8 | Int($1) } : 0
            XCTAssertEqual(width, Int(size.split(separator: ",")[0]), name)
            XCTAssertGreaterThan(bytes.count, 10_000, "\(name): a blank page?")
            if let keep = ProcessInfoLite.environment("WIDGETHOST_KEEP_SCREENSHOTS") {
                _ = try spawn(["/bin/cp", path, "\(keep)/preview-\(name).png"], environment: [])
            }
        }
    }

    /// The check above can fail: a page that loads from outside is caught.
    func testTheConsoleCheckCatchesAnOutsideLoad() throws {
        let control = folder + "/control.html"
        writeFile(control, Array("""
            <!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"></head>
            <body><img src="https://example.invalid/x.png"></body></html>
            """.utf8))
        let (_, console) = try consoleMessages(control)
        XCTAssertEqual(console.count, 1, "\(console)")
    }
}

enum ProcessInfoLite {
    static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}
