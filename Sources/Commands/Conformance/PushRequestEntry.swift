import ErrorKinds
import JSONKit
import PushContract
import ZonedTime

/// One entry of a fixture's `pushes:` list: a request to the push receiver, or a restart.
///
/// ```yaml
/// pushes:
///   - { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":1}' }, timestamp: 1795939200, nonce: a }
///   - '{"user_id": "user-1", "type": "update"'                      # a raw body (here: not JSON)
///   - { at: "+10s", path: /api/sandbox/push, body: { … } }          # an envelope
///   - { at: "+1m", restart: true }                                  # the receiver restarts
/// ```
///
/// An object with a `body` or `restart` key is an envelope: `body` (an object, or the raw
/// text), `at` (the receiver's clock: `+DURATION` after the fixture's `now`, an ISO 8601
/// date-time or epoch milliseconds; default the previous entry's time, at first `now`),
/// `path` (default `/api/push`), `method` (default `POST`), `contentType` (default
/// `application/json`, `null` for none), `repeat` (`{ MARKER: [text, count] }`: each MARKER
/// in the body text becomes `text` repeated `count` times) and `padTo` (trailing spaces
/// up to that many bytes). Any other object is the request body itself; a string is the raw
/// body text; any other value is sent as its JSON text.
struct PushRequestEntry: Sendable {
    /// Position in `pushes:`.
    var index: Int
    /// The receiver's clock when it arrives, epoch ms.
    var at: Int64
    /// The receiver restarts here instead (P11).
    var restart: Bool
    var method: String
    var path: String
    var contentType: String?
    /// The body text as sent.
    var body: String

    static let envelopeKeys: Set<String> = ["body", "restart", "at", "path", "method", "contentType", "repeat", "padTo"]

    /// Reads `pushes:`; a malformed entry is a message naming it.
    static func parse(_ value: JSONValue, start: Int64, zone: Zone) -> Result<[PushRequestEntry], PushEntryError> {
        guard case .array(let items) = value else {
            return .failure(PushEntryError("'pushes' is a list of push request bodies (objects or raw strings) or envelopes { at, body, path, … }"))
        }
        var entries: [PushRequestEntry] = []
        var clock = start
        for (index, item) in items.enumerated() {
            func bad(_ message: String) -> Result<[PushRequestEntry], PushEntryError> {
                .failure(PushEntryError("pushes[\(index)]: \(message)"))
            }
            var entry = PushRequestEntry(index: index, at: clock, restart: false, method: "POST", path: PushPath.production.rawValue,
                                         contentType: "application/json", body: "")
            guard case .object(let object) = item, object["body"] != nil || object["restart"] != nil else {
                entry.body = item.stringValue ?? item.serialized()
                entries.append(entry)
                continue
            }
            for key in object.keys where !envelopeKeys.contains(key) {
                return bad("unknown envelope key '\(key)'; an envelope has \(envelopeKeys.sorted().joined(separator: ", "))")
            }
            if let at = object["at"] {
                guard let time = time(at, start: start, zone: zone) else {
                    return bad("'at' is +DURATION after now (+90s, +10m, +2h), an ISO 8601 date-time or epoch milliseconds; got \(at.serialized())")
                }
                entry.at = time
                clock = time
            }
            if let restart = object["restart"] {
                guard restart == .bool(true), object["body"] == nil else {
                    return bad("'restart: true' stands alone (with an optional 'at')")
                }
                entry.restart = true
                entries.append(entry)
                continue
            }
            for key in ["method", "path"] where object[key] != nil {
                guard let text = object[key]?.stringValue, !text.isEmpty else { return bad("'\(key)' is a string") }
                if key == "method" { entry.method = text } else { entry.path = text }
            }
            switch object["contentType"] {
            case nil: break
            case .null?: entry.contentType = nil
            case .string(let text)?: entry.contentType = text
            default: return bad("'contentType' is a string, or null for no Content-Type header")
            }
            let body = object["body"]!
            entry.body = body.stringValue ?? body.serialized()
            if let repeats = object["repeat"] {
                guard case .object(let markers) = repeats else { return bad("'repeat' is a map { MARKER: [text, count] }") }
                for marker in markers.keys {
                    guard let pair = markers[marker]?.arrayValue, pair.count == 2, let text = pair[0].stringValue,
                        let count = pair[1].doubleValue, count >= 0, count <= 1_000_000, count == count.rounded(), !marker.isEmpty
                    else { return bad("repeat.\(marker) is [text, count] with a whole count up to 1000000") }
                    guard entry.body.contains(marker) else { return bad("repeat: the body does not contain '\(marker)'") }
                    entry.body = entry.body.replacing(marker, with: String(repeating: text, count: Int(count)))
                }
            }
            if let pad = object["padTo"] {
                let size = entry.body.utf8.count
                guard let bytes = pad.doubleValue, bytes == bytes.rounded(), bytes >= Double(size), bytes <= 16_777_216 else {
                    return bad("'padTo' is a byte count at least the body's own size (\(size)) and at most 16 MiB")
                }
                entry.body += String(repeating: " ", count: Int(bytes) - size)
            }
            entries.append(entry)
        }
        return .success(entries)
    }

    /// `+90s`-style offsets from `start`, ISO 8601 date-times, or epoch milliseconds.
    static func time(_ value: JSONValue, start: Int64, zone: Zone) -> Int64? {
        switch value {
        case .number(let ms) where ms == ms.rounded() && ms.magnitude < 9e15:
            return Int64(ms)
        case .string(let text) where text.hasPrefix("+"):
            return DurationText.milliseconds(text.dropFirst()).flatMap { DurationText.adding($0, to: start) }
        case .string(let text):
            return try? ISO8601.parse(text, defaultZone: zone)
        default:
            return nil
        }
    }
}

/// A `pushes:` list that cannot be read.
struct PushEntryError: KindedError, Sendable {
    /// A fixture's list that does not have the documented form: malformed input.
    var errorKind: ErrorKind { .input(.malformed) }
    var message: String
    init(_ message: String) { self.message = message }
}
