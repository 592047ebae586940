import JSONKit
import WidgetHost

/// Values cut to a size, to be shown or kept when the whole could be any size (a script's
/// outputs, its console): what is cut keeps its shape, so a cut array is still an array (its
/// first items) and a cut object still an object (its first members), each item cut in turn,
/// and a cut string is its first characters. Sizes are bytes of compact JSON (of UTF-8 for text).
public enum JSONCut {
    /// `value` when its JSON is at most `limit` bytes; else the value cut to about `limit`
    /// bytes (a little more for quotes and escapes), and the size of the whole.
    public static func value(_ value: JSONValue, limit: Int) -> (value: JSONValue, wholeBytes: Int?) {
        let whole = value.serialized().utf8.count
        return whole <= limit ? (value, nil) : (shrink(value, to: limit), whole)
    }

    /// `text` when it is at most `limit` bytes of UTF-8; else its first characters within
    /// `limit` bytes, and the size of the whole.
    public static func text(_ text: String, limit: Int) -> (text: String, wholeBytes: Int?) {
        let whole = text.utf8.count
        guard whole > limit else { return (text, nil) }
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in text.unicodeScalars {
            bytes += scalar.utf8.count
            if bytes > limit { break }
            kept.append(scalar)
        }
        return (String(kept), whole)
    }

    /// `console` with its messages' text within `limit` bytes: the entries that fit, the one
    /// that does not cut (ending in `…`), the others left out (counted).
    public static func console(_ console: [ConsoleEntry], limit: Int) -> (entries: [ConsoleEntry], leftOut: Int) {
        var left = limit
        var kept: [ConsoleEntry] = []
        for entry in console {
            guard left > 0 else { break }
            var entry = entry
            let size = entry.message.utf8.count
            if size > left { entry.message = text(entry.message, limit: left).text + "…" }
            left -= size
            kept.append(entry)
        }
        return (kept, console.count - kept.count)
    }

    /// The outputs `outputs`, each value cut to `valueLimit`, in their order until they come
    /// to `totalLimit` bytes, the others left out.
    public static func outputs(_ outputs: JSONObject, valueLimit: Int, totalLimit: Int) -> CutOutputs {
        var result = CutOutputs(outputs: [:])
        var total = 2
        var index = 0
        var kept: [Int: JSONValue] = [:]
        for (name, value) in outputs {
            defer { index += 1 }
            let (shown, whole) = Self.value(value, limit: valueLimit)
            let size = JSONValue.quote(name).utf8.count + 2 + shown.serialized().utf8.count
            guard total + size <= totalLimit else {
                result.leftOut = outputs.count - index
                break
            }
            total += size
            kept[index] = shown
            if let whole { result.cut[name] = whole }
        }
        index = 0
        result.outputs = outputs.filter { _ in
            defer { index += 1 }
            return kept[index] != nil
        }
        index = 0
        result.outputs = result.outputs.mapValues { _ in
            defer { index += 1 }
            return kept[index]!
        }
        return result
    }

    /// `value` cut to about `budget` bytes of JSON, keeping its shape.
    private static func shrink(_ value: JSONValue, to budget: Int) -> JSONValue {
        switch value {
        case .string(let text):
            return .string(Self.text(text, limit: max(0, budget - 2)).text)
        case .array(let items):
            var kept: [JSONValue] = []
            var left = budget - 2
            for item in items where left > 0 {
                let size = item.serialized().utf8.count
                kept.append(size <= left ? item : shrink(item, to: left))
                left -= min(size, left) + 1
            }
            return .array(kept)
        case .object(let members):
            var left = budget - 2
            var count = 0
            var shrunk: [JSONValue] = []
            for (name, member) in members where left > 0 {
                left -= JSONValue.quote(name).utf8.count + 1
                guard left > 0 else { break }
                let size = member.serialized().utf8.count
                shrunk.append(size <= left ? member : shrink(member, to: left))
                left -= min(size, left) + 1
                count += 1
            }
            var index = 0
            let kept = members.filter { _ in
                defer { index += 1 }
                return index < count
            }
            index = 0
            return .object(kept.mapValues { _ in
                defer { index += 1 }
                return shrunk[index]
            })
        default:
            return value
        }
    }
}

/// Outputs cut to be shown or kept (``JSONCut/outputs(_:valueLimit:totalLimit:)``).
public struct CutOutputs: Sendable, Hashable {
    /// The outputs kept, some of them cut.
    public var outputs: JSONObject
    /// Each output that was cut, with the size of its whole value, bytes of JSON.
    public var cut: [String: Int] = [:]
    /// How many outputs were left out, after those kept.
    public var leftOut = 0

    public init(outputs: JSONObject, cut: [String: Int] = [:], leftOut: Int = 0) {
        self.outputs = outputs
        self.cut = cut
        self.leftOut = leftOut
    }
}
