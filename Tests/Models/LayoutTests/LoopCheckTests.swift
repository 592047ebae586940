import JSONKit
import Layout
import XCTest

/// The check on JSON trees: loops, data sources, numeric fields.
final class LoopCheckTests: XCTestCase {
    let outputs: JSONObject = [
        "row": "global row",
        "title": "Tables",
        "tables": [
            ["title": "水果", "items": [["n": "苹果"], ["n": "香蕉"]]],
            ["title": "蔬菜", "items": [["n": "白菜"]]],
        ],
        "empty": [],
        "events": #"[{"title":"Standup"}]"#,
        "size": 18, "sizeText": "20", "word": "big", "level": 0.75, "percent": 75,
    ]

    private func check(_ json: String, outputs: JSONObject? = nil, options: LayoutOptions = LayoutOptions()) throws -> LayoutReport {
        LayoutCheck.run(try LayoutDocument.parse(text: json), outputs: outputs ?? self.outputs, options: options)
    }

    private func entries(_ report: LayoutReport, at pointer: String) -> [LayoutEntry] {
        report.entries.filter { $0.location == .pointer(pointer) }
    }

    func testNestedLoopsRenderOncePerItem() throws {
        let report = try check("""
        {"type": "vstack", "dataSource": "${tables[t]}", "children": [
          {"type": "text", "content": "${t.title}"},
          {"type": "vstack", "dataSource": "${t.items[it]}", "children": [
            {"type": "text", "content": "${it.n} / ${$.title} / ${row}"}
          ]}
        ]}
        """)
        let source = entries(report, at: "/dataSource")
        XCTAssertEqual(source.count, 1)
        XCTAssertEqual(source[0].role, .dataSource)
        XCTAssertEqual(source[0].itemCount, 2)
        XCTAssertEqual(source[0].path, "tables[t]")

        let titles = entries(report, at: "/children/0/content")
        XCTAssertEqual(titles.map(\.field), ["水果", "蔬菜"])
        XCTAssertEqual(titles.map(\.loop), [[.init(item: "t", index: 0)], [.init(item: "t", index: 1)]])

        let inner = entries(report, at: "/children/1/dataSource")
        XCTAssertEqual(inner.map(\.itemCount), [2, 1])

        let cells = entries(report, at: "/children/1/children/0/content").filter { $0.path == "it.n" }
        XCTAssertEqual(cells.map(\.text), ["苹果", "香蕉", "白菜"])
        XCTAssertEqual(cells.map(\.field), ["苹果 / Tables / global row", "香蕉 / Tables / global row", "白菜 / Tables / global row"])
        XCTAssertEqual(cells.map { $0.loop.map(\.index) }, [[0, 0], [0, 1], [1, 0]])
        XCTAssertEqual(cells[2].loop, [.init(item: "t", index: 1), .init(item: "it", index: 0)])
        XCTAssertEqual(report.findings, [])
    }

    func testLoopItemShadowsOutputAndDollarReadsTheOutput() throws {
        let report = try check("""
        {"type": "vstack", "dataSource": "${tables[row]}", "children": [
          {"type": "text", "content": "${row.title}|${$.row}"}
        ]}
        """)
        XCTAssertEqual(entries(report, at: "/children/0/content").map(\.field),
                       ["水果|global row", "水果|global row", "蔬菜|global row", "蔬菜|global row"])
        XCTAssertEqual(entries(report, at: "/children/0/content").map(\.text), ["水果", "global row", "蔬菜", "global row"])
        XCTAssertEqual(report.findings, [])
    }

    func testDollarPathToALoopItemSuggestsDroppingTheDollar() throws {
        let report = try check("""
        {"type": "vstack", "dataSource": "${tables[t]}", "children": [{"type": "text", "content": "${$.t.title}"}]}
        """)
        XCTAssertEqual(report.findings.count, 1)
        let f = report.findings[0]
        XCTAssertEqual(f.code, .missing)
        XCTAssertEqual(f.suggestion, "t.title")
        XCTAssertEqual(f.occurrences, 2, "one finding for both items")
        XCTAssertEqual(f.loop, [.init(item: "t", index: 0)])
        XCTAssertEqual(f.message, "There is no output named t: '$' looks only among the outputs, and t is a loop item here. Write ${t.title}.")
    }

