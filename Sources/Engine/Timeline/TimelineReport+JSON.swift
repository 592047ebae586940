import JSONKit
import WidgetHost

extension TimelineReport {
    /// The whole report as one JSON object (schema `widgethost.timeline/1`).
    ///
    /// Members: `schema`; the inputs `start`, `end`, `zone`, `budget`, `budgetPerDay`,
    /// `realistic`, `seed`, `live`; then `refreshes`, `events`, `summary`,
    /// `pendingRefresh` and `outputs` (the last published outputs). Times are ISO 8601
    /// strings in the report's zone; durations are milliseconds. Keys are sorted, so
    /// the same report always gives the same bytes.
    public var json: JSONValue {
        var object: JSONObject = [
            "schema": .string(Self.schema),
            "start": .string(isoTime(startMs)),
            "end": .string(isoTime(endMs)),
            "zone": .string(zoneName),
            "budget": .string(budget.name),
            "budgetPerDay": budget.refreshesPerDay.map { .number(Double($0)) } ?? .null,
            "realistic": .bool(realistic),
            "seed": .number(Double(seed)),
            "live": .bool(isLive),
            "refreshes": .array(refreshes.map(refreshJSON)),
            "events": .array(events.map { eventJSON($0, fullRefresh: false) }),
            "summary": summaryJSON,
            "pendingRefresh": pendingRefresh.map(pendingJSON) ?? .null,
            "outputs": publishedOutputs.map { .object($0) } ?? .null,
        ]
        // A HarmonyOS simulation names its edition (H8); an iOS one is as it was.
        if budget.perCalendarDay != nil { object["edition"] = .string(Edition.harmony.rawValue) }
        return .object(object)
    }

    /// One JSON object per line: a `simulation` line with the inputs, one line per event
    /// (a `refresh` line carries the whole refresh record), and a `summary` line. Every
    /// line has `type` and `at`.
    public func jsonLines() -> String {
        var lines: [JSONValue] = []
        lines.reserveCapacity(events.count + 2)
        var header = json.objectValue ?? [:]
        for key in ["refreshes", "events", "summary", "pendingRefresh", "outputs"] { header[key] = nil }
        header["type"] = "simulation"
        header["at"] = .string(isoTime(startMs))
        lines.append(.object(header))
        lines += events.map { eventJSON($0, fullRefresh: true) }
        var summary = summaryJSON.objectValue ?? [:]
        summary["type"] = "summary"
        summary["at"] = .string(isoTime(endMs))
        summary["pendingRefresh"] = pendingRefresh.map(pendingJSON) ?? .null
        lines.append(.object(summary))
        return lines.map { $0.serialized() + "\n" }.joined()
    }

    // MARK: - Pieces

    func refreshJSON(_ r: RefreshRecord) -> JSONValue {
        .object([
            "index": .number(Double(r.index)),
            "trigger": .string(r.trigger.rawValue),
            "requestReason": .string(r.requestReason.rawValue),
            "requested": .string(isoTime(r.requestedAt)),
            "granted": .string(isoTime(r.grantedAt)),
            "delayMs": .number(Double(r.delayMs)),
            "delayReasons": .array(r.delayReasons.map { .string($0.rawValue) }),
            "jitterMs": .number(Double(r.jitterMs)),
            "charged": .bool(r.charged),
            "status": .string(r.status.rawValue),
            "error": r.errorMessage.map { .string($0) } ?? .null,
            "finished": .string(isoTime(r.finishedAt)),
            "outputsChanged": .bool(r.outputsChanged),
            "budgetLeft": r.budgetLeft.map { .number(Double($0)) } ?? .null,
            "frequencyMinutes": r.frequencyMinutes.map { .number($0) } ?? .null,
            "updateTime": r.updateTimeMs.map { .string(isoTime($0)) } ?? .null,
            "controlsIgnored": .bool(r.controlsIgnored),
        ])
    }

