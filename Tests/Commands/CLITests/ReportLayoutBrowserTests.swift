import JSONKit
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The HTML report measured in headless Chromium at a phone's and a desktop's width.
/// Headless Chromium lays a window out at least 500 px wide, so the report is shown in an
/// iframe of the exact width inside a wrapper page; once the report has loaded, a script of
/// the wrapper reads what the browser laid out in it (computed colours, element boxes, the
/// page's scroll width) and writes it into the wrapper's DOM, read back with `--dump-dom`.
/// The report itself is measured as it is, its content security policy untouched.
/// Screenshots of each page at both widths are taken the same way.
final class ReportLayoutBrowserTests: XCTestCase {
    private var folder = ""
    static let widths = [390, 1280]

    override func setUpWithError() throws {
        _ = try Chromium.path()
        folder = try Files.makeTemporaryFolder("widgethost-layout")
    }

    override func tearDown() { Files.removeTree(folder) }

    /// File access from files (which `Chromium.run` allows) lets the wrapper read the report in its iframe.
    private func chromium(_ arguments: [String]) throws -> ProgramResult {
        try Chromium.run(arguments, folder: folder)
    }

    /// What the wrapper measures about the report in its iframe, once it has loaded.
    static let probe = """
        <script>
        function probe(frame) {
          const w = frame.contentWindow, d = frame.contentDocument;
          const box = e => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, width: r.width}; };
          const lines = e => { const range = d.createRange(); range.selectNodeContents(e);
            return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size; };
          const m = {
            viewport: w.innerWidth,
            scrollWidth: d.documentElement.scrollWidth,
            badges: [...d.querySelectorAll('.status')].map(b => ({text: b.textContent,
              color: w.getComputedStyle(b).color, background: w.getComputedStyle(b).backgroundColor})),
            names: [...d.querySelectorAll('td.name')].map(td => ({text: td.textContent, lines: lines(td)})),
            layoutScroll: [...d.querySelectorAll('#layout .scroll')].map(s => ({scrollWidth: s.scrollWidth, clientWidth: s.clientWidth})),
            rendersAs: [...d.querySelectorAll('#layout th')].map(box),
            layoutValues: [...d.querySelectorAll('#layout td.value')].map(box),
            layoutFields: [...d.querySelectorAll('#layout tbody td:first-child')].map(td => ({text: td.textContent, lines: lines(td)})),
            span: [...d.querySelectorAll('.span')].map(box),
            spanActive: [...d.querySelectorAll('.span .active')].map(box),
          };
          const out = document.createElement('pre'); out.id = 'measurements'; out.textContent = JSON.stringify(m);
          document.body.appendChild(out);
        }
        </script>
        """

    /// A page that shows `report` in an iframe `width` px wide and `height` px high.
    private func wrapper(_ report: String, width: Int, height: Int, probing: Bool) -> String {
        let name = String(report[report.index(after: report.lastIndex(of: "/")!)...])
        let path = "\(folder)/wrap-\(name)-\(width)\(probing ? "-probe" : "").html"
        let html = """
            <!DOCTYPE html><html><head>\(probing ? Self.probe : "")
            <style>body{margin:0}iframe{border:0;display:block;width:\(width)px;height:\(height)px}</style></head>
            <body><iframe src="\(name)"\(probing ? " onload=\"probe(this)\"" : "")></iframe></body></html>
            """
        writeFile(path, Array(html.utf8))
        return path
    }

    /// The report's measurements at `width` px.
    private func measure(_ report: String, width: Int) throws -> JSONValue {
        let page = wrapper(report, width: width, height: 900, probing: true)
        let result = try chromium(["--window-size=\(max(width, 500)),900", "--dump-dom", "file://" + page])
        XCTAssertEqual(result.code, 0, result.err)
        guard let start = result.out.range(of: "<pre id=\"measurements\">"),
              let end = result.out.range(of: "</pre>", range: start.upperBound..<result.out.endIndex) else {
            XCTFail("no measurements in the page: \(result.out.suffix(400)) \(result.err.suffix(400))")
            return .null
        }
        let text = String(result.out[start.upperBound..<end.lowerBound]).replacingOccurrences("&quot;", with: "\"")
            .replacingOccurrences("&lt;", with: "<").replacingOccurrences("&gt;", with: ">").replacingOccurrences("&amp;", with: "&")
        let measured = try JSONValue.parse(text)
        XCTAssertEqual(measured["viewport"]?.doubleValue, Double(width), "the report is not laid out \(width) px wide")
        return measured
    }

