import JSONKit
import Layout
import Preview
import WidgetHost
import WidgetHostCLI

/// The run's panels the preview's report does not have: which outputs the layout uses, which
/// it does not, and which it names but the script never sets; the answers the network is
/// given; the state folder's config, settings and storage keys (a HarmonyOS card's settings,
/// `Shared` values and files).
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
            guard !names.isEmpty else { return "<span class=\"muted\">\(empty)</span>" }
            let listed = names.prefix(StudioBounds.rows)
            return listed.map { "<code>\(shown($0))</code>" }.joined(separator: ", ")
                + (names.count > listed.count ? " <span class=\"muted cut\">… \(names.count - listed.count) more left out</span>" : "")
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

    /// The network panel: each request the run and the day's refreshes made, with its answer
    /// (the fixture's, recorded, or live), then the fixtures file's answers.
    static func network(_ build: StudioProgram.Build) -> String {
        let network = build.network
        var html = "<section id=\"network\">\n<h2>Network <span class=\"count\">\(HTMLReport.escape(network.mode))</span></h2>\n"
        let source = network.mode == "replay" ? "from the fixtures" : network.mode == "record" ? "recorded" : "live"
        if network.exchanges.isEmpty {
            html += "<p class=\"muted\" id=\"network-none\">The run made no requests.</p>\n"
        } else {
            html += "<h3>Requests <span class=\"count\">\(network.exchanges.count), answers \(source)</span></h3>\n"
            html += "<div class=\"scroll\"><table id=\"requests\">\n<thead><tr><th>request</th><th>answer</th><th>body</th></tr></thead>\n<tbody>\n"
            for exchange in network.exchanges.prefix(StudioBounds.rows) {
                let answer: String
                let body: [UInt8]
                switch exchange.outcome {
                case .success(let response):
                    answer = String(response.status)
                    body = response.body
                case .failure(let failure):
                    answer = "fails: " + failure.message
                    body = []
                }
                html += row(method: exchange.request.method, url: exchange.request.url, answer: answer, body: body)
            }
            html += "</tbody></table></div>\n" + leftOut(network.exchanges.count, "requests")
        }
        if let problem = network.problem {
            return html + "<p class=\"problem\">\(HTMLReport.escape(problem))</p>\n</section>\n"
        }
        guard network.mode != "live" else { return html + "</section>\n" }
        if network.fixtures.isEmpty {
            return html + "<p class=\"muted\">No answers in the fixtures file.</p>\n</section>\n"
        }
        html += "<h3>Fixtures <span class=\"count\">\(network.fixtures.count)</span></h3>\n"
        html += "<div class=\"scroll\"><table id=\"fixtures\">\n<thead><tr><th>request</th><th>answer</th><th>body</th></tr></thead>\n<tbody>\n"
        for fixture in network.fixtures.prefix(StudioBounds.rows) {
            html += row(method: fixture.method, url: fixture.url, answer: fixture.failure.map { "fails: \($0)" } ?? String(fixture.status),
                        body: fixture.body)
        }
        return html + "</tbody></table></div>\n" + leftOut(network.fixtures.count, "answers") + "</section>\n"
    }

    /// `text` escaped, cut to the view's bounds with a marker saying how much there was.
    static func shown(_ text: String) -> String {
        let (kept, whole) = JSONCut.text(text, limit: StudioBounds.valueBytes)
        return HTMLReport.escape(kept) + (whole.map { "<span class=\"cut\">… cut: \(Wording.bytes(kept.utf8.count)) of \(Wording.bytes($0)) shown</span>" } ?? "")
    }

    /// Says how many of `count` rows were left out of a table of the view's bounds; empty when none.
    static func leftOut(_ count: Int, _ what: String) -> String {
        count > StudioBounds.rows ? "<p class=\"muted cut\">… \(count - StudioBounds.rows) more \(what) left out</p>\n" : ""
    }

    private static func row(method: String, url: String, answer: String, body: [UInt8]) -> String {
        let text = String(decoding: body.prefix(160), as: UTF8.self) + (body.count > 160 ? "…" : "")
        return "<tr><td><code>\(shown(method)) \(shown(url))</code></td>"
            + "<td>\(shown(answer))</td><td class=\"value\"><code>\(HTMLReport.escape(text))</code></td></tr>\n"
    }

    static func state(_ build: StudioProgram.Build) -> String {
        var html = "<section id=\"state-folder\">\n<h2>State</h2>\n"
        guard let state = build.state else {
            return html + "<p class=\"muted\">Kept in memory: give --state DIR to keep config, settings, storage and files between runs.</p>\n</section>\n"
        }
        html += "<p>In <code>\(shown(state.folder))</code></p>\n<div class=\"scroll\"><table>\n<thead><tr><th>kind</th><th>key</th><th>value</th></tr></thead>\n<tbody>\n"
        var rows: [(String, String, String)] = []
        for (key, value) in state.config { rows.append(("config", key, value.serialized())) }
        if let card = build.card {
            // A HarmonyOS card (H10, H11): its settings, its kind and dimension's Shared values, its files.
            for (key, value) in card.settings { rows.append(("setting", key, value.serialized())) }
            for (key, value) in card.shared { rows.append(("shared \(card.scope)", key, value.serialized())) }
            for path in card.files { rows.append(("file", path, "")) }
        } else {
            for key in state.settings.keys.sorted() { rows.append(("setting", key, state.settings[key]!)) }
            for key in state.values.keys.sorted() { rows.append(("storage", key, state.values[key]!)) }
        }
        if rows.isEmpty { rows.append(("—", "nothing stored yet", "")) }
        for (kind, key, value) in rows.prefix(StudioBounds.rows) {
            html += "<tr><td>\(kind)</td><td class=\"name\">\(shown(key))</td><td class=\"value\"><code>\(shown(value))</code></td></tr>\n"
        }
        return html + "</tbody></table></div>\n" + leftOut(rows.count, "stored values") + "</section>\n"
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
            // Said before the family's name the message ends with, so that the families that
            // have the finding alike are still said once (``FamilyFindings``).
            let named = " (\(pictures.families[family].label))"
            for index in pictures.families[family].findings.indices {
                guard let field = pictures.families[family].findings[index].field, let outputs = names[field] else { continue }
                let message = pictures.families[family].findings[index].message
                let bare = FamilyFindings.bare(message, label: pictures.families[family].label)
                pictures.families[family].findings[index].message = bare
                    + " — from the output\(outputs.count == 1 ? "" : "s") \(outputs.joined(separator: ", "))" + (bare == message ? "" : named)
            }
        }
        document.pictures = pictures
    }
}
