import JSONKit
import PushContract
import XCTest

/// P1–P5 and P9 at the contract level: exact JSON types and reasons that name the field.
final class ValidationTests: XCTestCase {
    func testTheDocumentedStartIsValidAndMapsToAPNs() throws {
        let push = try PushContract.validate(json: body())
        XCTAssertEqual(push.request.type, .start)
        XCTAssertEqual(push.request.timestamp, 1_710_000_000)
        XCTAssertEqual(push.variables, ["title": "进行中", "count": 1])
        XCTAssertEqual(push.warnings, [])
        let aps = try XCTUnwrap(push.payload.json["aps"])
        XCTAssertEqual(aps["event"], "start")
        XCTAssertEqual(aps["timestamp"], 1_710_000_000)
        XCTAssertEqual(aps["content-state"], ["isLoading": false, "data": "{\"title\":\"进行中\",\"count\":1}"])
        XCTAssertEqual(aps["alert"], ["title": "实时活动已启动", "body": "新的实时活动正在显示", "sound": "push_click.caf"])
    }

    // MARK: P1

    func testMalformedBodiesAreMalformedJSON() {
        for text in ["", "   ", "{", "{\"user_id\": }", "nope", "\u{FF}\u{FE}garbage"] {
            XCTAssertEqual(refusal(bytes: Array(text.utf8))?.reason, .malformedJSON, text)
        }
        XCTAssertEqual(refusal(bytes: [0x00, 0xFF, 0x13, 0x37])?.reason, .malformedJSON)
        let array = refusal(bytes: Array("[1, 2]".utf8))
        XCTAssertEqual(array?.reason, .malformedJSON)
        XCTAssertTrue(array?.message.contains("array, not an object") ?? false)
        XCTAssertEqual(array?.httpStatus, 400)
    }

