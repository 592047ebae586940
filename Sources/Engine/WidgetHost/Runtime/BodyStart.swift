import ScriptCore

/// How the body starts and settles (S1, S4, S5): the wrapped text evaluates to the body's
/// function (``WrappedScript``), which the host calls with the global object as `this` and
/// no arguments; the body's first statement hands the host the reader of its bindings
/// through `__widgethost$register`, which returns the end marker and removes itself from the
/// global object, so the script never sees it. The body's frames are the only ones its
/// stacks show: no host code calls it from JavaScript.
extension RunState {
    /// The global the body's first statement calls with its reader; deleted by that call.
    static let registerGlobal = "__widgethost$register"

    /// Defines `__widgethost$register` on the global object (writable, configurable, not enumerable).
    func installRegistration(in context: ScriptContext) throws(ScriptError) {
        let end = context.object()
        endMarker = ProtectedValue(end)
        // An async body hands over a promise: settle with it through the realm's own
        // `then`, read before the script could change `Promise.prototype` (a fresh
        // promise's `then` is that function).
        if !wrapped.isPlain { promiseThen = ProtectedValue(try context.makePromise().promise.property("then")) }
        let register = context.internalFunction { [unowned self] call in
            if self.reader == nil {
                self.reader = ProtectedValue(call[0])
                call.context.global.deleteProperty(Self.registerGlobal)
            }
            return self.endMarker?.value ?? call.context.undefined
        }
        context.global.define(Self.registerGlobal, register, attributes: [.dontEnum])
    }

    /// Calls the body's function and settles with what it gives back: the end marker (a plain
    /// body that ran to its end), what it threw (a plain body), or its promise (an async body).
    func startBody(_ body: JSValue, in context: ScriptContext) throws(ScriptError) {
        let result: JSValue
        let called = try context.callCatching(body, this: context.global, arguments: [])
        started = true
        switch called {
        case .thrown(let thrown):
            settlement = .rejected(ProtectedValue(thrown))
            return
        case .returned(let value): result = value
        }
        // An async body that threw before its first `await` rejected its promise before the
        // call returned, so before the host could handle it: that is not an unhandled rejection.
        if let early = earlyRejections.first(where: { $0.promise.value.isSame(as: result) }) {
            diagnostics.remove(at: early.diagnostic)
        }
        earlyRejections = []
        if let end = endMarker?.value, result.isSame(as: end) {
            settlement = .fulfilled(completed: true)
            return
        }
        guard let then = promiseThen?.value else {
            // A plain body that returned anything else: it cannot return at top level.
            settlement = .fulfilled(completed: false)
            return
        }
        let fulfilled = context.internalFunction { [unowned self] call in
            let completed = self.endMarker.map { call[0].isSame(as: $0.value) } ?? false
            self.settlement = .fulfilled(completed: completed, returned: completed ? nil : ProtectedValue(call[0]))
            return call.context.undefined
        }
        let rejected = context.internalFunction { [unowned self] call in
            self.settlement = .rejected(ProtectedValue(call[0]))
            return call.context.undefined
        }
        if case .thrown(let thrown) = try context.callCatching(then, this: result, arguments: [fulfilled, rejected]) {
            settlement = .rejected(ProtectedValue(thrown))
        }
    }
}
