import JSONKit
import Layout
import XCTest

/// A10: resolution, missing values, typed whole fields, text conversion.
final class RenderingTests: XCTestCase {
    let outputs: JSONObject = [
        "title": "Hello",
        "count": 42,
        "temp": 21.5,
        "big": 1e21,
        "ok": true,
        "nothing": nil,
        "user": ["name": "Alice", "badges": ["VIP", "新人"], "address": ["city": "Shanghai"]],
        "list": [10, 20, 30],
        "a": ["b": [["c": "deep"]]],
        "spaced": ["key with space": "yes", "0": "zero-key"],
        "row": "outer row",
        "rows": [["title": "苹果", "price": 5], ["title": "香蕉", "price": 3]],
        "用户": ["名字": "小明"],
    ]

    private func render(_ field: String, _ scope: LayoutScope? = nil) -> JSONValue {
        Template(field).render(in: scope ?? LayoutScope(outputs: outputs))
    }

    func testDotAndBracketPathsAtAnyDepth() {
        XCTAssertEqual(render("${user.name}"), "Alice")
        XCTAssertEqual(render("${user.badges[0]}"), "VIP")
        XCTAssertEqual(render("${user.badges[1]}"), "新人")
        XCTAssertEqual(render("${list[2]}"), 30)
        XCTAssertEqual(render("${a.b[0].c}"), "deep")
        XCTAssertEqual(render("${user.address.city}"), "Shanghai")
        XCTAssertEqual(render(#"${spaced["key with space"]}"#), "yes")
        XCTAssertEqual(render("${用户.名字}"), "小明")
    }

    func testArrayIndexSpellings() {
        // `list.1` and `list["1"]` select element 1 as JavaScript does; `[0]` on an object is key "0".
        XCTAssertEqual(render("${list.1}"), 20)
        XCTAssertEqual(render(#"${list["1"]}"#), 20)
        XCTAssertEqual(render("${spaced[0]}"), "zero-key")
        XCTAssertEqual(render("${spaced.0}"), "zero-key")
        XCTAssertEqual(render(#"${list["01"]}"#), "")
    }

    func testLegacyBracePlaceholders() {
        XCTAssertEqual(render("{title}"), "Hello")
        XCTAssertEqual(render("你有 {count} 条新消息"), "你有 42 条新消息")
        XCTAssertEqual(render("{user.badges[0]}"), "VIP")
        XCTAssertEqual(render("{count}"), 42)
        XCTAssertEqual(render(#"{"a": 1} {title}"#), #"{"a": 1} Hello"#)
        XCTAssertEqual(render("{ } {title}"), "{ } Hello")
    }

    func testMissingValuesAndBadPathsRenderEmpty() {
        XCTAssertEqual(render("${missing}"), "")
        XCTAssertEqual(render("${user.nope}"), "")
        XCTAssertEqual(render("${list[3]}"), "")
        XCTAssertEqual(render("${list[99999999999999999999]}"), "")
        XCTAssertEqual(render("${temp.value}"), "")
        XCTAssertEqual(render("${list.name}"), "")
        XCTAssertEqual(render("${nothing.x}"), "")
        XCTAssertEqual(render("${}"), "")
        XCTAssertEqual(render("${a b}"), "")
        XCTAssertEqual(render("${rows[row]}"), "")
        XCTAssertEqual(render("[${missing}]"), "[]")
        XCTAssertEqual(render("Hi ${missing}!"), "Hi !")
    }

    func testWholeFieldKeepsJSONType() {
        XCTAssertEqual(render("${count}"), .number(42))
        XCTAssertEqual(render("${temp}"), .number(21.5))
        XCTAssertEqual(render("${ok}"), .bool(true))
        XCTAssertEqual(render("${nothing}"), .null)
        XCTAssertEqual(render("${list}"), [10, 20, 30])
        XCTAssertEqual(render("${user.address}"), ["city": "Shanghai"])
        XCTAssertEqual(render("${ count }"), .number(42))
        XCTAssertEqual(render("${$.count}"), .number(42))
    }

    func testMixedTextAlwaysYieldsAString() {
        XCTAssertEqual(render("Hi ${user.name}, ${temp}°"), "Hi Alice, 21.5°")
        XCTAssertEqual(render(" ${count}"), .string(" 42"))
        XCTAssertEqual(render("${count}${count}"), .string("4242"))
        XCTAssertEqual(render("${count} "), .string("42 "))
        XCTAssertEqual(render("plain"), "plain")
        XCTAssertEqual(render(""), "")
    }

    func testTextConversionFollowsJavaScriptString() {
        // Expected strings are what node prints for `${value}` in a template literal.
        XCTAssertEqual(render("=${big}"), "=1e+21")
        XCTAssertEqual(render("=${temp}"), "=21.5")
        XCTAssertEqual(render("=${ok}"), "=true")
        XCTAssertEqual(render("=${nothing}"), "=null")
        XCTAssertEqual(render("=${user.address}"), "=[object Object]")
        XCTAssertEqual(render("=${list}"), "=10,20,30")
        XCTAssertEqual(Template.text(of: [1, [2, nil, [3]], [:]]), "1,2,,3,[object Object]")
        XCTAssertEqual(Template.text(of: [nil]), "")
        XCTAssertEqual(Template.text(of: []), "")
        XCTAssertEqual(Template.text(of: .number(-0.0)), "0")
        XCTAssertEqual(Template.text(of: .number(0.1 + 0.2)), "0.30000000000000004")
        XCTAssertEqual(Template.text(of: .number(1e-7)), "1e-7")
        XCTAssertEqual(Template.text(of: .number(1.23e-18)), "1.23e-18")
        XCTAssertEqual(Template.text(of: .number(100)), "100")
        XCTAssertEqual(Template.text(of: .number(.infinity)), "Infinity")
        XCTAssertEqual(Template.text(of: .number(-.infinity)), "-Infinity")
        XCTAssertEqual(Template.text(of: .number(.nan)), "NaN")
        XCTAssertEqual(Template.text(of: "text"), "text")
        XCTAssertEqual(Template.text(of: false), "false")
    }

    func testLoopScopeShadowsGlobalsAndDollarBypassesIt() {
        let scope = LayoutScope(outputs: outputs).binding("row", to: ["title": "苹果", "price": 5])
        XCTAssertEqual(Template("${row.title}").render(in: scope), "苹果")
        XCTAssertEqual(Template("¥${row.price}").render(in: scope), "¥5")
        XCTAssertEqual(Template("${$.row}").render(in: scope), "outer row")
        XCTAssertEqual(Template("{$.row}").render(in: scope), "outer row")
        XCTAssertEqual(Template("${row}").render(in: scope), ["title": "苹果", "price": 5])
        XCTAssertEqual(Template("${title}").render(in: scope), "Hello")
        // `$.` never sees loop items.
        XCTAssertEqual(Template("${$.cell}").render(in: scope.binding("cell", to: "c")), "")
    }

    func testInnermostBindingWins() {
        let scope = LayoutScope(outputs: [:]).binding("x", to: "outer").binding("y", to: "mid").binding("x", to: "inner")
        XCTAssertEqual(Template("${x}/${y}").render(in: scope), "inner/mid")
        XCTAssertEqual(scope.bindings.map(\.name), ["x", "y", "x"])
    }

    func testResolveAPI() {
        let scope = LayoutScope(outputs: outputs)
        XCTAssertEqual(scope.resolve(PlaceholderPath(segments: [.key("list"), .index(1)])), 20)
        XCTAssertNil(scope.resolve(PlaceholderPath(segments: [.key("list"), .index(5)])))
        XCTAssertEqual(scope.resolve(PlaceholderPath(isGlobal: true, segments: [.key("title")])), "Hello")
        XCTAssertEqual(Template("${temp}").renderText(in: scope), "21.5")
    }
}
