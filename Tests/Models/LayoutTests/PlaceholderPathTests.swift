import JSONKit
@testable import Layout
import XCTest

final class PlaceholderPathTests: XCTestCase {
    private func path(_ body: String, file: StaticString = #filePath, line: UInt = #line) -> PlaceholderPath? {
        guard case .path(let p) = PathSyntax.parse(body) else {
            XCTFail("\(body) did not parse as a path: \(PathSyntax.parse(body))", file: file, line: line)
            return nil
        }
        return p
    }

    private func reason(_ body: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        guard case .invalid(let reason) = PathSyntax.parse(body) else {
            XCTFail("\(body) should be invalid", file: file, line: line)
            return ""
        }
        return reason
    }

    func testDotAndBracketSegmentsAtAnyDepth() {
        XCTAssertEqual(path("title")?.segments, [.key("title")])
        XCTAssertEqual(path("user.name")?.segments, [.key("user"), .key("name")])
        XCTAssertEqual(path("list[0]")?.segments, [.key("list"), .index(0)])
        XCTAssertEqual(path("a.b[0].c")?.segments, [.key("a"), .key("b"), .index(0), .key("c")])
        XCTAssertEqual(path("m[1][2].x.y[30]")?.segments,
                       [.key("m"), .index(1), .index(2), .key("x"), .key("y"), .index(30)])
        XCTAssertEqual(path("a.b[0].c")?.isGlobal, false)
    }

    func testGlobalPrefix() {
        let p = path("$.row.title")
        XCTAssertEqual(p?.isGlobal, true)
        XCTAssertEqual(p?.segments, [.key("row"), .key("title")])
        XCTAssertEqual(p?.head, "row")
        XCTAssertEqual(path("$[\"a b\"]")?.segments, [.key("a b")])
        XCTAssertEqual(path("$[\"a b\"]")?.isGlobal, true)
        // A name that merely starts with $ is an ordinary name.
        XCTAssertEqual(path("$params.city")?.segments, [.key("$params"), .key("city")])
        XCTAssertEqual(path("$params.city")?.isGlobal, false)
        XCTAssertTrue(reason("$").contains("'$' must be followed by '.'"))
        XCTAssertTrue(reason("$.").contains("must be followed by an output name"))
        XCTAssertTrue(reason("$.0").contains("must be followed by an output name"))
    }

