import CJavaScriptCore

/// A JavaScript value seen from Swift, valid while its context lives.
///
/// The engine's conservative stack scan keeps values held in locals alive;
/// a value stored on the heap across calls must be wrapped in ``ProtectedValue``.
public struct JSValue {
    let raw: JSValueRef
    public let context: ScriptContext

    init(_ raw: JSValueRef, in context: ScriptContext) {
        self.raw = raw
        self.context = context
    }

    private var ctx: JSGlobalContextRef { context.ref }

    // MARK: Kinds

    /// The value's type, as `typeof` would name it (with "null" and "array" told apart).
    public enum Kind: String, Sendable {
        case undefined, null, boolean, number, string, symbol, bigint, object, array, function
    }

    public var kind: Kind {
        switch JSValueGetType(ctx, raw) {
        case kJSTypeUndefined: return .undefined
        case kJSTypeNull: return .null
        case kJSTypeBoolean: return .boolean
        case kJSTypeNumber: return .number
        case kJSTypeString: return .string
        case kJSTypeSymbol: return .symbol
        case kJSTypeBigInt: return .bigint
        default:
            if JSValueIsArray(ctx, raw) { return .array }
            return isFunction ? .function : .object
        }
    }

    public var isUndefined: Bool { JSValueIsUndefined(ctx, raw) }
    public var isNull: Bool { JSValueIsNull(ctx, raw) }
    public var isNullOrUndefined: Bool { isNull || isUndefined }
    public var isBoolean: Bool { JSValueIsBoolean(ctx, raw) }
    public var isNumber: Bool { JSValueIsNumber(ctx, raw) }
    public var isString: Bool { JSValueIsString(ctx, raw) }
    public var isObject: Bool { JSValueIsObject(ctx, raw) }
    public var isArray: Bool { JSValueIsArray(ctx, raw) }
    public var isDate: Bool { JSValueIsDate(ctx, raw) }
    public var isFunction: Bool {
        guard JSValueIsObject(ctx, raw), let object = JSValueToObject(ctx, raw, nil) else { return false }
        return JSObjectIsFunction(ctx, object)
    }
    /// True for objects created by the context's original `Error` constructor or a subclass.
    public var isError: Bool { isObject && context.isError(raw) }

    // MARK: Conversions

    /// `Boolean(value)`.
    public var boolValue: Bool { JSValueToBoolean(ctx, raw) }

    /// `Number(value)`; may run user code (valueOf).
    public func toNumber() throws(ScriptError) -> Double {
        var exception: JSValueRef?
        let number = JSValueToNumber(ctx, raw, &exception)
        try context.check(exception, phase: .evaluate)
        return number
    }

    /// Whether the value is a string holding a lone surrogate (a UTF-16 unit of U+D800–U+DFFF
    /// without its pair), which UTF-8 cannot hold: ``toString()`` makes each one U+FFFD, so two
    /// such strings that differ can become one. Runs no user code.
    public var hasLoneSurrogate: Bool {
        guard JSValueIsString(ctx, raw), let string = JSValueToStringCopy(ctx, raw, nil) else { return false }
        defer { JSStringRelease(string) }
        let length = JSStringGetLength(string)
        guard length > 0, let units = JSStringGetCharactersPtr(string) else { return false }
        var index = 0
        while index < length {
            let unit = units[index]
            if unit >= 0xD800 && unit <= 0xDBFF {
                guard index + 1 < length, units[index + 1] >= 0xDC00 && units[index + 1] <= 0xDFFF else { return true }
                index += 2
                continue
            }
            if unit >= 0xDC00 && unit <= 0xDFFF { return true }
            index += 1
        }
        return false
    }

    /// `String(value)`; may run user code (toString). Symbols convert like `String(symbol)`.
    public func toString() throws(ScriptError) -> String {
        if JSValueGetType(ctx, raw) == kJSTypeSymbol {
            let fn = try context.evaluate("(s) => String(s)", sourceURL: "widgethost:convert")
            return try context.call(fn, arguments: [self]).toString()
        }
        var exception: JSValueRef?
        let string = JSValueToStringCopy(ctx, raw, &exception)
        try context.check(exception, phase: .evaluate)
        guard let string else { return "" }
        return JSStringBridge.take(string)
    }

    /// The string when the value is a string, nil when undefined or null, `String(value)` otherwise.
    public func stringIfPresent() throws(ScriptError) -> String? {
        isNullOrUndefined ? nil : try toString()
    }

    /// The number when the value is a number, nil otherwise.
    public func numberIfPresent() throws(ScriptError) -> Double? {
        isNumber ? try toNumber() : nil
    }

    /// `JSON.stringify(value, null, indent)` with the engine's own serializer
    /// (not the global `JSON`, which a script may have replaced); nil where
    /// `JSON.stringify` returns undefined.
    public func jsonString(indent: Int = 0) throws(ScriptError) -> String? {
        var exception: JSValueRef?
        let string = JSValueCreateJSONString(ctx, raw, UInt32(clamping: indent), &exception)
        try context.check(exception, phase: .evaluate)
        guard let string else { return nil }
        return JSStringBridge.take(string)
    }

    // MARK: Objects

