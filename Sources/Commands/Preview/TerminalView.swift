import JSONKit
import Timeline
import WidgetHost
import ZonedTime

/// The preview as terminal lines, each at most ``width`` characters wide (not counting
/// colour codes): outputs, console, diagnostics with source excerpts, the next refresh,
/// the refresh strip, the Live Activity span and the layout's placeholders.
public struct TerminalView: Sendable {
    public let document: PreviewDocument
    public let style: TextStyle
    public let width: Int

    public init(document: PreviewDocument, style: TextStyle = TextStyle(enabled: false), width: Int = 80) {
        self.document = document
        self.style = style
        self.width = max(width, 40)
    }

    public func lines() -> [String] {
        var lines = header()
        for problem in document.problems {
            let tagged = problem.message.hasSuffix("[\(problem.code)]") ? problem.message : problem.message + " [\(problem.code)]"
            lines += Wording.wrap(tagged, width: width,
                                  first: style.red("error") + ": ", rest: "       ")
        }
        guard let primary = document.primary else { return lines }
        lines += [""] + outputs()
        lines += [""] + console(primary)
        let diagnostics = self.diagnostics()
        if !diagnostics.isEmpty { lines += [""] + diagnostics }
        lines += [""] + nextRefresh(primary)
        if let timeline = document.timeline { lines += [""] + strip(timeline) }
        if let layout = document.layout { lines += [""] + LayoutTable(section: layout, style: style, width: width).lines() }
        if let pictures = document.pictures { lines += [""] + pictures.lines(style: style, width: width) }
        return lines
    }

    // MARK: - Sections

    private func header() -> [String] {
        var lines: [String] = []
        let name = document.scriptPath
        guard let primary = document.primary else {
            lines.append(style.bold(Columns.clip(name, width)))
            return lines
        }
        let kind = primary.card.map { "HarmonyOS \($0.description) card" }
                ?? (primary.kind == .live ? "Live Activity" : document.runs.count > 1 ? "widget" : "\(primary.kind.rawValue) widget")
        lines.append(style.bold(Columns.clip(name, width - 20)) + "  " + kind)
        let now = "now \(ISO8601.format(epochMs: primary.startedAt, in: primary.zone)) (\(primary.zone.identifier))"
            + (primary.seed.map { ", seed \($0)" } ?? "")
        if document.runs.count == 1 {
            lines.append(status(primary.status) + "  " + style.dim(Columns.clip(now, width - 9)))
        } else {
            var line = ""
            for run in document.runs {
                let item = "\(run.kind.rawValue) " + status(run.status)
                if !line.isEmpty && Columns.width(line) + 2 + Columns.width(item) > width {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : "  ") + item
            }
            lines.append(line)
            lines.append(style.dim(Columns.clip(now, width)))
        }
        if let state = document.stateLine {
            lines += Wording.wrap(state, width: width, first: style.dim("state") + "  ", rest: "       ")
        }
        if let error = primary.error {
            let location = [error.line, error.column].compactMap { $0.map(String.init) }.joined(separator: ":")
            lines += Wording.wrap(error.summary + (location.isEmpty ? "" : " at line \(location)"), width: width,
                                  first: style.red("Error") + "  ", rest: "       ")
        }
        return lines
    }

    private func status(_ status: RunStatus) -> String {
        switch status {
        case .ok: return style.green("ok")
        case .error: return style.red("error")
        case .timeout: return style.red("timeout")
        case .memory: return style.red("memory")
        }
    }

