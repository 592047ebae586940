extension TimelineReport {
    /// A chart to read at a glance, 1000 px wide, as a self-contained SVG document (no
    /// external fonts, images or scripts; all text escaped).
    ///
    /// From top to bottom: a title with the inputs and a legend; the refresh lane, with
    /// each refresh's requested time (hollow mark) joined to its granted time (filled
    /// mark) and coloured by why it was late, and the longest gap shaded; the budget
    /// lane, charged refreshes in the rolling 24-hour window against the budget; for a
    /// `live` script, the Live Activity lane (active, then ended but still visible);
    /// the time axis with wall-clock ticks and dates in the report's zone; and the
    /// budget verdict.
    public func svg() -> String {
        var chart = SVGChart(report: self)
        return chart.render()
    }
}

/// Colours of the chart, named by meaning.
enum ChartColor {
    static let onTime = "#2563eb"
    static let spacing = "#ea580c"
    static let budget = "#dc2626"
    static let jitter = "#7c3aed"
    static let free = "#16a34a"
    static let failed = "#111827"
    static let grid = "#e5e7eb"
    static let dateGrid = "#9ca3af"
    static let axisText = "#374151"
    static let mutedText = "#6b7280"
    static let gap = "#fde68a"
    static let activeBar = "#2563eb"
    static let visibleBar = "#bfdbfe"
    static let lane = "#f9fafb"
}

/// Lays out and draws ``TimelineReport/svg()``.
struct SVGChart {
    let report: TimelineReport
    let width = 1000
    let left = 118.0
    let right = 978.0
    var svg = SVGWriter()
    /// The widget after some refreshes, under the verdict (``TimelineReport/svg(pictures:caption:)``).
    var pictures: [TimelinePicture] = []
    var picturesCaption = ""

    init(report: TimelineReport) {
        self.report = report
    }

    /// The x coordinate of an instant.
    func x(_ at: Int64) -> Double {
        let fraction = Double(at - report.startMs) / Double(max(1, report.durationMs))
        return left + min(1, max(0, fraction)) * (right - left)
    }

    mutating func render() -> String {
        let hasLive = report.isLive || !report.summary.liveActivities.isEmpty
        let refreshTop = 112.0
        let refreshBottom = refreshTop + 120
        let budgetTop = refreshBottom + 26
        let budgetBottom = budgetTop + 100
        let liveTop = budgetBottom + 26
        let liveHeight = 40.0
        let axisY = hasLive ? liveTop + liveHeight + 10 : budgetBottom + 10
        let verdictLines = wrapWords(report.summary.budgetVerdict.sentence, width: 130)
        let picturesTop = axisY + 62 + Double(verdictLines.count) * 18
        let height = Int(picturesTop + picturesHeight())

        drawHeading()
        laneBackground("Refreshes", nil, top: refreshTop, bottom: refreshBottom)
        laneBackground("Budget", report.budget.perCalendarDay == nil ? "charged in 24 h" : "timed today", top: budgetTop, bottom: budgetBottom)
        if hasLive { laneBackground("Live Activity", nil, top: liveTop, bottom: liveTop + liveHeight) }
        drawGrid(top: refreshTop, bottom: axisY)
        drawRefreshLane(top: refreshTop, bottom: refreshBottom)
        drawBudgetLane(top: budgetTop, bottom: budgetBottom)
        if hasLive { drawLiveLane(top: liveTop, height: liveHeight) }
        drawAxis(y: axisY)
        var y = axisY + 54
        for line in verdictLines {
            svg.text(line, [("x", "16"), ("y", SVGWriter.number(y)), ("font-size", "13"), ("fill", ChartColor.axisText)])
            y += 18
        }
        drawPictures(top: picturesTop - 10)
        let title = "Refresh timeline, \(report.budget) budget, \(report.zoneName)"
        return svg.document(width: width, height: height, title: title)
    }

    // MARK: - Heading and legend