    /// A screenshot of the report `width` px wide, kept when WIDGETHOST_KEEP_SCREENSHOTS names a folder.
    private func screenshot(_ report: String, width: Int, name: String) throws {
        let path = "\(folder)/\(name)-\(width).png"
        let height = 2600
        let page = wrapper(report, width: width, height: height, probing: false)
        let shot = try chromium(["--window-size=\(width),\(height)", "--screenshot=\(path)", "file://" + page])
        XCTAssertEqual(shot.code, 0, shot.err)
        let bytes = Files.bytes(path)
        XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "no PNG at \(path)")
        let shotWidth = bytes.count > 24 ? bytes[16..<20].reduce(0) { $0 << 8 | Int($1) } : 0
        XCTAssertEqual(shotWidth, width, name)
        if let keep = ProcessInfoLite.environment("WIDGETHOST_KEEP_SCREENSHOTS") {
            _ = try spawn(["/bin/cp", path, "\(keep)/\(name)-\(width).png"], environment: [])
        }
    }

    private func noHorizontalOverflow(_ measured: JSONValue, _ width: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThanOrEqual(measured["scrollWidth"]?.doubleValue ?? .infinity, Double(width),
                                 "the page scrolls sideways at \(width) px", file: file, line: line)
    }

    // MARK: - The error badge

    func testTheErrorBadgeIsWhiteOnRedAndReadableAtBothWidths() throws {
        let report = folder + "/mistake.html"
        let run = tool("preview", example("mistake.js"), "--now", "2026-11-29T08:00:00Z", "--html", report)
        XCTAssertEqual(run.code, 1, run.err)
        for width in Self.widths {
            let measured = try measure(report, width: width)
            let badges = measured["badges"]?.arrayValue ?? []
            XCTAssertEqual(badges.first?["text"]?.stringValue, "error")
            guard let badge = badges.first,
                  let fg = Self.rgb(badge["color"]?.stringValue), let bg = Self.rgb(badge["background"]?.stringValue) else {
                XCTFail("no badge colours: \(measured)")
                continue
            }
            let ratio = Self.contrast(fg, bg)
            // WCAG AA for normal text: 4.5 : 1. Red on red is about 1 : 1.
            XCTAssertGreaterThanOrEqual(ratio, 4.5, "badge \(badge) at \(width) px: contrast \(ratio)")
            noHorizontalOverflow(measured, width)
            try screenshot(report, width: width, name: "report-error")
        }
    }

    // MARK: - Output names and the layout table

    func testOutputNamesStayWholeAndTheLayoutTableFitsAPhone() throws {
        let script = folder + "/agenda.js"
        writeFile(script, Array("""
            let events = [{ title: "Team Weekly", startDate: "2026-05-04 02:00:00 +0000" }, { title: "Dentist", startDate: "2026-05-06 01:30:00 +0000" }]
            let forecastSummary = "Light rain in the afternoon, clearing by the evening with a cool breeze from the north-west"
            let temperature = 7.5
            let forecast = { today: { afternoon: { summaryText: "Showers", precipitationProbability: 0.8 } } }
            setUpdateFreq(60)

            """.utf8))
        let layout = folder + "/agenda.layout.txt"
        writeFile(layout, Array("""
            ${events[0].title} at ${events[0].startDate}
            Then ${events[1].title} at ${events[1].startDate}
            ${forecastSummary}
            ${temperature}° and ${forecastSummary}
            Afternoon: ${forecast.today.afternoon.summaryText} (${forecast.today.afternoon.precipitationProbability})

            """.utf8))
        let report = folder + "/agenda.html"
        let run = tool("preview", script, "--layout", layout, "--now", "2026-05-02T09:00:00Z", "--html", report)
        XCTAssertEqual(run.code, 0, run.out + run.err)
        for width in Self.widths {
            let measured = try measure(report, width: width)
            let names = measured["names"]?.arrayValue ?? []
            XCTAssertEqual(names.compactMap { $0["text"]?.stringValue }, ["events", "forecast", "forecastSummary", "temperature"])
            for name in names {
                XCTAssertEqual(name["lines"]?.doubleValue, 1, "\(name) breaks across lines at \(width) px")
            }
            let scroll = measured["layoutScroll"]?.arrayValue?.first
            XCTAssertNotNil(scroll, "no layout table")
            XCTAssertLessThanOrEqual(scroll?["scrollWidth"]?.doubleValue ?? .infinity, scroll?["clientWidth"]?.doubleValue ?? 0,
                                     "the layout table is wider than its box at \(width) px: \(scroll ?? .null)")
            let headers = measured["rendersAs"]?.arrayValue ?? []
            XCTAssertEqual(headers.count, 3)
            if width >= 600 {
                let rendersAs = headers.last
                XCTAssertLessThanOrEqual(rendersAs?["right"]?.doubleValue ?? .infinity, Double(width), "'renders as' is off-screen at \(width) px")
                XCTAssertGreaterThanOrEqual(rendersAs?["width"]?.doubleValue ?? 0, Double(width) * 0.2, "'renders as' is squeezed at \(width) px")
            } else {
                // On a phone the header is hidden and each row is a block: every value as wide as the table.
                XCTAssertEqual(headers.compactMap { $0["width"]?.doubleValue }, [0, 0, 0], "the header shows at \(width) px")
            }
            let values = measured["layoutValues"]?.arrayValue ?? []
            XCTAssertEqual(values.count, 9, "one row per placeholder")
            for value in values {
                XCTAssertLessThanOrEqual(value["right"]?.doubleValue ?? .infinity, Double(width), "a value is off-screen at \(width) px")
                XCTAssertGreaterThanOrEqual(value["width"]?.doubleValue ?? 0, Double(width) * (width >= 600 ? 0.2 : 0.8), "a value is squeezed at \(width) px")
            }
            let fields = measured["layoutFields"]?.arrayValue ?? []
            XCTAssertEqual(fields.first?["text"]?.stringValue, "line 1")
            for field in fields { XCTAssertEqual(field["lines"]?.doubleValue, 1, "\(field) breaks across lines at \(width) px") }
            noHorizontalOverflow(measured, width)
            try screenshot(report, width: width, name: "report-layout")
        }
    }

    // MARK: - The Live Activity's span

    func testTheLiveActivityBarIsFittedToTheActivity() throws {
        let report = folder + "/live.html"
        // The countdown starts at 18:20 and ends itself at 19:00: a 40-minute activity.
        let run = tool("preview", example("live-countdown.js"), "--kind", "live", "--now", "2026-11-29T18:20:00Z",
                       "--tz", "UTC", "--html", report)
        XCTAssertEqual(run.code, 0, run.err)
        let html = String(decoding: Files.bytes(report), as: UTF8.self)
        XCTAssertTrue(html.contains("<span>18:20 started</span><span>40 min</span><span>19:00 ended</span>"), html)
        for width in Self.widths {
            let measured = try measure(report, width: width)
            let span = measured["span"]?.arrayValue?.first, active = measured["spanActive"]?.arrayValue?.first
            let spanWidth = span?["width"]?.doubleValue ?? 0
            // The card's inner width, most of the viewport.
            XCTAssertGreaterThanOrEqual(spanWidth, Double(width) * 0.6, "the activity's bar at \(width) px: \(span ?? .null)")
            XCTAssertEqual(active?["width"]?.doubleValue ?? 0, spanWidth, accuracy: 1, "the active part fills the bar at \(width) px")
            noHorizontalOverflow(measured, width)
            try screenshot(report, width: width, name: "report-live")
        }
    }

    // MARK: - Colour arithmetic

    /// `rgb(185, 28, 28)` or `rgba(…)` → (r, g, b) in 0…255.
    static func rgb(_ text: String?) -> (Double, Double, Double)? {
        guard let text, let open = text.firstIndex(of: "("), let close = text.firstIndex(of: ")") else { return nil }
        let parts = text[text.index(after: open)..<close].split(separator: ",").compactMap { Double($0.trimmingSpaces()) }
        guard parts.count >= 3 else { return nil }
        return (parts[0], parts[1], parts[2])
    }

    /// The WCAG contrast ratio of two colours.
    static func contrast(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        func luminance(_ c: (Double, Double, Double)) -> Double {
            func channel(_ v: Double) -> Double {
                let s = v / 255
                return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * channel(c.0) + 0.7152 * channel(c.1) + 0.0722 * channel(c.2)
        }
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    func testTheContrastArithmeticSeesRedOnRed() {
        XCTAssertLessThan(Self.contrast((185, 28, 28), (185, 28, 28)), 1.01)
        XCTAssertGreaterThan(Self.contrast((255, 255, 255), (185, 28, 28)), 6)
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
