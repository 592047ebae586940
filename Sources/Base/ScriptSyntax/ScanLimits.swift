/// What a scan may do before it stops: how many tokens it reads, and a clock it asks now and
/// then. A host scans a script as part of its run, so the run's limits bound the scan: a script
/// with more tokens than its run may parse, or whose scan outlasts the run's time, is stopped
/// part way, its tokens so far dropped (``ScriptScanner/scan(_:limits:)``).
public struct ScanLimits {
    /// The most tokens the scan reads (comments are not tokens).
    public var maximumTokens: Int
    /// Whether the run's time is up; asked every ``checkInterval`` steps of the scan.
    public var isPastDeadline: () -> Bool

    /// Steps between two looks at the clock: a fraction of a millisecond of scanning.
    public static let checkInterval = 4096

    /// Limits of `maximumTokens` tokens and the time `isPastDeadline` says.
    public init(maximumTokens: Int, isPastDeadline: @escaping () -> Bool) {
        self.maximumTokens = maximumTokens
        self.isPastDeadline = isPastDeadline
    }
}

/// How a scan within limits ended.
public enum ScanOutcome {
    /// The whole script was scanned.
    case scanned(ScriptScan)
    /// The script has more tokens than ``ScanLimits/maximumTokens``; the scan stopped there.
    case tooManyTokens
    /// The time was up before the scan ended.
    case pastDeadline
}

/// The limits of one scan as it runs: counts its steps, asks the clock every
/// ``ScanLimits/checkInterval`` of them, and once a limit is passed stays stopped, so every
/// loop of the scan (the tokenizer's, the pass's, a declaration's) ends at its next step.
final class ScanWatch {
    private let limits: ScanLimits?
    private var countdown = ScanLimits.checkInterval
    /// Why the scan stopped; nil while it goes on.
    private(set) var stopped: ScanOutcome?

    init(_ limits: ScanLimits?) { self.limits = limits }

    /// The most tokens the scan reads.
    var maximumTokens: Int { limits?.maximumTokens ?? .max }

    /// One step of work: whether the scan may go on.
    func step() -> Bool {
        guard stopped == nil else { return false }
        guard let limits else { return true }
        countdown -= 1
        if countdown > 0 { return true }
        countdown = ScanLimits.checkInterval
        if limits.isPastDeadline() { stopped = .pastDeadline }
        return stopped == nil
    }

    /// The tokens read passed the limit.
    func tooManyTokens() { if stopped == nil { stopped = .tooManyTokens } }
}
