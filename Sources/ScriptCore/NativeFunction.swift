import CJavaScriptCore

/// What a native function receives when JavaScript calls it.
public struct NativeCall {
    public let context: ScriptContext
    public let this: JSValue
    public let arguments: [JSValue]

    /// The argument at `index`, or `undefined` when fewer were passed.
    public subscript(index: Int) -> JSValue {
        index < arguments.count ? arguments[index] : context.undefined
    }
}

/// An error a native function throws into JavaScript.
public struct NativeError: Error {
    /// The JavaScript error constructor to use.
    public enum Kind: String, Sendable {
        case error = "Error"
        case typeError = "TypeError"
        case rangeError = "RangeError"
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind = .error, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

/// Throws an existing JavaScript value from a native function (for example a
/// rejection reason passed through).
///
/// `@unchecked Sendable`: the value is created and consumed on the same call
/// stack of the thread that drives its context; it is never stored or sent.
public struct JSException: Error, @unchecked Sendable {
    public let value: JSValue
    public init(_ value: JSValue) { self.value = value }
}

/// The body of a native function. It must not capture the context or any
/// ``JSValue`` strongly beyond the call: the context reaches it through ``NativeCall``.
public typealias NativeFunctionBody = (NativeCall) throws -> JSValue

/// Heap box for a native body; retained by the JS function object, released by its finalizer.
final class NativeFunctionBox {
    let body: NativeFunctionBody
    init(body: @escaping NativeFunctionBody) { self.body = body }
}

enum NativeFunctionClass {
    /// The class of the runtime's unhandled-rejection forwarder; private data: the runtime.
    static func createRejectionForwarder() -> JSClassRef {
        var definition = kJSClassDefinitionEmpty
        definition.callAsFunction = rejectionForwarderTrampoline
        return "RejectionForwarder".withCString { name in
            definition.className = name
            return JSClassCreate(&definition)
        }
    }

    static func create() -> JSClassRef {
        var definition = kJSClassDefinitionEmpty
        // No prototype object of the class's own, made in every context on first use:
        // a script's functions get `Function.prototype`, the host's internal ones `Object.prototype`.
        definition.attributes = JSClassAttributes(kJSClassAttributeNoAutomaticPrototype)
        definition.callAsFunction = nativeFunctionTrampoline
        definition.finalize = nativeFunctionFinalize
        return "NativeFunction".withCString { name in
            definition.className = name
            return JSClassCreate(&definition)
        }
    }
}

private func nativeFunctionTrampoline(
    _ ctx: JSContextRef?, _ function: JSObjectRef?, _ thisObject: JSObjectRef?, _ argumentCount: Int,
    _ arguments: UnsafePointer<JSValueRef?>?, _ exception: UnsafeMutablePointer<JSValueRef?>?
) -> JSValueRef? {
    guard let ctx, let function, let raw = JSObjectGetPrivate(function),
        let context = ScriptContext.owning(ctx)
    else { return JSValueMakeUndefined(ctx) }
    let box = Unmanaged<NativeFunctionBox>.fromOpaque(raw).takeUnretainedValue()
    var args: [JSValue] = []
    args.reserveCapacity(argumentCount)
    for index in 0..<argumentCount {
        args.append(JSValue(arguments?[index] ?? JSValueMakeUndefined(ctx), in: context))
    }
    let this = thisObject.map { JSValue($0, in: context) } ?? context.undefined
    do {
        return try box.body(NativeCall(context: context, this: this, arguments: args)).raw
    } catch let error as JSException {
        exception?.pointee = error.value.raw
    } catch let error as NativeError {
        exception?.pointee = context.makeError(error.kind, error.message).raw
    } catch let error as ScriptError {
        exception?.pointee = context.makeError(.error, error.description).raw
    } catch {
        exception?.pointee = context.makeError(.error, "\(error)").raw
    }
    return nil
}

private func nativeFunctionFinalize(_ object: JSObjectRef?) {
    guard let object, let raw = JSObjectGetPrivate(object) else { return }
    Unmanaged<NativeFunctionBox>.fromOpaque(raw).release()
}

/// Called with `(promise, reason)` by whichever context had a rejection nothing handled.
private func rejectionForwarderTrampoline(
    _ ctx: JSContextRef?, _ function: JSObjectRef?, _ thisObject: JSObjectRef?, _ argumentCount: Int,
    _ arguments: UnsafePointer<JSValueRef?>?, _ exception: UnsafeMutablePointer<JSValueRef?>?
) -> JSValueRef? {
    guard let ctx, let function, let raw = JSObjectGetPrivate(function), argumentCount >= 2,
        let promise = arguments?[0], let reason = arguments?[1]
    else { return JSValueMakeUndefined(ctx) }
    let runtime = Unmanaged<ScriptRuntime>.fromOpaque(raw).takeUnretainedValue()
    // The arguments belong to the context whose promise was rejected.
    let owner = ScriptContext.owning(ctx).flatMap { runtime.rejectionHandlers[ObjectIdentifier($0)] }
        ?? (runtime.rejectionHandlers.count == 1 ? runtime.rejectionHandlers.first?.value : nil)
    if let owner {
        owner.body(JSValue(promise, in: owner.context), JSValue(reason, in: owner.context))
    }
    return JSValueMakeUndefined(ctx)
}
