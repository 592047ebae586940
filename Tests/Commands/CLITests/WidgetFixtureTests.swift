import TestSupport
import XCTest

/// Fixtures that pin a widget family's picture (`render: { layout, family }`) and its findings
/// (`expect.widget`), run by `widgethost test` in `widgethost-render` workers.
final class WidgetFixtureTests: RenderToolTestCase {
    private func fixture(color: String, family: String = "small", expectWidget: String = "{ diagnosticsExact: [] }", title: String = "Berlin") -> String {
        script(##"""
            /*---
            description: a widget picture that changes
            layout: |
              {"type": "vstack", "children": [{"type": "text", "content": "${title}", "fontSize": 20, "color": "\##(color)"}]}
            render: { layout: true, family: \##(family), scheme: dark, scale: 1 }
            expect:
              status: ok
              layout: { findingsExact: [] }
              widget: \##(expectWidget)
            ---*/
            const title = "\##(title)"
            """##, name: "changed-widget.js")
    }

    func testAChangedWidgetPictureWritesTheActualAndTheDifference() throws {
        let path = fixture(color: "#0A60D0")
        XCTAssertEqual(try binary(["test", path, "--update"], environment: ["NO_COLOR=1"]).code, 0)
        XCTAssertEqual(Array(bytes(folder + "/changed-widget.png").prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        // 158 × 158 at 1x: the small family's size.
        XCTAssertEqual(bytes(folder + "/changed-widget.png")[16..<24].map { $0 }, [0, 0, 0, 158, 0, 0, 0, 158])
        XCTAssertEqual(try binary(["test", path], environment: ["NO_COLOR=1"]).code, 0)
        XCTAssertEqual(try binary(["test", path, "--update"], environment: ["NO_COLOR=1", "CI=1"]).code, 64)
        // --update made the picture only: a report golden is the author's to create.
        XCTAssertEqual(Files.list(folder).filter { $0.hasPrefix("changed-widget.") }.sorted(), ["changed-widget.js", "changed-widget.png"])
        writeFile(folder + "/changed-widget.expected.json", [])
        XCTAssertEqual(try binary(["test", path], environment: ["NO_COLOR=1"]).code, 1, "an empty report golden differs")
        XCTAssertEqual(try binary(["test", path, "--update"], environment: ["NO_COLOR=1"]).code, 0)
        XCTAssertTrue(String(decoding: bytes(folder + "/changed-widget.expected.json"), as: UTF8.self).contains("\"schema\": \"widgethost.run/1\""))
        XCTAssertEqual(try binary(["test", path], environment: ["NO_COLOR=1"]).code, 0)
        unlink(folder + "/changed-widget.expected.json")

        _ = fixture(color: "#FF3B30")
        let result = try binary(["test", path, "--reporter", "json", "--output", folder + "/report.json"], environment: ["NO_COLOR=1"])
        XCTAssertEqual(result.code, 1)
        let report = String(decoding: bytes(folder + "/report.json"), as: UTF8.self)
        XCTAssertTrue(report.contains("pixels differ from \(folder)/changed-widget.png (tolerance 0)"), report)
        XCTAssertTrue(report.contains(folder + "/changed-widget.actual.png") && report.contains(folder + "/changed-widget.diff.png"), report)
        XCTAssertEqual(Array(bytes(folder + "/changed-widget.diff.png").prefix(4)), [0x89, 0x50, 0x4E, 0x47])

        // Another family is another size.
        _ = fixture(color: "#0A60D0", family: "medium")
        let resized = try binary(["test", path, "--reporter", "json", "--output", folder + "/report.json"], environment: ["NO_COLOR=1"])
        XCTAssertEqual(resized.code, 1)
        XCTAssertTrue(String(decoding: bytes(folder + "/report.json"), as: UTF8.self).contains("the picture is 338×158 px, which is not the golden's size"))
    }

    func testFindingsAndBadSettingsAreChecked() throws {
        let path = fixture(color: "#0A60D0", family: "circular", expectWidget: "{ diagnosticsExact: [] }", title: "Berlin Brandenburg Airport")
        _ = try binary(["test", path, "--update"], environment: ["NO_COLOR=1"])
        let result = try binary(["test", path, "--reporter", "json", "--output", folder + "/report.json"], environment: ["NO_COLOR=1"])
        XCTAssertEqual(result.code, 1)
        let report = String(decoding: bytes(folder + "/report.json"), as: UTF8.self)
        XCTAssertTrue(report.contains(#"widget.diagnosticsExact: expected [], got [\"render-text-truncated\"]"#), report)

        _ = fixture(color: "#0A60D0", family: "huge")
        _ = try binary(["test", path, "--reporter", "json", "--output", folder + "/report.json"], environment: ["NO_COLOR=1"])
        XCTAssertTrue(String(decoding: bytes(folder + "/report.json"), as: UTF8.self).contains("render.family 'huge' is not a family"))
    }
}