    /// One event. A `refresh` event carries `index`, `trigger`, `status` and
    /// `outputsChanged`, or with `fullRefresh` the whole refresh record (JSON Lines, where
    /// no `refreshes` array follows).
    func eventJSON(_ e: TimelineEvent, fullRefresh: Bool) -> JSONValue {
        var o: JSONObject = ["type": .string(e.type), "at": .string(isoTime(e.at))]
        func label(_ l: String?) { if let l { o["label"] = .string(l) } }
        switch e.kind {
        case .refresh(let index):
            let r = refreshes[index]
            if fullRefresh, var record = refreshJSON(r).objectValue {
                record["type"] = o["type"]
                record["at"] = o["at"]
                o = record
            } else {
                o["index"] = .number(Double(index))
                o["trigger"] = .string(r.trigger.rawValue)
                o["status"] = .string(r.status.rawValue)
                o["outputsChanged"] = .bool(r.outputsChanged)
            }
        case .liveActivityStarted(let n, let source, let l),
             .liveActivityUpdated(let n, let source, let l),
             .liveActivityEnded(let n, let source, let l):
            o["activity"] = .number(Double(n))
            o["source"] = .string(source.rawValue)
            label(l)
        case .liveActivityExpired(let n), .liveActivityDismissed(let n):
            o["activity"] = .number(Double(n))
            o["source"] = .string(LiveActivitySource.system.rawValue)
        case .pushRefused(let type, let reason, let l):
            o["pushType"] = .string(type.rawValue)
            o["reason"] = .string(reason.rawValue)
            label(l)
        case .inputIgnored(let trigger, let reason):
            o["trigger"] = .string(trigger.rawValue)
            o["reason"] = .string(reason.rawValue)
        }
        if let content = e.content { o["content"] = .object(content) }
        return .object(o)
    }

    var summaryJSON: JSONValue {
        let s = summary
        let verdict = s.budgetVerdict
        return .object([
            "refreshCount": .number(Double(s.refreshCount)),
            "chargedCount": .number(Double(s.chargedCount)),
            "freeCount": .number(Double(s.freeCount)),
            "failedCount": .number(Double(s.failedCount)),
            "delayedCount": .number(Double(s.delayedCount)),
            "refreshesPer24h": .number(s.refreshesPer24h),
            "maxChargedIn24h": .number(Double(s.maxChargedIn24h)),
            "longestGap": s.longestGap.map { gap in
                .object([
                    "ms": .number(Double(gap.lengthMs)),
                    "from": .string(isoTime(gap.from)),
                    "to": .string(isoTime(gap.to)),
                    "afterLastRefresh": .bool(gap.afterLastRefresh),
                ])
            } ?? .null,
            "budgetVerdict": .object([
                "askedPerDay": verdict.askedPerDay.map { .number($0) } ?? .null,
                "budgetPerDay": verdict.budgetPerDay.map { .number(Double($0)) } ?? .null,
                "verdict": .string(verdict.kind.rawValue),
                "sentence": .string(verdict.sentence),
            ]),
            "liveActivities": .array(s.liveActivities.map(activityJSON)),
        ])
    }

    func activityJSON(_ a: LiveActivityRecord) -> JSONValue {
        let activeUntil = min(a.endedAt ?? endMs, endMs)
        return .object([
            "activity": .number(Double(a.number)),
            "startedBy": .string(a.startedBy.rawValue),
            "started": .string(isoTime(a.startedAt)),
            "ended": a.endedAt.map { .string(isoTime($0)) } ?? .null,
            "ending": a.ending.map { .string($0.rawValue) } ?? .null,
            "dismissed": a.dismissedAt.map { .string(isoTime($0)) } ?? .null,
            "activeMs": .number(Double(activeUntil - a.startedAt)),
            "state": .string(a.finalState.rawValue),
            "updates": .number(Double(a.updateCount)),
            "content": .object(a.content),
        ])
    }

    func pendingJSON(_ p: PendingRefresh) -> JSONValue {
        .object([
            "requested": .string(isoTime(p.requestedAt)),
            "granted": .string(isoTime(p.grantedAt)),
            "requestReason": .string(p.requestReason.rawValue),
            "delayReasons": .array(p.delayReasons.map { .string($0.rawValue) }),
        ])
    }
}
