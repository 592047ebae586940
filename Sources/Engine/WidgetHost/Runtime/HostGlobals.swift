import ScriptCore

/// Every global the host adds to a fresh global object, all defined natively before the
/// script runs, on every run, whatever the script's text says.
///
/// A dynamic language reaches any global by a computed name (`globalThis['Cal' + 'endar']`,
/// `eval`, `Function`, `with`, a string that becomes code), so nothing about a script's text
/// decides what exists: every run gets the same globals.
///
/// | global | how it is defined |
/// | --- | --- |
/// | `setUpdateFreq`, `setUpdateTime`, `endLiveActivity` | data properties holding built-in-shaped functions (C1–C8) |
/// | `setTimeout`, `setInterval`, `clearTimeout`, `clearInterval` | the same (T3) |
/// | `sleep` | an accessor: not an iOS global, so assigning to it makes an ordinary property (`this.sleep = "7h 10m"` is an output) |
/// | `console` | the engine's own `console`, with its `log`, `info`, `warn`, `error`, `debug`, `trace`, `dir` and `assert` replaced (S8, ``HostConsole``) |
/// | `Math.random` | replaced by the seeded generator when the run has a seed (T4, ``SeededRandom``) |
/// | the API's globals (`Widget`, `Device`, `Request`, `Calendar`, …) | accessors, each built on first read; an assignment is kept and reported |
///
/// `Date` and `Intl` are never replaced: the engine's own read the run's virtual clock and
/// locale (``VirtualClock``). Every global is non-enumerable and configurable, as built-ins are.
extension RunState {
    func installHostGlobals(in context: ScriptContext) throws(ScriptError) {
        let global = context.global
        let edition = configuration.edition
        for declared in APIRegistry.madeBeforeTheScript(in: edition) {
            guard let make = declared.installation.functionBody else { continue }
            defineHostFunction(declared.name, context.builtInFunction(declared.name, make(self, declared.name)), on: global)
        }
        for declared in APIRegistry.installedByTheHost(in: edition) {
            if case .host(let install) = declared.installation { try install(self, declared.name, context) }
        }
        if let seed = configuration.seed { SeededRandom.install(seed: seed, in: context) }
        try installAPIAccessors(APIRegistry.madeOnFirstRead(in: edition), in: context)
    }

    /// A host function as a global data property, remembered to notice a replacement.
    private func defineHostFunction(_ name: String, _ function: JSValue, on global: JSValue) {
        global.define(name, function, attributes: [.dontEnum])
        hostGlobalValues.append((name, ProtectedValue(function)))
    }

    /// `sleep(ms)`, a promise the virtual clock resolves (T3). Not an iOS global: assigning to it
    /// makes an ordinary, enumerable property, so the docs' `this.sleep = "7h 10m"` is an output.
    func installSleep(named name: String, in context: ScriptContext) throws(ScriptError) {
        let sleep = context.builtInFunction(name) { [unowned self] call in
            let delay = try self.sleepDelay(call[0], call, name)
            let (promise, resolve, _) = call.context.makePromise()
            // H12: the HarmonyOS edition's `sleep` resolves with the milliseconds it waited (its
            // docs: `await sleep(ms) → Promise<ms>`); the iOS host's with undefined.
            let value = self.configuration.edition == .harmony
                ? ProtectedValue(call.context.array([call.context.number(delay)])) : nil
            _ = self.timers.add(callback: ProtectedValue(resolve), arguments: value, now: self.now, delay: delay, repeating: false)
            return promise
        }
        sleepFunction = ProtectedValue(sleep)
        let get = context.internalFunction { [unowned self] call in self.sleepFunction?.value ?? call.context.undefined }
        let set = context.internalFunction { call in
            try call.context.defineData(call.context.global, name, call[0])
            return call.context.undefined
        }
        try context.defineAccessor(context.global, name, get: get, set: set)
    }

    /// The API's globals as accessors built on first read (``APIRegistry``); an assignment is
    /// kept (and reported: calls to the replacement are the script's own).
    private func installAPIAccessors(_ names: [String], in context: ScriptContext) throws(ScriptError) {
        let make = context.internalFunction { [unowned self] call in
            let name = try call[0].toString()
            guard let declared = APIRegistry.global(name, in: self.configuration.edition) else { throw NativeError(.error, "no host global named \(name)") }
            return try self.make(declared, in: call.context)
        }
        let assign = context.internalFunction { [unowned self] call in
            let name = try call[0].toString()
            if !self.replacedGlobals.contains(name) { self.replacedGlobals.append(name) }
            return call.context.undefined
        }
        try context.defineLazyAccessors(context.global, names, make: make, assign: assign)
    }

    /// Adds to ``replacedGlobals`` the host's data globals no longer in place when the body has
    /// settled (assigned, deleted or redefined; a getter put in their place may throw). The
    /// accessors tell the host when they are assigned.
    func noticeReplacedHostGlobals(in context: ScriptContext) throws(ScriptError) {
        for (name, value) in hostGlobalValues where !replacedGlobals.contains(name) {
            if case .returned(let current) = try context.propertyCatching(context.global, name), current.isSame(as: value.value) {
                continue
            }
            replacedGlobals.append(name)
        }
    }

    func reportReplacedGlobals() {
        for name in replacedGlobals {
            let isControl = if case .control? = APIRegistry.global(name, in: configuration.edition)?.installation { true } else { false }
            let effect = isControl
                ? "calls to the replacement are not requests to the system and are not recorded"
                : "the script's replacement is used instead of the host's"
            diagnose(.hostGlobalReplaced, .warning, "the script replaced the host's '\(name)'; \(effect)")
        }
    }
}

/// The timers' bodies (T3), which their declarations install (`API/Globals/RuntimeGlobals.swift`).
extension BindingContext {
    /// The body of `setTimeout(callback, ms, ...args)` or `setInterval(…)` on the virtual clock (T3).
    func timer(_ name: String, repeating: Bool) -> NativeFunctionBody {
        { [unowned self] call in
            guard call[0].isFunction else {
                throw NativeError(.typeError, "\(name)(callback, ms) needs a function as its first argument")
            }
            var delay = try call[1].toNumber()
            if !(delay >= 0) || delay > 2_147_483_647 { delay = 0 }  // as browsers do: an overflowing delay fires at once
            let extra = call.count > 2 ? ProtectedValue(call.context.array((2..<call.count).map { call[$0] })) : nil
            let id = self.timers.add(callback: ProtectedValue(call[0]), arguments: extra, now: self.now, delay: delay, repeating: repeating)
            return call.context.number(Double(id))
        }
    }

    /// The body of `clearTimeout(id)` and `clearInterval(id)` (T3).
    var clearTimer: NativeFunctionBody {
        { [unowned self] call in
            if call[0].isNumber, let id = Int(exactly: try call[0].toNumber()) { self.timers.cancel(id: id) }
            return call.context.undefined
        }
    }
}
