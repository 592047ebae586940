import ScriptCore

/// The function the wrapped script hands its body to (S1, S4), and the two values
/// it passes the body: the reader's registration and the end marker
/// (``WrappedScript``). They are the host's own native functions, so a run sets
/// up no JavaScript function for them.
extension RunSession {
    /// Defines `__widgethost$start` on the global object (writable, configurable, not
    /// enumerable), with `register` and `end` (read-only, hidden, permanent).
    func installStart(in context: ScriptContext) throws(ScriptError) {
        let end = context.object()
        endMarker = ProtectedValue(end)
        // An async body hands over a promise: settle with it through the realm's own
        // `then`, read before the script could change `Promise.prototype` (a fresh
        // promise's `then` is that function).
        if !wrapped.isPlain { promiseThen = ProtectedValue(try context.makePromise().promise.property("then")) }
        let start = context.internalFunction { [unowned self] call in try self.start(call) }
        let register = context.internalFunction { [unowned self] call in
            // Only the wrapper's registration, the body's first statement, counts.
            if self.reader == nil { self.reader = ProtectedValue(call[0]) }
            return call.context.undefined
        }
        let fixed: PropertyAttributes = [.readOnly, .dontEnum, .dontDelete]
        start.define("register", register, attributes: fixed)
        start.define("end", end, attributes: fixed)
        context.global.define(Prelude.startGlobal, start, attributes: [.dontEnum])
    }

    /// `start(result, threw)`: a plain body hands over the end marker, or what it threw;
    /// an async body its promise. Only the first call counts: a script that calls it
    /// itself cannot settle the body twice. The global is deleted on every call.
    private func start(_ call: NativeCall) throws -> JSValue {
        let context = call.context
        context.global.deleteProperty(Prelude.startGlobal)
        guard !started else { return context.undefined }
        started = true
        let result = call[0]
        if call[1].isBoolean, call[1].boolValue {
            settlement = .rejected(ProtectedValue(result))
            return context.undefined
        }
        if let end = endMarker?.value, result.isSame(as: end) {
            settlement = .fulfilled(completed: true)
            return context.undefined
        }
        // A promise (an async body's, or whatever a script passed itself).
        guard let then = promiseThen?.value else {
            throw NativeError(.typeError, "the body of a plain script hands over no promise")
        }
        let fulfilled = context.internalFunction { [unowned self] call in
            self.settlement = .fulfilled(completed: self.endMarker.map { call[0].isSame(as: $0.value) } ?? false)
            return call.context.undefined
        }
        let rejected = context.internalFunction { [unowned self] call in
            self.settlement = .rejected(ProtectedValue(call[0]))
            return call.context.undefined
        }
        switch try context.callCatching(then, this: result, arguments: [fulfilled, rejected]) {
        case .returned: return context.undefined
        case .thrown(let thrown): throw JSException(thrown)
        }
    }
}
