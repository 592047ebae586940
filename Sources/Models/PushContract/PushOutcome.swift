import JSONKit

/// What became of one push request: the response body (P10) and what to store.
public struct PushOutcome: Sendable, Hashable {
    /// `accepted`, `ignored` (acknowledged, changes nothing: `stale-timestamp`) or `refused`.
    public enum Status: String, Sendable, Hashable {
        case accepted, ignored, refused
    }

    public var status: Status
    /// The reason code, `nil` when accepted.
    public var reason: PushReason?
    /// The field a refusal is about.
    public var field: String?
    /// One sentence for people.
    public var message: String
    public var warnings: [PushWarning]
    /// The request, when it got past validation.
    public var push: ValidatedPush?
    public var path: PushPath
    /// The activity after the request (unchanged when refused or ignored), if the widget has one.
    public var activity: ActivityRecord?
    /// When the receiver got it, epoch ms.
    public var receivedAt: Int64

    public init(status: Status, reason: PushReason?, field: String? = nil, message: String, warnings: [PushWarning] = [],
                push: ValidatedPush?, path: PushPath, activity: ActivityRecord?, receivedAt: Int64) {
        self.status = status
        self.reason = reason
        self.field = field
        self.message = message
        self.warnings = warnings
        self.push = push
        self.path = path
        self.activity = activity
        self.receivedAt = receivedAt
    }

    /// A refusal before or during validation.
    public static func refused(_ refusal: PushRefusal, push: ValidatedPush? = nil, path: PushPath,
                               activity: ActivityRecord? = nil, receivedAt: Int64) -> PushOutcome {
        PushOutcome(status: .refused, reason: refusal.reason, field: refusal.field, message: refusal.message,
                    warnings: push?.warnings ?? [], push: push, path: path, activity: activity, receivedAt: receivedAt)
    }

    /// Acknowledged: accepted or ignored. Only these are stored, and only their nonces count (P6, P11).
    public var isAcknowledged: Bool { status != .refused }

    /// HTTP 200 for accepted and ignored; the reason's status for a refusal.
    public var httpStatus: Int { status == .refused ? (reason?.httpStatus ?? 400) : 200 }

    /// The response body (P10): `ok`, `status`, `reason`, `message`, `warnings`, `sound`,
    /// `activity`, plus `field`, `type`, `nonce`, `path`, `environment`, `payload`, `received_at`.
    public func json(rules: PushRules) -> JSONValue {
        var object: JSONObject = [
            "ok": .bool(isAcknowledged), "status": .string(status.rawValue),
            "reason": reason.map { .string($0.rawValue) } ?? .null,
            "field": field.map(JSONValue.string) ?? .null,
            "message": .string(message),
            "warnings": .array(warnings.map { warning in
                .object(["code": .string(warning.code.rawValue), "field": warning.field.map(JSONValue.string) ?? .null,
                         "message": .string(warning.message)])
            }),
            "sound": push.map { $0.sound.json } ?? .null,
            "activity": activity.map { $0.json(at: receivedAt, rules: rules) } ?? .null,
            "path": .string(path.rawValue), "environment": .string(path.environment),
            "type": push.map { .string($0.request.type.rawValue) } ?? .null,
            "nonce": push.map { .string($0.request.nonce) } ?? .null,
            "payload": push.map { $0.payload.json } ?? .null,
            "received_at": .string(UTCTime.format(epochMs: receivedAt)),
        ]
        if push == nil { object["sound"] = .null }
        return .object(object)
    }
}
