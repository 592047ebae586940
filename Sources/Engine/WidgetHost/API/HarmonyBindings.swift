import JSONKit
import ScriptCore

/// The HarmonyOS edition's `Setting`, `Widget`, `$params`, `openUrl` and `Device` (H10, H12),
/// answered from the profile as the iOS edition's are (A1).
extension BindingContext {
    // MARK: Setting (H10)

    /// The setting types the HarmonyOS `Setting.add` declares.
    static var harmonySettingTypes: [String] { ["text", "number", "date", "toggle", "select", "icon", "color", "image"] }

    /// The values the profile gives: `harmony.settings`, else `settings`; of the app's envelope
    /// `{schemaVersion, items, values}` only `values`.
    private var profileSettings: JSONObject {
        let given = api.profile["harmony"]?["settings"] ?? api.profile["settings"]
        guard let object = given?.objectValue else { return [:] }
        if object["schemaVersion"] != nil, let values = object["values"]?.objectValue { return values }
        return object
    }

    /// A setting's value: this run's `set`, else one an app run stored, else the profile's.
    private func harmonySetting(_ key: String) -> JSONValue? {
        if let value = api.settingsInMemory[key] { return value }
        if let stored = api.widget({ $0.harmonySettings[key] }) { return stored }
        return profileSettings[key]
    }

    func makeHarmonySetting(in context: ScriptContext) -> JSValue {
        let lookup: (Self, String) -> JSONValue? = { state, key in state.harmonySetting(key) }
        func reader(_ name: String, _ read: @escaping (Self, JSONValue?, ScriptContext) -> JSValue) -> (String, Int, NativeFunctionBody) {
            settingReader(name, lookup: lookup, read)
        }
        func text(_ value: JSONValue?, _ context: ScriptContext) -> JSValue { Self.settingText(value, in: context) }
        let common = commonSettingReaders(lookup: lookup)
        return nativeObject(in: context, [
            ("get", 2, { [unowned self] (call: NativeCall) throws -> JSValue in
                let fallback = call.count > 1 ? call[1] : call.context.string("")
                guard let key = try self.stringArgument(call, 0, "Setting.get", "the setting's key") else { return fallback }
                guard let value = self.harmonySetting(key), value != .null else { return fallback }
                return self.javaScript(value, in: call.context)
            }),
            ("set", 2, { [unowned self] (call: NativeCall) throws -> JSValue in
                guard let key = try self.stringArgument(call, 0, "Setting.set", "the key (the key comes first: Setting.set(key, value))") else {
                    return call.context.undefined
                }
                let value = call[1]
                let json: JSONValue
                if value.isNullOrUndefined {
                    json = .null
                } else {
                    guard let text = try? value.jsonString(), let parsed = try? JSONValue.parse(text) else {
                        try self.misuse(call, "Setting.set", "Setting.set(\(JSONValue.quote(key)), value) stores JSON values; got \(ValueDescription.phrase(value)); the call was ignored")
                        return call.context.undefined
                    }
                    json = parsed
                }
                // Persisted from the app; in a card refresh memory only, so a refresh never
                // overwrites what the user edited.
                if self.configuration.context == .app {
                    self.api.widget(mutate: true) { $0.harmonySettings[key] = json }
                } else {
                    self.api.settingsInMemory[key] = json
                }
                return call.context.undefined
            }),
            ("all", 0, { [unowned self] (call: NativeCall) throws -> JSValue in
                var values = self.profileSettings
                for (key, value) in self.api.widget({ $0.harmonySettings }) { values[key] = value }
                for (key, value) in self.api.settingsInMemory { values[key] = value }
                return self.javaScript(.object(values), in: call.context)
            }),
            ("add", 1, { [unowned self] (call: NativeCall) throws -> JSValue in
                try self.settingAdd(call, types: Self.harmonySettingTypes)
                return call.context.undefined
            }),
            common.string, common.number, common.bool, common.date,
            reader("select") { _, value, context in text(value, context) },
            reader("icon") { _, value, context in text(value, context) },
            reader("color") { state, value, context in
                if case .object? = value { return state.javaScript(value!, in: context) }
                return text(value, context)
            },
            reader("image") { _, value, context in text(value, context) },
        ])
    }

    // MARK: Widget, $params, openUrl (H1, H12)

    func makeHarmonyWidget(in context: ScriptContext) -> JSValue {
        let card = configuration.card
        let fields = [("kind", card.kind.rawValue), ("dimension", card.dimension.rawValue),
                      ("urlscheme", "OmniWidgets://run-widget/\(api.identity.id)")]
        return widgetObject(in: context, fields: fields, functions: [
            ("openUrl", 1, { [unowned self] call in
                try self.openURL(call, "Widget.openUrl")
                return call.context.undefined
            }),
        ])
    }

    /// `openUrl(url)`, the global.
    func makeOpenURL(_ name: String, in context: ScriptContext) -> JSValue {
        context.function(name, length: 1) { [unowned self] call in
            try self.openURL(call, name)
            return call.context.undefined
        }
    }

    /// Opens a URL once the run ends, in an app run; `""` is ignored (H12, A7).
    private func openURL(_ call: NativeCall, _ function: String) throws {
        guard call[0].isString, let url = try call[0].stringIfPresent() else {
            try misuse(call, function, "\(function)(url) expects a URL string; got \(ValueDescription.phrase(call[0])); the call was ignored")
            record(function, call, valid: false)
            return
        }
        if url.isEmpty { return record(function, call, valid: false) }
        _ = appOnly(call, function)
    }

    /// `$params`: the profile's `params` (strings), its `harmony.params` (any JSON: the shortcut's
    /// `shortcut` and `ocr` objects), then `--param key=value`.
    func makeHarmonyParams(in context: ScriptContext) -> JSValue {
        var params: [String: JSONValue] = [:]
        for (key, value) in api.profile["params"]?.objectValue ?? [:] { params[key] = value.stringValue.map { .string($0) } }
        for (key, value) in api.profile["harmony"]?["params"]?.objectValue ?? [:] { params[key] = value }
        for (key, value) in configuration.params { params[key] = .string(value) }
        let object = context.object()
        for key in params.keys.sorted(by: Self.jsOrder) { object.define(key, javaScript(params[key]!, in: context)) }
        return object
    }

    // MARK: Device (H12)

    /// The fields of `Device`, in the docs' order, with what a missing one is.
    static var harmonyDeviceFields: [(name: String, missing: JSONValue)] {
        [("model", ""), ("brand", ""), ("osVersion", ""), ("deviceType", ""), ("sdkApiVersion", 0), ("locale", ""),
         ("screenWidth", 0), ("screenHeight", 0), ("densityDPI", 0)]
    }

    /// `Device`: a plain object of read-only fields from the profile's `harmony.device`, `locale`
    /// the run's (T5).
    func makeHarmonyDevice(in context: ScriptContext) -> JSValue {
        let device = api.profile["harmony"]?["device"]
        let object = context.object()
        for (name, missing) in Self.harmonyDeviceFields {
            let value = name == "locale" ? .string(configuration.effectiveLocale) : device?[name] ?? missing
            object.define(name, javaScript(value, in: context), attributes: [.readOnly, .dontDelete])
        }
        return object
    }
}
