import ScriptCore

/// The warning when a script replaces one of the host's globals.
extension RunSession {
    func reportReplacedGlobals() {
        for name in replacedGlobals {
            let effect = Self.controlBindingNames.contains(name)
                ? "calls to the replacement are not requests to the system and are not recorded"
                : "the script's replacement is used instead of the host's"
            diagnose(.hostGlobalReplaced, .warning, "the script replaced the host's '\(name)'; \(effect)")
        }
    }
}
