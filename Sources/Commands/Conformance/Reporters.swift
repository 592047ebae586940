import JSONKit
import Timeline
import WidgetHost

/// The formats `widgethost test` reports in.
public enum ReporterKind: String, Sendable, CaseIterable {
    case spec, tap, junit, json
}

/// Totals of a suite run.
public struct SuiteSummary: Sendable {
    public var passed = 0
    public var failed = 0
    public var skipped = 0
    public var durationMs = 0.0
    /// The edition fixtures that name none ran in (`--edition`); nil when not given.
    public var defaultEdition: Edition?

    public init(_ results: [FixtureResult], durationMs: Double, defaultEdition: Edition? = nil) {
        self.defaultEdition = defaultEdition
        for result in results {
            switch result.outcome {
            case .passed: passed += 1
            case .failed: failed += 1
            case .skipped: skipped += 1
            }
        }
        self.durationMs = durationMs
    }

    /// `N passed, N failed` (with `, N skipped` when any were skipped): the last line of human reports.
    public var closingLine: String {
        "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
    }

    /// What `--edition` changed, said before the closing line; nil without it.
    public var editionLine: String? {
        defaultEdition.map { "fixtures that name no edition ran in the \($0.rawValue) edition (--edition \($0.rawValue)); a fixture's own edition: wins" }
    }
}

/// Renders a suite's results.
public enum Reporter {
    public static func render(_ kind: ReporterKind, _ results: [FixtureResult], summary: SuiteSummary, color: Bool = false) -> String {
        switch kind {
        case .spec: return spec(results, summary, color: color)
        case .tap: return tap(results, summary)
        case .junit: return junit(results, summary)
        case .json: return json(results, summary)
        }
    }

    /// One line per fixture, the failures under it, the slowest fixtures, then the closing line.
    static func spec(_ results: [FixtureResult], _ summary: SuiteSummary, color: Bool) -> String {
        func paint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        var lines: [String] = []
        for result in results {
            let time = " (\(formatMs(result.durationMs)))"
            switch result.outcome {
            case .passed: lines.append(paint("  ok  ", "32") + " \(result.path)" + paint(time, "2"))
            case .skipped: lines.append(paint("  skip", "33") + " \(result.path)" + (result.failures.first.map { " — \($0)" } ?? ""))
            case .failed:
                lines.append(paint("  FAIL", "31") + " \(result.path)" + paint(time, "2"))
                if !result.description.isEmpty { lines.append("        \(result.description)") }
                for failure in result.failures { lines.append("        \(failure)") }
            }
        }
        let slowest = results.filter { $0.outcome != .skipped }.sorted { $0.durationMs > $1.durationMs }.prefix(5)
        if results.count > 5, !slowest.isEmpty {
            lines.append("")
            lines.append("Slowest:")
            for result in slowest { lines.append("  \(formatMs(result.durationMs))  \(result.path)") }
        }
        // A recap of the failures after the per-fixture lines, so the last screen shows them.
        let failed = results.filter { $0.outcome == .failed }
        if !failed.isEmpty {
            lines.append("")
            lines.append(paint("Failures:", "31"))
            for result in failed {
                let first = result.failures.first.map { " — \(oneLine($0))" } ?? ""
                lines.append("  \(result.path)\(first)")
            }
        }
        lines.append("")
        lines.append("\(results.count) \(results.count == 1 ? "fixture" : "fixtures") in \(formatMs(summary.durationMs))")
        if let line = summary.editionLine { lines.append(line) }
        lines.append(summary.closingLine)
        return lines.joined(separator: "\n") + "\n"
    }

    /// TAP version 14 with YAML diagnostics.
    static func tap(_ results: [FixtureResult], _ summary: SuiteSummary) -> String {
        var lines = ["TAP version 14", "1..\(results.count)"]
        for (index, result) in results.enumerated() {
            let name = "\(index + 1) - \(result.path)"
            switch result.outcome {
            case .passed: lines.append("ok \(name)")
            case .skipped: lines.append("ok \(name) # SKIP \(oneLine(result.failures.first ?? "skipped"))")
            case .failed:
                lines.append("not ok \(name)")
                lines.append("  ---")
                lines.append("  message: \(yamlQuote(result.description.isEmpty ? "fixture failed" : result.description))")
                lines.append("  rules: [\(result.rules.joined(separator: ", "))]")
                lines.append("  failures:")
                for failure in result.failures { lines.append("    - \(yamlQuote(failure))") }
                lines.append("  durationMs: \(JSONValue.formatNumber((result.durationMs * 10).rounded() / 10))")
                lines.append("  ...")
            }
        }
        if let line = summary.editionLine { lines.append("# \(line)") }
        lines.append("# \(summary.closingLine)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// JUnit XML, one test case per fixture.
    static func junit(_ results: [FixtureResult], _ summary: SuiteSummary) -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        let seconds = JSONValue.formatNumber((summary.durationMs / 1000 * 1000).rounded() / 1000)
        lines.append(#"<testsuites name="widgethost" tests="\#(results.count)" failures="\#(summary.failed)" skipped="\#(summary.skipped)" time="\#(seconds)">"#)
        lines.append(#"  <testsuite name="conformance" tests="\#(results.count)" failures="\#(summary.failed)" skipped="\#(summary.skipped)" time="\#(seconds)">"#)
        for result in results {
            let time = JSONValue.formatNumber((result.durationMs).rounded() / 1000)
            let open = #"    <testcase classname="\#(xml(className(result.path)))" name="\#(xml(result.path))" time="\#(time)""#
            switch result.outcome {
            case .passed: lines.append(open + "/>")
            case .skipped:
                lines.append(open + ">")
                lines.append(#"      <skipped message="\#(xml(result.failures.first ?? "skipped"))"/>"#)
                lines.append("    </testcase>")
            case .failed:
                lines.append(open + ">")
                lines.append(#"      <failure message="\#(xml(result.failures.first ?? "failed"))">\#(xml(result.failures.joined(separator: "\n")))</failure>"#)
                lines.append("    </testcase>")
            }
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `widgethost.test/1`.
    static func json(_ results: [FixtureResult], _ summary: SuiteSummary) -> String {
        var totals: JSONObject = [
            "passed": .number(Double(summary.passed)), "failed": .number(Double(summary.failed)),
            "skipped": .number(Double(summary.skipped)), "total": .number(Double(results.count)),
            "durationMs": .number(summary.durationMs.rounded()),
        ]
        if let edition = summary.defaultEdition { totals["defaultEdition"] = .string(edition.rawValue) }
        let report: JSONValue = .object([
            "schema": "widgethost.test/1",
            "results": .array(results.map(\.json)),
            "summary": .object(totals),
        ])
        return report.serialized(pretty: true) + "\n"
    }

    // MARK: Helpers

    static func formatMs(_ ms: Double) -> String {
        ms >= 1000 ? "\(JSONValue.formatNumber((ms / 100).rounded() / 10)) s" : "\(Int(ms.rounded())) ms"
    }

    static func className(_ path: String) -> String {
        let parts = path.split(separator: "/")
        return parts.count > 1 ? parts.dropLast().joined(separator: ".") : "fixtures"
    }

    static func oneLine(_ text: String) -> String { text.split(separator: "\n").joined(separator: " ") }

    static func yamlQuote(_ text: String) -> String { JSONValue.quote(oneLine(text)) }

    static func xml(_ text: String) -> String { XMLText.escape(text, forbidden: "?") }
}
