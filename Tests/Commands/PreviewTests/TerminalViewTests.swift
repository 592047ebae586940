import JSONKit
import Preview
import Timeline
import WidgetHost
import XCTest

final class TerminalViewTests: XCTestCase {
    func testOutputsAreATableOfNameTypeAndValue() throws {
        let document = try preview("""
            let title = "Hello"
            let count = 3
            const _hidden = 1
            this.items = [1, 2]
            setUpdateFreq(30)
            """)
        let lines = TerminalView(document: document).lines()
        let start = try XCTUnwrap(lines.firstIndex(of: "Outputs (3)"))
        XCTAssertEqual(Array(lines[(start + 1)...(start + 3)]), [
            "  count  number  3",
            "  items  array   [1,2]",
            "  title  string  \"Hello\"",
        ])
        XCTAssertEqual(lines[0], "widget.js  small widget")
        XCTAssertEqual(lines[1], "ok  now 2026-11-29T08:00:00.000+00:00 (UTC)")
        XCTAssertTrue(lines.contains("  setUpdateFreq(30) is in force"), lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains("  requested 2026-11-29T08:30:00.000+00:00, 30 min after the run"))
    }

    func testAnErrorShowsTheSourceLineWithACaretUnderItsColumn() throws {
        let document = try preview("let a = 1\nlet b = a.missing.deeper\n", name: "broken.js")
        let lines = TerminalView(document: document).lines()
        XCTAssertTrue(lines[1].hasPrefix("error  now "), lines[1])
        XCTAssertTrue(lines[2].hasPrefix("Error  TypeError: "), lines[2])
        let diagnostic = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("  error:   broken.js:2:") })
        let excerpt = try XCTUnwrap(lines.firstIndex(of: "    2 | let b = a.missing.deeper"), lines.joined(separator: "\n"))
        XCTAssertGreaterThan(excerpt, diagnostic)
        XCTAssertTrue(lines[diagnostic...excerpt].joined().contains("[uncaught-error]"))
        let caret = lines[excerpt + 1]
        XCTAssertTrue(caret == "      | " + String(repeating: " ", count: 17) + "^", caret)
        XCTAssertTrue(lines.contains("Outputs (0)"))
        XCTAssertTrue(lines.contains { $0.contains("none published: the run did not end ok") })
    }

    func testALongPathIsNotBrokenInsideTheDiagnosticsLocation() throws {
        let path = "/home/someone/projects/a-gallery-of-widget-scripts/weather/current-conditions/broken.js"
        let document = try preview("let a = 1\nlet b = a.missing.deeper\n", name: path)
        let lines = TerminalView(document: document).lines()
        XCTAssertTrue(lines.contains { $0.hasPrefix("  error:   broken.js:2:18: uncaught TypeError") }, lines.joined(separator: "\n"))
        XCTAssertEqual(overWide(lines), [])
        let short = TerminalView(document: try preview("let a = 1\nlet b = a.missing.deeper\n", name: "gallery/broken.js")).lines()
        XCTAssertTrue(short.contains { $0.hasPrefix("  error:   gallery/broken.js:2:18: uncaught") }, short.joined(separator: "\n"))
    }

    func testTheStripShowsEveryHalfHourRefreshOnTime() throws {
        let document = try preview("setUpdateFreq(30)")
        let lines = TerminalView(document: document).lines()
        let heading = try XCTUnwrap(lines.firstIndex(of: "Refreshes over 24 h, budget 55 a day"))
        XCTAssertEqual(lines[heading + 1], "  08:00             14:00             20:00             02:00        08:00")
        let strip = lines[heading + 2]
        XCTAssertEqual(strip.count, 2 + RefreshStrip.cells)
        XCTAssertEqual(strip.filter { $0 == "|" }.count, 48)
        XCTAssertEqual(strip.filter { $0 == "!" || $0 == "x" || $0 == "#" }.count, 0)
        XCTAssertTrue(lines[heading + 4].hasPrefix("  48 refreshes; longest gap 30 min."), lines[heading + 4])
    }

    func testEveryLineFitsEightyColumnsEvenWithLongValuesAndMessages() throws {
        let long = String(repeating: "word ", count: 60)
        let document = try preview("""
            let averyveryveryveryverylongoutputnamethatgoesonandon = "\(long)"
            console.log("\(long)")
            setUpdateFreq("\(long)")
            const x = 1;                                                                                    x.y.z
            """)
        let lines = TerminalView(document: document).lines()
        XCTAssertEqual(overWide(lines), [])
        XCTAssertTrue(lines.contains { $0.contains("invalid-argument") || $0.contains("[") })
    }

    func testColourOnlyWhenTheStyleIsEnabled() throws {
        let document = try preview("let a = 1")
        XCTAssertFalse(TerminalView(document: document).lines().joined().contains("\u{1B}["))
        let coloured = TerminalView(document: document, style: TextStyle(enabled: true)).lines()
        XCTAssertTrue(coloured.joined().contains("\u{1B}[32mok\u{1B}[0m"))
        XCTAssertEqual(overWide(coloured), [])
    }

    func testAllKindsShowOnlyTheOutputsThatDiffer() throws {
        let document = try preview("""
            let size = Widget.type
            let same = "x"
            """, kinds: PreviewInputs.allWidgetKinds)
        XCTAssertEqual(document.runs.map(\.kind), [.small, .medium, .large, .circular, .rectangular, .inline, .button, .toggle])
        let lines = TerminalView(document: document).lines()
        XCTAssertTrue(lines.contains("  same  all          string  \"x\""), lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains("  size  small        string  \"small\""), lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains("  size  rectangular  string  \"rectangular\""))
        XCTAssertEqual(lines.filter { $0.hasPrefix("  size ") }.count, 8)
    }

    func testALiveActivityShowsItsSpanOnTheStrip() throws {
        let document = try preview("""
            let left = 3
            if (Date.now() >= Date.UTC(2026, 10, 29, 10, 0)) endLiveActivity()
            setUpdateFreq(30)
            """, kinds: [.live])
        let lines = TerminalView(document: document).lines()
        XCTAssertEqual(lines[0], "widget.js  Live Activity")
        let heading = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("Refreshes over 24 h") })
        let live = lines[heading + 3]
        // Active 08:00-10:00 (6 cells of 20 min), then shown until 14:00 (12 cells).
        XCTAssertEqual(live, "  " + String(repeating: "━", count: 6) + String(repeating: "╌", count: 12))
        XCTAssertTrue(lines.contains("  Live Activity: started 08:00, ended 10:00 by endLiveActivity() after 2 h,"),
                      lines.joined(separator: "\n"))
    }

    func testAnUnusableFileIsShownOnceWithItsCode() {
        let inputs = PreviewInputs(
            scriptPath: "gone.js", source: nil, kinds: [.small], configuration: RunConfiguration(), simulation: nil,
            problems: [PreviewProblem(code: "missing-file", message: "gone.js: no such file"),
                       PreviewProblem(code: "bad-layout", message: "layout.txt:2:1: not valid JSON [bad-layout]")])
        let document = sharedBuilder.build(inputs)
        XCTAssertTrue(document.hasFailures)
        XCTAssertEqual(TerminalView(document: document).lines(), [
            "gone.js",
            "error: gone.js: no such file [missing-file]",
            "error: layout.txt:2:1: not valid JSON [bad-layout]",
        ])
    }
}
