import JSONKit
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The preview report with every family's pictures, measured in headless Chromium at a phone's
/// width (390 px, in an iframe: Chromium lays a window out at least 500 px wide) and a desktop's
/// (1280 px): every picture loaded from its `data:` address, light and dark side by side at the
/// desktop width with the findings beside them, nothing wider than the phone's screen.
/// Screenshots of both widths are kept when WIDGETHOST_KEEP_SCREENSHOTS names a folder.
final class PreviewPicturesBrowserTests: XCTestCase {
    private var folder: TemporaryFolder!
    static let widths = [390, 1280]

    override func setUpWithError() throws {
        _ = try Chromium.path()
        folder = try TemporaryFolder("pictures-browser")
    }

    override func tearDown() { folder = nil }

    private func chromium(_ arguments: [String]) throws -> ProgramResult {
        try Chromium.run(arguments, folder: folder.path)
    }

    /// What the wrapper reads from the report in its iframe once it has loaded.
    static let probe = """
        <script>
        function probe(frame) {
          const w = frame.contentWindow, d = frame.contentDocument;
          const box = e => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width}; };
          const m = {
            viewport: w.innerWidth,
            scrollWidth: d.documentElement.scrollWidth,
            families: [...d.querySelectorAll('#pictures .family')].map(f => ({
              id: f.id,
              card: box(f),
              pictures: [...f.querySelectorAll('figure.picture')].map(p => ({scheme: p.className, box: box(p),
                image: box(p.querySelector('img')), naturalWidth: p.querySelector('img').naturalWidth,
                complete: p.querySelector('img').complete})),
              findings: box(f.querySelector('.findings')),
              findingsText: f.querySelector('.findings').textContent,
              findingsVisible: w.getComputedStyle(f.querySelector('.findings')).visibility === 'visible'
            })),
            others: d.querySelector('#other-findings') && {box: box(d.querySelector('#other-findings')), text: d.querySelector('#other-findings').textContent},
          };
          const out = document.createElement('pre'); out.id = 'measurements'; out.textContent = JSON.stringify(m);
          document.body.appendChild(out);
        }
        </script>
        """

    private func wrapper(_ report: String, width: Int, height: Int, probing: Bool) throws -> String {
        let name = String(report[report.index(after: report.lastIndex(of: "/")!)...])
        let path = "\(folder.path)/wrap-\(width)\(probing ? "-probe" : "").html"
        try Files.write(path, """
            <!DOCTYPE html><html><head>\(probing ? Self.probe : "")
            <style>body{margin:0}iframe{border:0;display:block;width:\(width)px;height:\(height)px}</style></head>
            <body><iframe src="\(name)"\(probing ? " onload=\"probe(this)\"" : "")></iframe></body></html>
            """)
        return path
    }

    private func measure(_ report: String, width: Int) throws -> JSONValue {
        let page = try wrapper(report, width: width, height: 900, probing: true)
        let result = try chromium(["--window-size=\(max(width, 500)),900", "--dump-dom", "file://" + page])
        XCTAssertEqual(result.code, 0, result.err)
        guard let start = result.out.range(of: "<pre id=\"measurements\">"),
              let end = result.out.range(of: "</pre>", range: start.upperBound..<result.out.endIndex) else {
            throw HarnessError("no measurements in the page: \(result.out.suffix(400)) \(result.err.suffix(400))")
        }
        var text = String(result.out[start.upperBound..<end.lowerBound])
        for (entity, character) in [("&quot;", "\""), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")] {
            text = text.split(separator: entity, omittingEmptySubsequences: false).joined(separator: character)
        }
        let measured = try JSONValue.parse(text)
        XCTAssertEqual(measured["viewport"]?.doubleValue, Double(width), "the report is not laid out \(width) px wide")
        return measured
    }

