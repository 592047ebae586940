extension SVGChart {
    /// The colour of a refresh: free ones green; charged ones by the weightiest reason
    /// they were late (budget, then spacing or busy, then jitter), else on-time blue.
    func color(of r: RefreshRecord) -> String {
        if !r.charged { return ChartColor.free }
        if r.delayReasons.contains(.budget) { return ChartColor.budget }
        if r.delayReasons.contains(.spacing) || r.delayReasons.contains(.busy) { return ChartColor.spacing }
        if r.delayReasons.contains(.jitter) { return ChartColor.jitter }
        return ChartColor.onTime
    }

    // MARK: - Refreshes

    mutating func drawRefreshLane(top: Double, bottom: Double) {
        let requestedY = top + 34
        let grantedY = bottom - 26
        for (label, y) in [("requested", requestedY), ("granted", grantedY)] {
            svg.text(label, [("x", SVGWriter.number(left - 10)), ("y", SVGWriter.number(y + 4)), ("font-size", "11"),
                             ("text-anchor", "end"), ("fill", ChartColor.mutedText)])
        }
        var pendingLabels: [(String, Double, Double, Double)] = []
        if let gap = report.summary.longestGap {
            let x1 = x(gap.from)
            let x2 = x(gap.to)
            svg.rect(x: x1, y: top + 1, width: x2 - x1, height: bottom - top - 2, fill: ChartColor.gap,
                     extra: [("fill-opacity", "0.75")])
            let label = "longest gap \(TimeText.duration(gap.lengthMs))"
            let labelWidth = Double(label.count) * 7.7
            let fits = x2 - x1 > labelWidth + 8
            let lx = fits ? (x1 + x2 - labelWidth) / 2 : min(x2 + 4, right - labelWidth - 4)
            let ly = (requestedY + grantedY) / 2
            pendingLabels.append((label, lx, ly, labelWidth))
        }
        svg.line(x1: left, y1: grantedY, x2: right, y2: grantedY, stroke: ChartColor.grid)
        let dense = report.refreshes.count > 400
        let radius = dense ? 2.5 : 4.0
        for r in report.refreshes {
            let color = color(of: r)
            let rx = x(r.requestedAt)
            let gx = x(r.grantedAt)
            svg.line(x1: rx, y1: requestedY, x2: gx, y2: grantedY, stroke: color, width: r.delayMs > 0 ? 1.4 : 1,
                     extra: [("stroke-opacity", r.delayMs > 0 ? "0.8" : "0.35")])
            svg.circle(cx: rx, cy: requestedY, r: radius - 0.5, fill: "#ffffff",
                       extra: [("stroke", color), ("stroke-width", "1.5")])
            if r.status == .ok {
                svg.circle(cx: gx, cy: grantedY, r: radius, fill: color)
            } else {
                svg.circle(cx: gx, cy: grantedY, r: radius + 0.5, fill: "#ffffff",
                           extra: [("stroke", ChartColor.failed), ("stroke-width", "2")])
            }
        }
        // The gap's label goes on top, on a light box so marks behind it do not blur it.
        for (label, lx, ly, labelWidth) in pendingLabels {
            svg.rect(x: lx - 4, y: ly - 11, width: labelWidth + 8, height: 18, fill: "#fffbeb",
                     extra: [("fill-opacity", "0.92"), ("stroke", "#f59e0b"), ("rx", "3")])
            svg.text(label, [("x", SVGWriter.number(lx)), ("y", SVGWriter.number(ly + 3)), ("font-size", "12"),
                             ("font-weight", "bold"), ("fill", "#92400e")])
        }
    }

    // MARK: - Budget

    mutating func drawBudgetLane(top: Double, bottom: Double) {
        let budget = report.budget.refreshesPerDay
        let peak = max(budget ?? 0, report.summary.maxChargedIn24h, 1)
        let scale = (bottom - top - 14) / (Double(peak) * 1.1)
        func y(_ count: Int) -> Double { bottom - Double(count) * scale }

        // Window count steps: +1 at each charged refresh, −1 when it leaves the window: 24 hours
        // later, or for a calendar-day quota (H8) at the next local midnight.
        let days = report.budget.perCalendarDay == nil ? nil : CalendarDays(zone: report.zone)
        var changes: [(at: Int64, delta: Int)] = []
        for r in report.refreshes where r.charged {
            changes.append((r.grantedAt, 1))
            changes.append((days?.nextMidnight(after: r.grantedAt) ?? r.grantedAt + TimelineConstants.dayMs, -1))
        }
        changes.sort { $0.at != $1.at ? $0.at < $1.at : $0.delta < $1.delta }
        var path = "M\(SVGWriter.number(left)),\(SVGWriter.number(bottom))"
        var count = 0
        for change in changes where change.at < report.endMs {
            let cx = SVGWriter.number(x(change.at))
            count += change.delta
            path += " H\(cx) V\(SVGWriter.number(y(count)))"
        }
        path += " H\(SVGWriter.number(right))"
        svg.element("path", [("d", path + " V\(SVGWriter.number(bottom)) Z"), ("fill", ChartColor.onTime),
                             ("fill-opacity", "0.15"), ("stroke", "none")])
        svg.element("path", [("d", path), ("fill", "none"), ("stroke", ChartColor.onTime), ("stroke-width", "1.6")])

        svg.text("0", [("x", SVGWriter.number(left - 4)), ("y", SVGWriter.number(bottom)), ("font-size", "11"),
                       ("text-anchor", "end"), ("fill", ChartColor.mutedText)])
        if let budget {
            let by = y(budget)
            svg.line(x1: left, y1: by, x2: right, y2: by, stroke: ChartColor.budget, width: 1.5,
                     extra: [("stroke-dasharray", "6 4")])
            svg.text("budget \(budget)", [("x", SVGWriter.number(right - 4)), ("y", SVGWriter.number(by - 4)),
                                          ("font-size", "12"), ("text-anchor", "end"), ("fill", ChartColor.budget)])
        } else {
            svg.text("no budget (unlimited), peak \(report.summary.maxChargedIn24h)",
                     [("x", SVGWriter.number(right - 4)), ("y", SVGWriter.number(top + 14)), ("font-size", "12"),
                      ("text-anchor", "end"), ("fill", ChartColor.mutedText)])
        }
    }

    // MARK: - Live Activity

    mutating func drawLiveLane(top: Double, height: Double) {
        let barTop = top + 16
        let barHeight = height - 20
        let markTop = top + 3
        let activities = report.summary.liveActivities
        if activities.isEmpty {
            svg.text("no Live Activity", [("x", SVGWriter.number(left + 8)), ("y", SVGWriter.number(barTop + 14)),
                                          ("font-size", "12"), ("fill", ChartColor.mutedText)])
        }
        for a in activities {
            let startX = x(a.startedAt)
            let endX = x(min(a.endedAt ?? report.endMs, report.endMs))
            svg.rect(x: startX, y: barTop, width: max(2, endX - startX), height: barHeight, fill: ChartColor.activeBar,
                     extra: [("rx", "3")])
            label(inBar: "\(a.number) active", from: startX, to: endX, y: barTop + barHeight - 6, color: "#ffffff")
            if let ended = a.endedAt, ended < report.endMs {
                let goneX = x(min(a.dismissedAt ?? report.endMs, report.endMs))
                svg.rect(x: endX, y: barTop, width: goneX - endX, height: barHeight, fill: ChartColor.visibleBar,
                         extra: [("rx", "3")])
                let how = a.ending == .expired ? "expired" : "ended"
                label(inBar: "\(how), visible", from: endX, to: goneX, y: barTop + barHeight - 6, color: "#1e3a8a")
            }
        }
        for event in report.events {
            let ex = x(event.at)
            switch event.kind {
            case .liveActivityUpdated(_, let source, _):
                svg.line(x1: ex, y1: markTop, x2: ex, y2: barTop - 1,
                         stroke: source == .push ? ChartColor.spacing : "#1e3a8a", width: 2)
            case .pushRefused:
                let yMid = markTop + 6
                svg.line(x1: ex - 5, y1: yMid - 5, x2: ex + 5, y2: yMid + 5, stroke: ChartColor.budget, width: 2.5)
                svg.line(x1: ex - 5, y1: yMid + 5, x2: ex + 5, y2: yMid - 5, stroke: ChartColor.budget, width: 2.5)
            default:
                break
            }
        }
        // A small legend above the lane, right-aligned.
        var lx = right - 330
        let ly = top - 6
        for (text, color, isCross) in [("script update", "#1e3a8a", false), ("push update", ChartColor.spacing, false),
                                       ("push refused", ChartColor.budget, true)] {
            if isCross {
                svg.line(x1: lx - 4, y1: ly - 8, x2: lx + 4, y2: ly, stroke: color, width: 2)
                svg.line(x1: lx - 4, y1: ly, x2: lx + 4, y2: ly - 8, stroke: color, width: 2)
            } else {
                svg.line(x1: lx, y1: ly - 10, x2: lx, y2: ly + 1, stroke: color, width: 2)
            }
            svg.text(text, [("x", SVGWriter.number(lx + 8)), ("y", SVGWriter.number(ly)), ("font-size", "11"),
                            ("fill", ChartColor.mutedText)])
            lx += Double(text.count) * 6.5 + 30
        }
    }

    private mutating func label(inBar text: String, from x1: Double, to x2: Double, y: Double, color: String) {
        guard x2 - x1 > Double(text.count) * 6.5 + 8 else { return }
        svg.text(text, [("x", SVGWriter.number(x1 + 5)), ("y", SVGWriter.number(y)), ("font-size", "11"),
                        ("fill", color)])
    }
}