    /// One row per output: name, type and value; with several kinds, a row per kind only
    /// where the kinds disagree.
    private func outputs() -> [String] {
        let runs = document.runs
        let names = Set(runs.flatMap { $0.outputs.exactKeys }).sorted().map(\.string)
        var lines = [style.bold("Outputs") + " (\(names.count))"]
        if runs.allSatisfy({ $0.status != .ok }) {
            lines.append(style.dim("  none published: the run did not end ok, so the widget keeps its last outputs"))
            return lines
        }
        if names.isEmpty {
            lines.append(style.dim("  none (declare top-level let/const/var or set this.name)"))
            return lines
        }
        let nameWidth = min(20, max(names.map(\.count).max() ?? 0, 4))
        let kindWidth = runs.count > 1 ? runs.map { $0.kind.rawValue.count }.max()! + 2 : 0
        for name in names {
            let values = runs.map { $0.status == .ok ? $0.outputs[name] : nil }
            let same = values.allSatisfy { $0 == values[0] }
            for (run, value) in zip(runs, values) {
                let kindColumn = runs.count > 1 ? Columns.pad(same ? "all" : run.kind.rawValue, kindWidth) : ""
                let typeColumn = Columns.pad(value.map(\.typeName) ?? "—", 7)
                let shown = value.map { $0.serialized() } ?? style.dim("absent")
                let left = "  " + Columns.pad(Columns.clip(name, nameWidth), nameWidth) + "  " + kindColumn + typeColumn + " "
                lines.append(left + Columns.clip(shown, width - left.count))
                if same { break }
            }
        }
        return lines
    }

    private func console(_ run: RunReport) -> [String] {
        let dropped = run.consoleDropped > 0 ? ", \(run.consoleDropped) more not kept" : ""
        var lines = [style.bold("Console") + " (\(run.console.count)\(dropped))"]
        if run.console.isEmpty { lines.append(style.dim("  nothing printed")) }
        let shown = run.console.prefix(20)
        for entry in shown {
            let level = Columns.pad(entry.level.rawValue, 5)
            let colored = entry.level == .error ? style.red(level) : entry.level == .warn ? style.yellow(level) : style.dim(level)
            for (index, part) in entry.message.split(separator: "\n", omittingEmptySubsequences: false).prefix(5).enumerated() {
                lines.append("  " + (index == 0 ? colored : "     ") + "  " + Columns.clip(String(part), width - 9))
            }
        }
        if run.console.count > shown.count {
            lines.append(style.dim("  … \(run.console.count - shown.count) more (widgethost run shows them all)"))
        }
        return lines
    }

    /// Every diagnostic of every run, once, with the kinds it came from when they differ.
    private func diagnostics() -> [String] {
        var seen: [(Diagnostic, [ScriptKind])] = []
        for run in document.runs {
            for diagnostic in run.diagnostics {
                if let index = seen.firstIndex(where: { $0.0 == diagnostic }) {
                    seen[index].1.append(run.kind)
                } else {
                    seen.append((diagnostic, [run.kind]))
                }
            }
        }
        guard !seen.isEmpty else { return [] }
        var lines = [style.bold("Diagnostics") + " (\(seen.count))"]
        for (diagnostic, kinds) in seen {
            let label: String
            switch diagnostic.severity {
            case .error: label = style.red("error")
            case .warning: label = style.yellow("warning")
            case .info: label = style.cyan("info")
            }
            // A path too long for the line would be broken mid-name: the file's name then stands
            // for it (the heading names the script).
            var location = document.scriptPath
            if location.count + 20 > width, let slash = location.lastIndex(of: "/") {
                location = String(location[location.index(after: slash)...])
            }
            if let line = diagnostic.line {
                location += ":\(line)"
                if let column = diagnostic.column { location += ":\(column)" }
            }
            let only = kinds.count < document.runs.count ? " (as \(kinds.map(\.rawValue).joined(separator: ", ")))" : ""
            let text = "\(location): \(diagnostic.message) [\(diagnostic.code)]\(only)"
            let prefix = Columns.pad(diagnostic.severity.rawValue + ":", 9)
            let wrapped = Wording.wrap(text, width: width, first: "  " + prefix, rest: String(repeating: " ", count: 11))
            lines += [wrapped[0].replacingFirstWord(with: label + ":")] + wrapped.dropFirst()
            if let line = diagnostic.line, let source = document.sourceText {
                lines += SourceExcerpt.lines(source: source, line: line, column: diagnostic.column, width: width - 2, style: style)
                    .map { "  " + $0 }
            }
        }
        return lines
    }

