import JSONKit

/// A request that passed the checks that need no state (P1–P5, P6 units, P9).
public struct ValidatedPush: Sendable, Hashable {
    /// The request as read.
    public var request: PushRequest
    /// `content_state.data` decoded: the variables (L5); `nil` when not given.
    public var variables: JSONObject?
    /// Warnings so far (`unknown-field`, `alert-ignored`, `sound-conflict`…).
    public var warnings: [PushWarning]
    /// The resolved sound (P5).
    public var sound: ResolvedSound
    /// The APNs-equivalent payload.
    public var payload: APNsPayload
}

/// The push request contract: pure functions shared by the CLI, the receiver and tests.
public enum PushContract {
    /// The fields the contract knows (P2).
    public static let knownFields: Set<String> = [
        "user_id", "widget_id", "type", "content_state", "alert_title", "alert_body",
        "sound_mode", "sound", "silent", "timestamp", "nonce",
    ]

    /// Validates a request body (P1 JSON and object, then as ``validate(json:rules:)``).
    public static func validate(body: some Collection<UInt8>, rules: PushRules = PushRules()) throws(PushRefusal)
        -> ValidatedPush
    {
        if body.count > rules.bodyLimit {
            throw PushHTTP.bodyTooLarge(body.count, limit: rules.bodyLimit)
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes: body, maxDepth: 64, loneSurrogates: .reject)
        } catch {
            if let path = error.loneSurrogatePath { throw loneSurrogate(in: path, error) }
            let empty = body.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
            throw PushRefusal(.malformedJSON, empty
                ? "The body is empty: send one JSON object with user_id, widget_id, type, timestamp and nonce."
                : "The body is not valid JSON (line \(error.line), column \(error.column): \(error.message)). Send one JSON object.")
        }
        return try validate(json: value, rules: rules)
    }

    /// Validates a parsed body: field presence and JSON types (P2), `content_state` (P3),
    /// alerts (P4), sound (P5), the timestamp's unit (P6) and the encoded size (P9).
    /// Fields are checked in the documented order and the first problem is reported.
    public static func validate(json value: JSONValue, rules: PushRules = PushRules()) throws(PushRefusal)
        -> ValidatedPush
    {
        guard case .object(let object) = value else {
            throw PushRefusal(.malformedJSON,
                "The body is a JSON \(value.typeName), not an object. Send one object such as {\"user_id\": …, \"widget_id\": …, \"type\": \"start\", …}.")
        }
        let fields = FieldReader(object: object)
        let userID = try fields.requiredString("user_id", what: "the Push ID the app shows")
        let widgetID = try fields.requiredString("widget_id", what: "the Live Activity widget's ID")
        let typeText = try fields.requiredString("type", what: "\"start\", \"update\" or \"end\"")
        guard let type = PushType(rawValue: typeText) else {
            throw PushRefusal(.invalidValue, field: "type",
                "type must be \"start\", \"update\" or \"end\"; got \(describe(.string(typeText))).")
        }
        let timestamp = try fields.timestamp()
        let nonce = try fields.requiredString("nonce", what: "a random string that differs for every request")
        let nonceLength = nonce.unicodeScalars.count
        if nonceLength > rules.nonceMaxLength {
            throw PushRefusal(.invalidValue, field: "nonce",
                "nonce is \(nonceLength) characters long; use at most \(rules.nonceMaxLength) (a UUID or 16 random hex digits is plenty).")
        }
        var warnings: [PushWarning] = []
        let (contentState, variables) = try fields.contentState(type: type, warnings: &warnings)
        let alertTitle = try fields.optionalString("alert_title")
        let alertBody = try fields.optionalString("alert_body")
        var soundMode: SoundMode?
        if let text = try fields.optionalString("sound_mode") {
            guard let mode = SoundMode(rawValue: text) else {
                throw PushRefusal(.invalidValue, field: "sound_mode",
                    "sound_mode must be \"custom\", \"system\" or \"silent\"; got \(describe(.string(text))).")
            }
            soundMode = mode
        }
        let sound = try fields.optionalString("sound", nonEmpty: true)
        let silent = try fields.optionalBool("silent")

        if type != .start {
            for field in ["alert_title", "alert_body"] where object[field].map({ !$0.isNull }) ?? false {
                warnings.append(PushWarning(.alertIgnored, field: field,
                    "\(field) belongs to a push start; on \(type.rawValue) it is ignored. Leave it out."))
            }
        }
        var extra: JSONObject = [:]
        for (key, value) in object where !knownFields.contains(key) {
            extra[key] = value
            warnings.append(PushWarning(.unknownField, field: key,
                "\(JSONValue.quote(key)) is not a push field; it is ignored. Check the spelling against user_id, widget_id, type, content_state, alert_title, alert_body, sound_mode, sound, silent, timestamp, nonce."))
        }
        let request = PushRequest(
            userID: userID, widgetID: widgetID, type: type, contentState: contentState,
            alertTitle: alertTitle, alertBody: alertBody, soundMode: soundMode, sound: sound, silent: silent,
            timestamp: timestamp, nonce: nonce, extraFields: extra)
        let resolved = ResolvedSound.resolve(soundMode: soundMode, sound: sound, silent: silent)
        warnings += resolved.warnings
        let payload = APNsPayload(request: request, sound: resolved.sound)
        if payload.contentStateBytes > rules.contentStateLimit {
            throw PushRefusal(.payloadTooLarge, field: "content_state",
                "content_state is \(payload.contentStateBytes) bytes as it travels to the device (data is a string inside JSON, so its quotes and backslashes are escaped again); the limit is \(rules.contentStateLimit). Send fewer or shorter variables.")
        }
        if payload.totalBytes > APNsPayload.byteLimit {
            warnings.append(PushWarning(.apnsPayloadTooLarge, field: "content_state",
                "The whole APNs payload is \(payload.totalBytes) bytes, above Apple's \(APNsPayload.byteLimit); APNs would refuse it. Shorten the alert or the variables."))
        }
        return ValidatedPush(request: request, variables: variables, warnings: warnings,
                             sound: resolved.sound, payload: payload)
    }

    /// The refusal of a string holding a lone surrogate escape: it is not Unicode text, and
    /// storing it as U+FFFD would make different strings (two nonces) one (P2).
    static func loneSurrogate(in path: String, _ error: JSONParseError) -> PushRefusal {
        // The field a refusal names: the top-level member (content_state.data for the data string).
        let field = path.hasPrefix("content_state.data") ? "content_state.data"
            : String(path.prefix { $0 != "." && $0 != "[" })
        let place = path.isEmpty ? "The body" : path
        return PushRefusal(.invalidValue, field: field.isEmpty ? nil : field,
            "\(place) holds a lone surrogate escape (line \(error.line), column \(error.column)): \(error.message). It is not Unicode text, so it could not be kept exactly; send whole characters.")
    }

    /// A short description of a JSON value for messages: `number 1.5`, `string "abc"`, `null`.
    public static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return "boolean \(b)"
        case .number: return "number \(value.serialized())"
        case .string(let s):
            let clipped = s.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(s.unicodeScalars.prefix(40))) + "…" : s
            return "string \(JSONValue.quote(clipped))"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// Reads fields of the request object with exact JSON types.
