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
    /// Which host globals the prelude installs ("1" or "0" for each of ``Prelude/installedGlobals``),
    /// or nil for all. A script reaches a global by naming it, so one whose text never names
    /// `Calendar` does not need it (installing each costs every run, and reading `Intl` builds
    /// it); a script that may compute global names at run time gets them all.
    let wantedGlobals: String?
    /// The wrapped text parsed once for the host's runtime; nil until first needed,
    /// and nil for good when it does not parse (the run then evaluates the text to
    /// get the engine's own SyntaxError).
    private var compiled: CompiledScript?
    private var compileFailed = false

    init(_ source: ScriptSource) {
        wrapped = WrappedScript(source: source, scan: ScriptScanner.scan(source.text))
        outputNames = wrapped.scan.outputNames.map(WrappedScript.decodedName)
        wantedGlobals = Self.wantedGlobals(in: source.text)
        positions = Dictionary(
            wrapped.scan.bindings.map { (WrappedScript.decodedName($0.name), $0.position) },
            uniquingKeysWith: { first, _ in first })
    }

    /// Words that let a script reach a global without writing its name (`\u` starts an escaped
    /// identifier: `\u0049ntl` is `Intl`).
    static let dynamicGlobalAccess = [
        "globalThis", "eval", "Function", "constructor", "Reflect", "getOwnProperty", "self", "window", "\\u",
    ]

    static func wantedGlobals(in text: String) -> String? {
        if dynamicGlobalAccess.contains(where: { text.contains($0) }) || usesThisAsAValue(text) { return nil }
        return Prelude.installedGlobals.map { text.contains($0) ? "1" : "0" }.joined()
    }

    /// Whether the word `this` appears other than as `this.name`: as a value (`const g = this`,
    /// `this[name]`, `return this`) it may be the global object, indexed by a computed name.
    static func usesThisAsAValue(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let word = Array("this".utf8)
        func isNameByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
        var index = 0
        while index + word.count <= bytes.count {
            defer { index += 1 }
            guard bytes[index] == word[0], Array(bytes[index..<index + word.count]) == word else { continue }
            if index > 0, isNameByte(bytes[index - 1]) { continue }
            var next = index + word.count
            if next < bytes.count, isNameByte(bytes[next]) { continue }
            while next < bytes.count, bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t") { next += 1 }
            // `this.name` (but not `this...` or `this?.[`): the name is written out.
            if next + 1 < bytes.count, bytes[next] == UInt8(ascii: "."), bytes[next + 1] != UInt8(ascii: ".") { continue }
            return true
        }
        return false
    }

    /// The compiled body for `runtime`, or nil when it does not parse.
    func compiledBody(for runtime: ScriptRuntime) -> CompiledScript? {
        if let compiled, compiled.runtime === runtime { return compiled }
        guard !compileFailed else { return nil }
        do {
            compiled = try CompiledScript(wrapped.text, sourceURL: wrapped.sourceURL, runtime: runtime)
        } catch {
            compileFailed = true
        }
        return compiled
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
