import JSONKit

/// The APNs Live Activity payload a request maps to (anchors B): `aps.event`,
/// `aps.timestamp`, `aps.content-state`, and an `alert` with its sound.
public struct APNsPayload: Sendable, Hashable {
    /// The whole payload, `{"aps": {…}}`.
    public var json: JSONValue
    /// `aps.content-state` as it travels to the device, compact, keys sorted; `nil` for an
    /// `end` without content.
    public var contentStateText: String?

    /// The limit on the encoded content state and on the whole payload, bytes (P9).
    public static let byteLimit = 4096

    /// UTF-8 bytes of the content state as it travels, escaping included (P9).
    public var contentStateBytes: Int { contentStateText?.utf8.count ?? 0 }
    /// The whole payload as compact JSON text.
    public var text: String
    /// UTF-8 bytes of the whole compact payload.
    public var totalBytes: Int { text.utf8.count }

    /// Builds the payload of a request with its resolved sound.
    ///
    /// - `type` → `aps.event`; `timestamp` → `aps.timestamp`.
    /// - `content_state` → `aps.content-state` `{"data": "…", "isLoading": false}`: `data`
    ///   stays a string, so its quotes are escaped again on the way (that is what P9 counts).
    /// - `start` always carries an alert (Apple requires one): `alert_title`/`alert_body`
    ///   (empty when not given) and the sound. `update`/`end` carry `alert.sound` only when
    ///   the sound is not silent. A silent push has no `sound` key.
    /// - `start` also names the attributes (`attributes-type`, `attributes.widget_id`).
    public init(request: PushRequest, sound: ResolvedSound) {
        var aps: JSONObject = [
            "event": .string(request.type.rawValue),
            "timestamp": .number(Double(request.timestamp)),
        ]
        var contentStateText: String?
        if let state = request.contentState, state.data != nil || request.type != .end {
            let contentState: JSONValue = [
                "isLoading": .bool(state.isLoading ?? false), "data": .string(state.data ?? "{}"),
            ]
            aps["content-state"] = contentState
            contentStateText = contentState.serialized()
        }
        var alert: JSONObject = [:]
        if request.type == .start {
            alert["title"] = .string(request.alertTitle ?? "")
            alert["body"] = .string(request.alertBody ?? "")
            aps["attributes-type"] = "OmniLiveActivityAttributes"
            aps["attributes"] = ["widget_id": .string(request.widgetID)]
        }
        if let name = sound.apnsSound { alert["sound"] = .string(name) }
        if !alert.isEmpty { aps["alert"] = .object(alert) }
        self.json = ["aps": .object(aps)]
        self.text = json.serialized()
        self.contentStateText = contentStateText
    }
}
