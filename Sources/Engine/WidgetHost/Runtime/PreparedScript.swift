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

    init(_ source: ScriptSource, edition: Edition) {
        let scan = ScriptScanner.scan(source.text)
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

/// The prepared scripts of one host, by source and edition (a few, recently run).
struct PreparedScripts {
    private struct Key: Hashable {
        let source: ScriptSource
        let edition: Edition
    }
    private var entries: [Key: PreparedScript] = [:]
    private var last: (key: Key, prepared: PreparedScript)?
    static let capacity = 16

    mutating func prepared(_ source: ScriptSource, edition: Edition) -> PreparedScript {
        let key = Key(source: source, edition: edition)
        if let last, last.key == key { return last.prepared }
        defer { last = (key, entries[key]!) }
        if let entry = entries[key] { return entry }
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        let entry = PreparedScript(source, edition: edition)
        entries[key] = entry
        return entry
    }
}
