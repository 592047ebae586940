import CJavaScriptCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Globals a runtime's contexts resolve lazily, on first use, through a delegate.
///
/// Building host globals in every fresh context costs more than most scripts
/// spend running, and adding properties to a fresh global object is the
/// engine's slowest path. Names listed here live in the global object's class
/// instead: they cost nothing until a script touches them, when the delegate
/// makes the value (cached for the rest of the context's life). A script may
/// assign to them; the delegate is told, and the assigned value is used.
public struct GlobalTemplate: Sendable {
    /// Names the delegate provides (`setUpdateFreq`, `console`, …), not enumerable.
    public var names: [String]
    /// Engine built-ins the delegate may adjust before a script sees them (`Intl`):
    /// on first use the delegate receives the built-in and returns what the script gets.
    public var interceptedBuiltins: [String]

    public init(names: [String] = [], interceptedBuiltins: [String] = []) {
        self.names = names
        self.interceptedBuiltins = interceptedBuiltins
    }

    /// No names: the runtime's global objects then have no class at all.
    var isEmpty: Bool { names.isEmpty && interceptedBuiltins.isEmpty }
}

/// Makes lazily resolved globals for one context (see ``GlobalTemplate``).
public protocol GlobalPropertyDelegate: AnyObject {
    /// The value of a template name, on its first use in `context`.
    func globalValue(named name: String, in context: ScriptContext) throws -> JSValue
    /// The value a script gets for an intercepted built-in, on its first use.
    func interceptedBuiltin(named name: String, builtin: JSValue, in context: ScriptContext) throws -> JSValue
    /// A script assigned to a template name or an intercepted built-in.
    func globalAssigned(named name: String, in context: ScriptContext)
}

extension ScriptContext {
    /// The value cached for a lazily resolved global, if made.
    func cachedGlobal(_ name: String) -> JSValueRef? { globalCache[name] }

    func cacheGlobal(_ name: String, _ value: JSValueRef) {
        if let old = globalCache[name] { JSValueUnprotect(ref, old) }
        JSValueProtect(ref, value)
        globalCache[name] = value
    }

    func releaseGlobalCache() {
        for value in globalCache.values { JSValueUnprotect(ref, value) }
        globalCache.removeAll()
    }

    /// Resolves a template name: cached, or made by the delegate now.
    func resolveGlobal(_ name: String) throws -> JSValueRef {
        if let cached = globalCache[name] { return cached }
        guard let delegate = globalDelegate else { return JSValueMakeUndefined(ref) }
        let value = try delegate.globalValue(named: name, in: self).raw
        cacheGlobal(name, value)
        return value
    }
}

/// C callbacks and the class definition for a runtime's global object.
enum GlobalClass {
    /// Static value names must outlive the class: kept for the runtime's life.
    final class Names {
        let pointers: [UnsafeMutablePointer<CChar>]
        init(_ names: [String]) { pointers = names.map { strdup($0)! } }
        deinit { pointers.forEach { free($0) } }
    }

    static func create(_ template: GlobalTemplate, names: Names) -> JSClassRef {
        var values = names.pointers.map { name in
            JSStaticValue(
                name: UnsafePointer(name), getProperty: staticGetter, setProperty: staticSetter,
                attributes: JSPropertyAttributes(kJSPropertyAttributeDontEnum | kJSPropertyAttributeDontDelete))
        }
        values.append(JSStaticValue(name: nil, getProperty: nil, setProperty: nil, attributes: 0))
        var definition = kJSClassDefinitionEmpty
        if !template.interceptedBuiltins.isEmpty {
            definition.getProperty = interceptingGetter
            definition.setProperty = interceptingSetter
        }
        return values.withUnsafeBufferPointer { buffer in
            definition.staticValues = buffer.baseAddress
            return "WidgetGlobal".withCString { className in
                definition.className = className
                return JSClassCreate(&definition)
            }
        }
    }
}

private func context(of object: JSObjectRef?) -> ScriptContext? {
    guard let object, let raw = JSObjectGetPrivate(object) else { return nil }
    return Unmanaged<ScriptContext>.fromOpaque(raw).takeUnretainedValue()
}

private func report(_ error: any Error, in context: ScriptContext, _ exception: UnsafeMutablePointer<JSValueRef?>?) {
    if let thrown = error as? JSException {
        exception?.pointee = thrown.value.raw
    } else if let native = error as? NativeError {
        exception?.pointee = context.makeError(native.kind, native.message).raw
    } else {
        exception?.pointee = context.makeError(.error, "\(error)").raw
    }
}

private func staticGetter(
    _ ctx: JSContextRef?, _ object: JSObjectRef?, _ name: JSStringRef?, _ exception: UnsafeMutablePointer<JSValueRef?>?
) -> JSValueRef? {
    guard let name, let context = context(of: object) else { return JSValueMakeUndefined(ctx) }
    do {
        return try context.resolveGlobal(JSStringBridge.string(from: name))
    } catch {
        report(error, in: context, exception)
        return nil
    }
}

private func staticSetter(
    _ ctx: JSContextRef?, _ object: JSObjectRef?, _ name: JSStringRef?, _ value: JSValueRef?,
    _ exception: UnsafeMutablePointer<JSValueRef?>?
) -> Bool {
    guard let name, let value, let context = context(of: object) else { return false }
    let text = JSStringBridge.string(from: name)
    context.cacheGlobal(text, value)
    context.globalDelegate?.globalAssigned(named: text, in: context)
    return true
}

/// Called for every property read on the global object: answers only for the
/// intercepted built-ins, by length first, and returns NULL (fall through) otherwise.
private func interceptingGetter(
    _ ctx: JSContextRef?, _ object: JSObjectRef?, _ name: JSStringRef?, _ exception: UnsafeMutablePointer<JSValueRef?>?
) -> JSValueRef? {
    guard let name, let context = context(of: object), !context.readingBuiltin,
        context.runtime.isInterceptedBuiltin(name)
    else { return nil }
    let text = JSStringBridge.string(from: name)
    if let cached = context.cachedGlobal(text) { return cached }
    guard let delegate = context.globalDelegate, let object else { return nil }
    // Read the engine's own value: this callback declines while the flag is set.
    context.readingBuiltin = true
    let builtin = JSObjectGetProperty(context.ref, object, name, nil)
    context.readingBuiltin = false
    guard let builtin else { return nil }
    do {
        let value = try delegate.interceptedBuiltin(named: text, builtin: JSValue(builtin, in: context), in: context).raw
        context.cacheGlobal(text, value)
        return value
    } catch {
        report(error, in: context, exception)
        return nil
    }
}

private func interceptingSetter(
    _ ctx: JSContextRef?, _ object: JSObjectRef?, _ name: JSStringRef?, _ value: JSValueRef?,
    _ exception: UnsafeMutablePointer<JSValueRef?>?
) -> Bool {
    guard let name, let value, let context = context(of: object), context.runtime.isInterceptedBuiltin(name) else {
        return false
    }
    let text = JSStringBridge.string(from: name)
    context.cacheGlobal(text, value)
    context.globalDelegate?.globalAssigned(named: text, in: context)
    return true
}
