import JSONKit
import Layout
import XCTest

final class LayoutDocumentTests: XCTestCase {
    private func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> LayoutDocument? {
        do {
            return try LayoutDocument.parse(text: text)
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
            return nil
        }
    }

    private func parseError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> LayoutParseError? {
        do {
            let doc = try LayoutDocument.parse(text: text)
            XCTFail("expected an error, got \(doc.format)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Text layouts

    func testTextLayoutLinesCommentsAndBlankLines() {
        let text = "# header comment\n${title}\n\n   \nHi ${name}\n  # indented comment\n#\n#FF0000\n#1 ${rank}\r\nlast ${x}"
        guard let doc = parse(text) else { return }
        XCTAssertEqual(doc.format, .text)
        XCTAssertEqual(doc.fields.map(\.location), [.line(2), .line(5), .line(8), .line(9), .line(10)])
        XCTAssertEqual(doc.fields.map(\.template.source), ["${title}", "Hi ${name}", "#FF0000", "#1 ${rank}", "last ${x}"])
        XCTAssertTrue(doc.findings.isEmpty)
    }

    func testTextLayoutLineEndingsAndVerbatimLines() {
        guard let doc = parse("a\r\nb\rc\n  d  \n") else { return }
        XCTAssertEqual(doc.fields.map(\.location), [.line(1), .line(2), .line(3), .line(4)])
        XCTAssertEqual(doc.fields.map(\.template.source), ["a", "b", "c", "  d  "])
        guard let empty = parse("") else { return }
        XCTAssertEqual(empty.fields, [])
        XCTAssertEqual(empty.format, .text)
    }

    func testDetectionByContent() {
        XCTAssertTrue(LayoutDocument.looksLikeJSON(#"{"type": "text"}"#))
        XCTAssertTrue(LayoutDocument.looksLikeJSON("  \n {\n  \"type\""))
        XCTAssertTrue(LayoutDocument.looksLikeJSON("{}"))
        XCTAssertTrue(LayoutDocument.looksLikeJSON("[ {"))
        XCTAssertTrue(LayoutDocument.looksLikeJSON("[]"))
        XCTAssertTrue(LayoutDocument.looksLikeJSON("[1, 2"))
        XCTAssertTrue(LayoutDocument.looksLikeJSON("[true"))
        XCTAssertTrue(LayoutDocument.looksLikeJSON("[null]"))
        XCTAssertFalse(LayoutDocument.looksLikeJSON("{title}"))
        XCTAssertFalse(LayoutDocument.looksLikeJSON("{title} is {count}"))
        XCTAssertFalse(LayoutDocument.looksLikeJSON("[${level}] ${message}"))
        XCTAssertFalse(LayoutDocument.looksLikeJSON("[note] ${x}"))
        XCTAssertFalse(LayoutDocument.looksLikeJSON("${title}"))
        XCTAssertFalse(LayoutDocument.looksLikeJSON("{"))
        XCTAssertFalse(LayoutDocument.looksLikeJSON(""))
        // A legacy placeholder on the first line keeps the file a text layout.
        XCTAssertEqual(parse("{title}\n你有 {count} 条新消息")?.format, .text)
        XCTAssertEqual(parse("\u{FEFF}{\"type\": \"text\", \"content\": \"${t}\"}")?.format, .tree)
    }

    func testBadJSONIsAnErrorWithLineAndColumn() {
        guard let e = parseError("{\n  \"type\": \"vstack\",\n  \"children\": [\n    {\"type\": \"text\" \"content\": \"x\"}\n  ]\n}") else { return }
        XCTAssertEqual(e.line, 4)
        XCTAssertEqual(e.column, 21)
        XCTAssertTrue(e.message.contains("expected ',' or '}'"), e.message)
        XCTAssertTrue(e.message.contains("not valid JSON"), e.message)
        XCTAssertTrue(e.description.hasPrefix("line 4, column 21: "))

        guard let trailing = parseError("[\n  {\"type\": \"text\"},\n]") else { return }
        XCTAssertEqual(trailing.line, 3)
        XCTAssertEqual(trailing.column, 1)

        guard let unterminated = parseError("{\"type\": \"text\", \"content\": \"温度 ${t}") else { return }
        XCTAssertEqual(unterminated.line, 1)
        XCTAssertEqual(unterminated.column, 37, "the input ends inside the string")
    }

    // MARK: Trees

    func testTreeFieldsPointersAndDataSource() {
        let json = """
        {"type": "vstack", "background": "${bg}", "dataSource": "${rows[row]}",
         "children": [
           {"type": "text", "content": "${row.title}", "fontSize": "${size}"},
           {"type": "canvas", "content": [{"op": "circle", "x": "${cx}", "fill": "#0A59F7"}]},
           {"type": "text", "content": "a/b", "odd/key~": "${k}"}
         ]}
        """
        guard let doc = parse(json) else { return }
        XCTAssertEqual(doc.format, .tree)
        guard case .component(let root) = doc.body else { return XCTFail("root should be one component") }
        XCTAssertEqual(root.pointer, "")
        XCTAssertEqual(root.type, "vstack")
        XCTAssertEqual(root.dataSource?.location, .pointer("/dataSource"))
        XCTAssertEqual(root.dataSource?.role, .dataSource)
        XCTAssertEqual(root.children.map(\.pointer), ["/children/0", "/children/1", "/children/2"])
        XCTAssertEqual(doc.fields.map(\.location.description), [
            "/background", "/dataSource",
            "/children/0/content", "/children/0/fontSize",
            "/children/1/content/0/fill", "/children/1/content/0/op", "/children/1/content/0/x",
            "/children/2/content", "/children/2/odd~1key~0",
        ])
        let fontSize = doc.fields[3]
        XCTAssertEqual(fontSize.name, "fontSize")
        XCTAssertEqual(fontSize.componentType, "text")
        XCTAssertTrue(fontSize.expectsNumber)
        XCTAssertFalse(doc.fields[2].expectsNumber)
        XCTAssertTrue(doc.fields[6].expectsNumber, "a canvas command's x is numeric")
        // A member name is a pointer's token, escaped; it is no field of a text.
        XCTAssertEqual(doc.findings.map(\.code), [.unknownField], "\(doc.findings)")
        XCTAssertEqual(doc.findings.first?.location, .pointer("/children/2/odd~1key~0"))
    }

    func testArrayRootAndStructureFindings() {
        let json = """
        [{"type": "Text", "content": "${a}"},
         {"type": "banner"},
         {"content": "no type"},
         42,
         {"type": "text", "dataSource": "${rows[r]}", "children": [{"type": "text"}]},
         {"type": "vstack", "children": {"type": "text"}, "dataSource": 7}]
        """
        guard let doc = parse(json) else { return }
        guard case .components(let roots) = doc.body else { return XCTFail("array root") }
        XCTAssertEqual(roots.map(\.pointer), ["/0", "/1", "/2", "/4", "/5"])
        XCTAssertEqual(roots[0].type, "text", "types are compared lower-cased")
        let found = doc.findings.map { "\($0.code.rawValue) \($0.location?.description ?? "-")" }
        XCTAssertEqual(found, [
            "layout-component /1/type",
            "layout-component /2",
            "layout-component /3",
            "layout-component /4/dataSource",
            "layout-component /4/children",
            "layout-component /5/dataSource",
            "layout-component /5/children",
        ])
        XCTAssertTrue(doc.findings[0].message.contains("unknown component type \"banner\""))
        XCTAssertTrue(doc.findings[3].message.contains("only containers"))
        XCTAssertEqual(doc.findings[0].severity, .warning)
    }

    /// An author who writes a loop as a component of its own is told how a loop is written.
    func testALoopComponentSaysHowALoopIsWritten() throws {
        let doc = try XCTUnwrap(parse(#"{"type": "vstack", "children": [{"type": "Loop", "source": "rows"}, {"type": "banner"}]}"#))
        let messages = doc.findings.filter { $0.code.rawValue == "layout-component" }.map(\.message)
        XCTAssertEqual(messages.count, 2, "\(messages)")
        XCTAssertTrue(messages[0].hasSuffix("(a loop is a container's \"dataSource\": \"${rows[row]}\" on a vstack, hstack, zstack or grid repeats its children for each element of rows, calling it row; see docs/layout.md)"), messages[0])
        XCTAssertFalse(messages[1].contains("dataSource"), messages[1])
    }

    func testScalarJSONIsATextLayoutAndTreeOfScalarIsAFinding() {
        XCTAssertEqual(parse("42")?.format, .text)
        let doc = LayoutDocument(tree: "just a string")
        XCTAssertEqual(doc.format, .tree)
        XCTAssertEqual(doc.fields, [])
        XCTAssertEqual(doc.findings.map(\.code), [.component])
    }

    func testRenderTextLayout() {
        guard let doc = parse("${title}\nHi ${name}, ${temp}°\n${temp}\n${missing}") else { return }
        let rendered = doc.render(outputs: ["title": "T", "name": "Ann", "temp": 21.5])
        XCTAssertEqual(rendered, ["T", "Hi Ann, 21.5°", 21.5, ""])
    }

    func testRenderTreeExpandsLoopsAndKeepsTypes() {
        let json = """
        {"type": "vstack", "spacing": 4, "background": "${color}", "children": [
          {"type": "text", "content": "${title}", "fontSize": "${size}"},
          {"type": "vstack", "dataSource": "${rows[row]}", "children": [
            {"type": "hstack", "dataSource": "${row.cells[cell]}", "children": [
              {"type": "text", "content": "${row.name}:${cell} (${$.row})"}
            ]}
          ]},
          {"type": "vstack", "dataSource": "${empty[e]}", "children": [{"type": "text", "content": "${e}"}]},
          {"type": "vstack", "dataSource": "${title[t]}", "children": [{"type": "text", "content": "${t}"}]}
        ]}
        """
        guard let doc = parse(json) else { return }
        let outputs: JSONObject = [
            "title": "Board", "size": 18, "color": "#FFF", "row": "global", "empty": [],
            "rows": [["name": "A", "cells": [1, 2]], ["name": "B", "cells": [3]]],
        ]
        let expected: JSONValue = [
            "type": "vstack", "spacing": 4, "background": "#FFF", "children": [
                ["type": "text", "content": "Board", "fontSize": 18],
                ["type": "vstack", "children": [
                    ["type": "hstack", "children": [
                        ["type": "text", "content": "A:1 (global)"],
                        ["type": "text", "content": "A:2 (global)"],
                    ]],
                    ["type": "hstack", "children": [
                        ["type": "text", "content": "B:3 (global)"],
                    ]],
                ]],
                ["type": "vstack", "children": []],
                ["type": "vstack", "children": []],
            ],
        ]
        XCTAssertEqual(doc.render(outputs: outputs), expected)
    }

    func testRenderHonoursMaxLoopItems() {
        let doc = LayoutDocument(tree: ["type": "vstack", "dataSource": "${n[i]}", "children": [["type": "text", "content": "${i}"]]])
        let outputs: JSONObject = ["n": .array((0..<10).map { .number(Double($0)) })]
        let rendered = doc.render(outputs: outputs, options: LayoutOptions(maxLoopItems: 3))
        XCTAssertEqual(rendered["children"], [["type": "text", "content": 0], ["type": "text", "content": 1], ["type": "text", "content": 2]])
        XCTAssertEqual(doc.render(outputs: outputs)["children"]?.arrayValue?.count, 10)
    }

    func testRenderHasNoLoopItemLimitButStopsAtTheEntryBudget() {
        // No cap on an iOS loop's items: 300 render. A loop inside a loop over the same array
        // grows as its square; past the entry budget further items are not expanded.
        let doc = LayoutDocument(tree: ["type": "vstack", "dataSource": "${n[i]}", "children": [["type": "text", "content": "${i}"]]])
        let outputs: JSONObject = ["n": .array((0..<300).map { .number(Double($0)) })]
        XCTAssertEqual(doc.render(outputs: outputs)["children"]?.arrayValue?.count, 300)
        let nested = LayoutDocument(tree: ["type": "vstack", "dataSource": "${n[a]}", "children": [
            ["type": "vstack", "dataSource": "${$.n[b]}", "children": [["type": "text", "content": "${b}"]]],
        ]])
        let rendered = nested.render(outputs: outputs, options: LayoutOptions(maxEntries: 1_000))
        let outer = rendered["children"]?.arrayValue ?? []
        let cells = outer.reduce(0) { $0 + ($1["children"]?.arrayValue?.count ?? 0) }
        XCTAssertEqual(outer.count + cells, 1_000)
        XCTAssertEqual(outer.first?["children"]?.arrayValue?.count, 300)
    }
}
