import ScriptCore

/// Host-installed globals, and the warning when a script replaces one.
enum HostGlobals {
    static let names = [
        "Date", "console", "setTimeout", "setInterval", "clearTimeout", "clearInterval", "sleep", "Widget",
    ] + RunSession.controlBindingNames

    static func snapshot(_ context: ScriptContext) -> [(String, ProtectedValue)] {
        names.compactMap { name in
            guard let value = try? context.global.property(name) else { return nil }
            return (name, ProtectedValue(value))
        }
    }

    static func reportReplaced(_ originals: [(String, ProtectedValue)], in context: ScriptContext, session: RunSession) {
        for (name, original) in originals {
            guard let current = try? context.global.property(name), !current.isSame(as: original.value) else { continue }
            let effect = RunSession.controlBindingNames.contains(name)
                ? "calls to the replacement are not requests to the system and are not recorded"
                : "the script's replacement is used instead of the host's"
            session.diagnose(.hostGlobalReplaced, .warning, "the script replaced the host's '\(name)'; \(effect)")
        }
    }
}

/// The `Widget` object (S3: `Widget.type` reports the kind).
enum WidgetObject {
    static func install(in context: ScriptContext, kind: ScriptKind) {
        let widget = context.object()
        widget.define("type", context.string(kind.rawValue), attributes: [.readOnly, .dontDelete])
        context.global.define("Widget", widget, attributes: .dontEnum)
    }
}
