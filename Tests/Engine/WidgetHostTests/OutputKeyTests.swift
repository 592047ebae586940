import JSONKit
import WidgetHost
import XCTest

/// O6: output keys are the script's own, exactly. Two keys that differ only in Unicode
/// normalization ("é" as U+00E9, and "e" followed by U+0301) are two keys in the engine,
/// so they are two keys in the report, written in the order of their UTF-16 code units.
final class OutputKeyTests: HostTestCase {
    let composed = "\u{E9}"
    let decomposed = "e\u{301}"

    /// Equal as bytes: `XCTAssertEqual` on two `String`s compares them by canonical equivalence.
    func assertBytes(_ actual: String?, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.map { Array($0.utf8) }, Array(expected.utf8), "\(actual ?? "nil") is not \(expected)", file: file, line: line)
    }

    func testO6AnObjectKeepsKeysThatDifferOnlyInNormalization() {
        let report = run(#"""
            let o = {"\u00e9": 1, "e\u0301": 2}
            let count = Object.keys(o).length
            """#)
        XCTAssertEqual(report.status, .ok)
        XCTAssertEqual(report.outputs["count"], 2)
        XCTAssertEqual(report.outputs["o"]?.objectValue?.count, 2)
        XCTAssertEqual(report.outputs["o"]?[composed], 1)
        XCTAssertEqual(report.outputs["o"]?[decomposed], 2)
        assertBytes(report.json["outputs"]?.serialized(), "{\"count\":2,\"o\":{\"e\u{301}\":2,\"\u{E9}\":1}}")
        XCTAssertEqual(report.diagnostics, [])
    }

    func testO6KeysStayApartAtEveryDepthAndWhateverTheSpelling() {
        // Raw UTF-8 in the source, escapes, computed keys, and objects inside arrays.
        let report = run("""
            let nested = { list: [{ "\u{E9}": 'raw composed', "e\u{301}": 'raw decomposed' }] }
            const made = {}
            made[String.fromCharCode(0xe9)] = 1
            made['e' + String.fromCharCode(0x301)] = 2
            made['\\u212b'] = 3
            made['\\u00c5'] = 4
            made['A\\u030a'] = 5
            """)
        XCTAssertEqual(report.status, .ok)
        assertBytes(report.outputs["nested"]?.serialized(), "{\"list\":[{\"e\u{301}\":\"raw decomposed\",\"\u{E9}\":\"raw composed\"}]}")
        // "A" + U+030A < U+00C5 < U+00E9 < U+212B (ANGSTROM SIGN, canonically U+00C5).
        assertBytes(report.outputs["made"]?.serialized(), "{\"A\u{30A}\":5,\"e\u{301}\":2,\"\u{C5}\":4,\"\u{E9}\":1,\"\u{212B}\":3}")
    }

    func testO6PropertiesOfThisThatDifferOnlyInNormalizationAreTwoOutputs() {
        let report = run(#"""
            this["\u00e9"] = 1
            this["e\u0301"] = 2
            """#)
        XCTAssertEqual(report.status, .ok)
        assertBytes(JSONValue.object(report.outputs).serialized(), "{\"e\u{301}\":2,\"\u{E9}\":1}")
        XCTAssertEqual(report.diagnostics, [])
    }

    func testO6BindingsThatDifferOnlyInNormalizationAreTwoOutputs() {
        // Two identifiers for the engine, written with escapes and written raw.
        for script in [#"let \u00e9 = 1, e\u0301 = 2"#, "let \u{E9} = 1\nlet e\u{301} = 2"] {
            let report = run(script)
            XCTAssertEqual(report.status, .ok, script)
            assertBytes(JSONValue.object(report.outputs).serialized(), "{\"e\u{301}\":2,\"\u{E9}\":1}")
            XCTAssertEqual(report.diagnostics, [], script)
        }
    }

    /// O1: a name whose first character is `_` is private, also when a combining mark
    /// follows it (the engine sees the code unit `_` first, as the rule does).
    func testO1UnderscoreFollowedByACombiningMarkIsStillPrivate() {
        let report = run(#"""
            let _\u0301 = 1
            this["_\u0301x"] = 2
            let shown = 3
            """#)
        XCTAssertEqual(report.status, .ok)
        XCTAssertEqual(report.outputs.keys.map { Array($0.utf8) }, [Array("shown".utf8)])
        let raw = run("let _\u{301} = 1\nlet shown = 3")
        XCTAssertEqual(raw.outputs.keys.map { Array($0.utf8) }, [Array("shown".utf8)])
    }
}
