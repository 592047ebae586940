import ErrorKinds
import JSONKit
import WidgetHost

/// What the tool would show for a fixture's run (X1–X4), worked out by the same library
/// functions `widgethost run` calls: `expect.report` (a subset of the JSON report
/// `--format json` prints, with its `schema`), `expect.exitCode` (``ExitStatus``) and
/// `expect.stderr` (the `error:`/`warning:`/`info:` lines, ``Diagnostic/stderrLine(file:label:)``).
struct InterfaceCheck {
    /// The JSON report `widgethost run --format json` prints: `widgethost.run/1`, or
    /// `widgethost.action/1` for a fixture with an `action:`.
    var report: JSONValue
    /// The exit code `widgethost run` returns.
    var exitCode: Int32
    /// The diagnostic lines `widgethost run` writes to stderr, without colour (the source
    /// excerpt under each line is left out).
    var stderr: [String]

    init(run: RunReport) {
        report = run.json
        exitCode = ExitStatus.of(run)
        stderr = Self.lines(run)
    }

    init(action: ActionReport) {
        report = action.json
        exitCode = ExitStatus.of(action)
        stderr = (action.action.map { Self.lines($0) } ?? []) + Self.lines(action.refresh)
    }

    static func lines(_ run: RunReport) -> [String] {
        run.diagnostics.map { $0.stderrLine(file: run.script) }
    }

    /// Differences from `expect.report`, `expect.exitCode` and `expect.stderr`.
    func check(_ expect: JSONObject) -> [String] {
        var failures: [String] = []
        if let want = expect["report"] {
            failures += Expectation.subsetDifferences(want, report, at: "report")
        }
        if let want = expect["exitCode"] {
            if want.doubleValue != Double(exitCode) {
                failures.append("exitCode: expected \(want.serialized()), got \(exitCode)")
            }
        }
        if let want = expect["stderr"] {
            // Exact count, in order; each expected string is part of its line.
            let expected = want.arrayValue?.map { $0.stringValue ?? $0.serialized() } ?? []
            if expected.count != stderr.count {
                failures.append("stderr: expected \(expected.count) line\(expected.count == 1 ? "" : "s"), got \(stderr.count): \(JSONValue.array(stderr.map { .string($0) }).serialized())")
            } else {
                for (index, (part, line)) in zip(expected, stderr).enumerated() where !line.contains(part) {
                    failures.append("stderr[\(index)]: expected a line containing \(JSONValue.quote(part)), got \(JSONValue.quote(line))")
                }
            }
        }
        return failures
    }
}
