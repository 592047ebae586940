import JSONKit
import Timeline
import WidgetHost
import ZonedTime

/// The preview as one self-contained HTML file: no network, no external fonts, images
/// or scripts (a content security policy forbids them), readable on a phone and on a
/// desktop. It holds the outputs, console, diagnostics, the timeline chart, the
/// placeholder table, the layout drawn at every family (embedded as `data:` images) and,
/// for a Live Activity, its lifecycle.
public struct HTMLReport: Sendable {
    public let document: PreviewDocument
    /// While `preview --watch` rewrites the file: the page reloads itself this often (in
    /// seconds), so an open page follows each save. A meta refresh needs no script, so the
    /// page stays self-contained and works from `file://`.
    public let reloadSeconds: Int?
    /// What the page shows at most (the studio's); nil: everything.
    public var bounds: Bounds?

    /// What a page shows at most of what a script can make any size: each value (an output,
    /// a console line, an error's message, a placeholder's rendering) cut to ``valueBytes``
    /// with a marker saying how much there was, and each table's first ``rows`` rows.
    public struct Bounds: Sendable, Hashable {
        public var valueBytes: Int
        public var rows: Int
        /// Where the whole outputs are, named under the outputs when some are cut or left out.
        public var wholeOutputs: String?

        public init(valueBytes: Int, rows: Int, wholeOutputs: String? = nil) {
            self.valueBytes = valueBytes
            self.rows = rows
            self.wholeOutputs = wholeOutputs
        }
    }

    public init(document: PreviewDocument, reloadSeconds: Int? = nil, bounds: Bounds? = nil) {
        self.document = document
        self.reloadSeconds = reloadSeconds
        self.bounds = bounds
    }

    /// `text` escaped, cut to the bounds' value size with a marker when it is longer.
    func shown(_ text: String) -> String {
        guard let bounds else { return Self.escape(text) }
        let (kept, whole) = JSONCut.text(text, limit: bounds.valueBytes)
        guard let whole else { return Self.escape(text) }
        return Self.escape(kept) + Self.cutMarker(shown: kept.utf8.count, of: whole)
    }

    /// The marker after a value cut to `shown` bytes of `whole`.
    static func cutMarker(shown: Int, of whole: Int) -> String {
        "<span class=\"cut\">… cut: \(Wording.bytes(shown)) of \(Wording.bytes(whole)) shown</span>"
    }

