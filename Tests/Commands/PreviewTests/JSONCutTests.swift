import JSONKit
import Preview
import WidgetHost
import XCTest

/// Values cut to a size keep their shape, and say the size of the whole.
final class JSONCutTests: XCTestCase {
    func testAValueWithinTheLimitIsKeptWhole() {
        let value: JSONValue = ["a": [1, 2, 3], "b": "text"]
        let (kept, whole) = JSONCut.value(value, limit: 100)
        XCTAssertEqual(kept, value)
        XCTAssertNil(whole)
    }

    func testACutValueKeepsItsShape() {
        let text = JSONValue.string(String(repeating: "é", count: 1000))
        let (string, stringWhole) = JSONCut.value(text, limit: 101)
        // "é" is two bytes: 49 of them fit in 99 bytes (within the quotes), never half of one.
        XCTAssertEqual(string, .string(String(repeating: "é", count: 49)))
        XCTAssertEqual(stringWhole, 2002)

        let array = JSONValue.array((0..<1000).map { .number(Double($0)) })
        let (items, arrayWhole) = JSONCut.value(array, limit: 20)
        XCTAssertEqual(items, [0, 1, 2, 3, 4, 5, 6, 7, 8])
        XCTAssertEqual(arrayWhole, array.serialized().utf8.count)

        let nested: JSONValue = ["first": .string(String(repeating: "x", count: 500)), "second": 2]
        let (object, _) = JSONCut.value(nested, limit: 40)
        XCTAssertEqual(object, ["first": .string(String(repeating: "x", count: 28))])
        XCTAssertEqual(object.serialized().utf8.count, 40)
    }

    func testOutputsAreCutEachAndLeftOutPastTheirTotal() {
        let outputs: JSONObject = ["a": .string(String(repeating: "a", count: 100)), "b": 1, "c": .string(String(repeating: "c", count: 100))]
        let cut = JSONCut.outputs(outputs, valueLimit: 12, totalLimit: 30)
        XCTAssertEqual(cut.outputs, ["a": "aaaaaaaaaa", "b": 1])
        XCTAssertEqual(cut.cut, ["a": 102])
        XCTAssertEqual(cut.leftOut, 1)
    }

    func testTheConsoleIsKeptWithinItsBytes() {
        let run = ScriptHost().run(ScriptSource(text: "for (let i = 0; i < 5; i++) console.log('m'.repeat(40))", name: "console.js"),
                                   configuration: RunConfiguration())
        let console = run.console
        XCTAssertEqual(console.count, 5)
        let (kept, leftOut) = JSONCut.console(console, limit: 100)
        XCTAssertEqual(kept.map(\.message), [String(repeating: "m", count: 40), String(repeating: "m", count: 40), String(repeating: "m", count: 20) + "…"])
        XCTAssertEqual(leftOut, 2)
    }
}