    /// Lone surrogates are not Unicode text: refused as `invalid-value` naming the field,
    /// never stored as U+FFFD (which would merge `\ud800` and `\udfff`).
    func testLoneSurrogatesAreRefusedNamingTheField() throws {
        let valid = String(decoding: Array(body().serialized().utf8), as: UTF8.self)
        let cases: [(String, String)] = [
            (valid.replacingFirst(#""nonce":""#, with: #""nonce":"\ud800"#), "nonce"),
            (valid.replacingFirst(#""nonce":""#, with: #""nonce":"x\udfff"#), "nonce"),
            (valid.replacingFirst(#""user_id":""#, with: #""user_id":"\udc00"#), "user_id"),
            (valid.replacingFirst(#""data":""#, with: #""data":"\ud83d"#), "content_state.data"),
            (valid.replacingFirst(#""nonce":""#, with: #""extra":"\ud800","nonce":""#), "extra"),
        ]
        for (text, field) in cases {
            let refused = refusal(bytes: Array(text.utf8))
            XCTAssertEqual(refused?.reason, .invalidValue, text)
            XCTAssertEqual(refused?.field, field, text)
            XCTAssertEqual(refused?.httpStatus, 400)
            XCTAssertTrue(refused?.message.contains("lone surrogate") ?? false, refused?.message ?? "")
        }
        // Inside the data string's own JSON too.
        let inner = refusal(body(["content_state": ["isLoading": false, "data": #"{"title":"\ud800"}"#]]))
        XCTAssertEqual(inner?.reason, .invalidValue)
        XCTAssertEqual(inner?.field, "content_state.data")
        // A pair is one character and fine.
        XCTAssertNoThrow(try PushContract.validate(body: Array(valid.replacingFirst(#""nonce":""#, with: #""nonce":"\ud83d\ude00"#).utf8)))
    }

    func testABodyOver64KiBIsTooLarge() {
        let refused = refusal(bytes: [UInt8](repeating: 0x20, count: 64 * 1024 + 1))
        XCTAssertEqual(refused?.reason, .bodyTooLarge)
        XCTAssertEqual(refused?.httpStatus, 413)
    }

    // MARK: P2

    func testEachRequiredFieldMissingIsNamed() {
        for field in ["user_id", "widget_id", "type", "timestamp", "nonce"] {
            let refused = refusal(body([field: nil]))
            XCTAssertEqual(refused?.reason, .missingField, field)
            XCTAssertEqual(refused?.field, field)
            XCTAssertTrue(refused?.message.hasPrefix("\(field) is missing") ?? false, refused?.message ?? "")
            XCTAssertEqual(refused?.httpStatus, 400)
        }
    }

    func testWrongTypesAreRefusedNamingTheField() {
        let cases: [(String, JSONValue, PushReason)] = [
            ("user_id", 42, .wrongType), ("user_id", "", .invalidValue), ("user_id", nil, .wrongType),
            ("widget_id", ["id": "x"], .wrongType), ("type", "restart", .invalidValue), ("type", true, .wrongType),
            ("timestamp", "1710000000", .wrongType), ("timestamp", 1_710_000_000.5, .wrongType),
            ("timestamp", nil, .wrongType), ("timestamp", -5, .invalidValue),
            ("nonce", 7, .wrongType), ("nonce", "", .invalidValue),
            ("alert_title", 1, .wrongType), ("alert_body", false, .wrongType),
            ("sound_mode", "loud", .invalidValue), ("sound_mode", 1, .wrongType),
            ("sound", ["file": "a.caf"], .wrongType), ("sound", "", .invalidValue),
            ("silent", "true", .wrongType), ("content_state", "{}", .wrongType),
        ]
        for (field, value, reason) in cases {
            let refused = refusal(body([field: value]))
            XCTAssertEqual(refused?.reason, reason, "\(field) = \(value)")
            XCTAssertEqual(refused?.field, field, "\(field) = \(value)")
            XCTAssertTrue(refused?.message.contains(field) ?? false, refused?.message ?? "")
        }
        let stringTimestamp = refusal(body(["timestamp": "1710000000"]))
        XCTAssertTrue(stringTimestamp?.message.contains("Send 1710000000 without quotes") ?? false)
        let loading = refusal(body(["content_state": ["isLoading": "false", "data": "{}"]]))
        XCTAssertEqual(loading?.field, "content_state.isLoading")
    }

    func testNonceLengthLimit() throws {
        XCTAssertNoThrow(try PushContract.validate(json: body(["nonce": .string(String(repeating: "n", count: 128))])))
        XCTAssertNoThrow(try PushContract.validate(json: body(["nonce": .string(String(repeating: "号", count: 128))])))
        let refused = refusal(body(["nonce": .string(String(repeating: "n", count: 129))]))
        XCTAssertEqual(refused?.reason, .invalidValue)
        XCTAssertTrue(refused?.message.contains("129 characters") ?? false)
    }

    func testUnknownFieldsAreAcceptedWithWarnings() throws {
        let push = try PushContract.validate(json: body(["priority": 10, "content_state": ["data": "{}", "stale": 1]]))
        XCTAssertEqual(push.warnings.map(\.code), [.unknownField, .unknownField])
        XCTAssertEqual(Set(push.warnings.compactMap(\.field)), ["priority", "content_state.stale"])
        XCTAssertEqual(push.request.extraFields, ["priority": 10])
    }

    func testNullOptionalFieldsCountAsAbsent() throws {
        let push = try PushContract.validate(json: body(["alert_title": nil, "sound": .null, "silent": .null, "sound_mode": .null]))
        XCTAssertEqual(push.sound.decidedBy, .default)
    }

    // MARK: P3

    func testDataMustBeAStringHoldingAnObject() {
        let object = refusal(body(["content_state": ["isLoading": false, "data": ["title": "x"]]]))
        XCTAssertEqual(object?.reason, .dataNotString)
        XCTAssertEqual(object?.field, "content_state.data")
        XCTAssertTrue(object?.message.contains("JSON.stringify") ?? false)
        for text in ["[1,2]", "\"text\"", "42", "{\"a\":", "title=x"] {
            let refused = refusal(body(["content_state": ["data": .string(text)]]))
            XCTAssertEqual(refused?.reason, .dataNotJSONObject, text)
            XCTAssertEqual(refused?.httpStatus, 400)
        }
        XCTAssertEqual(refusal(body(["content_state": ["data": 5]]))?.reason, .wrongType)
    }

    func testStartAndUpdateNeedDataEndDoesNot() throws {
        for type in ["start", "update"] {
            for state: JSONValue? in [nil, ["isLoading": true]] {
                let refused = refusal(body(["content_state": state], type: type))
                XCTAssertEqual(refused?.reason, .missingField)
                XCTAssertEqual(refused?.field, "content_state.data")
            }
        }
        let end = try PushContract.validate(json: body(["content_state": nil], type: "end"))
        XCTAssertNil(end.variables)
        XCTAssertNil(end.payload.json["aps"]?["content-state"])
        let endWithData = try PushContract.validate(json: body(type: "end"))
        XCTAssertEqual(endWithData.variables, ["title": "进行中", "count": 1])
    }

    // MARK: P4

    func testAlertsOnUpdateAndEndAreIgnoredWithAWarning() throws {
        for type in ["update", "end"] {
            let push = try PushContract.validate(json: body(["alert_title": "t", "alert_body": "b"], type: type))
            XCTAssertEqual(push.warnings.map(\.code), [.alertIgnored, .alertIgnored])
            XCTAssertNil(push.payload.json["aps"]?["alert"]?["title"])
        }
        XCTAssertEqual(try PushContract.validate(json: body()).warnings, [])
    }

    // MARK: P5

    func testSoundResolution() throws {
        func sound(_ changes: [String: JSONValue?]) throws -> (ResolvedSound, [PushWarningCode]) {
            var all = changes
            if all["sound_mode"] == nil { all["sound_mode"] = .some(nil) }
            let push = try PushContract.validate(json: body(all))
            return (push.sound, push.warnings.map(\.code))
        }
        var (resolved, warnings) = try sound([:])
        XCTAssertEqual(resolved, ResolvedSound(mode: .custom, apnsSound: "push_click.caf", decidedBy: .default))
        (resolved, warnings) = try sound(["sound": "bell.caf"])
        XCTAssertEqual(resolved, ResolvedSound(mode: .custom, apnsSound: "bell.caf", decidedBy: .sound))
        (resolved, _) = try sound(["sound_mode": "custom", "sound": "bell.caf"])
        XCTAssertEqual(resolved.apnsSound, "bell.caf")
        (resolved, warnings) = try sound(["sound_mode": "system"])
        XCTAssertEqual(resolved, ResolvedSound(mode: .system, apnsSound: "default", decidedBy: .soundMode))
        XCTAssertEqual(warnings, [])
        (resolved, warnings) = try sound(["sound_mode": "silent"])
        XCTAssertEqual(resolved, ResolvedSound(mode: .silent, apnsSound: nil, decidedBy: .soundMode))
        (resolved, warnings) = try sound(["silent": true, "sound_mode": "system"])
        XCTAssertEqual(resolved.mode, .silent)
        XCTAssertEqual(warnings, [.soundConflict])
        (resolved, warnings) = try sound(["silent": true, "sound": "bell.caf"])
        XCTAssertEqual(resolved.decidedBy, .silent)
        XCTAssertEqual(warnings, [.soundConflict])
        (resolved, warnings) = try sound(["silent": false, "sound_mode": "system", "sound": "bell.caf"])
        XCTAssertEqual(resolved.mode, .system)
        XCTAssertEqual(warnings, [.soundConflict])
        let silentUpdate = try PushContract.validate(json: body(["sound_mode": "silent"], type: "update"))
        XCTAssertNil(silentUpdate.payload.json["aps"]?["alert"])
        XCTAssertEqual(silentUpdate.sound.json, ["mode": "silent", "name": nil, "decided_by": "sound_mode"])
    }

    // MARK: P6 (units)

    func testMillisecondTimestampsAreNamed() {
        let refused = refusal(body(["timestamp": 1_710_000_000_000]))
        XCTAssertEqual(refused?.reason, .timestampInMilliseconds)
        XCTAssertTrue(refused?.message.contains("1710000000") ?? false, refused?.message ?? "")
        XCTAssertNoThrow(try PushContract.validate(json: body(["timestamp": 100_000_000_000])))
    }

    // MARK: P9

    func testSizeIsMeasuredOnTheEscapedContentState() throws {
        // {"data":"…","isLoading":false} around the data string: 29 bytes of framing.
        func data(quotes: Int) -> JSONValue {
            // {"q":"…"} with `quotes` double quotes inside: each travels as \" inside data and \\\" once escaped again.
            .string("{\"q\":\"" + String(repeating: "\\\"", count: quotes) + "\"}")
        }
        let fitting = try PushContract.validate(json: body(["content_state": ["isLoading": false, "data": data(quotes: 500)]]))
        XCTAssertLessThanOrEqual(fitting.payload.contentStateBytes, 4096)
        let text = try XCTUnwrap(fitting.payload.contentStateText)
        XCTAssertEqual(fitting.payload.contentStateBytes, text.utf8.count)
        // 1100 quotes: the raw data string is 2208 bytes, but it travels as 4412 + 29 bytes.
        let raw = try XCTUnwrap(data(quotes: 1100).stringValue)
        XCTAssertLessThan(raw.utf8.count, 4096)
        let refused = refusal(body(["content_state": ["isLoading": false, "data": data(quotes: 1100)]]))
        XCTAssertEqual(refused?.reason, .payloadTooLarge)
        XCTAssertEqual(refused?.httpStatus, 413)
        XCTAssertTrue(refused?.message.contains("4096") ?? false)
    }

    func testMultibyteCharactersCountAsTheirUTF8Bytes() throws {
        // 1360 × "中" (3 bytes) = 4080 bytes of data + framing > 4096; 1350 fits.
        func state(_ count: Int) -> JSONValue {
            ["data": .string("{\"t\":\"" + String(repeating: "中", count: count) + "\"}")]
        }
        let fits = try PushContract.validate(json: body(["content_state": state(1350)]))
        XCTAssertEqual(fits.payload.contentStateBytes, 1350 * 3 + "{\"data\":\"{\\\"t\\\":\\\"\\\"}\",\"isLoading\":false}".utf8.count)
        XCTAssertEqual(refusal(body(["content_state": state(1360)]))?.reason, .payloadTooLarge)
    }
}

extension String {
    /// The text with its first occurrence of `target` replaced.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        var copy = self
        copy.replaceSubrange(range, with: replacement)
        return copy
    }
}
