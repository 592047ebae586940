import JSONKit
import WidgetHost
import XCTest
@testable import Conformance

final class YAMLSubsetTests: XCTestCase {
    func parse(_ text: String) throws -> JSONValue { try YAMLSubset.parse(text) }

    func testMapsListsAndScalars() throws {
        let value = try parse("""
            description: setUpdateFreq(30) asks for 30 minutes
            rules: [C1, R1]
            seed: 7
            ratio: 0.5
            strict: true
            nothing: null
            now: "2026-11-29T08:00:00Z"
            plainTime: 2026-11-29T08:00:00Z
            # a comment
            limits: { timeout: 0.5, memory: 64 }
            expect:
              status: ok   # trailing comment
              events:
                - { type: setUpdateFreq, args: [30], valid: true }
                - type: setUpdateTime
                  valid: false
              absent:
              - a
              - "b"
            """)
        XCTAssertEqual(value["description"], "setUpdateFreq(30) asks for 30 minutes")
        XCTAssertEqual(value["rules"], ["C1", "R1"])
        XCTAssertEqual(value["seed"], 7)
        XCTAssertEqual(value["ratio"], 0.5)
        XCTAssertEqual(value["strict"], true)
        XCTAssertEqual(value["nothing"], .null)
        XCTAssertEqual(value["now"], "2026-11-29T08:00:00Z")
        XCTAssertEqual(value["plainTime"], "2026-11-29T08:00:00Z")
        XCTAssertEqual(value["limits"], ["timeout": 0.5, "memory": 64])
        XCTAssertEqual(value["expect"]?["status"], "ok")
        XCTAssertEqual(value["expect"]?["events"], [
            ["type": "setUpdateFreq", "args": [30], "valid": true],
            ["type": "setUpdateTime", "valid": false],
        ])
        XCTAssertEqual(value["expect"]?["absent"], ["a", "b"])
    }

    func testQuotedStringsAndBlockStrings() throws {
        let value = try parse("""
            a: "tab\\there \\"quoted\\" \\u00e9"
            b: 'it''s # not a comment'
            c: |
              line one
                indented
              line three
            d: >-
              folded
              together

              new paragraph
            e: [ "x, y", 'z]', {k: [1, {m: 2}]} ]
            """)
        XCTAssertEqual(value["a"], "tab\there \"quoted\" é")
        XCTAssertEqual(value["b"], "it's # not a comment")
        XCTAssertEqual(value["c"], "line one\n  indented\nline three\n")
        XCTAssertEqual(value["d"], "folded together\nnew paragraph")
        XCTAssertEqual(value["e"], ["x, y", "z]", ["k": [1, ["m": 2]]]])
    }

    func testErrorsNameTheLine() {
        let cases: [(String, Int, String)] = [
            ("a: 1\nb: [1, 2\n", 2, "not closed"),
            ("a: 1\n\tb: 2\n", 2, "tab"),
            ("a: 1\na: 2\n", 2, "duplicate key 'a'"),
            ("a: 1\n    b: 2\n", 2, "unexpected indentation"),
            ("a: \"open\n", 1, "not closed"),
            ("a: *alias\n", 1, "anchors, aliases, tags"),
            ("just text\n", 1, "expected 'key: value'"),
            ("a: {b 1}\n", 1, "expected ':'"),
        ]
        for (text, line, message) in cases {
            XCTAssertThrowsError(try YAMLSubset.parse(text, firstLine: 1)) { error in
                let error = error as! YAMLError
                XCTAssertEqual(error.line, line, text)
                XCTAssertTrue(error.message.contains(message), "\(text): \(error.message)")
            }
        }
        XCTAssertThrowsError(try YAMLSubset.parse("a: 1\nb: [\n", firstLine: 10)) { XCTAssertEqual(($0 as! YAMLError).line, 11) }
    }

    /// A file saved with Windows line ends reads as the same file with `\n` alone: the `\r`
    /// before each `\n` is dropped, and lines are counted as they are.
    func testLinesEndingInCarriageReturnAndNewlineReadAsTheSameLines() throws {
        let text = "description: crlf\nrules: [C1]\nexpect:\n  status: ok\n  note: |\n    one\n    two\n"
        let windows = text.replacingOccurrences(of: "\n", with: "\r\n")
        XCTAssertEqual(try parse(windows), try parse(text))
        XCTAssertEqual(try parse(windows)["expect"]?["note"], "one\ntwo\n")
        XCTAssertThrowsError(try YAMLSubset.parse("a: 1\r\nb: [1\r\n", firstLine: 4)) { XCTAssertEqual(($0 as! YAMLError).line, 5) }

        let lines = ["// a widget", "/*---", "description: crlf", "expect:", "  status: ok", "---*/", "let title = 'x'", ""]
        let fixture = try Fixture.parse(ScriptSource(text: lines.joined(separator: "\r\n"), name: "crlf.js"))
        XCTAssertEqual(fixture.frontMatterLine, 2)
        XCTAssertEqual(fixture.description, "crlf")
        XCTAssertEqual(fixture.expect["status"], "ok")
        var unknown = lines
        unknown.insert("  bogus: 1", at: 5)
        XCTAssertThrowsError(try Fixture.parse(ScriptSource(text: unknown.joined(separator: "\r\n"), name: "crlf.js"))) { error in
            XCTAssertEqual((error as? FixtureError)?.line, 6)
            XCTAssertTrue((error as? FixtureError)?.message.hasPrefix("unknown expect key 'bogus'") == true, "\(error)")
        }
    }

    /// Maps and lists nest at most 512 levels, block and flow together (the JSON reader's
    /// bound): one level more is an error at its line, and a front matter 100,000 levels deep,
    /// which overflowed the stack, is the same error.
    func testNestingIsBoundedAtTheJSONReadersDepth() throws {
        XCTAssertEqual(YAMLSubset.maximumDepth, 512)
        XCTAssertEqual(YAMLSubset.maximumDepth, JSONValue.defaultMaxDepth)
        func flow(_ open: String, _ close: String, _ levels: Int) -> String {
            "before: 1\nx: " + String(repeating: open, count: levels) + String(repeating: close, count: levels) + "\n"
        }
        func block(_ levels: Int) -> String {
            (0..<levels).map { String(repeating: " ", count: $0) + "a:" }.joined(separator: "\n") + " 1\n"
        }
        // The document's map is one level, so 511 inside it reach the bound.
        var deepest = try parse(flow("[", "]", 511))["x"]
        for _ in 0..<510 { deepest = deepest?.arrayValue?.first }
        XCTAssertEqual(deepest, .array([]))
        XCTAssertNotNil(try parse(flow("{a: ", "}", 511))["x"])
        var inner = try parse(block(512))
        for _ in 0..<511 { inner = try XCTUnwrap(inner["a"]) }
        XCTAssertEqual(inner, ["a": 1])
        for (text, line) in [(flow("[", "]", 512), 2), (flow("{a: ", "}", 512), 2), (block(513), 513),
                             (flow("[", "]", 100_000), 2), (flow("{a: ", "}", 100_000), 2),
                             ((0..<600).map { String(repeating: " ", count: $0) + "-" }.joined(separator: "\n") + " 1\n", 513)] {
            XCTAssertThrowsError(try YAMLSubset.parse(text, firstLine: 1)) { error in
                XCTAssertEqual((error as? YAMLError)?.line, line, String(text.prefix(40)))
                XCTAssertEqual((error as? YAMLError)?.message, "maps and lists nest more than 512 levels deep, the most a front matter may")
            }
        }
    }
}
