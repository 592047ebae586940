import JSONKit
import XCTest

final class JSONValueTests: XCTestCase {
    func testLiterals() {
        let value: JSONValue = ["n": nil, "b": true, "i": 42, "f": 2.5, "s": "text", "a": [1, "two"], "o": ["k": false]]
        XCTAssertEqual(value, .object([
            "n": .null, "b": .bool(true), "i": .number(42), "f": .number(2.5), "s": .string("text"),
            "a": .array([.number(1), .string("two")]), "o": .object(["k": .bool(false)]),
        ]))
        let repeated: JSONValue = ["k": 1, "k": 2]
        XCTAssertEqual(repeated, ["k": 2])
    }

    func testKeyAndIndexSubscripts() {
        let value: JSONValue = ["list": [10, 20], "name": "w"]
        XCTAssertEqual(value["name"], "w")
        XCTAssertNil(value["missing"])
        XCTAssertEqual(value["list"]?[1], 20)
        XCTAssertNil(value["list"]?[2])
        XCTAssertNil(value["list"]?[-1])
        XCTAssertNil(value[0])
        XCTAssertNil(JSONValue.array([1])["key"])
        XCTAssertNil(JSONValue.string("abc")[0])
    }

    func testTypedAccessors() {
        XCTAssertEqual(JSONValue.string("x").stringValue, "x")
        XCTAssertNil(JSONValue.number(1).stringValue)
        XCTAssertEqual(JSONValue.number(1.5).doubleValue, 1.5)
        XCTAssertNil(JSONValue.string("1.5").doubleValue)
        XCTAssertEqual(JSONValue.bool(false).boolValue, false)
        XCTAssertNil(JSONValue.null.boolValue)
        XCTAssertEqual(JSONValue.array([1]).arrayValue, [1])
        XCTAssertNil(JSONValue.object([:]).arrayValue)
        XCTAssertEqual(JSONValue.object(["a": 1]).objectValue, ["a": 1])
        XCTAssertNil(JSONValue.array([]).objectValue)
        XCTAssertTrue(JSONValue.null.isNull)
        XCTAssertFalse(JSONValue.bool(false).isNull)
    }

    func testIntValueOnlyForIntegralNumbersThatFit() {
        XCTAssertEqual(JSONValue.number(42).intValue, 42)
        XCTAssertEqual(JSONValue.number(-7).intValue, -7)
        XCTAssertEqual(JSONValue.number(-0.0).intValue, 0)
        XCTAssertEqual(JSONValue.number(9_007_199_254_740_992).intValue, 9_007_199_254_740_992)
        XCTAssertNil(JSONValue.number(1.5).intValue)
        XCTAssertNil(JSONValue.number(9.3e18).intValue)
        XCTAssertNil(JSONValue.number(.nan).intValue)
        XCTAssertNil(JSONValue.number(.infinity).intValue)
        XCTAssertNil(JSONValue.string("3").intValue)
    }

    func testTypeNames() {
        XCTAssertEqual(JSONValue.null.typeName, "null")
        XCTAssertEqual(JSONValue.bool(true).typeName, "boolean")
        XCTAssertEqual(JSONValue.number(0).typeName, "number")
        XCTAssertEqual(JSONValue.string("").typeName, "string")
        XCTAssertEqual(JSONValue.array([]).typeName, "array")
        XCTAssertEqual(JSONValue.object([:]).typeName, "object")
    }

    func testHashableAndDescription() {
        let set: Set<JSONValue> = [1, 1.0, "1", [1], ["a": 1], ["a": 1]]
        XCTAssertEqual(set.count, 4)
        let value: JSONValue = ["b": 1, "a": [true, nil]]
        XCTAssertEqual(value.description, #"{"a":[true,null],"b":1}"#)
        XCTAssertEqual("\(value)", #"{"a":[true,null],"b":1}"#)
    }
}
