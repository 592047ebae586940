import CJavaScriptCore

/// What a call returned, or what it threw.
public enum Caught<Value> {
    case returned(Value)
    case thrown(JSValue)
}

/// Calls that hand back what a script threw as a value, for host code that
/// inspects it itself; only a termination by the execution guard is thrown.
extension ScriptContext {
    /// Calls a function with no arguments; `.thrown` holds the thrown value.
    public func callCatching(_ function: JSValue) throws(ScriptError) -> Caught<JSValue> {
        try callCatching(function, this: nil, arguments: [])
    }

    /// `function.apply(this, arguments)`; `.thrown` holds the thrown value. A `this` that is
    /// not an object is passed as the global object (as a sloppy-mode call would see it).
    public func callCatching(_ function: JSValue, this: JSValue?, arguments: [JSValue]) throws(ScriptError) -> Caught<JSValue> {
        guard let object = JSValueToObject(ref, function.raw, nil), JSObjectIsFunction(ref, object) else {
            return .thrown(makeError(.typeError, "value is not a function"))
        }
        let thisObject = this.flatMap { $0.isObject ? JSValueToObject(ref, $0.raw, nil) : nil }
        var exception: JSValueRef?
        let raws: [JSValueRef?] = arguments.map { $0.raw }
        let result = raws.withUnsafeBufferPointer { buffer in
            JSObjectCallAsFunction(ref, object, thisObject, buffer.count, buffer.baseAddress, &exception)
        }
        return try caught(result, exception)
    }

    /// Whether `name` is an own property of `object`, as `Object.prototype.hasOwnProperty`
    /// answers before any script ran (a script cannot replace the one used); `.thrown`
    /// holds what a proxy's trap threw.
    public func hasOwnProperty(_ object: JSValue, _ name: String) throws(ScriptError) -> Caught<Bool> {
        guard let test = runtime.ownPropertyTest, let target = JSValueToObject(ref, object.raw, nil) else {
            return .returned(false)
        }
        var exception: JSValueRef?
        var argument: JSValueRef? = runtime.names.with(name) { JSValueMakeString(ref, $0) }
        let result = JSObjectCallAsFunction(ref, test, target, 1, &argument, &exception)
        switch try caught(result, exception) {
        case .returned(let own): return .returned(own.boolValue)
        case .thrown(let thrown): return .thrown(thrown)
        }
    }

    /// Defines `name` on `object` as an accessor (configurable, not enumerable), with the
    /// `Object.defineProperty` of a realm no script runs in.
    public func defineAccessor(_ object: JSValue, _ name: String, get: JSValue, set: JSValue) throws(ScriptError) {
        guard let define = runtime.propertyDefinition, let target = JSValueToObject(ref, object.raw, nil),
            let descriptor = JSObjectMake(ref, nil, nil)
        else { return }
        runtime.names.with("get") { JSObjectSetProperty(ref, descriptor, $0, get.raw, 0, nil) }
        runtime.names.with("set") { JSObjectSetProperty(ref, descriptor, $0, set.raw, 0, nil) }
        runtime.names.with("configurable") { JSObjectSetProperty(ref, descriptor, $0, JSValueMakeBoolean(ref, true), 0, nil) }
        var exception: JSValueRef?
        let key = runtime.names.with(name) { JSValueMakeString(ref, $0) }
        let arguments: [JSValueRef?] = [target, key, descriptor]
        _ = arguments.withUnsafeBufferPointer { JSObjectCallAsFunction(ref, define, nil, 3, $0.baseAddress, &exception) }
        try check(exception, phase: .evaluate)
    }

    /// `object[name]`, which may run a getter; `.thrown` holds the thrown value.
    public func propertyCatching(_ object: JSValue, _ name: String) throws(ScriptError) -> Caught<JSValue> {
        guard let target = JSValueToObject(ref, object.raw, nil) else { return .returned(undefined) }
        var exception: JSValueRef?
        let result = runtime.names.with(name) { JSObjectGetProperty(ref, target, $0, &exception) }
        return try caught(result, exception)
    }

    func caught(_ result: JSValueRef?, _ exception: JSValueRef?) throws(ScriptError) -> Caught<JSValue> {
        if let reason = runtime.executionGuard.tripped { throw ScriptError.terminated(reason) }
        if let exception { return .thrown(JSValue(exception, in: self)) }
        return .returned(JSValue(result ?? JSValueMakeUndefined(ref), in: self))
    }
}

extension JSValue {
    /// `typeof value`.
    public var typeName: String {
        switch JSValueGetType(context.ref, raw) {
        case kJSTypeUndefined: return "undefined"
        case kJSTypeBoolean: return "boolean"
        case kJSTypeNumber: return "number"
        case kJSTypeString: return "string"
        case kJSTypeSymbol: return "symbol"
        case kJSTypeBigInt: return "bigint"
        case kJSTypeNull: return "object"
        default: return isFunction ? "function" : "object"
        }
    }

    /// `JSON.stringify(value)` with the engine's own serializer: nil where it
    /// returns undefined, `.thrown` with the thrown value where it throws.
    public func jsonStringCatching() throws(ScriptError) -> Caught<String?> {
        var exception: JSValueRef?
        let string = JSValueCreateJSONString(context.ref, raw, 0, &exception)
        if let reason = context.runtime.executionGuard.tripped { throw ScriptError.terminated(reason) }
        if let exception { return .thrown(JSValue(exception, in: context)) }
        return .returned(string.map { JSStringBridge.take($0) })
    }
}