    private mutating func drawHeading() {
        let mode = report.realistic ? "realistic mode, seed \(report.seed)" : "ideal mode"
        let s = report.summary
        svg.text("Refresh timeline: \(s.refreshCount) refreshes (\(s.chargedCount) charged, \(s.freeCount) free), "
                 + "budget \(report.budget)", [("x", "16"), ("y", "28"), ("font-size", "18"), ("font-weight", "bold"),
                                               ("fill", "#111827")])
        let span = "\(TimeText.dateTime(report.startMs, in: report.zone)) to "
            + "\(TimeText.dateTime(report.endMs, in: report.zone)) \(report.zoneName) "
            + "(\(TimeText.duration(report.durationMs))), \(mode)"
        svg.text(span, [("x", "16"), ("y", "50"), ("font-size", "13"), ("fill", ChartColor.axisText)])

        let items: [(String, String, Bool)] = [
            ("on time", ChartColor.onTime, true), ("late: spacing", ChartColor.spacing, true),
            ("late: budget", ChartColor.budget, true), ("late: jitter", ChartColor.jitter, true),
            ("free (tap, app)", ChartColor.free, true), ("failed run", ChartColor.failed, false),
        ]
        var lx = 16.0
        let ly = 78.0
        svg.circle(cx: lx + 5, cy: ly - 4, r: 4.5, fill: "#ffffff",
                   extra: [("stroke", ChartColor.axisText), ("stroke-width", "1.5")])
        svg.text("requested", [("x", SVGWriter.number(lx + 14)), ("y", SVGWriter.number(ly)), ("font-size", "12"),
                               ("fill", ChartColor.axisText)])
        lx += 92
        for (label, color, filled) in items {
            svg.circle(cx: lx + 5, cy: ly - 4, r: 5, fill: filled ? color : "#ffffff",
                       extra: [("stroke", color), ("stroke-width", "2")])
            svg.text(label, [("x", SVGWriter.number(lx + 14)), ("y", SVGWriter.number(ly)), ("font-size", "12"),
                             ("fill", ChartColor.axisText)])
            lx += Double(label.count) * 6.8 + 30
        }
        svg.rect(x: lx, y: ly - 11, width: 22, height: 13, fill: ChartColor.gap)
        svg.text("longest gap", [("x", SVGWriter.number(lx + 28)), ("y", SVGWriter.number(ly)), ("font-size", "12"),
                                 ("fill", ChartColor.axisText)])
    }

    // MARK: - Grid and axis

    private mutating func drawGrid(top: Double, bottom: Double) {
        let axis = TimeAxis(start: report.startMs, end: report.endMs, zone: report.zone)
        for tick in axis.ticks {
            let tx = x(tick.at)
            svg.line(x1: tx, y1: top, x2: tx, y2: bottom, stroke: tick.isDate ? ChartColor.dateGrid : ChartColor.grid,
                     width: tick.isDate ? 1.2 : 1)
        }
    }

    private mutating func drawAxis(y: Double) {
        svg.line(x1: left, y1: y, x2: right, y2: y, stroke: ChartColor.axisText)
        let axis = TimeAxis(start: report.startMs, end: report.endMs, zone: report.zone)
        for tick in axis.ticks {
            svg.line(x1: x(tick.at), y1: y, x2: x(tick.at), y2: y + 6, stroke: ChartColor.axisText)
        }
        // Dates first, then times of day where they do not collide with a label already placed.
        var placed: [(Double, Double)] = []
        for wantDates in [true, false] {
            for tick in axis.ticks where tick.isDate == wantDates {
                let labelWidth = Double(tick.label.count) * (tick.isDate ? 7.6 : 7.2)
                // Keep labels inside the picture: the last one may end at the right edge.
                let center = min(x(tick.at), Double(width) - 6 - labelWidth / 2)
                let span = (center - labelWidth / 2 - 5, center + labelWidth / 2 + 5)
                guard !placed.contains(where: { $0.0 < span.1 && span.0 < $0.1 }) else { continue }
                placed.append(span)
                svg.text(tick.label, [("x", SVGWriter.number(center)), ("y", SVGWriter.number(y + 21)),
                                      ("font-size", "12"), ("text-anchor", "middle"),
                                      ("fill", tick.isDate ? "#111827" : ChartColor.axisText)]
                         + (tick.isDate ? [("font-weight", "bold")] : []))
            }
        }
        let startDate = TimeAxis.longDate(report.startMs, in: report.zone)
        svg.text("time (\(report.zoneName)), from \(startDate)",
                 [("x", SVGWriter.number(left)), ("y", SVGWriter.number(y + 40)), ("font-size", "12"),
                  ("fill", ChartColor.mutedText)])
    }

    private mutating func laneBackground(_ title: String, _ subtitle: String?, top: Double, bottom: Double) {
        svg.rect(x: left, y: top, width: right - left, height: bottom - top, fill: ChartColor.lane,
                 extra: [("stroke", ChartColor.grid)])
        let mid = subtitle == nil && bottom - top < 60 ? (top + bottom) / 2 + 6 : top + 16
        svg.text(title, [("x", SVGWriter.number(left - 10)), ("y", SVGWriter.number(mid)), ("font-size", "13"),
                         ("font-weight", "bold"), ("text-anchor", "end"), ("fill", "#111827")])
        if let subtitle {
            svg.text(subtitle, [("x", SVGWriter.number(left - 10)), ("y", SVGWriter.number(mid + 15)),
                                ("font-size", "11"), ("text-anchor", "end"), ("fill", ChartColor.mutedText)])
        }
    }
}
