import JSONKit

/// The receiver's state as pure values: accepted nonces and each widget's latest activity.
///
/// `receive` decides a push against the registry (P8), the replay window and nonces (P6),
/// the activity's state (L4) and ordering (P7), and updates the ledger when the push is
/// acknowledged. The receiver keeps one ledger in its single writer and stores what each
/// acknowledged push changed in the same transaction; tests use it directly.
public struct PushLedger: Sendable {
    public var rules: PushRules
    public var registry: PushRegistry
    public private(set) var activities: [ActivityKey: ActivityRecord]
    /// Accepted nonces per Push ID, with the push's timestamp (seconds).
    public private(set) var nonces: [NonceKey: Int64]

    /// A nonce of one Push ID. Two keys are equal when their UTF-8 bytes are, as in the
    /// store: Swift's `==` would call `"é"` and `"e\u{301}"` the same nonce and refuse
    /// the second as a replay (P6 never merges different nonces).
    public struct NonceKey: Sendable, Hashable {
        public var userID: String
        public var nonce: String
        public init(userID: String, nonce: String) {
            self.userID = userID
            self.nonce = nonce
        }

        public static func == (left: NonceKey, right: NonceKey) -> Bool {
            left.userID.utf8.elementsEqual(right.userID.utf8) && left.nonce.utf8.elementsEqual(right.nonce.utf8)
        }

        public func hash(into hasher: inout Hasher) {
            for byte in userID.utf8 { hasher.combine(byte) }
            hasher.combine(0xFF as UInt8)  // never in UTF-8: separates the two parts
            for byte in nonce.utf8 { hasher.combine(byte) }
        }
    }

    public init(rules: PushRules = PushRules(), registry: PushRegistry, activities: [ActivityRecord] = [],
                nonces: [(NonceKey, Int64)] = []) {
        self.rules = rules
        self.registry = registry
        self.activities = Dictionary(activities.map { ($0.key, $0) }, uniquingKeysWith: { $1 })
        self.nonces = Dictionary(nonces, uniquingKeysWith: { $1 })
    }

    /// Activities the registry says the app started on the device (`active_on_device`),
    /// created at `now` for widgets that have none yet. Returns the new records.
    public mutating func addDeviceActivities(now: Int64) -> [ActivityRecord] {
        var added: [ActivityRecord] = []
        for user in registry.users {
            for widget in user.widgets where widget.kind == "live" && widget.activeOnDevice {
                let key = ActivityKey(userID: user.pushID, widgetID: widget.id)
                guard activities[key] == nil else { continue }
                let record = ActivityRecord(key: key, number: 1, startedBy: .device, startedAt: now, content: [:],
                                            isLoading: false, lastTimestamp: 0)
                activities[key] = record
                added.append(record)
            }
        }
        return added
    }

    /// The widget's latest activity with expiry applied at `now`.
    public func activity(_ key: ActivityKey, at now: Int64) -> ActivityRecord? {
        activities[key]?.settled(at: now, rules: rules)
    }

    /// Whether this Push ID already used this nonce.
    public func hasNonce(userID: String, nonce: String) -> Bool {
        nonces[NonceKey(userID: userID, nonce: nonce)] != nil
    }

    /// Validates and decides a request body.
    public mutating func receive(body: some Collection<UInt8>, path: PushPath, now: Int64) -> PushOutcome {
        do {
            let push = try PushContract.validate(body: body, rules: rules)
            return receive(push, path: path, now: now)
        } catch {
            return .refused(error, path: path, receivedAt: now)
        }
    }

