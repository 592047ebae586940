import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `preview --watch` driven in tmux, as an author would use it: edit, see; break, see
/// where; Ctrl-C, exit 0.
final class PreviewWatchTests: XCTestCase {
    private var folder = ""
    private let session = "widgethost-preview-\(getpid())"
    /// A tmux server of this test's own, its socket in the test's folder: a server being killed
    /// by the previous test's tear-down must not be the one the next test talks to.
    private var server: TmuxServer?

    override func setUpWithError() throws {
        let tmux = try Program.required("tmux")
        folder = try Files.makeTemporaryFolder("widgethost-watch-cli")
        server = TmuxServer(tmux: tmux, folder: folder, environment: ["TERM=xterm-256color", "PATH=/usr/bin:/bin"])
    }

    override func tearDown() {
        server?.stop()
        Files.removeTree(folder)
    }

    private func tmux(_ arguments: [String]) throws -> ToolResult {
        guard let server else { throw HarnessError("no tmux server: setUp did not run") }
        return try server.run(arguments)
    }

    private func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", session]).out }

    /// Waits until the screen satisfies `condition`, up to 20 seconds; fails with the screen otherwise.
    private func waitForScreen(_ what: String, _ condition: (String) -> Bool) throws {
        var last = ""
        let shown = try Wait.until(.seconds(20), poll: .milliseconds(50)) {
            last = try screen()
            return condition(last)
        }
        if !shown { throw HarnessError("the screen never showed \(what); it shows:\n\(last)") }
    }

    private func save(_ text: String) {
        // Save as editors do: a new file renamed over the old one.
        writeFile(folder + "/script.js.tmp", Array(text.utf8))
        rename(folder + "/script.js.tmp", folder + "/script.js")
    }

    func testEditErrorAndCtrlC() throws {
        let binary = try BuiltProgram.path("widgethost")
        save("let greeting = \"first version\"\nsetUpdateFreq(30)\n")
        writeFile(folder + "/layout.txt", Array("${greeting}\n".utf8))
        let command = "cd \(folder) && NO_COLOR=1 SWIFT_BACKTRACE=enable=no \(binary) preview script.js --watch --layout layout.txt --now 2026-11-29T08:00:00Z; echo $? > exit-status; sleep 30"
        let started = try tmux(["new-session", "-d", "-s", session, "-x", "100", "-y", "60", command])
        XCTAssertEqual(started.code, 0, started.err)

        try waitForScreen("the first output") { $0.contains("greeting  string  \"first version\"") }
        XCTAssertTrue(try screen().contains("watching script.js, layout.txt"))

        save("let greeting = \"second version\"\nsetUpdateFreq(30)\n")
        try waitForScreen("the edited output") { $0.contains("greeting  string  \"second version\"") }

        save("let greeting = \"third\"\nlet broken = greeting.nope.deeper\n")
        try waitForScreen("the error with its location") {
            $0.contains("script.js:2:") && $0.contains("[uncaught-error]") && $0.contains("2 | let broken = greeting.nope.deeper")
        }

        XCTAssertEqual(try tmux(["send-keys", "-t", session, "C-c"]).code, 0)
        var status: String?
        Wait.until(.seconds(10)) {
            status = Files.text(folder + "/exit-status")
            return status?.isEmpty == false
        }
        XCTAssertEqual(status, "0\n")
        XCTAssertTrue(try screen().contains("stopped watching"))
    }

    /// `--watch --html FILE`: the header names the file, the page reloads itself while the
    /// watch runs (and is rewritten on each save), and stops reloading once it ends.
    func testWatchWithHTMLNamesTheFileAndThePageReloadsItself() throws {
        let binary = try BuiltProgram.path("widgethost")
        save("let greeting = \"first version\"\nsetUpdateFreq(30)\n")
        let page = folder + "/report.html"
        let command = "cd \(folder) && NO_COLOR=1 SWIFT_BACKTRACE=enable=no \(binary) preview script.js --watch --html report.html --now 2026-11-29T08:00:00Z; echo $? > exit-status; sleep 30"
        XCTAssertEqual(try tmux(["new-session", "-d", "-s", session, "-x", "100", "-y", "60", command]).code, 0)
        try waitForScreen("the first output") { $0.contains("greeting  string  \"first version\"") }
        let header = try screen()
        XCTAssertTrue(header.contains("watching script.js · writes report.html · ran "), header)
        var html = Files.text(page) ?? ""
        XCTAssertTrue(html.contains("<meta http-equiv=\"refresh\" content=\"1\">"), html)
        XCTAssertTrue(html.contains("first version"))

        save("let greeting = \"second version\"\nsetUpdateFreq(30)\n")
        try waitForScreen("the edited output") { $0.contains("greeting  string  \"second version\"") }
        Wait.until(.seconds(10)) { (Files.text(page) ?? "").contains("second version") }
        html = Files.text(page) ?? ""
        XCTAssertTrue(html.contains("second version") && html.contains("http-equiv=\"refresh\""), html)

        XCTAssertEqual(try tmux(["send-keys", "-t", session, "C-c"]).code, 0)
        Wait.until(.seconds(10)) { Files.text(folder + "/exit-status")?.isEmpty == false }
        XCTAssertEqual(Files.text(folder + "/exit-status"), "0\n")
        html = Files.text(page) ?? ""
        XCTAssertFalse(html.contains("http-equiv=\"refresh\""), "the page still reloads itself after the watch ended")
        XCTAssertTrue(html.contains("second version"))
        unlink(page)
        unlink(page + ".tmp")
    }

    /// Colour on a terminal, none with NO_COLOR (X3), seen through tmux with escapes kept.
    func testColourOnATerminalOnlyWithoutNoColor() throws {
        let binary = try BuiltProgram.path("widgethost")
        save("let greeting = \"hi\"\nsetUpdateFreq(30)\n")
        var screens: [String: String] = [:]
        for (name, prefix) in [("plain", "NO_COLOR=1 "), ("colour", "")] {
            let command = "cd \(folder) && \(prefix)SWIFT_BACKTRACE=enable=no \(binary) preview script.js --now 2026-11-29T08:00:00Z; sleep 30"
            XCTAssertEqual(try tmux(["new-session", "-d", "-s", "\(session)-\(name)", "-x", "100", "-y", "60", command]).code, 0)
            var screen = ""
            try Wait.until(.seconds(10), poll: .milliseconds(50)) {
                screen = try tmux(["capture-pane", "-p", "-e", "-t", "\(session)-\(name)"]).out
                return screen.contains("Refreshes over")
            }
            XCTAssertTrue(screen.contains("greeting"), screen)
            screens[name] = screen
        }
        XCTAssertFalse(screens["plain"]!.contains("\u{1B}["), screens["plain"]!)
        XCTAssertTrue(screens["colour"]!.contains("\u{1B}[32mok"), screens["colour"]!)
    }
}