    /// `value[name]`; may run a getter.
    public func property(_ name: String) throws(ScriptError) -> JSValue {
        guard let object = JSValueToObject(ctx, raw, nil) else { return context.undefined }
        var exception: JSValueRef?
        let result = context.runtime.names.with(name) { JSObjectGetProperty(ctx, object, $0, &exception) }
        try context.check(exception, phase: .evaluate)
        return JSValue(result ?? JSValueMakeUndefined(ctx), in: context)
    }

    /// The elements `0..<length` of an array (or array-like object); none for other values.
    public func arrayElements() throws(ScriptError) -> [JSValue] {
        guard isObject else { return [] }
        let length = try property("length").toNumber()
        guard length.isFinite, length > 0 else { return [] }
        var elements: [JSValue] = []
        elements.reserveCapacity(Int(min(length, 65_536)))
        for index in 0..<Int(min(length, 65_536)) { elements.append(try element(index)) }
        return elements
    }

    /// `value[index]`.
    public func element(_ index: Int) throws(ScriptError) -> JSValue {
        guard let object = JSValueToObject(ctx, raw, nil) else { return context.undefined }
        var exception: JSValueRef?
        let result = JSObjectGetPropertyAtIndex(ctx, object, UInt32(clamping: index), &exception)
        try context.check(exception, phase: .evaluate)
        return JSValue(result ?? JSValueMakeUndefined(ctx), in: context)
    }

    /// `value[name] = newValue`; may run a setter.
    public func setProperty(_ name: String, _ newValue: JSValue) throws(ScriptError) {
        guard let object = JSValueToObject(ctx, raw, nil) else { return }
        var exception: JSValueRef?
        context.runtime.names.with(name) { JSObjectSetProperty(ctx, object, $0, newValue.raw, 0, &exception) }
        try context.check(exception, phase: .evaluate)
    }

    /// Defines an own property with attributes (no setter runs).
    public func define(_ name: String, _ newValue: JSValue, attributes: PropertyAttributes = []) {
        guard let object = JSValueToObject(ctx, raw, nil) else { return }
        context.runtime.names.with(name) {
            JSObjectSetProperty(ctx, object, $0, newValue.raw, JSPropertyAttributes(attributes.rawValue), nil)
        }
    }

    /// `delete value[name]`: false when the property stays (it cannot be deleted).
    @discardableResult
    public func deleteProperty(_ name: String) -> Bool {
        guard let object = JSValueToObject(ctx, raw, nil) else { return false }
        return context.runtime.names.with(name) { JSObjectDeleteProperty(ctx, object, $0, nil) }
    }

    /// Whether `name in value`.
    public func hasProperty(_ name: String) -> Bool {
        guard let object = JSValueToObject(ctx, raw, nil) else { return false }
        return context.runtime.names.with(name) { JSObjectHasProperty(ctx, object, $0) }
    }

    /// The enumerable property names (own and inherited, as `for…in` sees them).
    public func enumerableNames() -> [String] {
        guard let object = JSValueToObject(ctx, raw, nil) else { return [] }
        let names = JSObjectCopyPropertyNames(ctx, object)
        defer { JSPropertyNameArrayRelease(names) }
        let count = JSPropertyNameArrayGetCount(names)
        var result: [String] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            result.append(JSStringBridge.string(from: JSPropertyNameArrayGetNameAtIndex(names, index)))
        }
        return result
    }

    /// Strict equality (`===`).
    public func isSame(as other: JSValue) -> Bool { JSValueIsStrictEqual(ctx, raw, other.raw) }

    /// True for typed arrays and ArrayBuffers (values ``bytes()`` can read).
    public var isBinary: Bool {
        JSValueIsObject(ctx, raw) && JSValueGetTypedArrayType(ctx, raw, nil) != kJSTypedArrayTypeNone
    }

    /// The bytes of a typed array or ArrayBuffer, or nil for other values.
    public func bytes() -> [UInt8]? {
        guard let object = JSValueToObject(ctx, raw, nil) else { return nil }
        let type = JSValueGetTypedArrayType(ctx, raw, nil)
        if type == kJSTypedArrayTypeNone { return nil }
        if type == kJSTypedArrayTypeArrayBuffer {
            let length = JSObjectGetArrayBufferByteLength(ctx, object, nil)
            guard let pointer = JSObjectGetArrayBufferBytesPtr(ctx, object, nil) else { return [] }
            return Array(UnsafeRawBufferPointer(start: pointer, count: length))
        }
        let length = JSObjectGetTypedArrayByteLength(ctx, object, nil)
        let offset = JSObjectGetTypedArrayByteOffset(ctx, object, nil)
        // The pointer is the start of the whole buffer; the view begins `offset` bytes in.
        guard let pointer = JSObjectGetTypedArrayBytesPtr(ctx, object, nil) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer + offset, count: length))
    }
}

/// A value kept alive across calls (protected from garbage collection until released).
public final class ProtectedValue {
    public let value: JSValue

    public init(_ value: JSValue) {
        self.value = value
        JSValueProtect(value.context.ref, value.raw)
    }

    deinit { JSValueUnprotect(value.context.ref, value.raw) }
}
