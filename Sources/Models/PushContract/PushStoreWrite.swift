import JSONKit

/// What a receiver stores for one push before it answers (P11, P12): nothing for a refused
/// push; for an acknowledged one (accepted or ignored) a row of the push log with the path
/// it came through, its nonce (so a replay is refused after a restart), and — when it was
/// accepted — the activity as it now stands. The receiver's SQLite store writes exactly
/// this; the conformance runner keeps it in memory.
public struct PushStoreWrite: Sendable, Hashable {
    /// When the receiver got it, epoch ms.
    public var receivedAt: Int64
    /// The path it came through (P12).
    public var path: PushPath
    public var userID: String
    public var widgetID: String
    public var type: PushType
    /// The request's `timestamp`, epoch seconds.
    public var timestamp: Int64
    public var nonce: String
    /// `accepted` or `ignored`.
    public var status: PushOutcome.Status
    /// `stale-timestamp` for an ignored push, else `nil`.
    public var reason: PushReason?
    /// The number of the widget's activity the push was about, if it had one.
    public var activityNumber: Int?
    /// The APNs payload, compact JSON text.
    public var payload: String
    /// The activity to save: set only when the push was accepted.
    public var activity: ActivityRecord?

    /// The nonce as the replay check keys it.
    public var nonceKey: PushLedger.NonceKey { PushLedger.NonceKey(userID: userID, nonce: nonce) }

    /// The stored row as JSON (`received_at`, `path`, `environment`, `user_id`, `widget_id`,
    /// `type`, `timestamp`, `nonce`, `status`, `reason`, `activity_number`).
    public var json: JSONValue {
        [
            "received_at": .string(UTCTime.format(epochMs: receivedAt)), "path": .string(path.rawValue),
            "environment": .string(path.environment), "user_id": .string(userID), "widget_id": .string(widgetID),
            "type": .string(type.rawValue), "timestamp": .number(Double(timestamp)), "nonce": .string(nonce),
            "status": .string(status.rawValue), "reason": reason.map { .string($0.rawValue) } ?? .null,
            "activity_number": activityNumber.map { .number(Double($0)) } ?? .null,
        ]
    }
}

extension PushOutcome {
    /// What the receiver must store before answering; `nil` for a refusal (nothing is stored,
    /// and the nonce stays unused).
    public var storeWrite: PushStoreWrite? {
        guard isAcknowledged, let push else { return nil }
        let request = push.request
        return PushStoreWrite(
            receivedAt: receivedAt, path: path, userID: request.userID, widgetID: request.widgetID, type: request.type,
            timestamp: request.timestamp, nonce: request.nonce, status: status, reason: reason,
            activityNumber: activity?.number, payload: push.payload.text,
            activity: status == .accepted ? activity : nil)
    }
}
