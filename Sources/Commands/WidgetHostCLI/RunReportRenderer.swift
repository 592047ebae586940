import ErrorKinds
import JSONKit
import Preview
import WidgetHost
import ZonedTime

/// The human report of one run: stdout gets the report, stderr the diagnostics (X3).
struct RunReportRenderer {
    let report: RunReport
    /// The script's text, for source excerpts under diagnostics.
    let sourceText: String?
    /// The budget the run was given (refreshes a day, nil for unlimited); it sets the default cadence.
    var budget: Int? = 55
    /// What the report says of the state folder the run read and wrote (``APIFlags/stateLine(_:)``),
    /// or nil to say nothing.
    var state: String? = nil
    let width = 80

    func render(to terminal: Terminal) {
        let style = TextStyle(enabled: terminal.colorOut)
        for line in reportLines(style) { terminal.out(line) }
        for line in diagnosticLines(TextStyle(enabled: terminal.colorErr)) { terminal.err(line) }
    }

    // MARK: stdout

    func reportLines(_ style: TextStyle) -> [String] {
        var lines: [String] = []
        let status: String
        switch report.status {
        case .ok: status = style.green("ok")
        case .error: status = style.red("error")
        case .timeout: status = style.red("timeout")
        case .memory: status = style.red("memory")
        }
        let kind = report.card.map { "HarmonyOS \($0.description) card" }
            ?? (report.kind == .live ? "Live Activity" : "\(report.kind.rawValue) widget")
        lines.append("\(style.bold(report.script)): \(status) (\(kind))")
        lines.append("  now     \(time(report.startedAt)) (\(report.zone.identifier))")
        if let seed = report.seed { lines.append("  seed    \(seed)") }
        let limits = report.limits
        lines.append(
            "  limits  \(JSONValue.formatNumber(limits.timeLimitSeconds)) s, \(JSONValue.formatNumber(limits.memoryLimitMB)) MB, \(limits.consoleEntries) console entries")
        if let state { lines.append("  state   \(state)") }

        if let error = report.error {
            lines.append("")
            let location = [error.line, error.column].compactMap { $0.map(String.init) }.joined(separator: ":")
            lines.append(style.red("Error") + "  \(error.summary)" + (location.isEmpty ? "" : " at line \(location)"))
        }

        lines.append("")
        lines.append(style.bold("Outputs") + " (\(report.outputs.count))")
        if report.status != .ok {
            let keeper = report.card == nil ? "a widget keeps its last outputs" : "the card keeps its last bindings"
            lines.append(style.dim("  none published: the run did not end ok, so \(keeper)"))
        } else if report.outputs.isEmpty {
            lines.append(style.dim(report.card == nil
                ? "  none (declare top-level let/const/var or set this.name)"
                : "  none (declare top-level let/const/var at the start of a line)"))
        }
        let nameWidth = min(24, report.outputs.keys.map(\.count).max() ?? 0)
        for (name, output) in report.outputs {
            let value = output.serialized()
            lines.append("  " + pad(name, nameWidth) + "  " + clip(value, width - nameWidth - 4))
        }

        lines.append("")
        lines.append(style.bold("Events") + " (\(report.events.count))")
        if report.events.isEmpty { lines.append(style.dim("  none")) }
        for event in report.events {
            let call = "\(event.type)(\(event.args.map { $0.serialized() }.joined(separator: ", ")))"
            let mark = event.valid ? "" : "  " + style.yellow("ignored")
            lines.append("  \(clock(event.at))  \(clip(call, width - 26))\(mark)")
        }

        lines.append("")
        lines.append(style.bold("Next refresh"))
        if let next = report.nextRefresh {
            lines.append("  requested \(time(next.requested)), \(duration(next.requested - report.finishedAt)) after the run")
            lines.append("  " + style.dim(reason(next)))
        } else {
            lines.append("  none: the Live Activity has ended, so its script does not run again")
        }

        if let live = report.liveActivity {
            lines.append("")
            lines.append(style.bold("Live Activity"))
            if let ended = live.endedAt {
                lines.append("  ended at \(time(ended)) by endLiveActivity(); stays visible until \(time(ended + 4 * 3_600_000))")
            } else {
                lines.append("  active since \(time(live.startedAt)); expires at \(time(live.startedAt + 8 * 3_600_000)) unless ended")
            }
        }

        lines.append("")
        let dropped = report.consoleDropped > 0 ? ", \(report.consoleDropped) more not kept" : ""
        lines.append(style.bold("Console") + " (\(report.console.count)\(dropped))")
        if report.console.isEmpty { lines.append(style.dim("  nothing printed")) }
        for entry in report.console {
            let level = pad(entry.level.rawValue, 5)
            let colored = entry.level == .error ? style.red(level) : entry.level == .warn ? style.yellow(level) : style.dim(level)
            for (index, part) in entry.message.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                lines.append("  " + (index == 0 ? colored : String(repeating: " ", count: 5)) + "  " + String(part))
            }
        }
        if !report.diagnostics.isEmpty {
            lines.append("")
            lines.append(style.bold("Diagnostics") + " " + report.diagnostics.tally() + style.dim(" (on stderr)"))
        }
        return lines
    }

    // MARK: stderr

    func diagnosticLines(_ style: TextStyle) -> [String] {
        var lines: [String] = []
        for diagnostic in report.diagnostics {
            lines.append(diagnostic.stderrLine(file: report.script) { severity in
                switch severity {
                case .error: return style.red("error")
                case .warning: return style.yellow("warning")
                case .info: return style.cyan("info")
                }
            })
            if let line = diagnostic.line, let sourceText {
                lines += SourceExcerpt.lines(source: sourceText, line: line, column: diagnostic.column, width: width, style: style)
            }
        }
        if let error = report.error, error.stack.count > 1 {
            for frame in error.stack.prefix(8) { lines.append("    at \(frame)") }
        }
        return lines
    }

    // MARK: Formatting

    private func time(_ ms: Int64) -> String { ISO8601.format(epochMs: ms, in: report.zone) }

    /// `08:00:00.000`, or the full time when the day differs from the run's start.
    private func clock(_ ms: Int64) -> String {
        let full = time(ms)
        return full.prefix(10) == time(report.startedAt).prefix(10) ? String(full.dropFirst(11).prefix(12)) : full
    }

    private func reason(_ next: NextRefresh) -> String { Wording.reason(next, budget: budget, edition: report.edition) }

    private func duration(_ ms: Int64) -> String { Wording.duration(ms) }

    private func pad(_ s: String, _ count: Int) -> String { Columns.pad(s, count) }

    private func clip(_ s: String, _ limit: Int) -> String { Columns.clip(s, max(limit, 8)) }
}
