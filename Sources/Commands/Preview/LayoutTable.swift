import ErrorKinds
import JSONKit
import Layout

/// Renders a layout check (A10) for the terminal and for HTML: each placeholder with the
/// value it renders, then what is wrong with any of them.
struct LayoutTable {
    let section: LayoutSection
    let style: TextStyle
    let width: Int

    /// Rows shown in the terminal before the rest is summarised (every finding is always shown).
    static let terminalRows = 40

    func lines() -> [String] {
        let report = section.report
        let counts = report.findings.tally([.error, .warning])
        var lines = [style.bold("Layout") + " \(Columns.clip(section.path, 40)) (\(report.placeholderCount) placeholder\(report.placeholderCount == 1 ? "" : "s")"
            + (counts.isEmpty ? ")" : ", " + counts + ")")]
        let rows = report.entries.prefix(Self.terminalRows).map { entry in
            (Self.location(entry), entry.placeholder, Self.shown(entry))
        }
        let locationWidth = min(max(rows.map(\.0.count).max() ?? 0, 4), 30)
        let placeholderWidth = min(max(rows.map(\.1.count).max() ?? 0, 8), 22)
        for (entry, row) in zip(report.entries, rows) {
            let left = "  " + Columns.pad(Columns.clip(row.0, locationWidth), locationWidth) + "  "
                + Columns.pad(Columns.clip(row.1, placeholderWidth), placeholderWidth) + "  "
            let value = Columns.clip(row.2, width - left.count)
            lines.append(left + (entry.status == .resolved ? value : style.yellow(value)))
        }
        if report.entries.count > rows.count {
            lines.append(style.dim("  … \(report.entries.count - rows.count) more (--html or --format json lists them all)"))
        }
        for finding in report.findings where finding.severity != .info {
            let label = finding.severity == .error ? style.red("error") : style.yellow("warning")
            let plain = "\(finding.severity.rawValue):"
            let text = "\(Self.location(finding)): \(finding.message) [\(finding.code.rawValue)]"
            let wrapped = Wording.wrap(text, width: width, first: "  \(plain) ", rest: "    ")
            lines += ["  " + label + ":" + wrapped[0].dropFirst(2 + plain.count)] + wrapped.dropFirst()
        }
        let infos = report.count(.info)
        if infos > 0 { lines.append(style.dim("  \(infos) note\(infos == 1 ? "" : "s") (legacy {…} placeholders or limits) in --format json")) }
        return lines
    }

    static func html(_ section: LayoutSection, page: HTMLReport) -> String {
        let layout = section.report
        var html = "<section id=\"layout\">\n<h2>Layout <span class=\"count\">\(HTMLReport.escape(section.path)), \(layout.placeholderCount) placeholders</span></h2>\n"
        let findings = layout.findings.prefix(page.bounds?.rows ?? layout.findings.count)
        for finding in findings {
            html += "<p class=\"finding \(finding.severity.rawValue)\"><strong>\(finding.severity.rawValue)</strong> "
            html += "\(HTMLReport.breakable(location(finding), before: "/")): \(page.shown(finding.message)) <code>\(finding.code.rawValue)</code></p>\n"
        }
        if layout.findings.count > findings.count {
            html += "<p class=\"muted cut\">… \(layout.findings.count - findings.count) more findings left out</p>\n"
        }
        html += "<div class=\"scroll\"><table class=\"layout\">\n<colgroup><col style=\"width:22%\"><col style=\"width:34%\"><col></colgroup>\n<thead><tr><th>field</th><th>placeholder</th><th>renders as</th></tr></thead>\n<tbody>\n"
        let rows = layout.entries.prefix(page.bounds?.rows ?? layout.entries.count)
        for entry in rows {
            html += "<tr class=\"\(entry.status.rawValue)\"><td>\(HTMLReport.breakable(location(entry), before: "/"))</td>"
            html += "<td><code>\(page.shown(entry.placeholder))</code></td>"
            html += "<td class=\"value\"><code>\(page.shown(shown(entry)))</code></td></tr>\n"
        }
        html += "</tbody></table></div>\n"
        if layout.entries.count > rows.count {
            html += "<p class=\"muted cut\">… \(layout.entries.count - rows.count) more placeholders left out</p>\n"
        }
        return html + "</section>\n"
    }

    // MARK: - Cells

    /// `line 3`, `/children/0/content`, with the loop item when inside a loop: `… [row 1]`.
    static func location(_ entry: LayoutEntry) -> String {
        let loop = entry.loop.map { "\($0.item) \($0.index)" }.joined(separator: ", ")
        return entry.location.description + (loop.isEmpty ? "" : " [\(loop)]")
    }

    static func location(_ finding: LayoutFinding) -> String {
        guard let location = finding.location else { return "layout" }
        return location.description + (finding.column.map { ":\($0)" } ?? "")
    }

    /// The value as JSON (so that a string shows its quotes and a number does not), or
    /// what is missing.
    static func shown(_ entry: LayoutEntry) -> String {
        switch entry.status {
        case .resolved:
            if entry.role == .dataSource, let count = entry.itemCount { return "\(count) item\(count == 1 ? "" : "s")" }
            return entry.value?.serialized() ?? "\"\""
        case .missing: return "\"\" (missing)"
        case .typeMismatch: return "\"\" (wrong type)"
        case .invalid: return "\"\" (invalid)"
        case .notRendered: return "(not rendered: empty loop)"
        }
    }
}
