import HostSystem
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `preview --watch --layout --html`: a save of the layout or the script redraws the pictures;
/// a hostile layout gives findings and the watch goes on; Ctrl-C ends it with 0.
final class PreviewPicturesWatchTests: XCTestCase {
    private func save(_ path: String, _ text: String) throws {
        // As editors save: a new file renamed over the old one.
        try Files.write(path + ".tmp", text)
        XCTAssertEqual(rename(path + ".tmp", path), 0)
    }

    private func html(_ folder: TemporaryFolder) -> String {
        String(decoding: Files.read(folder.file("page.html")) ?? [], as: UTF8.self)
    }

    func testSavesRedrawThePicturesAndABadLayoutDoesNotStopTheWatch() throws {
        let folder = try TemporaryFolder("pictures-watch")
        try save(folder.file("w.js"), "const title = \"first\"\n")
        try save(folder.file("l.json"), ##"{"type": "text", "content": "${title}", "fontSize": 20, "color": "#0A60D0"}"##)
        let child = try ChildProcess(
            ["/bin/sh", "-c", "cd \"$1\" && exec \"$0\" preview w.js --watch --layout l.json --html page.html --now 2026-11-29T08:00:00Z > out.txt 2> err.txt",
             try BuiltProgram.path("widgethost"), folder.path],
            environment: ["PATH=/usr/bin:/bin", "NO_COLOR=1", "SWIFT_BACKTRACE=enable=no"], input: .null, output: .null, errors: .null)
        defer { if !child.hasEnded() { child.signal(SIGKILL); _ = child.wait() } }
        let picture = folder.file("page-pictures/w-small-light.png")

        func waitFor(_ what: String, _ condition: () -> Bool) throws {
            if !Wait.until(.seconds(120), poll: .milliseconds(20), condition) {
                throw HarnessError("the watch never showed \(what); its output: \(String(decoding: Files.read(folder.file("err.txt")) ?? [], as: UTF8.self))")
            }
        }
        try waitFor("the first pictures") { html(folder).contains("id=\"family-small\"") && Files.read(picture) != nil }
        XCTAssertTrue(html(folder).contains("<meta http-equiv=\"refresh\""), "the page does not reload itself")
        let first = Files.read(picture)

        // The layout saved: another colour, so other pixels.
        try save(folder.file("l.json"), ##"{"type": "text", "content": "${title}", "fontSize": 20, "color": "#FF3B30"}"##)
        try waitFor("the redrawn picture") { Files.read(picture).map { $0 != first } ?? false }
        let second = Files.read(picture)

        // The script saved: another text.
        try save(folder.file("w.js"), "const title = \"second, longer\"\n")
        try waitFor("the picture of the new outputs") { Files.read(picture).map { $0 != second } ?? false }

        // 10,000 children, a font size of 1e9 and an unknown type: findings, and the watch goes on.
        let rows = Array(repeating: #"{"type": "shape", "content": "circle", "width": 2, "height": 2}"#, count: 10_000).joined(separator: ",")
        try save(folder.file("l.json"), #"{"type": "vstack", "children": [{"type": "hologram"}, {"type": "text", "content": "big", "fontSize": 1e9}, "# + rows + "]}")
        try waitFor("the findings of the hostile layout") {
            let page = html(folder)
            return page.contains("<code>render-limit</code>") && page.contains("<code>render-invalid-value</code>")
                && page.contains("<code>render-unknown-component</code>")
        }
        XCTAssertFalse(child.hasEnded(), "the watch ended on a hostile layout")

        // And it still follows saves.
        try save(folder.file("l.json"), #"{"type": "text", "content": "${title} again", "fontSize": 20}"#)
        try waitFor("the page after the hostile layout") { !html(folder).contains("<code>render-limit</code>") && html(folder).contains("id=\"family-small\"") }

        child.signal(SIGINT)
        XCTAssertEqual(child.wait(), .exited(0))
        XCTAssertFalse(html(folder).contains("<meta http-equiv=\"refresh\""), "the page keeps reloading after the watch ended")
    }
}
