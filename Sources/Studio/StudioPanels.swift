import JSONKit
import Layout
import Preview
import WidgetHost
import WidgetHostCLI

/// The run's panels the preview's report does not have: which outputs the layout uses, which
/// it does not, and which it names but the script never sets; the answers the network is
/// given; the state folder's config, settings and storage keys.
enum StudioPanels {
    static func html(_ build: StudioProgram.Build) -> String {
        uses(build.document) + network(build) + state(build)
    }

    /// The outputs against the layout's placeholders, by the first name of each path (loop
    /// items left out: `${row.title}` inside a loop over `rows` names `rows`).
    static func uses(_ document: PreviewDocument) -> String {
        guard let layout = document.layout, let run = document.primary, run.status == .ok else { return "" }
        var named: [String] = []
        for entry in layout.report.entries {
            let first = String(entry.path.prefix { $0 != "." && $0 != "[" })
            if entry.loop.contains(where: { $0.item == first }) || first.isEmpty || named.contains(first) { continue }
            named.append(first)
        }
        let outputs = run.outputs.keys
        let used = outputs.filter(named.contains)
        let unused = outputs.filter { !named.contains($0) }
        let missing = named.filter { !outputs.contains($0) }
        func list(_ names: [String], _ empty: String) -> String {
            names.isEmpty ? "<span class=\"muted\">\(empty)</span>"
                : names.map { "<code>\(HTMLReport.escape($0))</code>" }.joined(separator: ", ")
        }
        return """
            <section id="uses">
            <h2>Outputs and the layout</h2>
            <ul class="uses">
            <li><strong>used</strong> \(list(used, "none"))</li>
            <li><strong>not used by the layout</strong> \(list(unused, "none"))</li>
            <li class="\(missing.isEmpty ? "" : "finding error")"><strong>named by the layout, never set</strong> \(list(missing, "none"))</li>
            </ul>
            </section>

            """
    }

    static func network(_ build: StudioProgram.Build) -> String {
        var html = "<section id=\"network\">\n<h2>Network <span class=\"count\">\(HTMLReport.escape(build.network.mode))</span></h2>\n"
        if let problem = build.network.problem {
            return html + "<p class=\"problem\">\(HTMLReport.escape(problem))</p>\n</section>\n"
        }
        if build.network.fixtures.isEmpty {
            let why = build.network.mode == "live"
                ? "No fixtures: requests go to the network (live), and the day's refreshes replay what the run fetched."
                : "No answers in the fixtures file."
            return html + "<p class=\"muted\">\(why)</p>\n</section>\n"
        }
        html += "<div class=\"scroll\"><table>\n<thead><tr><th>request</th><th>answer</th><th>body</th></tr></thead>\n<tbody>\n"
        for fixture in build.network.fixtures {
            let answer = fixture.failure.map { "fails: \($0)" } ?? String(fixture.status)
            let body = String(decoding: fixture.body.prefix(160), as: UTF8.self) + (fixture.body.count > 160 ? "…" : "")
            html += "<tr><td><code>\(HTMLReport.escape(fixture.method)) \(HTMLReport.escape(fixture.url))</code></td>"
            html += "<td>\(HTMLReport.escape(answer))</td><td class=\"value\"><code>\(HTMLReport.escape(body))</code></td></tr>\n"
        }
        return html + "</tbody></table></div>\n</section>\n"
    }

    static func state(_ build: StudioProgram.Build) -> String {
        var html = "<section id=\"state-folder\">\n<h2>State</h2>\n"
        guard let state = build.state else {
            return html + "<p class=\"muted\">Kept in memory: give --state DIR to keep config, settings, storage and files between runs.</p>\n</section>\n"
        }
        html += "<p>In <code>\(HTMLReport.escape(state.folder))</code></p>\n<div class=\"scroll\"><table>\n<thead><tr><th>kind</th><th>key</th><th>value</th></tr></thead>\n<tbody>\n"
        var rows: [(String, String, String)] = []
        for (key, value) in state.config { rows.append(("config", key, value.serialized())) }
        for key in state.settings.keys.sorted() { rows.append(("setting", key, state.settings[key]!)) }
        for key in state.values.keys.sorted() { rows.append(("storage", key, state.values[key]!)) }
        if rows.isEmpty { rows.append(("—", "nothing stored yet", "")) }
        for (kind, key, value) in rows {
            html += "<tr><td>\(kind)</td><td class=\"name\">\(HTMLReport.escape(key))</td><td class=\"value\"><code>\(HTMLReport.escape(value))</code></td></tr>\n"
        }
        return html + "</tbody></table></div>\n</section>\n"
    }

    /// Each picture finding about a field that holds placeholders names the outputs they show
    /// (`… — from the output temp`), so a text cut off points at the layout path and at the output.
    static func nameOutputs(in document: inout PreviewDocument) {
        guard let report = document.layout?.report, var pictures = document.pictures else { return }
        var names: [String: [String]] = [:]
        for entry in report.entries {
            guard case .pointer(let pointer) = entry.location else { continue }
            let first = String(entry.path.prefix { $0 != "." && $0 != "[" })
            if !first.isEmpty, !(names[pointer] ?? []).contains(first) { names[pointer, default: []].append(first) }
        }
        for family in pictures.families.indices {
            for index in pictures.families[family].findings.indices {
                guard let field = pictures.families[family].findings[index].field, let outputs = names[field] else { continue }
                pictures.families[family].findings[index].message += " — from the output\(outputs.count == 1 ? "" : "s") \(outputs.joined(separator: ", "))"
            }
        }
        document.pictures = pictures
    }
}
