import JSONKit
import ScriptCore

/// `Widget` (S3, A1, A7) and `$params`.
extension BindingContext {
    func makeWidget(in context: ScriptContext) -> JSValue {
        let identity = api.identity
        let kind = configuration.kind.rawValue
        let widget = context.object()
        let fixed: PropertyAttributes = [.readOnly, .dontDelete]
        widget.define("id", context.string(identity.id), attributes: fixed)
        widget.define("name", context.string(identity.name), attributes: fixed)
        widget.define("type", context.string(kind), attributes: fixed)
        widget.define("urlscheme", context.string("awidget://runjs/\(kind)/\(identity.id)"), attributes: fixed)
        widget.define("openUrl", context.function("openUrl", length: 1) { [unowned self] call in
            guard call[0].isString, let url = try call[0].stringIfPresent(), !url.isEmpty else {
                try self.misuse(call, "Widget.openUrl", "Widget.openUrl(url) expects a URL string; got \(ValueDescription.phrase(call[0])); the call was ignored")
                self.record("Widget.openUrl", call, valid: false)
                return call.context.undefined
            }
            _ = self.appOnly(call, "Widget.openUrl")
            return call.context.undefined
        }, attributes: .dontEnum)
        widget.define("reload", context.function("reload") { [unowned self] call in
            _ = self.appOnly(call, "Widget.reload")
            return call.context.undefined
        }, attributes: .dontEnum)
        return widget
    }

    /// `$params`: the profile's `params` with the configuration's laid over them; all strings.
    func makeParams(in context: ScriptContext) -> JSValue {
        var params: [String: String] = [:]
        for (key, value) in api.profile["params"]?.objectValue ?? [:] { params[key] = value.stringValue }
        for (key, value) in configuration.params { params[key] = value }
        let object = context.object()
        for key in params.keys.sorted(by: Self.jsOrder) { object.define(key, context.string(params[key]!)) }
        return object
    }
}
