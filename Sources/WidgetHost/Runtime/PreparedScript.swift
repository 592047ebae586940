import ScriptCore
import ScriptSyntax

/// What a host works out once for a script's text and name, and reuses for every
/// run of the same source: the scan, the wrapped text, where each output is
/// declared, and the wrapped text compiled for the host's engine.
///
/// A simulation runs one script hundreds of times; none of this depends on the run.
final class PreparedScript {
    let wrapped: WrappedScript
    /// Output binding names as the script means them (`\u0061` is `a`), in declaration order.
    let outputNames: [String]
    /// Where each top-level binding is first declared.
    let positions: [String: SourcePosition]
    /// The groups of built-ins the prelude uses for only some scripts (`Date`, `Error` and
    /// `TypeError`, a few `Object` functions) that it reads before the script runs, rather
    /// than on first use: those whose globals the script names, or all when it may compute
    /// global names.
    let builtInsReadFirst: Set<Prelude.BuiltIns>
    /// The control bindings (C1–C8) the script can reach: the host defines them itself,
    /// as plain functions, before the prelude runs.
    let hostGlobals: [String]
    /// What the prelude installs (in ``Prelude/installedGlobals`` order): the host globals
    /// the script can reach but the control bindings. A script reaches a global
    /// by naming it, so one whose text never names `Calendar` does not need it (installing
    /// each costs every run, and reading `Intl` builds it); a script that may compute global
    /// names at run time gets them all. A run needs no prelude when this is empty and
    /// `Math.random` is not seeded.
    let preludeGlobals: [String]
    /// When every global the prelude would install is an API global made natively (and the
    /// run has no seed), the host defines those accessors itself and the run needs no prelude:
    /// their names; nil when the prelude is needed for any of them.
    let nativeAccessorGlobals: [String]?
    /// The wrapped text parsed once for the host's runtime; nil until first needed,
    /// and nil for good when it does not parse (the run then evaluates the text to
    /// get the engine's own SyntaxError).
    private var compiled: [CompiledScript] = []
    private var compileFailed = false

    init(_ source: ScriptSource) {
        wrapped = WrappedScript(source: source, scan: ScriptScanner.scan(source.text))
        outputNames = wrapped.scan.outputNames.map(WrappedScript.decodedName)
        // Every word of the text, in strings and comments too: a string can become code
        // without any of the words below (`[].flat['constr' + 'uctor']('Calendar.…')`).
        let words = ScriptWords(source.text)
        let computesNames = Self.mayComputeGlobalNames(words)
        let reaches = { (name: String) in computesNames || words.words.contains(name) }
        builtInsReadFirst = Set(Prelude.BuiltIns.allCases.filter { computesNames || !words.words.isDisjoint(with: $0.globals) })
        let byHost = { (name: String) in RunSession.controlBindingNames.contains(name) }
        hostGlobals = Prelude.installedGlobals.filter { byHost($0) && reaches($0) }
        let installed = Prelude.installedGlobals.filter { !byHost($0) && reaches($0) }
        preludeGlobals = installed
        // Natively made API globals use none of the built-ins the prelude keeps.
        nativeAccessorGlobals = installed.allSatisfy { APIRegistry.global($0)?.implementation == .native } ? installed : nil
        positions = Dictionary(
            wrapped.scan.bindings.map { (WrappedScript.decodedName($0.name), $0.position) },
            uniquingKeysWith: { first, _ in first })
    }

    /// What the prelude of a run of this script installs (``Prelude/source(for:)``).
    func preludeNeeds(seeded: Bool) -> Prelude.Needs {
        Prelude.Needs(globals: preludeGlobals, seeded: seeded, eager: builtInsReadFirst)
    }

    /// Words that let a script reach a global without writing its name (`this.valueOf()`
    /// is the global object too).
    static let dynamicGlobalAccess: Set<String> = [
        "globalThis", "eval", "Function", "constructor", "Reflect", "getOwnPropertyNames",
        "getOwnPropertyDescriptor", "getOwnPropertyDescriptors", "self", "window", "valueOf",
    ]

    /// Whether the text may compute global names at run time: a word of
    /// ``dynamicGlobalAccess``, `this` used as a value, or an escaped identifier (``ScriptWords``).
    private static func mayComputeGlobalNames(_ scan: ScriptWords) -> Bool {
        scan.hasEscapes || scan.usesThisAsAValue || !scan.words.isDisjoint(with: dynamicGlobalAccess)
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

/// The prepared scripts of one host, by source (a few, recently run).
struct PreparedScripts {
    private var entries: [ScriptSource: PreparedScript] = [:]
    private var last: (source: ScriptSource, prepared: PreparedScript)?
    static let capacity = 16

    mutating func prepared(_ source: ScriptSource) -> PreparedScript {
        if let last, last.source == source { return last.prepared }
        defer { last = (source, entries[source]!) }
        if let entry = entries[source] { return entry }
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        let entry = PreparedScript(source)
        entries[source] = entry
        return entry
    }
}