    /// Decides a validated push at receiver time `now` (epoch ms) and applies it when acknowledged.
    public mutating func receive(_ push: ValidatedPush, path: PushPath, now: Int64) -> PushOutcome {
        let request = push.request
        let key = ActivityKey(userID: request.userID, widgetID: request.widgetID)
        let current = activity(key, at: now)
        func refuse(_ refusal: PushRefusal) -> PushOutcome {
            .refused(refusal, push: push, path: path, activity: current, receivedAt: now)
        }
        if let refusal = registry.check(request) { return refuse(refusal) }
        let nowSeconds = now >= 0 ? now / 1000 : (now - 999) / 1000
        let skew = request.timestamp - nowSeconds
        if skew.magnitude > UInt64(rules.windowSeconds) {
            let direction = skew < 0 ? "behind" : "ahead of"
            return refuse(PushRefusal(.timestampOutOfWindow, field: "timestamp",
                "timestamp \(request.timestamp) (\(UTCTime.format(epochMs: request.timestamp * 1000))) is \(skew.magnitude) s \(direction) the receiver's clock (\(UTCTime.format(epochMs: now))); it must be within \(rules.windowSeconds) s. Send the current time in seconds and check the sender's clock."))
        }
        let nonceKey = NonceKey(userID: request.userID, nonce: request.nonce)
        if let seen = nonces[nonceKey] {
            return refuse(PushRefusal(.duplicateNonce, field: "nonce",
                "nonce \(JSONValue.quote(request.nonce)) was already accepted for this Push ID (push timestamp \(seen)); a replay is refused. Use a fresh random nonce for every request."))
        }
        var warnings = push.warnings
        var record: ActivityRecord
        let message: String
        switch request.type {
        case .start:
            if let current, current.endedAt == nil {
                return refuse(PushRefusal(.activityAlreadyActive, field: "type",
                    "widget \(JSONValue.quote(request.widgetID)) already has an active Live Activity (#\(current.number), started \(UTCTime.format(epochMs: current.startedAt))); send update to change it, or end it first."))
            }
            record = ActivityRecord(key: key, number: (current?.number ?? 0) + 1, startedBy: .push, startedAt: now,
                                    content: push.variables ?? [:], isLoading: request.contentState?.isLoading ?? false,
                                    lastTimestamp: request.timestamp)
            message = "Started Live Activity #\(record.number) of widget \(JSONValue.quote(request.widgetID)) with \(count(record.content))."
        case .update, .end:
            guard let current, current.endedAt == nil else {
                let why = current.map { record -> String in
                    let ended = record.ending == .expired ? "expired" : "ended"
                    return "its last one (#\(record.number)) \(ended) at \(UTCTime.format(epochMs: record.endedAt ?? now))"
                } ?? "none was started"
                return refuse(PushRefusal(.noActiveActivity, field: "type",
                    "No Live Activity is active for widget \(JSONValue.quote(request.widgetID)): \(why). Send a push start first (iOS 17.2+), or start it in the app."))
            }
            if request.timestamp < current.lastTimestamp {
                nonces[nonceKey] = request.timestamp
                return PushOutcome(status: .ignored, reason: .staleTimestamp, field: "timestamp",
                    message: "timestamp \(request.timestamp) is older than the last accepted push for this activity (\(current.lastTimestamp)); iOS ignores it, so nothing changed. Send the time the data was made, in seconds.",
                    warnings: warnings, push: push, path: path, activity: current, receivedAt: now)
            }
            record = current
            record.lastTimestamp = request.timestamp
            if let variables = push.variables {
                record.content = variables
                record.isLoading = request.contentState?.isLoading ?? false
                record.updateCount += 1
            }
            if request.type == .update {
                if current.startedBy == .push, now - current.startedAt < rules.updateReadyMs {
                    warnings.append(PushWarning(.updateTooSoon, field: "type",
                        "This update came \(now - current.startedAt) ms after the push start; iOS sets up the update channel asynchronously, so wait about \(rules.updateReadyMs / 1000) s after a start before the first update."))
                }
                message = "Updated Live Activity #\(record.number) of widget \(JSONValue.quote(request.widgetID)) with \(count(record.content))."
            } else {
                record.endedAt = now
                record.ending = .push
                message = "Ended Live Activity #\(record.number) of widget \(JSONValue.quote(request.widgetID)); it stays visible until \(UTCTime.format(epochMs: now + rules.dismissalMs))."
            }
        }
        record.lastNonce = request.nonce
        record.lastPath = path
        activities[key] = record
        nonces[nonceKey] = request.timestamp
        return PushOutcome(status: .accepted, reason: nil, message: message, warnings: warnings, push: push,
                           path: path, activity: record, receivedAt: now)
    }

    /// Forgets nonces whose push timestamp is older than the window before `now`: a replay
    /// of them is refused as `timestamp-out-of-window` anyway. Returns the cutoff (seconds).
    @discardableResult
    public mutating func pruneNonces(now: Int64) -> Int64 {
        let cutoff = now / 1000 - rules.windowSeconds - 1
        nonces = nonces.filter { $0.value >= cutoff }
        return cutoff
    }

    /// All activities at `now`, sorted by Push ID and widget.
    public func snapshot(at now: Int64) -> [ActivityRecord] {
        activities.keys.sorted().map { activities[$0]!.settled(at: now, rules: rules) }
    }

    private func count(_ variables: JSONObject) -> String {
        variables.count == 1 ? "1 variable" : "\(variables.count) variables"
    }
}
