import JSONKit

/// What a push does to the Live Activity (P2 `type`; APNs `aps.event`).
public enum PushType: String, Sendable, Hashable, CaseIterable {
    /// Starts an activity (push-to-start, iOS 17.2 or later).
    case start
    /// Replaces the active activity's variables.
    case update
    /// Ends the active activity, optionally with final variables.
    case end
}

/// The `sound_mode` field (P2, P5).
public enum SoundMode: String, Sendable, Hashable, CaseIterable {
    /// The app's built-in sound, `push_click.caf`, or the file named by `sound`.
    case custom
    /// The system's default alert sound.
    case system
    /// No sound.
    case silent
}

/// The path a push came through (P12): both behave the same; every stored push records which.
public enum PushPath: String, Sendable, Hashable, CaseIterable {
    /// `POST /api/push`.
    case production = "/api/push"
    /// `POST /api/sandbox/push`.
    case sandbox = "/api/sandbox/push"

    /// `production` or `sandbox`.
    public var environment: String { self == .production ? "production" : "sandbox" }
}

/// The `content_state` object: the variables the activity renders (P3, L5).
public struct ContentState: Sendable, Hashable {
    /// `isLoading`, or `nil` when the request left it out (it then travels as `false`).
    public var isLoading: Bool?
    /// `data`: a JSON object encoded as a string, or `nil` when left out.
    public var data: String?

    /// Creates a content state.
    public init(isLoading: Bool? = nil, data: String? = nil) {
        self.isLoading = isLoading
        self.data = data
    }

    /// The content state with `data` encoded from variables, compact and with sorted keys.
    public init(isLoading: Bool? = false, variables: JSONObject) {
        self.init(isLoading: isLoading, data: JSONValue.object(variables).serialized())
    }

    /// The request's JSON form: `{"isLoading": …, "data": "…"}` with only the fields given.
    public var json: JSONValue {
        var object: JSONObject = [:]
        if let isLoading { object["isLoading"] = .bool(isLoading) }
        if let data { object["data"] = .string(data) }
        return .object(object)
    }
}

/// One push request as a server sends it (P2). Field names follow the wire format.
public struct PushRequest: Sendable, Hashable {
    /// `user_id`: the Push ID the app shows.
    public var userID: String
    /// `widget_id`: the Live Activity widget.
    public var widgetID: String
    /// `type`: start, update or end.
    public var type: PushType
    /// `content_state`, or `nil` when left out.
    public var contentState: ContentState?
    /// `alert_title` (start only, P4).
    public var alertTitle: String?
    /// `alert_body` (start only, P4).
    public var alertBody: String?
    /// `sound_mode`.
    public var soundMode: SoundMode?
    /// `sound`: the legacy sound file name.
    public var sound: String?
    /// `silent`: the legacy "no sound" switch; `true` wins over everything (P5).
    public var silent: Bool?
    /// `timestamp`: when the data was made, epoch seconds.
    public var timestamp: Int64
    /// `nonce`: a string that is different for every request.
    public var nonce: String
    /// Members the contract does not know, kept as sent (they give `unknown-field` warnings).
    public var extraFields: JSONObject

    /// Creates a request.
    public init(
        userID: String, widgetID: String, type: PushType, contentState: ContentState? = nil,
        alertTitle: String? = nil, alertBody: String? = nil, soundMode: SoundMode? = nil,
        sound: String? = nil, silent: Bool? = nil, timestamp: Int64, nonce: String,
        extraFields: JSONObject = [:]
    ) {
        self.userID = userID
        self.widgetID = widgetID
        self.type = type
        self.contentState = contentState
        self.alertTitle = alertTitle
        self.alertBody = alertBody
        self.soundMode = soundMode
        self.sound = sound
        self.silent = silent
        self.timestamp = timestamp
        self.nonce = nonce
        self.extraFields = extraFields
    }

    /// The request body as JSON (only the fields that are set).
    public var json: JSONValue {
        var object = extraFields
        object["user_id"] = .string(userID)
        object["widget_id"] = .string(widgetID)
        object["type"] = .string(type.rawValue)
        if let contentState { object["content_state"] = contentState.json }
        if let alertTitle { object["alert_title"] = .string(alertTitle) }
        if let alertBody { object["alert_body"] = .string(alertBody) }
        if let soundMode { object["sound_mode"] = .string(soundMode.rawValue) }
        if let sound { object["sound"] = .string(sound) }
        if let silent { object["silent"] = .bool(silent) }
        object["timestamp"] = .number(Double(timestamp))
        object["nonce"] = .string(nonce)
        return .object(object)
    }

    /// The request body in the field order of the product documentation, two-space
    /// indented, as the app's "copy push curl" menu lays it out.
    public func bodyText() -> String {
        var members: [(String, JSONValue)] = [
            ("user_id", .string(userID)), ("widget_id", .string(widgetID)), ("type", .string(type.rawValue)),
        ]
        if let soundMode { members.append(("sound_mode", .string(soundMode.rawValue))) }
        if let sound { members.append(("sound", .string(sound))) }
        if let silent { members.append(("silent", .bool(silent))) }
        if let contentState { members.append(("content_state", contentState.json)) }
        if let alertTitle { members.append(("alert_title", .string(alertTitle))) }
        if let alertBody { members.append(("alert_body", .string(alertBody))) }
        for (key, value) in extraFields { members.append((key, value)) }
        members.append(("timestamp", .number(Double(timestamp))))
        members.append(("nonce", .string(nonce)))
        var text = "{\n"
        for (index, (key, value)) in members.enumerated() {
            let rendered = value.serialized(pretty: true).split(separator: "\n", omittingEmptySubsequences: false)
                .joined(separator: "\n  ")
            text += "  " + JSONValue.quote(key) + ": " + rendered + (index == members.count - 1 ? "\n" : ",\n")
        }
        return text + "}"
    }
}
