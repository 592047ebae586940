import JSONKit
import Preview
import XCTest

/// The picture section as the terminal view, the HTML report and JSON show it.
final class PictureSectionTests: XCTestCase {
    static let png = "iVBORw0KGgo="

    func section(findings: Int = 1) -> PictureSection {
        let finding = PictureFinding(code: "render-text-truncated", severity: "warning", message: "\"Now\" does not fit (circular widget)",
                                     path: "root.children[0]", field: "/children/0/content")
        let many = (0..<findings).map { i in
            PictureFinding(code: "render-overflow", severity: "warning", message: "cut off \(i)", path: "root.children[\(i)]")
        }
        return PictureSection(folder: "out-pictures", device: "iphone-15-pro", scale: 2, families: [
            FamilyPictures(family: "small", label: "small widget", width: 158, height: 158, pictures: [
                SchemePicture(scheme: "light", file: "out-pictures/w-small-light.png", base64: Self.png, pixelWidth: 316, pixelHeight: 316),
                SchemePicture(scheme: "dark", file: "out-pictures/w-small-dark.png", base64: Self.png, pixelWidth: 316, pixelHeight: 316),
            ], findings: []),
            FamilyPictures(family: "circular", label: "circular widget", width: 72, height: 72, pictures: [
                SchemePicture(scheme: "light", file: "out-pictures/w-circular-light.png", base64: Self.png, pixelWidth: 144, pixelHeight: 144),
            ], findings: [finding] + many),
        ])
    }

    func document(_ pictures: PictureSection) throws -> PreviewDocument {
        var document = try preview("const title = 'x'\n")
        document.pictures = pictures
        return document
    }

    func testTheTerminalNamesTheFilesAndCapsTheFindings() throws {
        let lines = TerminalView(document: try document(section(findings: 12))).lines()
        let start = try XCTUnwrap(lines.firstIndex(of: "Pictures iphone-15-pro, 2x, light and dark, in"))
        XCTAssertEqual(Array(lines[(start + 1)...(start + 3)]), [
            "  out-pictures/",
            "  small         158×158  w-small-light.png, w-small-dark.png",
            "  circular      72×72    w-circular-light.png",
        ])
        XCTAssertEqual(lines[start + 4], "  warning: root.children[0]: \"Now\" does not fit (circular widget)")
        XCTAssertEqual(lines.filter { $0.hasPrefix("  warning:") }.count, PictureSection.terminalFindings)
        XCTAssertEqual(lines.last, "  … 5 more (--html or --format json lists them)")
        XCTAssertEqual(overWide(lines), [])
    }

    /// A finding several families have alike is one line naming them, after the families.
    func testAFindingOfSeveralFamiliesIsShownOnceNamingThem() throws {
        func family(_ name: String, _ label: String, _ findings: [PictureFinding]) -> FamilyPictures {
            FamilyPictures(family: name, label: label, width: 10, height: 10, pictures: [], findings: findings)
        }
        func cut(_ label: String) -> PictureFinding {
            PictureFinding(code: "render-text-truncated", severity: "warning", message: "\"Now\" does not fit (\(label))", path: "root")
        }
        let section = PictureSection(folder: "", device: "iphone-15-pro", scale: 2, families: [
            family("small", "small widget", [cut("small widget")]),
            family("medium", "medium widget", [cut("medium widget"), PictureFinding(code: "render-overflow", severity: "warning", message: "cut off (medium widget)", path: "root.children[1]")]),
            family("live-activity", "Live Activity", [cut("Live Activity")]),
        ])
        let lines = TerminalView(document: try document(section)).lines()
        let start = try XCTUnwrap(lines.firstIndex(of: "Pictures iphone-15-pro, 2x, light and dark, not written"), "\(lines)")
        XCTAssertEqual(Array(lines[(start + 1)...(start + 7)]), [
            "  (--html FILE writes them beside the page)",
            "  small         10×10",
            "  medium        10×10",
            "  live-activity 10×10",
            "  warning: root: \"Now\" does not fit (small and medium widgets and Live Activity)",
            "    [render-text-truncated]",
            "  warning: root.children[1]: cut off (medium widget) [render-overflow]",
        ])
        XCTAssertEqual(FamilyFindings.names(["small widget", "medium widget", "large widget"]), "small, medium and large widgets")
        XCTAssertEqual(FamilyFindings.names(["Live Activity"]), "Live Activity")
    }

