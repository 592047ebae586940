import JSONKit

/// Live Activities (L1–L5): starts, content, ends, expiry and dismissal, from script
/// runs and pushes alike.
extension SimulationEngine {
    /// Starts, updates or ends the activity after a run of a `live` script.
    /// - Returns: Whether the run ends the activity (so no further run is scheduled).
    func handleLiveRun(trigger: RefreshTrigger, result: RefreshRunResult, ok: Bool,
                               at: Int64, finishedAt: Int64) -> Bool {
        if trigger == .start {
            startActivity(by: .script, content: ok ? result.outputs : [:], label: nil)
        } else if ok, let index = active {
            let number = activities[index].number
            let outputs = result.outputs
            // The outputs reach the activity when the run ends.
            scheduler.schedule(at: finishedAt) { [unowned self] in
                guard let current = self.active, self.activities[current].number == number,
                      self.activities[current].content != outputs else { return }
                self.activities[current].content = outputs
                self.activities[current].updateCount += 1
                self.note(.liveActivityUpdated(activity: number, source: .script, label: nil), content: outputs)
            }
        }
        guard let endedAt = result.liveActivityEndedAtMs, let index = active else { return false }
        // C6: the end stands whatever the run's status; it takes effect at the call's time.
        let number = activities[index].number
        scheduler.schedule(at: max(endedAt, at)) { [unowned self] in
            guard let current = self.active, self.activities[current].number == number else { return }
            self.endActivity(ending: .script, label: nil)
        }
        return true
    }

    func receive(_ push: PushEvent) {
        switch push.type {
        case .start:
            guard active == nil else {
                return note(.pushRefused(type: .start, reason: .activityAlreadyActive, label: push.label))
            }
            startActivity(by: .push, content: push.data ?? [:], label: push.label)
        case .update:
            guard let index = active else {
                return note(.pushRefused(type: .update, reason: .noActiveActivity, label: push.label))
            }
            let content = push.data ?? [:]
            activities[index].content = content
            activities[index].updateCount += 1
            note(.liveActivityUpdated(activity: activities[index].number, source: .push, label: push.label),
                 content: content)
        case .end:
            guard let index = active else {
                return note(.pushRefused(type: .end, reason: .noActiveActivity, label: push.label))
            }
            if let data = push.data {
                activities[index].content = data
                activities[index].updateCount += 1
            }
            endActivity(ending: .push, label: push.label)
        }
    }

    func startActivity(by source: LiveActivitySource, content: JSONObject, label: String?) {
        let now = scheduler.now
        let number = activities.count + 1
        activities.append(LiveActivityRecord(number: number, startedBy: source, startedAt: now, endedAt: nil,
                                   ending: nil, dismissedAt: nil, content: content, updateCount: 0))
        active = activities.count - 1
        note(.liveActivityStarted(activity: number, source: source, label: label), content: content)
        expiry = scheduler.schedule(at: now.saturatingAdd(TimelineConstants.liveActivityLifetimeMs)) {
            [unowned self] in
            guard let current = self.active, self.activities[current].number == number else { return }
            self.endActivity(ending: .expired, label: nil)
        }
    }

    /// Ends the active activity now and queues its dismissal (L3).
    func endActivity(ending: LiveActivityEnding, label: String?) {
        guard let index = active else { return }
        let now = scheduler.now
        let number = activities[index].number
        activities[index].endedAt = now
        activities[index].ending = ending
        active = nil
        if let expiry { scheduler.cancel(expiry) }
        expiry = nil
        switch ending {
        case .script:
            note(.liveActivityEnded(activity: number, source: .script, label: nil), content: activities[index].content)
        case .push:
            note(.liveActivityEnded(activity: number, source: .push, label: label), content: activities[index].content)
        case .expired:
            note(.liveActivityExpired(activity: number), content: activities[index].content)
        }
        // No script runs after the activity ended.
        if activities[index].startedBy == .script { cancelPendingRefresh() }
        scheduler.schedule(at: now.saturatingAdd(TimelineConstants.liveActivityDismissalMs)) { [unowned self] in
            self.activities[index].dismissedAt = self.scheduler.now
            self.note(.liveActivityDismissed(activity: number))
        }
    }
}
