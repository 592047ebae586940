/// What every module's findings have in common, whatever else each says of its place: a stable
/// code (docs/diagnostics.md lists them all), a ``Severity`` and a message that says what happened
/// and what to do. A run's diagnostics, a layout's and a laid-out widget's findings, a canvas's
/// and a push's warnings are findings; their places differ (a line and column, a field, a
/// command's index, a component's path), and each keeps its own.
public protocol Finding: Sendable, Hashable {
    /// The stable code, as docs/diagnostics.md and every report write it (`layout-missing`).
    var codeName: String { get }
    /// How serious it is.
    var severity: Severity { get }
    /// What happened and what to do, without the place or the code.
    var message: String { get }
}

extension Finding {
    /// ` [code]`: how every text report ends a finding's line.
    public var codeSuffix: String { " [\(codeName)]" }
}

extension Sequence where Element: Finding {
    /// How many findings there are of each of `severities`, as reports say it: `2 errors, 1
    /// warning` (a severity with none left out; "" when there are none).
    public func tally(_ severities: [Severity] = [.error, .warning, .info]) -> String {
        var counts: [Severity: Int] = [:]
        for finding in self { counts[finding.severity, default: 0] += 1 }
        return severities.compactMap { severity in
            counts[severity].map { "\($0) \(severity.rawValue)\($0 == 1 ? "" : "s")" }
        }.joined(separator: ", ")
    }
}
