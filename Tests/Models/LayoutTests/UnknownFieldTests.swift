import JSONKit
@testable import Layout
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A member that is not a field of its component's type is a finding (D19), never silence;
/// the fields are ComponentSchema's one declaration, and docs/layout.md lists the same.
final class UnknownFieldTests: XCTestCase {
    private func findings(_ json: String) throws -> [LayoutFinding] {
        try LayoutDocument.parse(text: json).findings
    }

    func testMisspeltFieldsAreFoundWithTheClosestField() throws {
        let found = try findings(#"""
            {"type": "vstack", "children": [
              {"type": "text", "contents": "${title}"},
              {"type": "Text", "content": "${title}", "fontWieght": "bold", "colour": "#FF0000"}
            ]}
            """#)
        XCTAssertEqual(found.map(\.code), [.unknownField, .unknownField, .unknownField])
        XCTAssertEqual(found.map(\.location), [.pointer("/children/0/contents"), .pointer("/children/1/colour"),
                                               .pointer("/children/1/fontWieght")], "members in key order")
        XCTAssertEqual(found.map(\.suggestion), ["content", "color", "fontWeight"])
        XCTAssertEqual(found[0].message, "\"contents\" is not a field of a text component; did you mean \"content\"? It is ignored.")
        XCTAssertEqual(found[0].severity, .warning)
    }

    func testWithoutACloseFieldTheTypesFieldsAreListed() throws {
        let found = try findings(#"{"type": "spacer", "blink": true}"#)
        XCTAssertEqual(found.map(\.code), [.unknownField])
        XCTAssertNil(found[0].suggestion)
        XCTAssertEqual(found[0].message, "\"blink\" is not a field of a spacer component; a spacer has minLength besides the fields every component has (padding, width, height, background, …). It is ignored.")
    }

    func testAFieldOfAnotherTypeIsUnknownHere() throws {
        // `columns` belongs to a grid, `minLength` to a spacer; a vstack has neither.
        let found = try findings(#"{"type": "vstack", "columns": 2, "children": [{"type": "image", "fontSize": 12}]}"#)
        XCTAssertEqual(found.map(\.location), [.pointer("/columns"), .pointer("/children/0/fontSize")])
    }

    func testKnownFieldsAliasesAndStructureGiveNoUnknownField() throws {
        let found = try findings(#"""
            {"type": "grid", "columns": 3, "pacings": "1,2,3,4", "alpha": 0.5, "backgroundColor": "#000", "openUrl": "https://a.example",
             "dataSource": "${rows[row]}", "children": [
              {"type": "text", "text": "${row}", "weight": "bold", "foregroundColor": "#fff", "lineCount": 1, "scaleFactor": 0.5, "truncation": "head"},
              {"type": "image", "content": "LD:a.png", "contentMode": "fill", "clip": "circle", "clipCornerRadius": 4},
              {"type": "gauge", "value": 0.5, "tint": "#f00", "style": "acircular", "scale": 2, "children": []},
              {"type": "canvas", "commands": [{"op": "rect", "colour": "#f00"}], "coordWidth": 10, "coordHeight": 10, "scaleMode": "fit"}
            ]}
            """#)
        XCTAssertEqual(found, [], "nested members (a canvas command's) are their own parser's to check")
    }

    func testChildrenAndDataSourceOffPlaceAreStructuralOnly() throws {
        let found = try findings(#"{"type": "text", "content": "a", "dataSource": "${rows[row]}", "children": [{"type": "text"}]}"#)
        XCTAssertEqual(found.map(\.code), [.component, .component])
    }

    func testAnUnknownTypeHasNoFieldFindings() throws {
        let found = try findings(#"{"type": "hologram", "contents": "?"}"#)
        XCTAssertEqual(found.map(\.code), [.component])
    }

    func testTheCheckReportsThemBesidePlaceholderFindings() throws {
        let document = try LayoutDocument.parse(text: #"{"type": "text", "contents": "${title}"}"#)
        let report = LayoutCheck.run(document, outputs: ["title": "Inbox"])
        XCTAssertEqual(report.findings.map(\.code), [.unknownField])
        XCTAssertEqual(report.json["summary"]?["warnings"], 1)
    }

    /// docs/layout.md's "Fields of each component" lists exactly the declaration's fields.
    func testTheLayoutPageListsTheDeclaredFields() throws {
        var path = #filePath
        for _ in 0..<4 { path = String(path[..<path.lastIndex(of: "/")!]) }
        let file = try XCTUnwrap(fopen(path + "/docs/layout.md", "r"))
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while case let n = fread(&buffer, 1, buffer.count, file), n > 0 { bytes += buffer[0..<n] }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let section = lines.drop { $0 != "### Fields of each component" }.dropFirst().prefix { !$0.hasPrefix("#") }
        func names(_ text: Substring) -> [String] {
            text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        let prose = section.prefix { !$0.hasPrefix("|") }.joined(separator: " ")
        let common = try XCTUnwrap(prose.range(of: "the common fields:")).upperBound
        let commonEnd = try XCTUnwrap(prose.range(of: "Parents")).lowerBound
        XCTAssertEqual(Set(names(prose[common..<commonEnd])), ComponentSchema.commonFields)
        var listed: [String: Set<String>] = [:]
        for row in section where row.hasPrefix("| `") {
            let cells = row.split(separator: "|")
            for type in names(cells[0]) { listed[type] = Set(names(cells[1])) }
        }
        XCTAssertEqual(listed, ComponentSchema.ownFields)
        XCTAssertEqual(Set(listed.keys), ComponentSchema.types)
    }
}
