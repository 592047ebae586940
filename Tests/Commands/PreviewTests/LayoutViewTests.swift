import JSONKit
import Preview
import XCTest

final class LayoutViewTests: XCTestCase {
    private let script = """
        let title = "Weather"
        let temp = 21.5
        let days = [{ name: "Mon", high: 20 }, { name: "Tue", high: 18 }]
        """

    func testEveryPlaceholderIsListedWithItsRenderedValue() throws {
        let document = try preview(script, layout: "${title}\n${temp}°\n# a comment\n${tmep}\n")
        let lines = TerminalView(document: document).lines()
        let heading = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("Layout layout.txt") }, lines.joined(separator: "\n"))
        XCTAssertEqual(lines[heading], "Layout layout.txt (3 placeholders, 1 warning)")
        XCTAssertEqual(Array(lines[(heading + 1)...(heading + 3)]), [
            "  line 1  ${title}  \"Weather\"",
            "  line 2  ${temp}   21.5",
            "  line 4  ${tmep}   \"\" (missing)",
        ])
        let finding = lines[(heading + 4)...].joined(separator: " ")
        XCTAssertTrue(finding.hasPrefix("  warning: line 4:1: "), finding)
        XCTAssertTrue(finding.contains("Did you mean ${temp}?"), finding)
        XCTAssertTrue(finding.contains("[layout-missing]"), finding)
        XCTAssertEqual(overWide(lines), [])
    }

    func testAComponentTreeWithALoopIsCheckedPerItem() throws {
        let layout = """
            {"type": "vstack", "dataSource": "${days[day]}", "children": [
              {"type": "text", "content": "${day.name}: ${day.high}°"},
              {"type": "text", "content": "${day.low}", "fontSize": "${$.title}"}
            ]}
            """
        let document = try preview(script, layout: layout)
        let report = try XCTUnwrap(document.layout?.report)
        XCTAssertEqual(report.entries.filter { $0.placeholder == "${day.name}" }.map(\.text), ["Mon", "Tue"])
        let codes = report.findings.map(\.code.rawValue)
        XCTAssertTrue(codes.contains("layout-missing"), "\(codes)")
        XCTAssertTrue(codes.contains("layout-type"), "\(codes)")
        let lines = TerminalView(document: document).lines()
        XCTAssertTrue(lines.contains("  /children/0/content [day 1]   ${day.name}   \"Tue\""), lines.joined(separator: "\n"))
        // On the page a field's pointer breaks at its slashes, not in the middle of a word.
        let html = HTMLReport(document: document).render()
        XCTAssertTrue(html.contains("<td>/children<wbr>/0<wbr>/content [day 1]</td>"), html)
        // On a phone each row is a block, the field on a line of its own.
        XCTAssertTrue(html.contains("@media (max-width:600px){table.layout colgroup,table.layout thead{display:none}"))
        XCTAssertTrue(document.json["layout"]?["path"] == "layout.txt")
        XCTAssertFalse(document.hasFailures, "warnings do not fail the preview")
    }

    func testASyntaxErrorFailsThePreview() throws {
        let document = try preview(script, layout: "${}\n")
        XCTAssertTrue(document.layout?.hasErrors ?? false)
        XCTAssertTrue(document.hasFailures)
        XCTAssertTrue(HTMLReport(document: document).render().contains("<code>layout-syntax</code>"))
    }
}
