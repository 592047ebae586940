import JSONKit

/// Pretty JSON whose top-level keys come in a chosen order (the most useful first), for
/// responses people read with curl. Nested objects keep sorted keys.
public enum OrderedJSON {
    /// Two-space indented text of `object`: keys of `order` first (those present), then the rest
    /// in canonical order.
    public static func render(_ object: JSONObject, order: [String]) -> String {
        var keys = order.filter { object[$0] != nil }
        keys += object.keys.filter { !order.contains($0) }
        guard !keys.isEmpty else { return "{}" }
        var text = "{\n"
        for (index, key) in keys.enumerated() {
            let value = object[key]!.serialized(pretty: true).split(separator: "\n", omittingEmptySubsequences: false)
                .joined(separator: "\n  ")
            text += "  " + JSONValue.quote(key) + ": " + value + (index == keys.count - 1 ? "\n" : ",\n")
        }
        return text + "}"
    }

    /// The key order of push responses (P10).
    public static let responseOrder = [
        "ok", "status", "reason", "field", "message", "warnings", "sound", "type", "nonce", "path", "environment",
        "received_at", "activity", "payload",
    ]
}
