import ScriptCore
import ScriptSyntax

/// What a host works out once for a script's text and name, and reuses for every
/// run of the same source: the scan, the wrapped text, where each output is
/// declared, and the wrapped text compiled for the host's engine. Nothing here
/// decides what a run installs: every run gets the same host globals.
///
/// A simulation runs one script hundreds of times; none of this depends on the run.
final class PreparedScript {
    let wrapped: WrappedScript
    /// Output binding names as the script means them (`\u0061` is `a`), in declaration order.
    let outputNames: [String]
    /// Where each top-level binding is first declared.
    let positions: [String: SourcePosition]
    /// The wrapped text parsed once for the host's runtime; nil until first needed,
    /// and nil for good when it does not parse (the run then evaluates the text to
    /// get the engine's own SyntaxError).
    private var compiled: [CompiledScript] = []
    private var compileFailed = false

    /// Top-level names that are not outputs in the script's edition, and why (H2).
    let notCollected: [BindingCollection.Left]

    init(_ source: ScriptSource, scan: ScriptScan, edition: Edition) {
        let (names, left) = BindingCollection.outputs(of: scan, edition: edition)
        wrapped = WrappedScript(source: source, scan: scan, outputNames: names)
        outputNames = names.map(WrappedScript.decodedName)
        notCollected = left
        positions = Dictionary(
            wrapped.scan.bindings.map { (WrappedScript.decodedName($0.name), $0.position) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The compiled body for `runtime`, or nil when it does not parse.
    func compiledBody(for runtime: ScriptRuntime) -> CompiledScript? {
        if let made = compiled.first(where: { $0.runtime === runtime }) { return made }
        guard !compileFailed else { return nil }
        do {
            let made = try CompiledScript(wrapped.text, sourceURL: wrapped.sourceURL, runtime: runtime)
            // A host has at most two engines; an old runtime's script goes with the oldest entry.
            if compiled.count >= 2 { compiled.removeFirst() }
            compiled.append(made)
            return made
        } catch {
            compileFailed = true
            return nil
        }
    }
}

/// Why a script was not prepared for a run: its run's limits stopped it before the engine
/// parsed anything (S6).
enum Unprepared: Error {
    /// The text is larger than ``RunConfiguration/maximumScriptBytes``; nothing parsed it.
    case tooLarge(bytes: Int)
    /// The scan reached a token past ``RunConfiguration/maximumScriptTokens``.
    case tooManyTokens
    /// The run's time was up before the scan ended.
    case pastDeadline
}

/// The prepared scripts of one host, by source and edition (a few, recently run).
struct PreparedScripts {
    private struct Key: Hashable {
        let source: ScriptSource
        let edition: Edition
    }
    private var entries: [Key: PreparedScript] = [:]
    private var last: (key: Key, prepared: PreparedScript)?
    static let capacity = 16

    /// `source` prepared within the limits of `configuration`, a run that started at `start`:
    /// refused from its size before any scan, or scanned until it passes the most tokens or
    /// the time the run has. Only a whole scan is kept; one kept from a run with larger limits
    /// is held to this run's.
    mutating func prepared(
        _ source: ScriptSource, configuration: RunConfiguration, start: ContinuousClock.Instant
    ) -> Result<PreparedScript, Unprepared> {
        let bytes = source.text.utf8.count
        guard bytes <= configuration.maximumScriptBytes else { return .failure(.tooLarge(bytes: bytes)) }
        let maximumTokens = configuration.maximumScriptTokens
        let key = Key(source: source, edition: configuration.edition)
        if let last, last.key == key { return Self.within(last.prepared, maximumTokens) }
        if let entry = entries[key] {
            last = (key, entry)
            return Self.within(entry, maximumTokens)
        }
        let seconds = configuration.timeLimitSeconds
        let deadline = start + .seconds(seconds.isNaN ? 0 : min(max(0, seconds), 1e9))
        let limits = ScanLimits(maximumTokens: maximumTokens, isPastDeadline: { ContinuousClock.now >= deadline })
        switch ScriptScanner.scan(source.text, limits: limits) {
        case .tooManyTokens: return .failure(.tooManyTokens)
        case .pastDeadline: return .failure(.pastDeadline)
        case .scanned(let scan):
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            let entry = PreparedScript(source, scan: scan, edition: configuration.edition)
            entries[key] = entry
            last = (key, entry)
            return .success(entry)
        }
    }

    private static func within(_ prepared: PreparedScript, _ maximumTokens: Int) -> Result<PreparedScript, Unprepared> {
        prepared.wrapped.scan.tokenCount > maximumTokens ? .failure(.tooManyTokens) : .success(prepared)
    }
}
