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

    /// A medium widget drawn at every family: one missing image every family reports, a text cut off
    /// in the medium widget alone, and findings of the lock-screen families only.
    func chosenSection() -> PictureSection {
        let families: [(String, String)] = [
            ("small", "small widget"), ("medium", "medium widget"), ("large", "large widget"), ("circular", "circular widget"),
            ("rectangular", "rectangular widget"), ("inline", "inline widget"), ("live-activity", "Live Activity"),
        ]
        return PictureSection(folder: "", device: "iphone-15-pro", scale: 2, families: families.map { family, label in
            var findings = [PictureFinding(code: "render-image-unreadable", severity: "warning",
                                           message: "\"logo.png\" cannot be read; it is drawn empty (\(label))",
                                           path: "root.children[0]", field: "/children/0/src")]
            if family == "medium" {
                findings.append(PictureFinding(code: "render-text-truncated", severity: "warning", message: "\"Departures\" does not fit 300×20 (medium widget)",
                                               path: "root.children[1]", field: "/children/1/content"))
            }
            if ["circular", "rectangular"].contains(family) {
                findings.append(PictureFinding(code: "render-overflow", severity: "warning", message: "the content is taller than the widget (\(label))", path: "root"))
            }
            return FamilyPictures(family: family, label: label, width: 10, height: 10, pictures: [
                SchemePicture(scheme: "light", file: "", base64: Self.png, pixelWidth: 20, pixelHeight: 20),
            ], findings: findings)
        }, chosen: "medium")
    }

    /// The chosen kind's family leads with its findings; the others' follow grouped, each said
    /// once with the families it affects (the issue's medium widget: 8 reports of one typo).
    func testTheChosenFamilyLeadsAndEachFindingIsSaidOnceWithItsFamilies() throws {
        let section = chosenSection()
        let grouped = section.groupedFindings
        XCTAssertEqual(grouped.map(\.finding.code), ["render-image-unreadable", "render-text-truncated", "render-overflow"])
        XCTAssertEqual(grouped[0].families, ["medium", "small", "large", "circular", "rectangular", "inline", "live-activity"])
        XCTAssertEqual(grouped[0].message, "\"logo.png\" cannot be read; it is drawn empty (medium, small, large, circular, rectangular and inline widgets and Live Activity)")
        XCTAssertEqual(grouped[1].families, ["medium"])
        XCTAssertEqual(grouped[2].families, ["circular", "rectangular"])
        XCTAssertEqual(section.findingsLeadAndOthers.lead.count, 2)
        XCTAssertEqual(section.findingsLeadAndOthers.others.map(\.message), ["the content is taller than the widget (circular and rectangular widgets)"])

        let lines = TerminalView(document: try document(section)).lines()
        let start = try XCTUnwrap(lines.firstIndex(of: "Pictures iphone-15-pro, 2x, light and dark, not written"), "\(lines)")
        XCTAssertEqual(Array(lines[(start + 2)...]), [
            "  medium        10×10", "  small         10×10", "  large         10×10", "  circular      10×10",
            "  rectangular   10×10", "  inline        10×10", "  live-activity 10×10",
            "  your medium widget: 2 findings",
            "  warning: root.children[0]: \"logo.png\" cannot be read; it is drawn empty",
            "    (medium, small, large, circular, rectangular and inline widgets and Live",
            "    Activity) [render-image-unreadable]",
            "  warning: root.children[1]: \"Departures\" does not fit 300×20 (medium widget)",
            "    [render-text-truncated]",
            "  other families: 1 finding, each once with the families it affects",
            "  warning: root: the content is taller than the widget (circular and rectangular",
            "    widgets) [render-overflow]",
        ])
        XCTAssertEqual(lines.filter { $0.contains("logo.png") }.count, 1)

        let html = HTMLReport(document: try document(section)).render()
        XCTAssertEqual(html.components(separatedBy: "logo.png").count - 1, 1, "the missing image is said once on the page")
        let medium = try XCTUnwrap(html.range(of: "<div class=\"family chosen\" id=\"family-medium\">"))
        let small = try XCTUnwrap(html.range(of: "<div class=\"family\" id=\"family-small\">"))
        XCTAssertLessThan(medium.lowerBound, small.lowerBound, "the chosen family leads")
        XCTAssertTrue(html.contains("<p class=\"muted\">1 finding, said once with the families it affects: under your medium widget or under <a href=\"#other-findings\">other families</a>.</p>"), html)
        XCTAssertTrue(html.contains("<div class=\"findings other-findings\" id=\"other-findings\">\n<h3>Other families <span class=\"count\">1 finding, each once with the families it affects</span></h3>\n"
                                    + "<ul><li class=\"finding warning\"><strong>warning</strong> <span class=\"where\">root</span> the content is taller than the widget (circular and rectangular widgets) <code>render-overflow</code></li></ul>"), html)

        // The JSON keeps every family's diagnostics and adds each finding once with its families.
        let json = try XCTUnwrap(try document(section).json["pictures"])
        XCTAssertEqual(json["chosen"], "medium")
        XCTAssertEqual(json["families"]?[0]?["family"], "small", "the families keep their documented order")
        XCTAssertEqual(json["families"]?[3]?["diagnostics"]?.arrayValue?.count, 2)
        XCTAssertEqual(json["findings"]?.arrayValue?.count, 3)
        XCTAssertEqual(json["findings"]?[2], [
            "code": "render-overflow", "severity": "warning", "message": "the content is taller than the widget", "path": "root",
            "families": ["circular", "rectangular"],
        ])
        XCTAssertEqual(json["findings"]?[1]?["field"], "/children/1/content")
        XCTAssertEqual(try document(self.section()).json["pictures"]?["chosen"], .null)
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
