import CJavaScriptCore
import ErrorKinds

/// What a native function receives when JavaScript calls it. Valid only during the call:
/// it reads the engine's argument list in place (no copy is made for a call that reads none).
public struct NativeCall {
    public let context: ScriptContext
    public let this: JSValue
    private let raw: UnsafePointer<JSValueRef?>?
    /// How many arguments were passed.
    public let count: Int

    init(context: ScriptContext, this: JSValue, raw: UnsafePointer<JSValueRef?>?, count: Int) {
        self.context = context
        self.this = this
        self.raw = raw
        self.count = count
    }

    /// Every argument passed, in order.
    public var arguments: [JSValue] { (0..<count).map { self[$0] } }

    /// The argument at `index`, or `undefined` when fewer were passed.
    public subscript(index: Int) -> JSValue {
        guard index >= 0, index < count, let value = raw?[index] else { return context.undefined }
        return JSValue(value, in: context)
    }
}

/// An error a native function throws into JavaScript.
public struct NativeError: KindedError {
    /// Thrown into the script: the script's error.
    public var errorKind: ErrorKind { .script }
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
public struct JSException: KindedError, @unchecked Sendable {
    /// Thrown into the script: the script's error.
    public var errorKind: ErrorKind { .script }
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
    return callNativeBody(box.body, context, thisObject, argumentCount, arguments, exception)
}

/// Calls a native body with the engine's arguments; what it throws becomes the exception.
func callNativeBody(
    _ body: NativeFunctionBody, _ context: ScriptContext, _ thisObject: JSObjectRef?, _ argumentCount: Int,
    _ arguments: UnsafePointer<JSValueRef?>?, _ exception: UnsafeMutablePointer<JSValueRef?>?
) -> JSValueRef? {
    let this = thisObject.map { JSValue($0, in: context) } ?? context.undefined
    do {
        return try body(NativeCall(context: context, this: this, raw: arguments, count: argumentCount)).raw
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
