import ScriptCore

/// One JavaScript engine of a host: a runtime (one virtual machine) and the host's own
/// scripts compiled for it. A host has one, or two when it prepares contexts ahead
/// (see ``ContextPreparer``); a run uses one engine from start to end.
final class HostEngine {
    let runtime = ScriptRuntime()
    /// The JavaScript half of the API (``APIScript``), parsed on first use.
    private var compiledAPI: CompiledScript?

    func apiScript() throws(ScriptError) -> CompiledScript {
        if let compiledAPI { return compiledAPI }
        let compiled = try CompiledScript(APIScript.source, sourceURL: APIScript.sourceURL, runtime: runtime)
        compiledAPI = compiled
        return compiled
    }
}
