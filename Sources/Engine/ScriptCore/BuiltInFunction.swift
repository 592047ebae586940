import CJavaScriptCore

/// Functions shaped like the engine's own built-ins, and the built-ins of a realm no script runs in.
extension ScriptContext {
    /// A function implemented in Swift that the language cannot tell from an engine built-in:
    /// `String(f)` is `function name() { [native code] }`, it is not a constructor and has no
    /// `prototype`, its own keys are `length` and `name` (read-only, configurable), and its
    /// prototype is this realm's `Function.prototype`. Its `length` is 0, as the engine's
    /// callback functions (and the app's bound blocks) have.
    public func builtInFunction(_ name: String, _ body: @escaping NativeFunctionBody) -> JSValue {
        let object = runtime.names.with(name) { JSObjectMakeFunctionWithCallback(ref, $0, builtInTrampoline) }!
        builtInBodies[UnsafeMutableRawPointer(object)] = NativeFunctionBox(body: body)
        return JSValue(object, in: self)
    }

    /// A built-in of the runtime's scratch realm, where no script ever runs, named by an
    /// expression such as `Object.defineProperty` or `Date.prototype.toLocaleDateString`.
    /// What it does no script can change; it works on the values of every realm of the runtime.
    public func intrinsic(_ expression: String) -> JSValue {
        JSValue(runtime.intrinsic(expression) ?? JSValueMakeUndefined(ref), in: self)
    }
}

extension JSValue {
    /// A Date's time value, read by the scratch realm's `Date.prototype.getTime`: whatever a script
    /// did to the Date's `valueOf` or `getTime`, or to `Date.prototype`, none of it is called. NaN
    /// for an Invalid Date; nil when this is not a Date.
    public var dateTime: Double? {
        guard isDate else { return nil }
        return (try? context.call(context.intrinsic("Date.prototype.getTime"), this: self).toNumber()) ?? .nan
    }
}

private func builtInTrampoline(
    _ ctx: JSContextRef?, _ function: JSObjectRef?, _ thisObject: JSObjectRef?, _ argumentCount: Int,
    _ arguments: UnsafePointer<JSValueRef?>?, _ exception: UnsafeMutablePointer<JSValueRef?>?
) -> JSValueRef? {
    guard let ctx, let function, let context = ScriptContext.owning(ctx),
        let box = context.builtInBodies[UnsafeMutableRawPointer(function)]
    else { return JSValueMakeUndefined(ctx) }
    return callNativeBody(box.body, context, thisObject, argumentCount, arguments, exception)
}

extension ScriptContext {
    /// `Object.defineProperty(object, name, { value, writable: true, enumerable: true,
    /// configurable: true })` with the scratch realm's `defineProperty`: an ordinary property.
    public func defineData(_ object: JSValue, _ name: String, _ value: JSValue) throws(ScriptError) {
        guard let define = runtime.propertyDefinition, let target = JSValueToObject(ref, object.raw, nil),
            let descriptor = JSObjectMake(ref, nil, nil)
        else { return }
        runtime.names.with("value") { JSObjectSetProperty(ref, descriptor, $0, value.raw, 0, nil) }
        for flag in ["writable", "enumerable", "configurable"] {
            runtime.names.with(flag) { JSObjectSetProperty(ref, descriptor, $0, JSValueMakeBoolean(ref, true), 0, nil) }
        }
        var exception: JSValueRef?
        let key = runtime.names.with(name) { JSValueMakeString(ref, $0) }
        let arguments: [JSValueRef?] = [target, key, descriptor]
        _ = arguments.withUnsafeBufferPointer { JSObjectCallAsFunction(ref, define, nil, 3, $0.baseAddress, &exception) }
        try check(exception, phase: .evaluate)
    }
}
