import ScriptCore

/// One JavaScript engine of a host: a runtime (one virtual machine) and the host's own
/// scripts compiled for it. A host has one, or two when it prepares contexts ahead
/// (see ``ContextPreparer``); a run uses one engine from start to end.
final class HostEngine {
    let runtime = ScriptRuntime()
    /// The preludes runs have needed (``Prelude/source(for:)``), each parsed once.
    private var preludes: [Prelude.Needs: CompiledScript] = [:]
    /// How many preludes are kept; a gallery of scripts needs a few.
    static let preludeCapacity = 64
    /// The JavaScript half of the API (``APIScript``), parsed on first use.
    private var compiledAPI: CompiledScript?

    /// The prelude for `needs`, parsed on first use.
    func prelude(for needs: Prelude.Needs) -> CompiledScript {
        if let compiled = preludes[needs] { return compiled }
        let compiled: CompiledScript
        do {
            compiled = try CompiledScript(Prelude.source(for: needs), sourceURL: Prelude.sourceURL, runtime: runtime)
        } catch {
            preconditionFailure("the host's prelude does not parse: \(error)")
        }
        if preludes.count >= Self.preludeCapacity { preludes.removeAll(keepingCapacity: true) }
        preludes[needs] = compiled
        return compiled
    }

    func apiScript() throws(ScriptError) -> CompiledScript {
        if let compiledAPI { return compiledAPI }
        let compiled = try CompiledScript(APIScript.source, sourceURL: APIScript.sourceURL, runtime: runtime)
        compiledAPI = compiled
        return compiled
    }
}
