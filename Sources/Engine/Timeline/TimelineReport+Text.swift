import ZonedTime

extension TimelineReport {
    /// A readable report: a heading with the inputs, one table row per refresh
    /// (requested, granted, delay, why delayed, status, outputs changed, budget left),
    /// the Live Activity and push events, then the summary. Times are shown in the
    /// report's zone as `MM-DD HH:MM:SS`, or `YYYY-MM-DD HH:MM:SS` when the span crosses
    /// a year. With `summaryOnly`, the heading and the summary alone; with `color` (a
    /// terminal), the rows of failed runs are red.
    /// `state`: what the heading says of the state folder the runs read and wrote, when given.
    public func text(summaryOnly: Bool = false, color: Bool = false, state: String? = nil) -> String {
        var out = heading()
        if let state { out += "  state:  \(state)\n" }
        out += "\n"
        if !summaryOnly {
            out += refreshTable(color: color)
            let others = events.filter { if case .refresh = $0.kind { return false } else { return true } }
            if !others.isEmpty {
                out += "\nEvents\n"
                for event in others { out += "  \(tableTime(event.at))  \(describe(event))\n" }
            }
            out += "\n"
        }
        out += summaryText()
        return out
    }

    /// Whether the span's first and last instants fall in different years (in the report's zone).
    var crossesAYear: Bool {
        CivilDateTime(epochMilliseconds: startMs, in: zone).year
            != CivilDateTime(epochMilliseconds: max(startMs, endMs - 1), in: zone).year
    }

    /// A time in the table and the events: with the year when the span crosses one.
    private func tableTime(_ ms: Int64) -> String {
        crossesAYear ? TimeText.dateTime(ms, in: zone) : TimeText.shortDateTime(ms, in: zone)
    }

    private func heading() -> String {
        let mode = realistic ? "realistic mode (seed \(seed))" : "ideal mode"
        return """
            Refresh timeline for a \(isLive ? "live" : "widget") script
              span:   \(TimeText.dateTime(startMs, in: zone)) to \(TimeText.dateTime(endMs, in: zone)) \
            (\(zoneName), \(TimeText.duration(durationMs)))
              budget: \(budget), \(mode)

            """
    }

    private func refreshTable(color: Bool) -> String {
        let header = ["#", "trigger", "requested", "granted", "delay", "why delayed", "status", "outputs", "budget left"]
        var rows: [[String]] = [header]
        rows.reserveCapacity(refreshes.count + 1)
        for r in refreshes {
            rows.append([
                String(r.index),
                r.trigger.rawValue + (r.charged ? "" : " (free)"),
                tableTime(r.requestedAt),
                tableTime(r.grantedAt),
                r.delayMs == 0 ? "-" : TimeText.duration(r.delayMs),
                r.delayReasons.isEmpty ? "-" : r.delayReasons.map(\.rawValue).joined(separator: ", "),
                r.status.rawValue,
                r.status != .ok ? "kept" : (r.outputsChanged ? "changed" : "same"),
                r.budgetLeft.map(String.init) ?? "n/a",
            ])
        }
        if refreshes.isEmpty { return "No refreshes ran.\n" }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        let rightAligned: Set<Int> = [0, 4, 8]
        return rows.enumerated().map { index, row in
            let cells = row.indices.map { column -> String in
                let padding = String(repeating: " ", count: widths[column] - row[column].count)
                return rightAligned.contains(column) ? padding + row[column] : row[column] + padding
            }
            var line = "  " + cells.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            if color, index > 0, refreshes[index - 1].status != .ok { line = "\u{1B}[31m" + line + "\u{1B}[0m" }
            return line + "\n"
        }.joined()
    }

    private func summaryText() -> String {
        let s = summary
        var lines = ["Summary"]
        lines.append("  refreshes:    \(s.refreshCount) (\(s.chargedCount) charged, \(s.freeCount) free, "
            + "\(s.failedCount) failed, \(s.delayedCount) delayed)")
        let window = budget.perCalendarDay == nil ? "charged in any 24 h window" : "timed in one calendar day (the quota's window, reset at 00:00)"
        lines.append("  per 24 h:     \(TimelineSummary.BudgetVerdict.formatCount(s.refreshesPer24h)); "
            + "at most \(s.maxChargedIn24h) \(window)")
        if let gap = s.longestGap {
            let until = gap.afterLastRefresh ? " (the last refresh to the next one granted)" : ""
            lines.append("  longest gap:  \(TimeText.duration(gap.lengthMs)) from "
                + "\(TimeText.dateTime(gap.from, in: zone)) to \(TimeText.dateTime(gap.to, in: zone))\(until)")
        } else {
            lines.append("  longest gap:  n/a (fewer than two refreshes)")
        }
        lines.append("  budget:       \(s.budgetVerdict.sentence)")
        if let p = pendingRefresh {
            let why = p.delayReasons.isEmpty ? "" : " (\(p.delayReasons.map(\.rawValue).joined(separator: ", ")))"
            lines.append("  next refresh: requested \(TimeText.dateTime(p.requestedAt, in: zone)), "
                + "granted \(TimeText.dateTime(p.grantedAt, in: zone))\(why), after the span")
        }
        for a in s.liveActivities {
            var line = "  activity \(a.number):   started by \(a.startedBy.rawValue) at \(TimeText.dateTime(a.startedAt, in: zone))"
            if let ended = a.endedAt, let ending = a.ending {
                let how = ending == .expired ? "expired" : "ended by \(ending.rawValue)"
                line += ", \(how) at \(TimeText.dateTime(ended, in: zone)) (active \(TimeText.duration(ended - a.startedAt)))"
            } else {
                line += ", still active at the end"
            }
            if let dismissed = a.dismissedAt { line += ", dismissed at \(TimeText.dateTime(dismissed, in: zone))" }
            line += "; \(a.updateCount) update(s)"
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A one-line description of a non-refresh event.
    func describe(_ event: TimelineEvent) -> String {
        func named(_ label: String?) -> String { label.map { " '\($0)'" } ?? "" }
        switch event.kind {
        case .refresh(let index):
            return "refresh \(index)"
        case .liveActivityStarted(let n, let source, let label):
            return "live activity \(n) started by \(source.rawValue)\(named(label))"
        case .liveActivityUpdated(let n, let source, let label):
            return "live activity \(n) updated by \(source.rawValue)\(named(label))"
        case .liveActivityEnded(let n, let source, let label):
            return "live activity \(n) ended by \(source.rawValue)\(named(label))"
        case .liveActivityExpired(let n):
            return "live activity \(n) expired (8 h)"
        case .liveActivityDismissed(let n):
            return "live activity \(n) dismissed"
        case .pushRefused(let type, let reason, let label):
            return "push \(type.rawValue)\(named(label)) refused: \(reason.rawValue)"
        case .inputIgnored(let trigger, let reason):
            return "\(trigger.rawValue) ignored: \(reason.rawValue)"
        }
    }
}