    public func render() -> String {
        let body = sections()
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
            \(reloadSeconds.map { "<meta http-equiv=\"refresh\" content=\"\($0)\">\n" } ?? "")            <title>\(Self.escape(document.scriptPath)) — widgethost preview</title>
            <style>\(Self.css)</style>
            </head>
            <body>
            <main>
            \(body)</main>
            </body>
            </html>

            """
    }

    /// The page's sections without the page around them (header, outputs, console,
    /// diagnostics, next refresh, refreshes, layout, pictures): what `studio` puts in its page.
    public func sections() -> String {
        var body = header()
        for problem in document.problems {
            body += "<p class=\"problem\"><strong>error</strong> \(Self.escape(problem.message)) <code>\(problem.code)</code></p>\n"
        }
        if let primary = document.primary {
            body += outputs()
            body += console(primary)
            body += diagnostics()
            body += nextRefresh(primary)
            if let timeline = document.timeline { body += self.timeline(timeline) }
            if let layout = document.layout { body += LayoutTable.html(layout, page: self) }
            if let pictures = document.pictures { body += pictures.html() }
        }
        return body
    }

    // MARK: - Sections

    private func header() -> String {
        var html = "<header>\n<h1>\(Self.escape(document.scriptPath))</h1>\n"
        if reloadSeconds != nil {
            html += "<p class=\"live\">Live: widgethost preview --watch rewrites this page on every save, and it reloads itself.</p>\n"
        }
        if let primary = document.primary {
            let kind = primary.card.map { "HarmonyOS \($0.description) card" }
                ?? (primary.kind == .live ? "Live Activity" : document.runs.count > 1 ? "widget" : "\(primary.kind.rawValue) widget")
            html += "<p class=\"meta\">\(kind) · now \(Self.escape(ISO8601.format(epochMs: primary.startedAt, in: primary.zone))) (\(Self.escape(primary.zone.identifier)))"
            if let seed = primary.seed { html += " · seed \(seed)" }
            html += "</p>\n<p class=\"statuses\">"
            for run in document.runs {
                let label = document.runs.count > 1 ? "\(run.kind.rawValue): " : ""
                html += "<span class=\"status \(run.status.rawValue)\">\(label)\(run.status.rawValue)</span> "
            }
            html += "</p>\n"
            if let error = primary.error {
                let location = [error.line, error.column].compactMap { $0.map(String.init) }.joined(separator: ":")
                html += "<p class=\"error\"><strong>\(shown(error.name))</strong> \(shown(error.message))"
                html += location.isEmpty ? "" : " <span class=\"where\">at line \(location)</span>"
                html += "</p>\n"
            }
        }
        return html + "</header>\n"
    }

    private func outputs() -> String {
        let runs = document.runs
        let names = Set(runs.flatMap { $0.outputs.exactKeys }).sorted().map(\.string)
        var html = "<section id=\"outputs\">\n<h2>Outputs <span class=\"count\">\(names.count)</span></h2>\n"
        if runs.allSatisfy({ $0.status != .ok }) {
            return html + "<p class=\"muted\">None published: the run did not end ok, so the widget keeps its last outputs.</p>\n</section>\n"
        }
        if names.isEmpty {
            return html + "<p class=\"muted\">None. Declare top-level let/const/var or set this.name.</p>\n</section>\n"
        }
        html += "<div class=\"scroll\"><table>\n<thead><tr><th>name</th>"
        if runs.count > 1 { html += "<th>kind</th>" }
        html += "<th>type</th><th>value</th></tr></thead>\n<tbody>\n"
        let shownNames = names.prefix(bounds?.rows ?? names.count)
        for name in shownNames {
            let values = runs.map { $0.status == .ok ? $0.outputs[name] : nil }
            let same = values.allSatisfy { $0 == values[0] }
            for (run, value) in zip(runs, values) {
                html += "<tr><td class=\"name\">\(Self.escape(name))</td>"
                if runs.count > 1 { html += "<td>\(same ? "all" : run.kind.rawValue)</td>" }
                html += "<td class=\"type\">\(value.map(\.typeName) ?? "—")</td>"
                html += "<td class=\"value\"><code>\(value.map { shown($0.serialized()) } ?? "<span class=\"muted\">absent</span>")</code></td></tr>\n"
                if same { break }
            }
        }
        html += "</tbody></table></div>\n"
        if names.count > shownNames.count {
            html += "<p class=\"muted cut\">… \(names.count - shownNames.count) more outputs left out</p>\n"
        }
        if let whole = bounds?.wholeOutputs, names.count > shownNames.count || html.contains("<span class=\"cut\">") {
            html += "<p class=\"muted\">The whole outputs: <a href=\"\(Self.escape(whole))\">\(Self.escape(whole))</a></p>\n"
        }
        return html + "</section>\n"
    }

    private func console(_ run: RunReport) -> String {
        var html = "<section id=\"console\">\n<h2>Console <span class=\"count\">\(run.console.count)</span></h2>\n"
        if run.console.isEmpty { return html + "<p class=\"muted\">Nothing printed.</p>\n</section>\n" }
        html += "<pre class=\"console\">"
        for entry in run.console {
            html += "<span class=\"level \(entry.level.rawValue)\">\(entry.level.rawValue)</span> \(shown(entry.message))\n"
        }
        if run.consoleDropped > 0 { html += "<span class=\"muted\">… \(run.consoleDropped) more not kept</span>\n" }
        return html + "</pre>\n</section>\n"
    }

    private func diagnostics() -> String {
        var seen: [Diagnostic] = []
        for run in document.runs { for diagnostic in run.diagnostics where !seen.contains(diagnostic) { seen.append(diagnostic) } }
        guard !seen.isEmpty else { return "" }
        var html = "<section id=\"diagnostics\">\n<h2>Diagnostics <span class=\"count\">\(seen.count)</span></h2>\n"
        for diagnostic in seen {
            var location = document.scriptPath
            if let line = diagnostic.line {
                location += ":\(line)"
                if let column = diagnostic.column { location += ":\(column)" }
            }
            html += "<div class=\"diagnostic \(diagnostic.severity.rawValue)\"><p><strong>\(diagnostic.severity.rawValue)</strong> "
            html += "<span class=\"where\">\(Self.escape(location))</span> \(Self.escape(diagnostic.message)) <code>\(Self.escape(diagnostic.code.rawValue))</code></p>\n"
            if let line = diagnostic.line, let source = document.sourceText {
                let excerpt = SourceExcerpt.lines(source: source, line: line, column: diagnostic.column, width: 100)
                if !excerpt.isEmpty { html += "<pre class=\"excerpt\">\(Self.escape(excerpt.joined(separator: "\n")))</pre>\n" }
            }
            html += "</div>\n"
        }
        return html + "</section>\n"
    }

    private func nextRefresh(_ run: RunReport) -> String {
        var html = "<section id=\"next-refresh\">\n<h2>Next refresh</h2>\n"
        guard let next = run.nextRefresh else {
            return html + "<p>None: the Live Activity has ended, so its script does not run again.</p>\n</section>\n"
        }
        html += "<p>Requested <strong>\(Self.escape(ISO8601.format(epochMs: next.requested, in: run.zone)))</strong>, "
        html += "\(Wording.duration(next.requested - run.finishedAt)) after the run.</p>\n"
        html += "<p class=\"muted\">\(Self.escape(Wording.reason(next, budget: document.budget, edition: run.edition)))</p>\n"
        return html + "</section>\n"
    }

    private func timeline(_ timeline: TimelineReport) -> String {
        let summary = timeline.summary
        // The chart is drawn 720 px wide at the least, to keep its labels readable; on a
        // narrower screen it scrolls sideways, and says so.
        var html = "<section id=\"timeline\">\n<h2>Refreshes</h2>\n"
        html += "<p class=\"scroll-hint\">Scroll the chart sideways to see all of it&#160;→</p>\n<div class=\"chart\">"
        var svg = timeline.svg()
        if svg.hasPrefix("<?xml"), let end = svg.firstIndex(of: "\n") { svg = String(svg[svg.index(after: end)...]) }
        html += svg + "</div>\n<ul class=\"figures\">\n"
        html += "<li><strong>\(summary.refreshCount)</strong> refreshes (\(summary.chargedCount) charged, \(summary.freeCount) free)</li>\n"
        html += "<li><strong>\(summary.delayedCount)</strong> delayed, <strong>\(summary.failedCount)</strong> failed</li>\n"
        if let gap = summary.longestGap { html += "<li>longest gap <strong>\(Wording.duration(gap.lengthMs))</strong></li>\n" }
        html += "</ul>\n<p>\(Self.escape(summary.budgetVerdict.sentence))</p>\n"
        if !summary.liveActivities.isEmpty { html += lifecycle(timeline) }
        return html + "</section>\n"
    }

    /// The Live Activity's lifecycle: start, updates, end and dismissal, in time order.
    private func lifecycle(_ timeline: TimelineReport) -> String {
        func time(_ ms: Int64) -> String { Self.escape(ISO8601.format(epochMs: ms, in: timeline.zone)) }
        var html = "<h3 id=\"live-activity\">Live Activity</h3>\n"
        for activity in timeline.summary.liveActivities { html += span(activity, timeline) }
        html += "<ol class=\"lifecycle\">\n"
        for activity in timeline.summary.liveActivities {
            html += "<li><time>\(time(activity.startedAt))</time> started by \(activity.startedBy.rawValue)</li>\n"
            if activity.updateCount > 0 { html += "<li>\(activity.updateCount) update\(activity.updateCount == 1 ? "" : "s")</li>\n" }
            if let ended = activity.endedAt {
                let how = ["ended", Wording.ending(activity.ending)].filter { !$0.isEmpty }.joined(separator: " ")
                html += "<li><time>\(time(ended))</time> \(how), after \(Wording.duration(ended - activity.startedAt))</li>\n"
            } else {
                html += "<li>still active at the end of the span</li>\n"
            }
            if let dismissed = activity.dismissedAt { html += "<li><time>\(time(dismissed))</time> dismissed from the Lock Screen</li>\n" }
        }
        return html + "</ol>\n"
    }

    /// One activity's active span as a bar fitted to the activity itself (from its start to
    /// its end, or to the end of the simulated span), so a 40-minute activity fills the width
    /// rather than a sliver of the day; each refresh inside it is a tick.
    private func span(_ activity: LiveActivityRecord, _ timeline: TimelineReport) -> String {
        let start = activity.startedAt
        let end = max(activity.endedAt ?? timeline.endMs, start + 1)
        func percent(_ ms: Int64) -> String {
            let value = Double(ms - start) / Double(end - start) * 100
            return JSONValue.formatNumber((min(100, max(0, value)) * 100).rounded() / 100)
        }
        func clock(_ ms: Int64) -> String { Self.escape(String(ISO8601.format(epochMs: ms, in: timeline.zone).dropFirst(11).prefix(5))) }
        let refreshes = timeline.refreshes.filter { $0.grantedAt >= start && $0.grantedAt <= end }
        var html = "<div class=\"span\" role=\"img\" aria-label=\"active for \(Wording.duration(end - start)), \(refreshes.count) refreshes\">"
        html += "<div class=\"active\" style=\"left:0;width:100%\"></div>"
        for refresh in refreshes { html += "<div class=\"tick\" style=\"left:\(percent(refresh.grantedAt))%\"></div>" }
        html += "</div>\n<div class=\"span-axis\"><span>\(clock(start)) started</span><span>\(Wording.duration(end - start))</span>"
        html += "<span>\(clock(end)) \(activity.endedAt != nil ? "ended" : "end of span")</span></div>\n"
        return html
    }

    // MARK: - Text

    /// `text` with `&`, `<`, `>` and quotes escaped for HTML.
    public static func escape(_ text: String) -> String { XMLText.escape(text) }

    /// `text` escaped, with a line-break opportunity (`<wbr>`) before each `before` or after
    /// each `after` character, so that a path such as `/children/0/children/2/content` wraps
    /// at its slashes rather than in the middle of a word.
    static func breakable(_ text: String, before: Character? = nil, after: Character? = nil) -> String {
        var html = ""
        for (i, character) in text.enumerated() {
            if character == before, i > 0 { html += "<wbr>" }
            html += escape(String(character))
            if character == after { html += "<wbr>" }
        }
        return html
    }

    /// The page's style sheet (light).
    public static let css = """
        :root{color-scheme:light;--fg:#111827;--muted:#6b7280;--line:#e5e7eb;--ok:#15803d;--bad:#b91c1c;--warn:#b45309}
        *{box-sizing:border-box}
        body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:var(--fg);background:#f9fafb}
        main{max-width:1040px;margin:0 auto;padding:16px}
        header,section{background:#fff;border:1px solid var(--line);border-radius:10px;padding:12px 16px;margin:0 0 14px}
        h1{font-size:1.3rem;margin:0 0 4px;overflow-wrap:anywhere}
        h2{font-size:1.05rem;margin:0 0 8px}
        h3{font-size:1rem;margin:14px 0 6px}
        .count{color:var(--muted);font-weight:normal}
        .meta,.muted{color:var(--muted)}
        span.status{display:inline-block;padding:1px 10px;border-radius:999px;font-weight:600;color:#fff;background:var(--bad)}
        span.status.ok{background:var(--ok)}
        p.error,p.problem{color:var(--bad);overflow-wrap:anywhere}
        .scroll{overflow-x:auto}
        table{border-collapse:collapse;width:100%}
        th,td{text-align:left;padding:4px 8px;border-bottom:1px solid var(--line);vertical-align:top}
        td.value code{white-space:pre-wrap;overflow-wrap:anywhere}
        td.name{font-weight:600;overflow-wrap:break-word;word-break:normal;hyphens:none}
        table.layout{table-layout:fixed}
        table.layout td{overflow-wrap:break-word}
        table.layout code{white-space:pre-wrap;overflow-wrap:anywhere}
        code,pre{font-family:"DejaVu Sans Mono",ui-monospace,Menlo,Consolas,monospace;font-size:.9em}
        pre{background:#f3f4f6;border-radius:6px;padding:8px;overflow-x:auto;margin:6px 0}
        .level{display:inline-block;min-width:3.5em;color:var(--muted)}
        .level.warn{color:var(--warn)}.level.error{color:var(--bad)}
        .diagnostic p{margin:8px 0 0;overflow-wrap:anywhere}
        .diagnostic.error strong{color:var(--bad)}.diagnostic.warning strong{color:var(--warn)}
        .where{font-family:"DejaVu Sans Mono",ui-monospace,monospace;font-size:.9em}
        .chart{overflow-x:auto}
        .chart svg{width:100%;min-width:720px;height:auto;display:block}
        .scroll-hint{display:none;color:var(--muted);font-size:.85em;margin:0 0 4px}
        @media (max-width:760px){.scroll-hint{display:block}.chart{border:1px solid var(--line);border-radius:6px}}
        .figures{padding-left:20px}
        .finding.error{color:var(--bad)}.finding.warning{color:var(--warn)}
        .span{position:relative;height:28px;background:#f3f4f6;border-radius:6px;margin:8px 0 2px;overflow:hidden}
        .span .active{position:absolute;top:0;bottom:0;background:#2563eb}
        .span .tick{position:absolute;top:4px;bottom:4px;width:2px;margin-left:-1px;background:#fff}
        .live{color:var(--ok);margin:0 0 4px;font-size:.9em}
        .cut{color:var(--warn);font-style:italic}
        .span-axis{display:flex;justify-content:space-between;color:var(--muted);font-size:.85em;gap:8px}
        .families{display:flex;flex-direction:column;gap:12px}
        .family{border:1px solid var(--line);border-radius:8px;padding:8px 10px;min-width:0;max-width:100%}
        h2 .count{overflow-wrap:anywhere}
        .family h3{margin:0 0 6px}
        .family .row{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start}
        figure.picture{margin:0;padding:6px;border-radius:8px;max-width:100%}
        figure.picture.light{background:#e5e7eb}
        figure.picture.dark{background:#111827;color:#e5e7eb}
        figure.picture img{display:block;max-width:100%;height:auto;margin:0 auto}
        figure.picture figcaption{font-size:.8em;margin-top:4px;overflow-wrap:break-word}
        .findings{flex:1 1 160px;min-width:0;max-width:100%;font-size:.9em}
        .findings ul{margin:0;padding-left:18px}
        .findings li{overflow-wrap:anywhere}
        .other-findings{border:1px solid var(--line);border-radius:8px;padding:8px 10px;flex:none}
        .other-findings h3{margin:0 0 6px}
        @media (max-width:600px){main{padding:8px}header,section{padding:10px}body{font-size:15px}th,td{padding:3px 5px}}
        @media (max-width:600px){table.layout colgroup,table.layout thead{display:none}table.layout,table.layout tbody,table.layout tr,table.layout td{display:block;width:auto}table.layout tr{border-bottom:1px solid var(--line);padding:4px 0}table.layout td{border:0;padding:1px 4px}table.layout td:nth-child(2)::before{content:"placeholder ";color:var(--muted)}table.layout td:nth-child(3)::before{content:"renders as ";color:var(--muted)}}
        """
}
