import CJavaScriptCore

/// A script parsed once and evaluated in many contexts of one runtime: the
/// host's own JavaScript, which every fresh context runs, is not parsed again.
public final class CompiledScript {
    let ref: JSScriptRef
    public let sourceURL: String
    /// The runtime it was compiled for; it can only run in that runtime's contexts.
    /// Held strongly: the script must be released before the runtime's context group.
    public let runtime: ScriptRuntime

    /// Parses `source`; a syntax error is a programming error of the host.
    public init(_ source: String, sourceURL: String, runtime: ScriptRuntime) throws(ScriptError) {
        var message: JSStringRef?
        var line: Int32 = 0
        let made = JSStringBridge.with(source) { text in
            JSStringBridge.with(sourceURL) { url in
                JSScriptCreateFromString(runtime.group, url, 1, text, &message, &line)
            }
        }
        guard let made else {
            let text = message.map { JSStringBridge.take($0) } ?? "does not parse"
            throw ScriptError(phase: .parse, name: "SyntaxError", message: text, line: Int(line), sourceURL: sourceURL)
        }
        ref = made
        self.sourceURL = sourceURL
        self.runtime = runtime
    }

    deinit { JSScriptRelease(ref) }
}

extension ScriptContext {
    /// Evaluates a compiled script in this context, with `this` at its top level
    /// being `thisObject` (the global object when nil).
    @discardableResult
    public func evaluate(_ script: CompiledScript, this thisObject: JSValue? = nil) throws(ScriptError) -> JSValue {
        precondition(script.runtime === runtime, "a compiled script runs only in its own runtime's contexts")
        var exception: JSValueRef?
        let result = JSScriptEvaluate(ref, script.ref, thisObject?.raw, &exception)
        try check(exception, phase: .evaluate)
        return JSValue(result ?? JSValueMakeUndefined(ref), in: self)
    }
}