    private func screenshot(_ report: String, width: Int) throws {
        let path = "\(folder.path)/pictures-\(width).png"
        let height = 4200
        let page = try wrapper(report, width: width, height: height, probing: false)
        let shot = try chromium(["--window-size=\(width),\(height)", "--screenshot=\(path)", "file://" + page])
        XCTAssertEqual(shot.code, 0, shot.err)
        let bytes = Files.read(path) ?? []
        XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "no PNG at \(path)")
        if let keep = ProcessInfoLite.environment("WIDGETHOST_KEEP_SCREENSHOTS") {
            _ = try spawn(["/bin/cp", path, "\(keep)/preview-pictures-\(width).png"], environment: [])
        }
    }

    func testEveryPictureLoadsSitsBesideItsTwinAndItsFindingsAtBothWidths() throws {
        let report = folder.file("weather.html")
        let run = tool("preview", example("weather.js"), "--profile", example("weather.profile.json"),
                       "--layout", example("weather.layout.json"), "--now", "2026-11-29T14:30:00Z", "--tz", "UTC", "--html", report)
        XCTAssertEqual(run.code, 0, run.err)
        for width in Self.widths {
            let measured = try measure(report, width: width)
            let families = measured["families"]?.arrayValue ?? []
            XCTAssertEqual(families.compactMap { $0["id"]?.stringValue },
                           PreviewPicturesTests.families.map { "family-" + $0 }, "at \(width) px")
            for family in families {
                let id = family["id"]?.stringValue ?? "?"
                let pictures = family["pictures"]?.arrayValue ?? []
                XCTAssertEqual(pictures.compactMap { $0["scheme"]?.stringValue }, ["picture light", "picture dark"], id)
                for picture in pictures {
                    XCTAssertEqual(picture["complete"], .bool(true), "\(id) at \(width) px")
                    XCTAssertGreaterThan(picture["naturalWidth"]?.doubleValue ?? 0, 0, "\(id): a picture did not load at \(width) px")
                    // Nothing reaches past the right edge of the screen.
                    XCTAssertLessThanOrEqual(picture["box"]?["right"]?.doubleValue ?? .infinity, Double(width), "\(id) at \(width) px")
                    XCTAssertLessThanOrEqual(picture["image"]?["right"]?.doubleValue ?? .infinity, Double(width), "\(id) at \(width) px")
                }
                guard pictures.count == 2, let light = pictures[0]["box"], let dark = pictures[1]["box"], let findings = family["findings"] else { continue }
                XCTAssertEqual(family["findingsVisible"], .bool(true), id)
                XCTAssertGreaterThan(findings["width"]?.doubleValue ?? 0, 100, "\(id): the findings are squeezed at \(width) px")
                XCTAssertLessThanOrEqual(findings["right"]?.doubleValue ?? .infinity, Double(width), "\(id) at \(width) px")
                if width == 1280 {
                    // Side by side: the same top, dark to the right of light, the findings to the right of both.
                    XCTAssertEqual(light["top"]?.doubleValue ?? 0, dark["top"]?.doubleValue ?? 1, accuracy: 0.5, "\(id): light and dark are not side by side")
                    XCTAssertLessThanOrEqual(light["right"]?.doubleValue ?? .infinity, dark["left"]?.doubleValue ?? 0, id)
                    XCTAssertEqual(findings["top"]?.doubleValue ?? 0, light["top"]?.doubleValue ?? 1, accuracy: 0.5, "\(id): the findings are not beside the pictures")
                    XCTAssertGreaterThanOrEqual(findings["left"]?.doubleValue ?? 0, dark["right"]?.doubleValue ?? .infinity, id)
                } else {
                    // On a phone they stack; the findings come right after the pictures, inside the family's card.
                    XCTAssertGreaterThanOrEqual(findings["top"]?.doubleValue ?? 0, light["bottom"]?.doubleValue ?? .infinity, id)
                    XCTAssertLessThanOrEqual(findings["bottom"]?.doubleValue ?? .infinity, family["card"]?["bottom"]?.doubleValue ?? 0, id)
                }
            }
            // The circular widget's card says where its findings are: the small widget (the
            // kind's family) leads, and the other families' findings are one list after the cards.
            let circular = families.first { $0["id"]?.stringValue == "family-circular" }
            XCTAssertTrue(circular?["findingsText"]?.stringValue?.contains("under your small widget or under other families") ?? false, "\(circular ?? .null)")
            let others = measured["others"]
            XCTAssertTrue(others?["text"]?.stringValue?.contains("(circular widget) render-text-truncated") ?? false, "\(others ?? .null)")
            XCTAssertLessThanOrEqual(others?["box"]?["right"]?.doubleValue ?? .infinity, Double(width), "the other families' findings at \(width) px")
            XCTAssertGreaterThanOrEqual(others?["box"]?["top"]?.doubleValue ?? 0, families.last?["card"]?["bottom"]?.doubleValue ?? .infinity, "after the cards")
            XCTAssertLessThanOrEqual(measured["scrollWidth"]?.doubleValue ?? .infinity, Double(width), "the page scrolls sideways at \(width) px")
            try screenshot(report, width: width)
        }
    }
}
