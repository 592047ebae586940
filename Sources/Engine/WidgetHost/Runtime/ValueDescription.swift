import JSONKit
import ScriptCore
import ZonedTime

/// How the host shows JavaScript values in events and messages.
enum ValueDescription {
    /// A value as JSON for an event's `args`; values JSON cannot hold are described as strings.
    static func json(_ value: JSValue) -> JSONValue {
        switch value.kind {
        case .undefined: return .string("undefined")
        case .null: return .null
        case .boolean: return .bool(value.boolValue)
        case .number:
            let number = (try? value.toNumber()) ?? .nan
            return number.isFinite ? .number(number) : .string(number.isNaN ? "NaN" : number > 0 ? "Infinity" : "-Infinity")
        case .string: return .string((try? value.toString()) ?? "")
        case .symbol: return .string((try? value.toString()) ?? "")
        case .bigint: return .string(((try? value.toString()) ?? "") + "n")
        case .function: return .string("[Function: \((try? value.property("name").toString()) ?? "")]")
        case .object, .array:
            if value.isDate {
                let ms = value.dateTime ?? .nan
                return ms.isFinite ? .string(isoUTC(ms)) : .string("Invalid Date")
            }
            if let text = try? value.jsonString(), let parsed = try? JSONValue.parse(text) { return parsed }
            return .string("[object]")
        }
    }

    /// A short phrase for messages: `the string "30"`, `undefined`, `NaN`, `an object`.
    static func phrase(_ value: JSValue) -> String {
        switch value.kind {
        case .undefined: return "undefined"
        case .null: return "null"
        case .boolean: return value.boolValue ? "true" : "false"
        case .number: return JSONValue.formatNumberOrName((try? value.toNumber()) ?? .nan)
        case .string: return "the string \(JSONValue.quote((try? value.toString()) ?? ""))"
        case .symbol: return "a symbol"
        case .bigint: return "the BigInt \((try? value.toString()) ?? "")n"
        case .function: return "a function"
        case .array: return "an array"
        case .object:
            if value.isDate {
                let ms = value.dateTime ?? .nan
                return ms.isFinite ? "the Date \(isoUTC(ms))" : "an Invalid Date"
            }
            return "an object"
        }
    }

    /// `2026-11-29T08:00:00.000Z` for epoch milliseconds.
    static func isoUTC(_ ms: Double) -> String {
        ISO8601.format(epochMs: Int64(ms.rounded(.down)), in: utc)
    }

    private static let utc: Zone = (try? Zone(identifier: "UTC")) ?? Zone.current()
}

extension JSONValue {
    /// JavaScript's `String(number)`, including `NaN` and `Infinity`.
    static func formatNumberOrName(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number > 0 ? "Infinity" : "-Infinity" }
        return formatNumber(number)
    }
}