    func testMissingMemberInsideLoopIsReportedOnceWithOccurrences() throws {
        let report = try check("""
        {"type": "vstack", "dataSource": "${tables[t]}", "children": [{"type": "text", "content": "${t.titel}"}]}
        """)
        XCTAssertEqual(report.findings.map(\.code), [.missing])
        XCTAssertEqual(report.findings[0].occurrences, 2)
        XCTAssertEqual(report.findings[0].suggestion, "t.title")
        XCTAssertEqual(entries(report, at: "/children/0/content").map(\.status), [.missing, .missing])
    }

    func testMisspeltItemNameSuggestsTheLoopItem() throws {
        let report = try check("""
        {"type": "vstack", "dataSource": "${tables[table]}", "children": [{"type": "text", "content": "${tabel.title}"}]}
        """)
        XCTAssertEqual(report.findings.first?.suggestion, "table.title")
        XCTAssertTrue(report.findings.first?.message.hasPrefix("No output or loop item is named tabel") ?? false)
    }

    func testFindingsFollowDocumentOrderNotDiscoveryOrder() throws {
        // The first child's placeholder fails only for item 1, the second child's for item 0.
        let report = try check("""
        {"type": "vstack", "dataSource": "${rows[r]}", "children": [
          {"type": "text", "content": "${r.b}"},
          {"type": "text", "content": "${r.a}"}
        ]}
        """, outputs: ["rows": [["b": 1], ["a": 2]]])
        XCTAssertEqual(report.findings.map(\.location), [.pointer("/children/0/content"), .pointer("/children/1/content")])
        XCTAssertEqual(report.findings.map { $0.loop.map(\.index) }, [[1], [0]])
    }

    func testEmptyArrayListsChildrenAsNotRendered() throws {
        let report = try check("""
        {"type": "vstack", "dataSource": "${empty[e]}", "children": [{"type": "text", "content": "${e.name}"}]}
        """)
        XCTAssertEqual(entries(report, at: "/dataSource").first?.itemCount, 0)
        XCTAssertEqual(entries(report, at: "/children/0/content").map(\.status), [.notRendered])
        XCTAssertEqual(report.findings, [])
    }

    func testLoopSourceThatIsNotAnArray() throws {
        let report = try check("""
        [{"type": "vstack", "dataSource": "${events[ev]}", "children": [{"type": "text", "content": "${ev.title}"}]},
         {"type": "vstack", "dataSource": "${title[x]}"}]
        """)
        XCTAssertEqual(report.findings.map(\.code), [.loopSource, .loopSource])
        XCTAssertEqual(report.findings[0].severity, .warning)
        XCTAssertEqual(report.findings[0].location, .pointer("/0/dataSource"))
        XCTAssertTrue(report.findings[0].message.contains("It is JSON text: parse it in the script, e.g. this.events = JSON.parse(…)."),
                      report.findings[0].message)
        XCTAssertEqual(report.findings[1].message, "title is the string \"Tables\", not an array, so the container shows no children. Make it an array in the script ([] when there is nothing to show).")
        XCTAssertEqual(entries(report, at: "/0/dataSource").first?.status, .typeMismatch)
        XCTAssertEqual(entries(report, at: "/0/children/0/content").first?.status, .notRendered)
    }

    func testMissingLoopSourceSuggestsName() throws {
        let report = try check("""
        {"type": "vstack", "dataSource": "${tabels[t]}", "children": [{"type": "text", "content": "${t.title}"}]}
        """)
        XCTAssertEqual(report.findings.map(\.code), [.missing])
        XCTAssertEqual(report.findings[0].suggestion, "tables")
        XCTAssertEqual(entries(report, at: "/children/0/content").first?.status, .notRendered)
    }

