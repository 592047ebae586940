import CJavaScriptCore
import Synchronization

/// A JavaScript global context: one realm with its own global object.
///
/// Not thread-safe: use a context only on the thread that drives its runtime.
public final class ScriptContext {
    public let runtime: ScriptRuntime
    let ref: JSGlobalContextRef
    private var functionPrototype: JSObjectRef?
    /// The realm's own `Error.prototype`, found on first need (see ``isError(_:)``).
    private var errorPrototype: JSObjectRef?
    /// The realm's own `TypeError.prototype` and `RangeError.prototype`, found on first need (``makeError(_:_:)``).
    private var kindPrototypes: [NativeError.Kind: JSObjectRef] = [:]
    /// The bodies of this realm's built-in-shaped functions, by function object (``builtInFunction(_:_:)``).
    var builtInBodies: [UnsafeMutableRawPointer: NativeFunctionBox] = [:]

    /// Contexts alive in this process (for lifetime tests: a leaked context leaks its whole realm).
    public static var liveCount: Int { live.load(ordering: .relaxed) }
    private static let live = Atomic<Int>(0)

    init(runtime: ScriptRuntime, name: String) {
        Self.live.add(1, ordering: .relaxed)
        self.runtime = runtime
        // No class for the global object: the engine then caches global lookups.
        ref = JSGlobalContextCreateInGroup(runtime.group, nil)
        // The context's name is for a remote inspector, which the host never attaches: not set.
        let owner = UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque())
        Self.plainGlobals.withLock { $0[UInt(bitPattern: ref)] = owner }
        // Property reads, not evaluations: each entry into the engine has a cost.
        let global = JSContextGetGlobalObject(ref)
        func object(_ value: JSValueRef?) -> JSObjectRef? {
            value.flatMap { JSValueIsObject(ref, $0) ? JSValueToObject(ref, $0, nil) : nil }
        }
        let function = object(runtime.names.with("Function") { JSObjectGetProperty(ref, global, $0, nil) })
        functionPrototype = function.flatMap { constructor in
            object(runtime.names.with("prototype") { JSObjectGetProperty(ref, constructor, $0, nil) })
        }
        if let functionPrototype { JSValueProtect(ref, functionPrototype) }
    }

    /// Whether a remote inspector could attach to this context (never, in the host).
    var isInspectable: Bool { JSGlobalContextIsInspectable(ref) }

    /// True when `value` is an object with this realm's original `Error.prototype` on its
    /// prototype chain (as `value instanceof Error` before any script ran, without running
    /// a proxy's traps).
    ///
    /// The prototype is taken from an error the engine makes, not from the global `Error`:
    /// a script may have replaced that, and reading it builds `Error` in every context
    /// (the host reads it only when something was thrown).
    func isError(_ value: JSValueRef) -> Bool {
        if errorPrototype == nil, let made = JSObjectMakeError(ref, 0, nil, nil) {
            let prototype = JSObjectGetPrototype(ref, made)
            if let prototype, JSValueIsObject(ref, prototype), let object = JSValueToObject(ref, prototype, nil) {
                errorPrototype = object
                JSValueProtect(ref, object)
            }
        }
        guard let errorPrototype, JSValueIsObject(ref, value), var object = JSValueToObject(ref, value, nil) else { return false }
        for _ in 0..<Self.prototypeChainLimit {
            guard let next = JSObjectGetPrototype(ref, object), JSValueIsObject(ref, next),
                let nextObject = JSValueToObject(ref, next, nil)
            else { return false }
            if nextObject == errorPrototype { return true }
            object = nextObject
        }
        return false
    }

    /// How far ``isError(_:)`` follows a prototype chain (a script can make one as long as it likes).
    static let prototypeChainLimit = 10_000

    deinit {
        Self.live.subtract(1, ordering: .relaxed)
        runtime.rejectionHandlers[ObjectIdentifier(self)] = nil
        if let functionPrototype { JSValueUnprotect(ref, functionPrototype) }
        if let errorPrototype { JSValueUnprotect(ref, errorPrototype) }
        for prototype in kindPrototypes.values { JSValueUnprotect(ref, prototype) }
        Self.plainGlobals.withLock { $0[UInt(bitPattern: ref)] = nil }
        JSGlobalContextRelease(ref)
    }

    /// Engine context address to the unretained Swift context's address (a global
    /// object without a class has no private data to hold it).
    private static let plainGlobals = Mutex<[UInt: UInt]>([:])

    /// The Swift context that owns the engine context `ctx`.
    static func owning(_ ctx: JSContextRef) -> ScriptContext? {
        guard let globalContext = JSContextGetGlobalContext(ctx),
            let owner = plainGlobals.withLock({ $0[UInt(bitPattern: globalContext)] }),
            let pointer = UnsafeRawPointer(bitPattern: owner)
        else { return nil }
        return Unmanaged<ScriptContext>.fromOpaque(pointer).takeUnretainedValue()
    }

    // MARK: Running code

    /// Evaluates a classic script.
    /// - Parameters:
    ///   - sourceURL: the file name that errors and stack frames name.
    ///   - startingLine: the line number of the first line (at least 1).
    ///   - this: the `this` of the script's top level; default the global object.
    /// - Throws: ``ScriptError`` for an exception, a syntax error or a termination.
    @discardableResult
    public func evaluate(_ source: String, sourceURL: String, startingLine: Int = 1) throws(ScriptError) -> JSValue {
        var exception: JSValueRef?
        let result = JSStringBridge.with(source) { src in
            JSStringBridge.with(sourceURL) { url in
                JSEvaluateScript(ref, src, nil, url, Int32(clamping: startingLine), &exception)
            }
        }
        try check(exception, phase: .evaluate)
        return JSValue(result ?? JSValueMakeUndefined(ref), in: self)
    }

    /// Checks a script for syntax errors without running it.
    public func checkSyntax(_ source: String, sourceURL: String, startingLine: Int = 1) throws(ScriptError) {
        var exception: JSValueRef?
        let valid = JSStringBridge.with(source) { src in
            JSStringBridge.with(sourceURL) { url in
                JSCheckScriptSyntax(ref, src, url, Int32(clamping: startingLine), &exception)
            }
        }
        if !valid {
            guard let exception else {
                throw ScriptError(phase: .parse, name: "SyntaxError", message: "the script does not parse")
            }
            var error = makeScriptError(from: exception, phase: .parse)
            error.phase = .parse
            throw error
        }
    }

    /// Calls a function value.
    @discardableResult
    public func call(_ function: JSValue, this: JSValue? = nil, arguments: [JSValue] = []) throws(ScriptError) -> JSValue {
        guard let object = JSValueToObject(ref, function.raw, nil), JSObjectIsFunction(ref, object) else {
            throw ScriptError(phase: .evaluate, name: "TypeError", message: "value is not a function")
        }
        var exception: JSValueRef?
        let raws: [JSValueRef?] = arguments.map { $0.raw }
        let thisObject = this.flatMap { JSValueToObject(ref, $0.raw, nil) }
        let result = raws.withUnsafeBufferPointer { buffer in
            JSObjectCallAsFunction(ref, object, thisObject, buffer.count, buffer.baseAddress, &exception)
        }
        try check(exception, phase: .evaluate)
        return JSValue(result ?? JSValueMakeUndefined(ref), in: self)
    }

    /// Throws when the guard stopped the script, or when `exception` is set.
    func check(_ exception: JSValueRef?, phase: ScriptError.Phase) throws(ScriptError) {
        if let reason = runtime.executionGuard.tripped { throw ScriptError.terminated(reason) }
        if let exception { throw makeScriptError(from: exception, phase: phase) }
    }

    /// Describes a thrown or rejected JavaScript value as a ``ScriptError``.
    public func scriptError(from value: JSValue) -> ScriptError {
        makeScriptError(from: value.raw, phase: .evaluate)
    }

    /// Turns a thrown JavaScript value into a ``ScriptError``. Never runs for long:
    /// reading the properties of a hostile thrown object is still under the guard.
    func makeScriptError(from exception: JSValueRef, phase: ScriptError.Phase) -> ScriptError {
        let value = JSValue(exception, in: self)
        let isError = value.isObject && self.isError(exception)
        if isError {
            let name = (try? value.property("name").stringIfPresent()).flatMap { $0 } ?? "Error"
            let message = (try? value.property("message").stringIfPresent()).flatMap { $0 } ?? ""
            let line = (try? value.property("line").numberIfPresent()).flatMap { $0 }.map { Int($0) }
            let column = (try? value.property("column").numberIfPresent()).flatMap { $0 }.map { Int($0) }
            let url = (try? value.property("sourceURL").stringIfPresent()).flatMap { $0 }
            let stack = (try? value.property("stack").stringIfPresent()).flatMap { $0 }
            return ScriptError(
                phase: name == "SyntaxError" && phase == .parse ? .parse : phase, name: name,
                message: message, line: line, column: column, sourceURL: url, stack: stack)
        }
        let text = (try? value.toString()) ?? "<unprintable value>"
        return ScriptError(phase: phase, name: "Error", message: text, thrownErrorObject: false)
    }

    // MARK: Making values

    public var global: JSValue { JSValue(JSContextGetGlobalObject(ref), in: self) }
    public var undefined: JSValue { JSValue(JSValueMakeUndefined(ref), in: self) }
    public var null: JSValue { JSValue(JSValueMakeNull(ref), in: self) }
    public func boolean(_ value: Bool) -> JSValue { JSValue(JSValueMakeBoolean(ref, value), in: self) }
    public func number(_ value: Double) -> JSValue { JSValue(JSValueMakeNumber(ref, value), in: self) }
    public func string(_ value: String) -> JSValue {
        JSValue(JSStringBridge.with(value) { JSValueMakeString(ref, $0) }, in: self)
    }
    public func object() -> JSValue { JSValue(JSObjectMake(ref, nil, nil), in: self) }

    /// An object without a prototype (`{ __proto__: null }`): nothing a script puts on
    /// `Object.prototype` can intercept its properties.
    public func objectWithoutPrototype() -> JSValue {
        let object = JSObjectMake(ref, nil, nil)!
        JSObjectSetPrototype(ref, object, JSValueMakeNull(ref))
        return JSValue(object, in: self)
    }

    public func array(_ elements: [JSValue]) -> JSValue {
        let raws: [JSValueRef?] = elements.map { $0.raw }
        let made = raws.withUnsafeBufferPointer { JSObjectMakeArray(ref, $0.count, $0.baseAddress, nil) }
        return JSValue(made ?? JSObjectMake(ref, nil, nil), in: self)
    }

    /// A new `Uint8Array` holding a copy of `bytes`.
    public func uint8Array(_ bytes: [UInt8]) -> JSValue {
        var exception: JSValueRef?
        guard let made = JSObjectMakeTypedArray(ref, kJSTypedArrayTypeUint8Array, bytes.count, &exception) else {
            return JSValue(JSObjectMake(ref, nil, nil), in: self)
        }
        if !bytes.isEmpty, let pointer = JSObjectGetTypedArrayBytesPtr(ref, made, nil) {
            let offset = JSObjectGetTypedArrayByteOffset(ref, made, nil)
            bytes.withUnsafeBytes { (pointer + offset).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        }
        return JSValue(made, in: self)
    }

    /// A `Date` for epoch milliseconds.
    public func date(epochMilliseconds: Double) -> JSValue {
        var argument: JSValueRef? = JSValueMakeNumber(ref, epochMilliseconds)
        let made = JSObjectMakeDate(ref, 1, &argument, nil)
        return JSValue(made ?? JSValueMakeUndefined(ref), in: self)
    }

    /// A new error object of the given kind, made as the engine makes its own: its prototype is
    /// the realm's own `TypeError.prototype` (or `RangeError`'s, `Error`'s), whatever the
    /// script did to the global constructors.
    public func makeError(_ kind: NativeError.Kind, _ message: String) -> JSValue {
        var argument: JSValueRef? = JSStringBridge.with(message) { JSValueMakeString(ref, $0) }
        guard let made = JSObjectMakeError(ref, 1, &argument, nil) else { return undefined }
        if kind != .error, let prototype = errorPrototype(kind) { JSObjectSetPrototype(ref, made, prototype) }
        return JSValue(made, in: self)
    }

    /// The realm's own prototype for errors of `kind`, taken from an error the engine makes.
    private func errorPrototype(_ kind: NativeError.Kind) -> JSObjectRef? {
        if let known = kindPrototypes[kind] { return known }
        var exception: JSValueRef?
        switch kind {
        case .error: return nil
        case .typeError: _ = JSValueToObject(ref, JSValueMakeUndefined(ref), &exception)
        case .rangeError: _ = JSObjectMakeTypedArray(ref, kJSTypedArrayTypeUint8Array, 1 << 40, &exception)
        }
        guard let exception, JSValueIsObject(ref, exception), let object = JSValueToObject(ref, exception, nil),
            let prototype = JSObjectGetPrototype(ref, object), JSValueIsObject(ref, prototype),
            let found = JSValueToObject(ref, prototype, nil)
        else { return nil }
        JSValueProtect(ref, found)
        kindPrototypes[kind] = found
        return found
    }

    /// `new constructor(...arguments)`.
    public func construct(_ constructor: JSValue, arguments: [JSValue] = []) throws(ScriptError) -> JSValue {
        guard let object = JSValueToObject(ref, constructor.raw, nil), JSObjectIsConstructor(ref, object) else {
            throw ScriptError(phase: .evaluate, name: "TypeError", message: "value is not a constructor")
        }
        var exception: JSValueRef?
        let raws: [JSValueRef?] = arguments.map { $0.raw }
        let made = raws.withUnsafeBufferPointer {
            JSObjectCallAsConstructor(ref, object, $0.count, $0.baseAddress, &exception)
        }
        try check(exception, phase: .evaluate)
        return JSValue(made ?? JSValueMakeUndefined(ref), in: self)
    }

    /// Parses JSON text into a value (nil when the text is not JSON).
    public func parseJSON(_ text: String) -> JSValue? {
        let made = JSStringBridge.with(text) { JSValueMakeFromJSONString(ref, $0) }
        return made.map { JSValue($0, in: self) }
    }

    /// A function implemented in Swift. It has `Function.prototype`, so `call`,
    /// `apply` and `bind` work, and `name`/`length` as declared.
    public func function(_ name: String, length: Int = 0, _ body: @escaping NativeFunctionBody) -> JSValue {
        let box = Unmanaged.passRetained(NativeFunctionBox(body: body)).toOpaque()
        let object = JSObjectMake(ref, runtime.nativeFunctionClass, box)!
        let value = JSValue(object, in: self)
        // Own `name`/`length` first: once Function.prototype (whose are read-only) is
        // the prototype, a plain put of these names would be refused.
        let fixed = JSPropertyAttributes(kJSPropertyAttributeReadOnly | kJSPropertyAttributeDontEnum)
        let nameValue = runtime.names.with(name) { JSValueMakeString(ref, $0) }
        JSObjectSetProperty(ref, object, runtime.names.name, nameValue, fixed, nil)
        JSObjectSetProperty(ref, object, runtime.names.length, JSValueMakeNumber(ref, Double(length)), fixed, nil)
        if let functionPrototype { JSObjectSetPrototype(ref, object, functionPrototype) }
        return value
    }

    /// A function implemented in Swift for the host's own JavaScript, never
    /// handed to a script: callable, but without `name`, `length` or
    /// `Function.prototype` (setting those up costs more than the call).
    public func internalFunction(_ body: @escaping NativeFunctionBody) -> JSValue {
        let box = Unmanaged.passRetained(NativeFunctionBox(body: body)).toOpaque()
        return JSValue(JSObjectMake(ref, runtime.nativeFunctionClass, box)!, in: self)
    }

    /// A pending promise and the functions that settle it.
    public func makePromise() -> (promise: JSValue, resolve: JSValue, reject: JSValue) {
        var resolve: JSObjectRef?
        var reject: JSObjectRef?
        let promise = JSObjectMakeDeferredPromise(ref, &resolve, &reject, nil)
        return (
            JSValue(promise ?? JSValueMakeUndefined(ref), in: self),
            JSValue(resolve ?? JSValueMakeUndefined(ref), in: self),
            JSValue(reject ?? JSValueMakeUndefined(ref), in: self)
        )
    }

    /// The line of the innermost JavaScript frame in `sourceURL` on the current
    /// stack (for a native function to say where it was called from), or nil.
    public func callerLine(in sourceURL: String, depth: Int = 12) -> Int? {
        let trace = JSStringBridge.take(JSContextCreateBacktrace(ref, UInt32(depth)))
        let marker = " at \(sourceURL):"
        for frame in trace.split(separator: "\n") {
            guard let range = frame.firstRange(of: marker) else { continue }
            return Int(frame[range.upperBound...].prefix { $0.isNumber })
        }
        return nil
    }

    // MARK: Context settings

    /// Calls `handler(promise, reason)` for every rejection nothing handled.
    ///
    /// The engine keeps the registered function as a root of the context's own
    /// global object; a function of this context would keep the whole realm alive
    /// for ever. So the function registered lives in the runtime's scratch
    /// context and forwards to the handler of the context that owns it now.
    public func setUnhandledRejectionHandler(_ handler: @escaping (_ promise: JSValue, _ reason: JSValue) -> Void) {
        runtime.rejectionHandlers[ObjectIdentifier(self)] = RejectionHandler(context: self, body: handler)
        var exception: JSValueRef?
        JSGlobalContextSetUnhandledRejectionCallback(ref, runtime.rejectionForwarder, &exception)
    }

    /// Turns `eval` and `new Function` on or off; off, they throw `EvalError(message)`.
    public func setEvalEnabled(_ enabled: Bool, message: String) {
        JSStringBridge.with(message) { JSGlobalContextSetEvalEnabled(ref, enabled, $0) }
    }
}

/// Attributes of a property defined from Swift.
public struct PropertyAttributes: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let readOnly = PropertyAttributes(rawValue: UInt32(kJSPropertyAttributeReadOnly))
    public static let dontEnum = PropertyAttributes(rawValue: UInt32(kJSPropertyAttributeDontEnum))
    public static let dontDelete = PropertyAttributes(rawValue: UInt32(kJSPropertyAttributeDontDelete))
}
