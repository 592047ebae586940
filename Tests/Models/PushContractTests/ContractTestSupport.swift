import JSONKit
import PushContract
import XCTest

/// 2024-03-09T16:00:00Z, the first documented curl command's timestamp, in ms.
let docNow: Int64 = 1_710_000_000_000
let docUser = "你的 Push ID"
let docWidget = "实时活动组件 ID"

/// A valid request body with `changes` applied (a `nil` value removes the field).
func body(_ changes: [String: JSONValue?] = [:], type: String = "start") -> JSONValue {
    var object: JSONObject = [
        "user_id": .string(docUser), "widget_id": .string(docWidget), "type": .string(type),
        "sound_mode": "custom",
        "content_state": ["isLoading": false, "data": "{\"title\":\"进行中\",\"count\":1}"],
        "timestamp": 1_710_000_000, "nonce": "n-1",
    ]
    if type == "start" {
        object["alert_title"] = "实时活动已启动"
        object["alert_body"] = "新的实时活动正在显示"
    }
    for (key, value) in changes {
        if let value { object[key] = value } else { object.removeValue(forKey: key) }
    }
    return .object(object)
}

/// The refusal `validate` throws, failing the test when it accepts.
func refusal(_ value: JSONValue, file: StaticString = #filePath, line: UInt = #line) -> PushRefusal? {
    do {
        _ = try PushContract.validate(json: value)
        XCTFail("expected a refusal", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

func refusal(bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> PushRefusal? {
    do {
        _ = try PushContract.validate(body: bytes)
        XCTFail("expected a refusal", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

/// The documented registry: one Push ID on iOS 18 with the documented widget.
func docRegistry(ios: IOSVersion = IOSVersion(18)) -> PushRegistry {
    PushRegistry(users: [.init(pushID: docUser, ios: ios, widgets: [.init(id: docWidget), .init(id: "small-1", kind: "small")])])
}

extension PushLedger {
    /// Receives a JSON body at `now`.
    mutating func receive(_ value: JSONValue, path: PushPath = .production, now: Int64 = docNow) -> PushOutcome {
        receive(body: Array(value.serialized().utf8), path: path, now: now)
    }
}
