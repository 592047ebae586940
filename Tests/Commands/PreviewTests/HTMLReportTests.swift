import Preview
import WidgetHost
import XCTest

final class HTMLReportTests: XCTestCase {
    func testTheReportHoldsTheOutputsConsoleDiagnosticsAndChart() throws {
        let document = try preview("""
            let title = "<b>Tea & cake</b>"
            console.warn("careful")
            setUpdateFreq(2)
            """)
        let html = HTMLReport(document: document).render()
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(html.contains("<td class=\"name\">title</td><td class=\"type\">string</td><td class=\"value\"><code>&quot;&lt;b&gt;Tea &amp; cake&lt;/b&gt;&quot;</code></td>"))
        XCTAssertTrue(html.contains("<span class=\"level warn\">warn</span> careful"))
        XCTAssertTrue(html.contains("<code>freq-below-minimum</code>"), html)
        XCTAssertTrue(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        XCTAssertFalse(html.contains("<?xml"))
        // The chart keeps its labels readable at 720 px; narrower, it scrolls and says so.
        XCTAssertTrue(html.contains("<p class=\"scroll-hint\">Scroll the chart sideways to see all of it&#160;→</p>\n<div class=\"chart\">"))
        XCTAssertTrue(html.contains(".scroll-hint{display:none;"))
        XCTAssertTrue(html.contains("@media (max-width:760px){.scroll-hint{display:block}"))
    }

    func testNothingIsLoadedFromOutsideTheFile() throws {
        let html = HTMLReport(document: try preview("let a = 1")).render()
        XCTAssertTrue(html.contains("default-src 'none'"))
        for forbidden in ["<script", "<link", "src=\"http", "href=\"http", "@import", "url(", "@font-face"] {
            XCTAssertFalse(html.contains(forbidden), forbidden)
        }
        XCTAssertTrue(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
    }

    func testALiveActivityHasItsLifecycle() throws {
        let document = try preview("""
            let left = 1
            if (Date.now() >= Date.UTC(2026, 10, 29, 9, 0)) endLiveActivity()
            setUpdateFreq(30)
            """, kinds: [.live])
        let html = HTMLReport(document: document).render()
        XCTAssertTrue(html.contains("<li><time>2026-11-29T08:00:00.000+00:00</time> started by script</li>"), html)
        XCTAssertTrue(html.contains("<li><time>2026-11-29T09:00:00.000+00:00</time> ended by endLiveActivity(), after 60 min</li>"))
        XCTAssertTrue(html.contains("<li><time>2026-11-29T13:00:00.000+00:00</time> dismissed from the Lock Screen</li>"))
    }

    func testEscapeCoversMarkupAndQuotes() {
        XCTAssertEqual(HTMLReport.escape("a<b>&\"c\"'d'\u{1}"), "a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;")
    }
}
