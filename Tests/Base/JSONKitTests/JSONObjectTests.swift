import JSONKit
import XCTest

/// `JSONObject`'s own API: exact keys, canonical order, and the dictionary-like operations.
final class JSONObjectTests: XCTestCase {
    let composed = "\u{E9}"
    let decomposed = "e\u{301}"

    func testIterationKeysAndValuesComeInCanonicalOrder() {
        let object: JSONObject = ["b": 2, composed: 4, "a": 1, decomposed: 3, "\u{1F600}": 5, "\u{FF61}": 6]
        XCTAssertEqual(object.count, 6)
        XCTAssertEqual(object.keys.map { Array($0.utf16) }, ["a", "b", decomposed, composed, "\u{1F600}", "\u{FF61}"].map { Array($0.utf16) })
        XCTAssertEqual(object.values, [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(object.map(\.value), [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(object.exactKeys, ["a", "b", JSONKey(decomposed), JSONKey(composed), "\u{1F600}", "\u{FF61}"])
        XCTAssertEqual(object.first?.key, "a")
    }

    func testSettingAndRemovingMatchTheKeyExactly() {
        var object: JSONObject = [composed: 1]
        object[decomposed] = 2
        XCTAssertEqual(object.count, 2)
        object[composed] = 10
        XCTAssertEqual(object[composed], 10)
        XCTAssertEqual(object[decomposed], 2)
        XCTAssertNil(object["e"])
        XCTAssertEqual(object.removeValue(forKey: decomposed), 2)
        XCTAssertNil(object.removeValue(forKey: decomposed))
        XCTAssertEqual(object.keys.map { Array($0.unicodeScalars) }, [Array(composed.unicodeScalars)])
        object[composed] = nil
        XCTAssertTrue(object.isEmpty)
        object["x", default: 0] = 5
        XCTAssertEqual(object["x", default: 0], 5)
        XCTAssertEqual(object["y", default: 7], 7)
        XCTAssertTrue(object.contains(key: "x"))
        XCTAssertFalse(object.contains(key: "y"))
    }

    func testANullMemberIsPresent() {
        let object: JSONObject = ["gone": nil]
        XCTAssertEqual(object["gone"], .some(.null))
        XCTAssertNil(object["missing"])
        XCTAssertNil(JSONValue.object(object)["missing"])
        XCTAssertTrue(object.contains(key: "gone"))
    }

    func testMembersFromSequencesAndDictionaries() {
        let pairs: [(key: String, value: JSONValue)] = [("k", 1), (composed, 2), ("k", 3)]
        let fromPairs = JSONObject(pairs)
        XCTAssertEqual(fromPairs, ["k": 3, composed: 2])
        let fromDictionary = JSONObject(["z": 1, "y": 2] as [String: JSONValue])
        XCTAssertEqual(fromDictionary.keys, ["y", "z"])
        XCTAssertEqual(JSONObject(fromDictionary), fromDictionary)
        XCTAssertEqual(JSONObject(), [:])
    }

    func testMapValuesAndFilterKeepKeysAndOrder() {
        let object: JSONObject = [decomposed: 1, composed: 2, "a": 3]
        let doubled = object.mapValues { .number(($0.doubleValue ?? 0) * 2) }
        XCTAssertEqual(doubled, [decomposed: 2, composed: 4, "a": 6])
        let kept = object.filter { $0.key != "a" }
        XCTAssertEqual(kept.count, 2)
        XCTAssertEqual(kept[composed], 2)
        XCTAssertEqual(kept[decomposed], 1)
    }

    func testEqualityAndHashingIgnoreTheOrderMembersWereGivenIn() {
        let a: JSONObject = ["x": 1, "y": [composed: true]]
        let pairs: [(key: String, value: JSONValue)] = [("y", [composed: true]), ("x", 1)]
        let b = JSONObject(pairs)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        XCTAssertNotEqual(a, ["x": 1, "y": [decomposed: true]])
        XCTAssertEqual(Set([JSONValue.object(a), .object(b)]).count, 1)
    }

    func testDescriptionIsTheCanonicalText() {
        let object: JSONObject = ["b": [1], "a": "x"]
        XCTAssertEqual(object.description, #"{"a":"x","b":[1]}"#)
    }

    func testKeysCompareByUTF16CodeUnits() {
        let ordered = ["", "\u{0}", "A", "Z", "a", "ab", "b", "\u{7F}", "\u{80}", "\u{E9}", "\u{301}", "\u{7FF}", "\u{800}",
                       "\u{D7FF}", "\u{10000}", "\u{1F600}", "\u{10FFFF}", "\u{E000}", "\u{FFFD}", "\u{FFFF}"]
        for (i, a) in ordered.enumerated() {
            for (j, b) in ordered.enumerated() {
                XCTAssertEqual(JSONKey(a) < JSONKey(b), i < j, "\(a.unicodeScalars.map(\.value)) < \(b.unicodeScalars.map(\.value))")
                XCTAssertEqual(JSONKey(a) == JSONKey(b), i == j)
                XCTAssertEqual(JSONKey(a) < JSONKey(b), a.utf16.lexicographicallyPrecedes(b.utf16))
            }
        }
        XCTAssertNotEqual(JSONKey(composed), JSONKey(decomposed))
        XCTAssertEqual(Set([JSONKey(composed), JSONKey(decomposed), "\u{E9}"]).count, 2)
        XCTAssertEqual(JSONKey("x").description, "x")
    }

    func testManyMembersGivenInReverseAreSortedOnce() throws {
        let count = 20_000
        var text = "{"
        for i in (0..<count).reversed() { text += (i == count - 1 ? "" : ",") + "\"k\(i)\":\(i)" }
        let value = try JSONValue.parse(text + "}")
        let object = try XCTUnwrap(value.objectValue)
        XCTAssertEqual(object.count, count)
        XCTAssertEqual(object["k0"], 0)
        XCTAssertEqual(object["k19999"], 19_999)
        XCTAssertEqual(object.keys, object.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) })
    }

    func testLargeObjectsKeepTheLastOfAnExactlyRepeatedKeyToo() throws {
        // Past the size sorted by insertion: 60 members, every key three times, in two spellings.
        var members: [String] = []
        for round in 0..<3 {
            for i in (0..<10).reversed() {
                members.append("\"k\(i)\\u00e9\":\(round * 100 + i)")
                members.append("\"k\(i)e\\u0301\":\(round * 100 + i + 50)")
            }
        }
        let value = try JSONValue.parse("{" + members.joined(separator: ",") + "}")
        XCTAssertEqual(value.objectValue?.count, 20)
        XCTAssertEqual(value["k3\u{E9}"], 203)
        XCTAssertEqual(value["k3e\u{301}"], 253)
        XCTAssertEqual(value.objectValue?.keys.first.map { Array($0.utf8) }, Array("k0e\u{301}".utf8))
    }

    func testNestedObjectsKeepTheirOwnMembers() throws {
        let text = #"{"b":{"d":1,"c":{"f":2,"e":3}},"a":[{"y":1,"x":2},{"z":{}}],"c":{"q":{"s":[{"u":0,"t":1}],"r":2}}}"#
        let value = try JSONValue.parse(text)
        XCTAssertEqual(value.serialized(), #"{"a":[{"x":2,"y":1},{"z":{}}],"b":{"c":{"e":3,"f":2},"d":1},"c":{"q":{"r":2,"s":[{"t":1,"u":0}]}}}"#)
    }
}