    func testDataSourceSyntax() throws {
        let report = try check("""
        [{"type": "vstack", "dataSource": "tables[t]"},
         {"type": "vstack", "dataSource": "${tables}"},
         {"type": "vstack", "dataSource": "rows: ${tables[t]}"},
         {"type": "vstack", "dataSource": "${tables[t].x}"},
         {"type": "vstack", "dataSource": "{tables[t]}", "children": [{"type": "text", "content": "${t.title}"}]}]
        """)
        let codes = report.findings.map { "\($0.code.rawValue) \($0.location!)" }
        XCTAssertEqual(codes, [
            "layout-syntax /0/dataSource",
            "layout-syntax /1/dataSource",
            "layout-syntax /2/dataSource",
            "layout-syntax /3/dataSource",
            "layout-legacy /4/dataSource",
        ])
        XCTAssertEqual(report.findings[0].suggestion, "tables[t]")
        XCTAssertTrue(report.findings[0].message.contains("write it as a placeholder: ${tables[t]}"))
        XCTAssertEqual(report.findings[1].suggestion, "tables[item]")
        XCTAssertTrue(report.findings[2].message.contains("exactly one placeholder"))
        XCTAssertTrue(report.findings[3].message.contains("must come last"))
        // The legacy form loops like the current one.
        XCTAssertEqual(entries(report, at: "/4/children/0/content").map(\.field), ["水果", "蔬菜"])
    }

    func testAWholeFieldObjectOrArrayInATextIsATypeFinding() throws {
        // The Loop page's `${$.row}` sample: inside the loop, `${row}` is the item, an object,
        // and a text shows it as [object Object]. Where an object or a list is the value (a
        // canvas's commands), a whole-field placeholder keeps it and is no finding.
        let outputs: JSONObject = ["row": "outer", "list": [["row": "inner"]]]
        let report = try check("""
        {"type": "vstack", "dataSource": "${list[row]}", "children": [
          {"type": "text", "content": "${row}"},
          {"type": "text", "content": "${$.row}"},
          {"type": "text", "text": "${$.list}"},
          {"type": "canvas", "content": "${$.list}"},
          {"type": "text", "content": "${row.row}"}
        ]}
        """, outputs: outputs)
        XCTAssertEqual(report.findings.map { "\($0.code.rawValue) \($0.location!)" },
                       ["layout-type /children/0/content", "layout-type /children/2/text"])
        XCTAssertEqual(report.findings[0].message, "${row} is an object, which text shows as [object Object]. Pick a member, e.g. ${row.row}.")
        XCTAssertEqual(report.findings[0].suggestion, "row.row")
        XCTAssertEqual(report.findings[0].loop, [LayoutEntry.LoopStep(item: "row", index: 0)])
        XCTAssertEqual(report.findings[1].suggestion, "$.list[0]")
        XCTAssertEqual(entries(report, at: "/children/0/content").map(\.field), [["row": "inner"]], "the field keeps its type")
    }

