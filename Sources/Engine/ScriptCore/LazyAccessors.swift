import CJavaScriptCore

/// Globals built on first read, defined by a few lines of JavaScript compiled once per runtime
/// and run in the context's own realm before any script does: for each name, a getter that
/// makes the value once (by calling the host's `make(name)`) and then returns it, and a setter
/// that keeps what the script assigns and tells the host (`assign(name, value)`).
///
/// The values live in the getters' closures, where the engine's collector sees them; the names
/// are one array of the runtime's scratch realm, made once. The getters and setters belong to
/// the context's realm (their prototype is its `Function.prototype`), so nothing a script
/// reaches through them leads to another realm.
extension ScriptContext {
    /// Defines each of `names` on `object` as an accessor (configurable, not enumerable) built on
    /// first read: the first read calls `make(name)` (a throw reaches the reader, and later reads
    /// give `undefined`); an assignment calls `assign(name, value)` and is what later reads give.
    public func defineLazyAccessors(_ object: JSValue, _ names: [String], make: JSValue, assign: JSValue) throws(ScriptError) {
        guard let script = runtime.lazyAccessorScript(), let list = runtime.scratchStrings(names) else { return }
        var exception: JSValueRef?
        let definer = JSScriptEvaluate(ref, script, nil, &exception)
        try check(exception, phase: .evaluate)
        guard let definer, let function = JSValueToObject(ref, definer, nil) else { return }
        let arguments: [JSValueRef?] = [object.raw, list, make.raw, assign.raw]
        _ = arguments.withUnsafeBufferPointer { JSObjectCallAsFunction(ref, function, nil, 4, $0.baseAddress, &exception) }
        try check(exception, phase: .evaluate)
    }

    /// Evaluates to the definer; it runs before the script, so the built-ins it uses are the engine's.
    static let lazyAccessorSource = """
        (function defineLazyAccessors(target, names, make, assign) {
          'use strict';
          const define = Object.defineProperty;
          for (let i = 0; i < names.length; i++) {
            const name = names[i];
            let made = false, value;
            define(target, name, {
              get() { if (!made) { made = true; value = make(name) } return value },
              set(replacement) { made = true; value = replacement; assign(name, replacement) },
              configurable: true,
            });
          }
        })
        """
}

extension ScriptRuntime {
    /// The compiled definer of ``ScriptContext/defineLazyAccessors(_:_:make:assign:)``, made once.
    func lazyAccessorScript() -> JSScriptRef? {
        if let lazyAccessors { return lazyAccessors }
        var message: JSStringRef?
        var line: Int32 = 0
        let made = JSStringBridge.with(ScriptContext.lazyAccessorSource) { text in
            JSStringBridge.with("widgethost:accessors") { url in JSScriptCreateFromString(group, url, 1, text, &message, &line) }
        }
        if let message { JSStringRelease(message) }
        lazyAccessors = made
        return made
    }
}
