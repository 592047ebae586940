import JSONKit
import PushContract
import Timeline

extension PushEvent {
    /// A timed push request as a Live Activity timeline event, labelled with its nonce: how
    /// `widgethost simulate --pushes` and a fixture's `simulate:` with `pushes:` put pushes on
    /// the timeline.
    public init(_ push: ScheduledPush) {
        let kind: PushEvent.Kind
        switch push.type {
        case .start: kind = .start
        case .update: kind = .update
        case .end: kind = .end
        }
        self.init(at: push.at, type: kind, data: push.variables, label: push.label)
    }
}

/// A fixture's `pushes:` on the timeline of its `simulate:` block (L2, L4, L5).
enum PushTimeline {
    /// The requests as `widgethost simulate --pushes FILE` reads them: one JSON Lines entry
    /// `{"at": MS, "request": BODY}` per push, read by ``PushSchedule`` (the contract's
    /// checks that need no receiver state, and no nonce twice). Restarts and requests that
    /// are not a POST of JSON to a push path never reach a device and are left out.
    static func events(_ entries: [PushRequestEntry], start: Int64) -> Result<[PushEvent], PushEntryError> {
        var lines: [String] = []
        for entry in entries {
            let reachesDevice = !entry.restart && entry.method == "POST" && PushPath(rawValue: entry.path) != nil
                && PushHTTP.isJSON(contentType: entry.contentType)
            // A blank line keeps line numbers equal to positions in `pushes:` (plus one).
            lines.append(reachesDevice ? "{\"at\":\(entry.at),\"request\":\(entry.body)}" : "")
        }
        do {
            let scheduled = try PushSchedule.parse(lines.joined(separator: "\n"), start: start) { _ in nil }
            return .success(scheduled.map(PushEvent.init))
        } catch {
            return .failure(PushEntryError("pushes[\(error.line - 1)]: \(error.message)"))
        }
    }
}