    private func nextRefresh(_ run: RunReport) -> [String] {
        var lines = [style.bold("Next refresh")]
        guard let next = run.nextRefresh else {
            lines.append("  none: the Live Activity has ended, so its script does not run again")
            return lines
        }
        let time = ISO8601.format(epochMs: next.requested, in: run.zone)
        lines.append("  requested \(time), \(Wording.duration(next.requested - run.finishedAt)) after the run")
        lines += Wording.wrap(Wording.reason(next, budget: document.budget, edition: run.edition), width: width, first: "  ", rest: "  ")
            .map { style.dim($0) }
        return lines
    }

    private func strip(_ timeline: TimelineReport) -> [String] {
        let strip = RefreshStrip(report: timeline)
        let summary = timeline.summary
        let budget = timeline.budget.refreshesPerDay.map { "budget \($0) a day" } ?? "unlimited budget"
        let hours = JSONValue.formatNumber(Double(timeline.durationMs) / 3_600_000)
        var lines = [style.bold("Refreshes") + " over \(hours) h, \(budget)" + (timeline.realistic ? ", realistic" : "")]
        lines.append("  " + strip.axis())
        let marks = strip.marks().map { mark -> String in
            switch mark {
            case .failed: return style.red(String(mark.rawValue))
            case .delayed: return style.yellow(String(mark.rawValue))
            case .free: return style.cyan(String(mark.rawValue))
            case .none: return style.dim(String(mark.rawValue))
            default: return String(mark.rawValue)
            }
        }
        lines.append("  " + marks.joined())
        if let live = strip.liveRow() { lines.append("  " + style.green(live)) }
        lines.append(style.dim("  " + RefreshStrip.legend + (strip.liveRow() == nil ? "" : "  ━ live")))
        var figures = "\(summary.refreshCount) refreshes"
        if summary.delayedCount > 0 { figures += ", \(summary.delayedCount) delayed" }
        if summary.failedCount > 0 { figures += ", \(summary.failedCount) failed" }
        if let gap = summary.longestGap { figures += "; longest gap \(Wording.duration(gap.lengthMs))" }
        lines += Wording.wrap(figures + ".", width: width, first: "  ", rest: "  ")
        lines += Wording.wrap(summary.budgetVerdict.sentence, width: width, first: "  ", rest: "  ")
        for activity in summary.liveActivities { lines += liveActivity(activity, zone: timeline.zone) }
        return lines
    }

    private func liveActivity(_ activity: LiveActivityRecord, zone: Zone) -> [String] {
        func time(_ ms: Int64) -> String { String(ISO8601.format(epochMs: ms, in: zone).dropFirst(11).prefix(5)) }
        var text = "Live Activity: started \(time(activity.startedAt))"
        if let ended = activity.endedAt {
            let how = activity.ending == nil ? "" : " " + Wording.ending(activity.ending)
            text += ", ended \(time(ended))\(how) after \(Wording.duration(ended - activity.startedAt))"
        } else {
            text += ", still active at the end of the span"
        }
        if let dismissed = activity.dismissedAt { text += ", dismissed \(time(dismissed))" }
        text += "; \(activity.updateCount) update\(activity.updateCount == 1 ? "" : "s")."
        return Wording.wrap(text, width: width, first: "  ", rest: "  ")
    }
}

extension String {
    /// The text with its first run of non-space characters after leading spaces replaced.
    fileprivate func replacingFirstWord(with replacement: String) -> String {
        let leading = prefix { $0 == " " }
        let rest = dropFirst(leading.count)
        let word = rest.prefix { $0 != " " }
        return leading + replacement + rest.dropFirst(word.count)
    }
}
