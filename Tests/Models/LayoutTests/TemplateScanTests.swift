import JSONKit
import Layout
import XCTest

final class TemplateScanTests: XCTestCase {
    /// The parts as a compact string: text as is, placeholders as <syntax:body@column>.
    private func shape(_ source: String) -> String {
        Template(source).parts.map { part -> String in
            switch part {
            case .text(let t): return t
            case .placeholder(let p): return "<\(p.syntax == .current ? "$" : "L"):\(p.body)@\(p.column)>"
            }
        }.joined()
    }

    func testCurrentSyntaxWithTextAround() {
        XCTAssertEqual(shape("Hi ${name}, ${temp}°"), "Hi <$:name@4>, <$:temp@13>°")
        let t = Template("Hi ${name}, ${temp}°")
        XCTAssertEqual(t.parts.count, 5)
        XCTAssertEqual(t.placeholders.map(\.source), ["${name}", "${temp}"])
        XCTAssertNil(t.singlePlaceholder)
        XCTAssertEqual(t.unterminatedColumns, [])
    }

    func testWholeFieldPlaceholder() {
        XCTAssertEqual(Template("${temp}").singlePlaceholder?.body, "temp")
        XCTAssertNil(Template(" ${temp}").singlePlaceholder)
        XCTAssertNil(Template("${a}${b}").singlePlaceholder)
        XCTAssertEqual(Template("{temp}").singlePlaceholder?.syntax, .legacy)
    }

    func testSpacesInsideCurrentBracesAreIgnored() {
        let p = Template("${ user.name }").singlePlaceholder
        XCTAssertEqual(p?.body, "user.name")
        XCTAssertEqual(p?.source, "${ user.name }")
        XCTAssertEqual(p?.path?.segments, [.key("user"), .key("name")])
    }

    func testLegacyPlaceholders() {
        XCTAssertEqual(shape("你有 {count} 条新消息"), "你有 <L:count@4> 条新消息")
        XCTAssertEqual(shape("{a.b[0].c}"), "<L:a.b[0].c@1>")
        XCTAssertEqual(shape("{$.title}"), "<L:$.title@1>")
        XCTAssertEqual(shape("{rows[row]}"), "<L:rows[row]@1>")
    }

    func testLegacyBracesThatAreNotPathsStayText() {
        XCTAssertEqual(shape("{ }"), "{ }")
        XCTAssertEqual(shape("{}"), "{}")
        XCTAssertEqual(shape(#"{"a": 1, "b": [2]}"#), #"{"a": 1, "b": [2]}"#)
        XCTAssertEqual(shape("{a, b}"), "{a, b}")
        XCTAssertEqual(shape("{ name }"), "{ name }")
        XCTAssertEqual(shape("{0}"), "{0}")
        XCTAssertEqual(shape("a } b {"), "a } b {")
        XCTAssertEqual(shape("{{name}}"), "{<L:name@2>}")
        XCTAssertEqual(Template(#"{"a": 1}"#).placeholders, [])
    }

    func testCurrentSyntaxKeepsInvalidBodies() {
        let empty = Template("${}").singlePlaceholder
        XCTAssertEqual(empty?.body, "")
        guard case .invalid(let reason)? = empty?.target else { return XCTFail("${} should be invalid") }
        XCTAssertTrue(reason.contains("empty"))
        guard case .invalid? = Template("${a b}").singlePlaceholder?.target else { return XCTFail("a b is not a path") }
        guard case .invalid? = Template("${   }").singlePlaceholder?.target else { return XCTFail("blank") }
    }

    func testUnterminatedOpeningIsLiteralText() {
        let t = Template("Hi ${name")
        XCTAssertEqual(t.parts, [.text("Hi ${name")])
        XCTAssertEqual(t.unterminatedColumns, [4])
        // Scanning resumes after the bad opening, so later placeholders still count.
        XCTAssertEqual(shape("${a ${b}"), "${a <$:b@5>")
        XCTAssertEqual(Template("${a ${b}").unterminatedColumns, [1])
        XCTAssertEqual(shape("x ${a {b} y"), "x ${a <L:b@7> y")
        XCTAssertEqual(Template("${").unterminatedColumns, [1])
        XCTAssertEqual(Template("${a[\"}").unterminatedColumns, [1])
    }

    func testQuotedKeyMayHoldABrace() {
        XCTAssertEqual(shape(#"${a["x}y"]}!"#), #"<$:a["x}y"]@1>!"#)
        XCTAssertEqual(Template(#"${a["x}y"]}"#).singlePlaceholder?.path?.segments, [.key("a"), .key("x}y")])
    }

    func testDollarWithoutBraceAndStrayBraces() {
        XCTAssertEqual(shape("$5 and $ and $$"), "$5 and $ and $$")
        XCTAssertEqual(shape("$${x}"), "$<$:x@2>")
        XCTAssertEqual(shape("cost: ${price}$"), "cost: <$:price@7>$")
    }

    func testColumnsCountUnicodeScalars() {
        XCTAssertEqual(Template("温度 ${t}").placeholders.first?.column, 4)
        XCTAssertEqual(Template("🙂${t}").placeholders.first?.column, 2)
        XCTAssertEqual(Template("e\u{301}${t}").placeholders.first?.column, 3)
    }

    func testEmptyAndPlainText() {
        XCTAssertEqual(Template("").parts, [])
        XCTAssertEqual(Template("plain").parts, [.text("plain")])
        XCTAssertFalse(Template("plain").hasPlaceholders)
        XCTAssertTrue(Template("${x}").hasPlaceholders)
    }
}
