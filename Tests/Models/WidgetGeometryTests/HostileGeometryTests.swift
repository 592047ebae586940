import JSONKit
import WidgetGeometry
import XCTest

/// Bad input gives findings and a layout, never a crash.
final class HostileGeometryTests: XCTestCase {
    func testUnknownTypesAndNonObjectsAreLeftOut() {
        let r = layout(#"""
        {"type": "vstack", "spacing": 8, "children": [{"type": "blob", "children": [{"type": "text"}]}, 5,
          {"notype": 1}, {"type": "text", "content": "ok", "fontSize": 10}, {"type": "text", "content": "ok", "fontSize": 10}]}
        """#)
        XCTAssertEqual(codes(r), ["render-unknown-component", "render-unknown-component", "render-unknown-component"])
        XCTAssertEqual(r.diagnostics.map(\.path), ["root.children[0]", "root.children[1]", "root.children[2]"])
        XCTAssertEqual(r.diagnostics.first?.field, "/children/0/type")
        // The three are left out: two 10 × 12 texts 8 apart, 32 tall, keeping their paths.
        XCTAssertEqual(r.root?.frame.size, Size(width: 10, height: 32))
        XCTAssertNil(r.frame("root.children[0]"))
        assertFrame(r, "root.children[4]", 16 + 58, 16 + 47 + 20, 10, 12)
        let scalar = layout(#""just a string""#)
        XCTAssertEqual(codes(scalar), ["render-unknown-component"])
    }

    /// D19: a misspelt field is not read and says so, naming the component, the field in the
    /// layout file and the closest field; the rest is laid out.
    func testMisspeltFieldsAreFoundAndIgnored() {
        let r = layoutDocument(#"""
            {"type": "vstack", "children": [
              {"type": "text", "contents": "${title}", "fontSize": 10},
              {"type": "text", "content": "${title}", "fontSize": 10, "fontWieght": "bold", "colour": "#FF0000"}
            ]}
            """#, outputs: #"{"title": "Inbox"}"#)
        XCTAssertEqual(codes(r), ["render-unknown-field", "render-unknown-field", "render-unknown-field"])
        XCTAssertEqual(r.diagnostics.map(\.path), ["root.children[0]", "root.children[1]", "root.children[1]"])
        XCTAssertEqual(r.diagnostics.map(\.field), ["/children/0/contents", "/children/1/colour", "/children/1/fontWieght"])
        XCTAssertEqual(r.diagnostics.first?.message,
                       "\"contents\" is not a field of a text component; did you mean \"content\"? It is ignored. (small widget)")
        XCTAssertEqual(r.diagnostics.first?.severity, .warning)
        // The first text has no content, so it takes no space; the second is regular and black.
        XCTAssertEqual(r.frame("root.children[0]")?.size, Size(width: 0, height: 0))
        XCTAssertEqual(r.frame("root.children[1]")?.size, Size(width: 25, height: 12))
        XCTAssertEqual(r.root?.children[1].member("content"), "Inbox")
    }

    func testTenThousandChildrenAreCutAtTheComponentLimit() {
        let child = #"{"type": "text", "content": "row", "fontSize": 10}"#
        let json = #"{"type": "vstack", "children": ["# + Array(repeating: child, count: 10_000).joined(separator: ",") + "]}"
        let r = layout(json, .large)
        XCTAssertEqual(r.components.count, 2_000)
        let limit = r.diagnostics.first { $0.code == .limit }
        XCTAssertEqual(limit?.message.hasPrefix("the layout has more than 2000 components; the 8001 after"), true, limit?.message ?? "none")
        XCTAssertTrue(codes(r).contains("render-overflow"))
        // A grid of 10,000 as well.
        let grid = layout(#"{"type": "grid", "columns": 7, "children": ["# + Array(repeating: child, count: 10_000).joined(separator: ",") + "]}")
        XCTAssertEqual(grid.components.count, 2_000)
    }

    func testHugeNaNAndNegativeValues() {
        let r = layout(#"""
        {"type": "vstack", "spacing": "NaN", "width": -5, "height": "Infinity", "children": [
          {"type": "text", "content": "big", "fontSize": 1e9},
          {"type": "text", "content": "x", "fontSize": "huge", "lineLimit": -1, "minimumScaleFactor": 7},
          {"type": "shape", "width": 1e300, "height": 1e-300, "cornerRadius": -3, "opacity": 2},
          {"type": "text", "content": "p", "padding": "1,2,3"}]}
        """#)
        let fields = r.diagnostics.filter { $0.code == .invalidValue }.compactMap(\.field)
        XCTAssertEqual(Set(fields), ["/spacing", "/width", "/height", "/children/0/fontSize", "/children/1/fontSize",
                                     "/children/1/lineLimit", "/children/1/minimumScaleFactor", "/children/2/width",
                                     "/children/2/cornerRadius", "/children/2/opacity", "/children/3/padding"])
        // The font size is clamped to 500 (a 3-character text, 750 pt, cut to the widget).
        XCTAssertEqual(r.root?.find("root.children[0]")?.text?.truncated, true)
        // Every frame is a finite number.
        for c in r.components {
            for v in [c.frame.x, c.frame.y, c.frame.width, c.frame.height] { XCTAssertTrue(v.isFinite, "\(c.path) \(c.frame)") }
        }
        // NaN put in by a caller rather than parsed.
        let direct = WidgetGeometry.layout(["type": "shape", "width": .number(.nan), "height": .number(-.infinity)], family: .small)
        XCTAssertEqual(codes(direct), ["render-invalid-value", "render-invalid-value"])
        assertFrame(direct, "root", 16, 16, 126, 126)
    }

    func testAMegabyteOfTextIsCutToTheTextLimit() {
        let text = String(repeating: "word ", count: 200_000)
        let r = WidgetGeometry.layout(["type": "hstack", "children": [["type": "text", "content": .string(text)], ["type": "spacer"]]],
                                      family: .small)
        XCTAssertEqual(Set(codes(r)), ["render-limit", "render-text-truncated"])
        XCTAssertEqual(r.diagnostics.first { $0.code == .limit }?.field, "/children/0/content")
        // 5,000 characters do not fit even at the minimum scale 0.9 (7.65 pt a character, lines
        // 18.36 tall: 6 fit in 126, 7 would need 128.52), so the sixth line ends with "…".
        let lines = r.root?.find("root.children[0]")?.text?.lines ?? []
        XCTAssertEqual(lines.count, 6)
        XCTAssertTrue(lines.last?.text.hasSuffix("…") ?? false)
    }

    func testDeepNestingIsCutAtTheDepthLimit() {
        var json = #"{"type": "text", "content": "deep"}"#
        for _ in 0..<200 { json = #"{"type": "vstack", "children": ["# + json + "]}" }
        let r = layout(json, .large)
        XCTAssertEqual(codes(r), ["render-limit"])
        XCTAssertEqual(r.components.count, 65) // depths 0…64
        // Alternating stacks nested to the limit lay out in time linear in the depth (each
        // component's sizes are kept), not exponential.
        var mixed = #"{"type": "shape"}"#
        for i in 0..<64 {
            mixed = #"{"type": "\#(i % 2 == 0 ? "hstack" : "vstack")", "spacing": 0, "children": [\#(mixed), {"type": "spacer", "minLength": 0}]}"#
        }
        let m = layout(mixed, .large)
        XCTAssertEqual(m.diagnostics, [])
        XCTAssertEqual(m.components.count, 129)
    }

    func testEmptyAndTextLayouts() {
        let empty = layout(#"{"type": "vstack", "children": []}"#)
        assertFrame(empty, "root", 79, 79, 0, 0)
        XCTAssertEqual(empty.diagnostics, [])
        let none = layout("[]")
        XCTAssertEqual(none.root?.children.count, 0)
        let lines = layoutDocument("${title}\n${subtitle}", outputs: #"{"title": "a"}"#)
        XCTAssertNil(lines.root)
        XCTAssertEqual(lines.diagnostics, [])
    }
}

/// A loop cut by the component limit: the items past the limit have no components left.
final class LoopAtTheLimitTests: XCTestCase {
    func testALoopCutByTheComponentLimitIsReportedNotACrash() {
        // 50 rows of 50 cells: 2,551 components, more than the 2,000 laid out.
        let r = layoutDocument(#"""
        {"type": "vstack", "spacing": 0, "children": [
          {"type": "hstack", "spacing": 0, "dataSource": "${rows[r]}", "children": [
            {"type": "vstack", "spacing": 0, "dataSource": "${r.cells[c]}", "children": [{"type": "shape", "width": 1, "height": 1}]}]}]}
        """#, outputs: "{\"rows\": [" + Array(repeating: "{\"cells\": [" + (0..<50).map(String.init).joined(separator: ",") + "]}", count: 50).joined(separator: ",") + "]}")
        XCTAssertEqual(r.components.count, 2_000)
        XCTAssertTrue(codes(r).contains("render-limit"), "\(codes(r))")
        // Rows of 51 components after the root and the hstack: 39 whole rows, then the 40th with 8
        // of its cells (its own loop says so); rows 40 to 49 have no components left.
        let loops = r.diagnostics.filter { $0.code == .loopOverflow }.map(\.message)
        XCTAssertEqual(loops.count, 2, "\(loops)")
        XCTAssertTrue(loops.contains { $0.hasPrefix("8 of 50 items of ${r.cells[c]} fit; item 8") }, "\(loops)")
        XCTAssertTrue(loops.contains { $0.hasPrefix("40 of 50 items of ${rows[r]} fit; item 40") }, "\(loops)")
    }
}