private struct FieldReader {
    let object: JSONObject

    func requiredString(_ key: String, what: String) throws(PushRefusal) -> String {
        guard let value = object[key] else {
            throw PushRefusal(.missingField, field: key, "\(key) is missing: give \(what) as a non-empty string.")
        }
        guard case .string(let text) = value else {
            throw PushRefusal(.wrongType, field: key,
                "\(key) must be a string; got \(PushContract.describe(value)). Give \(what) in quotes.")
        }
        guard !text.isEmpty else {
            throw PushRefusal(.invalidValue, field: key, "\(key) is empty: give \(what).")
        }
        return text
    }

    /// An optional string; `null` counts as absent.
    func optionalString(_ key: String, nonEmpty: Bool = false) throws(PushRefusal) -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        guard case .string(let text) = value else {
            throw PushRefusal(.wrongType, field: key, "\(key) must be a string; got \(PushContract.describe(value)).")
        }
        if nonEmpty && text.isEmpty {
            throw PushRefusal(.invalidValue, field: key, "\(key) is empty: name a sound file such as \"push_click.caf\", or leave it out.")
        }
        return text
    }

    /// An optional Boolean; `null` counts as absent.
    func optionalBool(_ key: String) throws(PushRefusal) -> Bool? {
        guard let value = object[key], !value.isNull else { return nil }
        guard case .bool(let flag) = value else {
            throw PushRefusal(.wrongType, field: key, "\(key) must be true or false; got \(PushContract.describe(value)).")
        }
        return flag
    }

    /// `timestamp`: a JSON number that is a whole number of seconds, at most 1e11.
    func timestamp() throws(PushRefusal) -> Int64 {
        guard let value = object["timestamp"] else {
            throw PushRefusal(.missingField, field: "timestamp",
                "timestamp is missing: give the current time in whole seconds since 1970, e.g. Math.floor(Date.now() / 1000).")
        }
        guard case .number(let number) = value else {
            var hint = ""
            if case .string(let text) = value, Int64(text) != nil { hint = " Send \(text) without quotes." }
            throw PushRefusal(.wrongType, field: "timestamp",
                "timestamp must be an integer number of seconds; got \(PushContract.describe(value)).\(hint)")
        }
        guard number.isFinite, number == number.rounded(.towardZero) else {
            throw PushRefusal(.wrongType, field: "timestamp",
                "timestamp must be a whole number of seconds; got \(value.serialized()). Round it down, e.g. Math.floor(Date.now() / 1000).")
        }
        if number > PushRules.millisecondThreshold {
            let seconds = number < 9e18 ? " (\(JSONValue.formatNumber((number / 1000).rounded(.down))))" : ""
            throw PushRefusal(.timestampInMilliseconds, field: "timestamp",
                "timestamp \(value.serialized()) is above 1e11, so it looks like milliseconds; send seconds: divide by 1000\(seconds).")
        }
        guard number >= 0 else {
            throw PushRefusal(.invalidValue, field: "timestamp",
                "timestamp must be the current time in seconds since 1970; got \(value.serialized()).")
        }
        return Int64(number)
    }

    /// `content_state` and its `data` (P3).
    func contentState(type: PushType, warnings: inout [PushWarning]) throws(PushRefusal)
        -> (ContentState?, JSONObject?)
    {
        let needsData = type != .end
        guard let value = object["content_state"], !value.isNull else {
            if needsData {
                throw PushRefusal(.missingField, field: "content_state.data",
                    "A push \(type.rawValue) must carry content_state.data: the variables the activity renders, as a JSON object encoded in a string, e.g. \"content_state\": {\"isLoading\": false, \"data\": \"{\\\"title\\\":\\\"…\\\"}\"}.")
            }
            return (nil, nil)
        }
        guard case .object(let members) = value else {
            throw PushRefusal(.wrongType, field: "content_state",
                "content_state must be an object such as {\"isLoading\": false, \"data\": \"{…}\"}; got \(PushContract.describe(value)).")
        }
        var isLoading: Bool?
        if let loading = members["isLoading"], !loading.isNull {
            guard case .bool(let flag) = loading else {
                throw PushRefusal(.wrongType, field: "content_state.isLoading",
                    "content_state.isLoading must be true or false; got \(PushContract.describe(loading)).")
            }
            isLoading = flag
        }
        for key in members.keys where key != "isLoading" && key != "data" {
            warnings.append(PushWarning(.unknownField, field: "content_state." + key,
                "content_state.\(key) is not a content_state field; it is ignored. Put variables inside content_state.data."))
        }
        guard let dataValue = members["data"], !dataValue.isNull else {
            if needsData {
                throw PushRefusal(.missingField, field: "content_state.data",
                    "A push \(type.rawValue) must carry content_state.data: the variables the activity renders, as a JSON object encoded in a string.")
            }
            return (ContentState(isLoading: isLoading, data: nil), nil)
        }
        switch dataValue {
        case .string(let text):
            let parsed: JSONValue
            do {
                parsed = try JSONValue.parse(text, maxDepth: 64, loneSurrogates: .reject)
            } catch {
                if error.loneSurrogatePath != nil { throw PushContract.loneSurrogate(in: "content_state.data", error) }
                throw PushRefusal(.dataNotJSONObject, field: "content_state.data",
                    "content_state.data must hold the text of a JSON object, but it is not JSON (line \(error.line), column \(error.column): \(error.message)). Encode the variables with JSON.stringify.")
            }
            guard case .object(let variables) = parsed else {
                throw PushRefusal(.dataNotJSONObject, field: "content_state.data",
                    "content_state.data must hold the text of a JSON object; it holds a JSON \(parsed.typeName). Wrap the variables in an object, e.g. \"{\\\"title\\\":\\\"…\\\"}\".")
            }
            return (ContentState(isLoading: isLoading, data: text), variables)
        case .object:
            throw PushRefusal(.dataNotString, field: "content_state.data",
                "content_state.data must be a string holding a JSON object, not the object itself: encode it with JSON.stringify, e.g. \"data\": \"{\\\"title\\\":\\\"…\\\"}\".")
        default:
            throw PushRefusal(.wrongType, field: "content_state.data",
                "content_state.data must be a string holding a JSON object; got \(PushContract.describe(dataValue)).")
        }
    }
}