    func testQuotedKeys() {
        XCTAssertEqual(path("a[\"key with space\"]")?.segments, [.key("a"), .key("key with space")])
        XCTAssertEqual(path("a['single']")?.segments, [.key("a"), .key("single")])
        XCTAssertEqual(path(#"a["say \"hi\" \\ ok"]"#)?.segments, [.key("a"), .key(#"say "hi" \ ok"#)])
        XCTAssertEqual(path(#"a["x}y"]"#)?.segments, [.key("a"), .key("x}y")])
        XCTAssertEqual(path(#"["top level"].x"#)?.segments, [.key("top level"), .key("x")])
        XCTAssertEqual(path(#"a[""]"#)?.segments, [.key("a"), .key("")])
        XCTAssertTrue(reason(#"a["open"#).contains("quoted key is not closed"))
    }

    func testNumericKeysAfterDotAndLargeIndices() {
        XCTAssertEqual(path("list.0")?.segments, [.key("list"), .key("0")])
        XCTAssertEqual(path("list[007]")?.segments, [.key("list"), .index(7)])
        XCTAssertEqual(path("list[99999999999999999999999]")?.segments, [.key("list"), .index(Int.max)])
    }

    func testUnicodeNames() {
        XCTAssertEqual(path("用户.名字")?.segments, [.key("用户"), .key("名字")])
        XCTAssertEqual(path("café.naïve")?.segments, [.key("café"), .key("naïve")])
        XCTAssertEqual(path("_private.ok")?.segments, [.key("_private"), .key("ok")])
        // An emoji is not an identifier character; a quoted key reaches it.
        XCTAssertTrue(reason("a.🙂").contains("expected a name after '.'"))
        XCTAssertEqual(path("a[\"🙂\"]")?.segments, [.key("a"), .key("🙂")])
    }

    func testLoopSources() {
        guard case .loop(let l) = PathSyntax.parse("rows[row]") else { return XCTFail("not a loop") }
        XCTAssertEqual(l.array.segments, [.key("rows")])
        XCTAssertEqual(l.itemName, "row")
        XCTAssertEqual(l.description, "rows[row]")
        guard case .loop(let nested) = PathSyntax.parse("row.cells[cell]") else { return XCTFail("not a loop") }
        XCTAssertEqual(nested.array.segments, [.key("row"), .key("cells")])
        XCTAssertEqual(nested.itemName, "cell")
        guard case .loop(let global) = PathSyntax.parse("$.rows[r]") else { return XCTFail("not a loop") }
        XCTAssertTrue(global.array.isGlobal)
        XCTAssertTrue(reason("rows[row].x").contains("must come last"))
        XCTAssertTrue(reason("[row]").contains("needs an array before it"))
    }

    func testInvalidPaths() {
        XCTAssertTrue(reason("").contains("empty"))
        XCTAssertTrue(reason("0abc").contains("not a digit"))
        XCTAssertTrue(reason("a..b").contains("expected a name after '.'"))
        XCTAssertTrue(reason("a.").contains("ends with '.'"))
        XCTAssertTrue(reason(".a").contains("starts with a name"))
        XCTAssertTrue(reason("a b").contains("a space is not allowed"))
        XCTAssertTrue(reason("a-b").contains("'-' is not allowed"))
        XCTAssertTrue(reason("a[0").contains("'[' is not closed"))
        XCTAssertTrue(reason("a[").contains("'[' is not closed"))
        XCTAssertTrue(reason("a[0x]").contains("expected ']'"))
        XCTAssertTrue(reason("a[-1]").contains("negative"))
        XCTAssertTrue(reason("a[?]").contains("after '['"))
        XCTAssertTrue(reason("[0]").contains("starts with a name"))
    }

    func testPublicInitializer() {
        XCTAssertEqual(PlaceholderPath("a.b[0]")?.segments, [.key("a"), .key("b"), .index(0)])
        XCTAssertEqual(PlaceholderPath("$.a")?.isGlobal, true)
        XCTAssertNil(PlaceholderPath("rows[row]"), "a loop source is not a value path")
        XCTAssertNil(PlaceholderPath("a b"))
        XCTAssertNil(PlaceholderPath(""))
    }

    func testCanonicalSpelling() {
        XCTAssertEqual(path("a.b[0].c")?.description, "a.b[0].c")
        XCTAssertEqual(path("$.x")?.description, "$.x")
        XCTAssertEqual(path("a['b c'].d")?.description, #"a["b c"].d"#)
        XCTAssertEqual(path(#"["x y"]"#)?.description, #"["x y"]"#)
        XCTAssertEqual(path(#"$["x y"]"#)?.description, #"$["x y"]"#)
        XCTAssertEqual(path("list.0")?.description, "list.0")
        XCTAssertEqual(path(#"a["q\"uote"]"#)?.description, #"a["q\"uote"]"#)
    }

    func testVeryDeepPathParsesAndResolves() {
        let depth = 2_000
        let body = "n" + String(repeating: ".n", count: depth - 1)
        guard let p = path(body) else { return }
        XCTAssertEqual(p.segments.count, depth)
        var value: JSONValue = "bottom"
        for _ in 0..<(depth - 1) { value = .object(["n": value]) }
        XCTAssertEqual(LayoutScope(outputs: ["n": value]).resolve(p), "bottom")
        let indexed = "a" + String(repeating: "[0]", count: 2_000)
        XCTAssertEqual(path(indexed)?.segments.count, 2_001)
    }
}
