import ScriptCore

/// The control bindings the host defines itself, and the warning when a script
/// replaces one of the host's globals.
extension RunSession {
    /// Defines the control bindings the script can reach (``PreparedScript/hostGlobals``) as
    /// plain functions on the global object (writable, configurable, not enumerable).
    func installHostGlobals(in context: ScriptContext) {
        for name in prepared.hostGlobals {
            guard let function = controlBinding(name, in: context) else { continue }
            context.global.define(name, function, attributes: [.dontEnum])
            hostGlobalFunctions.append((name, ProtectedValue(function)))
        }
    }

    /// Defines the API globals `names` (all made natively) as the prelude's accessors would:
    /// built on first read, a replacement kept and reported; not enumerable, configurable.
    /// A run whose script reaches nothing else the prelude installs then needs no prelude.
    func installNativeAccessors(_ names: [String], in context: ScriptContext) throws(ScriptError) {
        for name in names {
            let get = context.function("get") { [unowned self] call in
                if let made = self.accessorValues[name] { return made?.value ?? call.context.undefined }
                self.accessorValues[name] = .some(nil)  // made once, even when making it throws
                let value = try self.makeBinding(name, tools: call.context.undefined, in: call.context)
                self.accessorValues[name] = ProtectedValue(value)
                return value
            }
            let set = context.function("set", length: 1) { [unowned self] call in
                self.accessorValues[name] = ProtectedValue(call[0])
                if !self.replacedGlobals.contains(name) { self.replacedGlobals.append(name) }
                return call.context.undefined
            }
            try context.defineAccessor(context.global, name, get: get, set: set)
        }
    }

    /// Adds to ``replacedGlobals`` the control bindings no longer in place when the body
    /// has settled (assigned, deleted or redefined; a getter put in their place may throw).
    /// The globals the prelude installs are accessors that tell the host when assigned.
    func noticeReplacedHostGlobals(in context: ScriptContext) throws(ScriptError) {
        for (name, function) in hostGlobalFunctions where !replacedGlobals.contains(name) {
            if case .returned(let current) = try context.propertyCatching(context.global, name), current.isSame(as: function.value) {
                continue
            }
            replacedGlobals.append(name)
        }
    }

    func reportReplacedGlobals() {
        for name in replacedGlobals {
            let effect = Self.controlBindingNames.contains(name)
                ? "calls to the replacement are not requests to the system and are not recorded"
                : "the script's replacement is used instead of the host's"
            diagnose(.hostGlobalReplaced, .warning, "the script replaced the host's '\(name)'; \(effect)")
        }
    }
}
