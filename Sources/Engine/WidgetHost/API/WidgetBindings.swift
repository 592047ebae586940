import JSONKit
import ScriptCore

/// `Widget` (S3, A1, A7) and `$params`.
extension BindingContext {
    /// `Widget`, one object in both editions (A1, H12): its read-only `id`, `name`, then the
    /// edition's `fields`, and its `functions` (not enumerable).
    func widgetObject(in context: ScriptContext, fields: [(String, String)], functions: [(String, Int, NativeFunctionBody)]) -> JSValue {
        let widget = context.object()
        let fixed: PropertyAttributes = [.readOnly, .dontDelete]
        for (name, value) in [("id", api.identity.id), ("name", api.identity.name)] + fields {
            widget.define(name, context.string(value), attributes: fixed)
        }
        for (name, length, body) in functions { widget.define(name, context.function(name, length: length, body), attributes: .dontEnum) }
        return widget
    }

    func makeWidget(in context: ScriptContext) -> JSValue {
        let kind = configuration.kind.rawValue
        return widgetObject(in: context, fields: [("type", kind), ("urlscheme", "awidget://runjs/\(kind)/\(api.identity.id)")], functions: [
            ("openUrl", 1, { [unowned self] call in
                guard call[0].isString, let url = try call[0].stringIfPresent(), !url.isEmpty else {
                    try self.misuse(call, "Widget.openUrl", "Widget.openUrl(url) expects a URL string; got \(ValueDescription.phrase(call[0])); the call was ignored")
                    self.record("Widget.openUrl", call, valid: false)
                    return call.context.undefined
                }
                _ = self.appOnly(call, "Widget.openUrl")
                return call.context.undefined
            }),
            ("reload", 0, { [unowned self] call in
                _ = self.appOnly(call, "Widget.reload")
                return call.context.undefined
            }),
        ])
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