    func testLoopItemInAValueFieldOfATree() throws {
        let report = try check(#"{"type": "text", "content": "${tables[t]}"}"#)
        XCTAssertEqual(report.findings.map(\.code), [.syntax])
        XCTAssertTrue(report.findings[0].message.contains("Move it to the container's dataSource"))
        XCTAssertTrue(report.findings[0].message.contains("${tables[0]}"))
    }

    func testNumericFields() throws {
        let report = try check("""
        [{"type": "text", "content": "x", "fontSize": "${size}"},
         {"type": "text", "content": "x", "fontSize": "${sizeText}"},
         {"type": "text", "content": "x", "fontSize": "${word}"},
         {"type": "text", "content": "x", "fontSize": "${size}px"},
         {"type": "text", "content": "x", "fontSize": "${nope}"},
         {"type": "gauge", "content": "${level}"},
         {"type": "gauge", "content": "${percent}"},
         {"type": "gauge", "value": "${word}"},
         {"type": "canvas", "content": [{"op": "circle", "x": "${size}", "radius": "${title}"}]},
         {"type": "image", "opacity": "${percent}"}]
        """)
        let found = report.findings.map { "\($0.code.rawValue) \($0.location!)" }
        XCTAssertEqual(found, [
            "layout-type /2/fontSize",
            "layout-type /3/fontSize",
            "layout-missing /4/fontSize",
            "layout-range /6/content",
            "layout-type /7/value",
            "layout-type /8/content/0/radius",
            "layout-range /9/opacity",
        ])
        XCTAssertEqual(report.findings[0].message, "fontSize needs a number, but ${word} is the string \"big\". Make it a number (or a string holding one) in the script.")
        XCTAssertEqual(report.findings[1].message, "fontSize needs a number, but it renders as \"18px\". Remove the text around the placeholder, or compute the whole value in the script.")
        XCTAssertEqual(report.findings[3].message, "A gauge value must be between 0 and 1, but it is 75. For a percentage, divide by 100 in the script.")
        XCTAssertEqual(report.findings[6].message, "opacity must be between 0 and 1, but it is 75.")
        XCTAssertEqual(entries(report, at: "/0/fontSize").first?.field, 18)
        XCTAssertEqual(entries(report, at: "/1/fontSize").first?.field, "20")
    }

    /// A colour field whose placeholder gives a Boolean, a number, null or an array is a
    /// `layout-type` finding: no colour is made of it. Strings and objects ({light, dark},
    /// gradients) are colours' forms, and text around a placeholder makes a string.
    func testColorFieldsTakeNoBooleanNumberNullOrArray() throws {
        let rows: JSONValue = [["dest": "Leipzig", "late": true], ["dest": "Halle", "late": false]]
        let report = try check("""
        [{"type": "vstack", "dataSource": "${rows[row]}", "children": [
           {"type": "text", "content": "${row.dest}", "color": "${row.late}"}]},
         {"type": "text", "content": "x", "foregroundColor": "${size}", "background": "${none}"},
         {"type": "shape", "color": {"light": "${tables}", "dark": "#FFFFFF"}},
         {"type": "gauge", "value": 0.5, "tint": "${ink}"},
         {"type": "text", "content": "x", "color": "${pair}", "backgroundColor": "#${hex}"}]
        """, outputs: ["rows": rows, "size": 18, "none": nil, "tables": [1, 2], "ink": "#FF0000",
                       "pair": ["light": "#000000", "dark": "#FFFFFF"], "hex": "00FF00"])
        let found = report.findings.map { "\($0.code.rawValue) \($0.location!) \($0.placeholder ?? "")" }
        XCTAssertEqual(found, [
            "layout-type /0/children/0/color ${row.late}",
            "layout-type /1/background ${none}",
            "layout-type /1/foregroundColor ${size}",
            "layout-type /2/color/light ${tables}",
        ])
        guard report.findings.count == 4 else { return }
        XCTAssertEqual(report.findings[0].message, "color needs a colour (\"#RRGGBB\", \"transparent\", {light, dark} or a gradient), but ${row.late} is the Boolean true, which is no colour: the field is ignored. Choose the colour in the script, e.g. row.late ? \"#FF3B30\" : \"#34C759\".")
        XCTAssertEqual(report.findings[0].severity, .warning)
        XCTAssertEqual(report.findings[2].message, "foregroundColor needs a colour (\"#RRGGBB\", \"transparent\", {light, dark} or a gradient), but ${size} is the number 18, which is no colour: the field is ignored. Give it a colour in the script.")
    }

    func testAnIOSLoopHasNoItemLimitAndTheEntryBudgetBoundsIt() throws {
        // The iOS app documents no limit on a loop's items: all 60 are checked, with no finding.
        let many: JSONValue = .array((0..<60).map { .number(Double($0)) })
        let tree = #"{"type": "vstack", "dataSource": "${n[i]}", "children": [{"type": "text", "content": "${i}"}]}"#
        let report = try check(tree, outputs: ["n": many])
        XCTAssertEqual(entries(report, at: "/children/0/content").count, 60)
        XCTAssertEqual(report.findings.map(\.code), [])
        // The HarmonyOS edition's cap of 50, when asked for.
        let capped = try check(tree, outputs: ["n": many], options: LayoutOptions(maxLoopItems: 50))
        XCTAssertEqual(entries(capped, at: "/children/0/content").count, 50)
        XCTAssertEqual(capped.findings.map(\.code), [.limit])
        XCTAssertEqual(capped.findings[0].severity, .info)
        XCTAssertTrue(capped.findings[0].message.hasPrefix("The data source has 60 items; the check renders the first 50"))

        let nested = """
        {"type": "vstack", "dataSource": "${n[a]}", "children": [
          {"type": "vstack", "dataSource": "${n[b]}", "children": [{"type": "text", "content": "${a}-${b}"}]}]}
        """
        let small = Array((0..<10).map { JSONValue.number(Double($0)) })
        let limited = try check(nested, outputs: ["n": .array(small)], options: LayoutOptions(maxEntries: 25))
        XCTAssertLessThan(limited.entries.count, 60)
        XCTAssertTrue(limited.findings.contains { $0.code == .limit && $0.message.contains("stopped expanding") })
        let full = try check(nested, outputs: ["n": .array(small)])
        XCTAssertEqual(full.entries.filter { $0.role == .value }.count, 200)
    }
}
