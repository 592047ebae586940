import JSONKit

/// The life-cycle state of a Live Activity at some moment (L1).
public enum ActivityStatus: String, Sendable, Hashable, CaseIterable {
    case active, ended, dismissed
}

/// Identifies one widget's activities: a Push ID and a widget id.
public struct ActivityKey: Sendable, Hashable, Comparable {
    public var userID: String
    public var widgetID: String
    public init(userID: String, widgetID: String) {
        self.userID = userID
        self.widgetID = widgetID
    }
    public static func < (a: ActivityKey, b: ActivityKey) -> Bool {
        (a.userID, a.widgetID) < (b.userID, b.widgetID)
    }
}

/// The latest Live Activity of one widget, as pushes have shaped it.
public struct ActivityRecord: Sendable, Hashable {
    /// Who started it.
    public enum StartedBy: String, Sendable, Hashable {
        /// A push `start`.
        case push
        /// The app on the device (the registry says one is active there).
        case device
    }
    /// How it ended (L3).
    public enum Ending: String, Sendable, Hashable {
        /// A push `end`.
        case push
        /// 8 hours after it started.
        case expired
    }

    public var key: ActivityKey
    /// 1-based count of this widget's activities.
    public var number: Int
    public var startedBy: StartedBy
    /// When it started, epoch ms on the receiver's clock.
    public var startedAt: Int64
    /// When it ended, epoch ms, or `nil` while active.
    public var endedAt: Int64?
    public var ending: Ending?
    /// Its variables: the last pushed `content_state.data`.
    public var content: JSONObject
    /// The last pushed `content_state.isLoading`.
    public var isLoading: Bool
    /// The `timestamp` of the last accepted push, epoch seconds (P7).
    public var lastTimestamp: Int64
    /// How many times pushes replaced its content after the start.
    public var updateCount: Int
    /// The nonce and path of the last accepted push.
    public var lastNonce: String?
    public var lastPath: PushPath?

    public init(key: ActivityKey, number: Int, startedBy: StartedBy, startedAt: Int64, endedAt: Int64? = nil,
                ending: Ending? = nil, content: JSONObject, isLoading: Bool, lastTimestamp: Int64,
                updateCount: Int = 0, lastNonce: String? = nil, lastPath: PushPath? = nil) {
        self.key = key
        self.number = number
        self.startedBy = startedBy
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.ending = ending
        self.content = content
        self.isLoading = isLoading
        self.lastTimestamp = lastTimestamp
        self.updateCount = updateCount
        self.lastNonce = lastNonce
        self.lastPath = lastPath
    }

    /// The record with the 8-hour expiry applied at `now` (L3).
    public func settled(at now: Int64, rules: PushRules) -> ActivityRecord {
        var copy = self
        if endedAt == nil, now >= startedAt + rules.lifetimeMs {
            copy.endedAt = startedAt + rules.lifetimeMs
            copy.ending = .expired
        }
        return copy
    }

    /// When it is dismissed: 4 hours after it ended (L3).
    public func dismissedAt(rules: PushRules) -> Int64? { endedAt.map { $0 + rules.dismissalMs } }

    /// Its state at `now`.
    public func status(at now: Int64, rules: PushRules) -> ActivityStatus {
        let settled = settled(at: now, rules: rules)
        guard let ended = settled.endedAt else { return .active }
        return now >= ended + rules.dismissalMs ? .dismissed : .ended
    }

    /// The JSON the receiver shows (`GET /api/activities`, and in every response).
    public func json(at now: Int64, rules: PushRules) -> JSONValue {
        let settled = settled(at: now, rules: rules)
        func time(_ ms: Int64?) -> JSONValue { ms.map { .string(UTCTime.format(epochMs: $0)) } ?? .null }
        return .object([
            "user_id": .string(key.userID), "widget_id": .string(key.widgetID), "number": .number(Double(number)),
            "state": .string(status(at: now, rules: rules).rawValue), "started_by": .string(startedBy.rawValue),
            "started_at": time(startedAt), "ended_at": time(settled.endedAt),
            "ending": settled.ending.map { .string($0.rawValue) } ?? .null,
            "expires_at": settled.endedAt == nil ? time(startedAt + rules.lifetimeMs) : .null,
            "dismissed_at": time(settled.dismissedAt(rules: rules)),
            "content": .object(content), "is_loading": .bool(isLoading),
            "last_timestamp": .number(Double(lastTimestamp)), "updates": .number(Double(updateCount)),
            "last_nonce": lastNonce.map(JSONValue.string) ?? .null,
            "last_path": lastPath.map { .string($0.rawValue) } ?? .null,
        ])
    }
}