    func testTheProblemIsShownInsteadOfPictures() throws {
        var pictures = section()
        pictures.families = []
        pictures.problem = "no pictures: they are drawn by the widgethost-render program, which is missing"
        let document = try document(pictures)
        let lines = TerminalView(document: document).lines()
        XCTAssertTrue(lines.contains("  warning: no pictures: they are drawn by the widgethost-render program, which"), "\(lines.suffix(4))")
        let html = HTMLReport(document: document).render()
        XCTAssertTrue(html.contains("<p class=\"problem\"><strong>warning</strong> no pictures: they are drawn by"))
        XCTAssertEqual(document.json["pictures"]?["problem"]?.stringValue, pictures.problem)
        XCTAssertFalse(document.hasFailures, "missing pictures are a warning")
    }

    func testThePageEmbedsEachPictureWithItsFindingsBesideIt() throws {
        let html = HTMLReport(document: try document(section(findings: 40))).render()
        XCTAssertTrue(html.contains("<section id=\"pictures\">"))
        XCTAssertTrue(html.contains(##"<figure class="picture light" style="width:170px"><img src="data:image/png;base64,iVBORw0KGgo=" width="158" alt="small widget, light">"##), html)
        // The name breaks after its hyphens, not anywhere; a 72 pt picture's card is 168 px
        // wide (not 84), so that the name takes two lines under it, not four.
        XCTAssertTrue(html.contains("<figcaption>dark · <code>w-<wbr>small-<wbr>dark.png</code></figcaption>"), html)
        XCTAssertTrue(html.contains(##"<figure class="picture light" style="width:168px"><img src="data:image/png;base64,iVBORw0KGgo=" width="72" alt="circular widget, light">"##), html)
        XCTAssertFalse(html.contains("figcaption{font-size:.8em;margin-top:4px;overflow-wrap:anywhere"))
        XCTAssertTrue(html.contains("<p class=\"muted\">Fits: nothing cut off.</p>"))
        XCTAssertTrue(html.contains(#"<li class="finding warning"><strong>warning</strong> <span class="where">root<wbr>.children[0]</span> &quot;Now&quot; does not fit (circular widget) <code>render-text-truncated</code></li>"#), html)
        XCTAssertEqual(html.components(separatedBy: "<li class=\"finding").count - 1, PictureSection.pageFindings)
        XCTAssertTrue(html.contains("… 11 more (--format json lists them all)"))
        // Only data: images: the page keeps its policy.
        XCTAssertTrue(html.contains("img-src data:"))
    }

    func testJSON() throws {
        let json = try document(section()).json["pictures"]
        XCTAssertEqual(json?["folder"], "out-pictures")
        XCTAssertEqual(json?["families"]?[0], [
            "family": "small", "size": ["width": 158, "height": 158],
            "files": ["light": "out-pictures/w-small-light.png", "dark": "out-pictures/w-small-dark.png"], "diagnostics": [],
            "components": [],
        ])
        XCTAssertEqual(json?["families"]?[1]?["diagnostics"]?[0], [
            "code": "render-text-truncated", "severity": "warning", "message": "\"Now\" does not fit (circular widget)",
            "path": "root.children[0]", "field": "/children/0/content",
        ])
        XCTAssertEqual(try preview("const a = 1\n").json["pictures"], .null)
    }
}

extension String {
    fileprivate func components(separatedBy separator: String) -> [Substring] {
        var parts: [Substring] = []
        var rest = self[...]
        while let range = rest.range(of: separator) {
            parts.append(rest[..<range.lowerBound])
            rest = rest[range.upperBound...]
        }
        return parts + [rest]
    }
}
