/// How serious a diagnostic is: the one scale of every module's findings (a run's diagnostics,
/// a layout's and a laid-out widget's findings, a canvas's), as reports print it (`error`,
/// `warning`, `info`).
///
/// Severities are ordered: `info` < `warning` < `error`.
public enum Severity: String, Sendable, Hashable, Comparable {
    /// Something that could not be done or that ended the work: a text report prints `error:`,
    /// and a run with one has errors.
    case error
    /// Something is probably wrong, but the work went on.
    case warning
    /// Worth knowing; nothing is wrong.
    case info

    private var rank: Int { self == .error ? 2 : self == .warning ? 1 : 0 }
    /// `info` < `warning` < `error`.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
