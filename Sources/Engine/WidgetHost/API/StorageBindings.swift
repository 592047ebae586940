import JSONKit
import ScriptCore

/// What a legacy store does with a value: store its string, delete the key, or ignore the call.
private enum Legacy { case store(String), delete, ignore }

/// `Config`, `setConfig`/`getConfig`, `setValue`/`getValue` and `Setting` (A4, A1, A7).
extension BindingContext {
    /// JavaScript's default sort order (UTF-16 code units), for `$params`.
    static func jsOrder(_ a: String, _ b: String) -> Bool { a.utf16.lexicographicallyPrecedes(b.utf16) }

    func makeConfig(in context: ScriptContext) -> JSValue {
        keyValueStore("Config", in: context) { state, mutate, body in state.api.widget(mutate: mutate) { body(&$0.config) } }
    }

    /// `Shared` (H10): `Config`'s shape over the values of the run's card kind and dimension.
    func makeShared(in context: ScriptContext) -> JSValue {
        keyValueStore("Shared", in: context) { state, mutate, body in state.api.shared(mutate: mutate) { body(&$0) } }
    }

    /// A store of JSON values named `name` (`Config`, `Shared`), reaching its values through
    /// `access` (with `true` when the body changes them). In the HarmonyOS edition `get` gives its
    /// default for a stored `null` too (H10).
    private func keyValueStore(
        _ name: String, in context: ScriptContext, access: @escaping (Self, Bool, (inout JSONObject) -> Void) -> Void
    ) -> JSValue {
        let nullIsMissing = configuration.edition == .harmony
        return nativeObject(in: context, [
            ("set", 2, { [unowned self] (call: NativeCall) throws -> JSValue in
                guard let key = try self.stringArgument(call, 0, "\(name).set", "the key") else { return call.context.undefined }
                let value = call[1]
                if value.isNullOrUndefined {
                    access(self, true) { _ = $0.removeValue(forKey: key) }
                    return call.context.undefined
                }
                let text: String?
                do { text = try value.jsonString() } catch {
                    try self.misuse(call, "\(name).set", "\(name).set(\(JSONValue.quote(key)), value) cannot store this value as JSON (\((error as? ScriptError)?.message ?? "\(error)")); nothing was stored")
                    return call.context.undefined
                }
                guard let text, let json = try? JSONValue.parse(text) else {
                    try self.misuse(call, "\(name).set", "\(name).set(\(JSONValue.quote(key)), value) stores JSON values; got \(ValueDescription.phrase(value)), which JSON cannot hold; nothing was stored")
                    return call.context.undefined
                }
                access(self, true) { $0[key] = json }
                return call.context.undefined
            }),
            ("get", 2, { [unowned self] (call: NativeCall) throws -> JSValue in
                let fallback = call.count > 1 ? call[1] : call.context.undefined
                guard let key = try self.stringArgument(call, 0, "\(name).get", "the key") else { return fallback }
                var stored: JSONValue?
                access(self, false) { stored = $0[key] }
                guard let stored, !(nullIsMissing && stored == .null) else { return fallback }
                return self.javaScript(stored, in: call.context)
            }),
            ("has", 1, { [unowned self] (call: NativeCall) throws -> JSValue in
                guard let key = try self.stringArgument(call, 0, "\(name).has", "the key") else { return call.context.boolean(false) }
                var found = false
                access(self, false) { found = $0[key] != nil }
                return call.context.boolean(found)
            }),
            ("delete", 1, { [unowned self] (call: NativeCall) throws -> JSValue in
                guard let key = try self.stringArgument(call, 0, "\(name).delete", "the key") else { return call.context.undefined }
                access(self, true) { _ = $0.removeValue(forKey: key) }
                return call.context.undefined
            }),
            ("keys", 0, { [unowned self] (call: NativeCall) throws -> JSValue in
                // In JSON's canonical order, which is JavaScript's default sort order.
                var keys: [String] = []
                access(self, false) { keys = Array($0.keys) }
                return call.context.array(keys.map { call.context.string($0) })
            }),
        ])
    }

    private func legacyValue(_ call: NativeCall, _ function: String) throws -> Legacy {
        let value = call[1]
        switch value.kind {
        case .undefined, .null: return .delete
        case .string, .number, .boolean, .bigint: return .store(try value.toString())
        default:
            try misuse(call, function, "\(function)(key, value) stores strings; got \(ValueDescription.phrase(value)); use JSON.stringify(value), or Config.set for typed values; the call was ignored")
            return .ignore
        }
    }

    /// `setConfig(key, value)` (the widget's strings) or, `shared`, `setValue(key, value)` (the kind and slot's).
    func makeLegacySetter(_ name: String, shared: Bool, in context: ScriptContext) -> JSValue {
        context.function(name, length: 2) { [unowned self] call in
            guard let key = try self.stringArgument(call, 0, name, "the key") else { return call.context.undefined }
            let change = try self.legacyValue(call, name)
            if case .ignore = change { return call.context.undefined }
            let apply: (inout [String: String]) -> Void = { store in
                if case .store(let text) = change { store[key] = text } else { store[key] = nil }
            }
            if shared {
                self.api.values(mutate: true) { apply(&$0) }
            } else {
                self.api.widget(mutate: true) { apply(&$0.legacyConfig) }
            }
            return call.context.undefined
        }
    }

    /// `getConfig(key)` (the widget's strings) or, `shared`, `getValue(key)` (the kind and slot's).
    func makeLegacyGetter(_ name: String, shared: Bool, in context: ScriptContext) -> JSValue {
        context.function(name, length: 1) { [unowned self] call in
            guard let key = try self.stringArgument(call, 0, name, "the key") else { return call.context.string("") }
            let stored = shared ? self.api.values { $0[key] } : self.api.widget { $0.legacyConfig[key] }
            return call.context.string(stored ?? "")
        }
    }

    // MARK: Setting

    /// A setting's value: written by `Setting.set`, else the profile's.
    private func setting(_ key: String) -> JSONValue? {
        if let written = api.widget({ $0.settings[key] }) { return .string(written) }
        return api.profile["settings"]?[key]
    }

    static var settingTypes: [String] { ["text", "number", "date", "toggle", "select", "icon", "color", "image", "file"] }

    /// A typed reader of `Setting`, alike in both editions (A1, H10): `read` is given the value
    /// `lookup` finds for the key (nil for a missing one, or a key that is not a string).
    func settingReader(
        _ name: String, lookup: @escaping (Self, String) -> JSONValue?, _ read: @escaping (Self, JSONValue?, ScriptContext) -> JSValue
    ) -> (String, Int, NativeFunctionBody) {
        (name, 1, { [unowned self] (call: NativeCall) throws -> JSValue in
            guard let key = try self.stringArgument(call, 0, "Setting.\(name)", "the setting's key") else {
                return read(self, nil, call.context)
            }
            return read(self, lookup(self, key), call.context)
        })
    }

    /// The readers both editions' `Setting` has alike: `string`, `bool`, `number` and `date`,
    /// over the values `lookup` finds.
    func commonSettingReaders(lookup: @escaping (Self, String) -> JSONValue?) -> (
        string: (String, Int, NativeFunctionBody), bool: (String, Int, NativeFunctionBody),
        number: (String, Int, NativeFunctionBody), date: (String, Int, NativeFunctionBody)
    ) {
        func reader(_ name: String, _ read: @escaping (Self, JSONValue?, ScriptContext) -> JSValue) -> (String, Int, NativeFunctionBody) {
            settingReader(name, lookup: lookup, read)
        }
        return (
            string: reader("string") { _, value, context in Self.settingText(value, in: context) },
            bool: reader("bool") { _, value, context in
                switch value {
                case .bool(let flag)?: return context.boolean(flag)
                case .string(let text)?: return context.boolean(["true", "1", "yes", "on"].contains(text.lowercased()))
                case .number(let number)?: return context.boolean(number != 0)
                default: return context.boolean(false)
                }
            },
            number: reader("number") { _, value, context in
                switch value {
                case .number(let number)?: return context.number(number)
                case .string(let text)?: return context.number(Double(text.trimmingCharacters()) ?? 0)
                default: return context.number(0)
                }
            },
            date: reader("date") { state, value, context in
                switch value {
                case .number(let number)?: return context.number(number)
                case .string(let text)?:
                    let ms = Double(text).map { Int64($0) } ?? DeviceProfile.parseTime(text, zone: state.configuration.zone)
                    return context.number(Double(ms ?? 0))
                default: return context.number(0)
                }
            })
    }

    /// A setting's value as text: a string as is, a number or a boolean written out, else `""`.
    static func settingText(_ value: JSONValue?, in context: ScriptContext) -> JSValue {
        switch value {
        case .string(let text)?: context.string(text)
        case .number(let number)?: context.string(JSONValue.formatNumber(number))
        case .bool(let flag)?: context.string(flag ? "true" : "false")
        default: context.string("")
        }
    }

    func makeSetting(in context: ScriptContext) -> JSValue {
        let lookup: (Self, String) -> JSONValue? = { state, key in state.setting(key) }
        func reader(_ name: String, _ read: @escaping (Self, JSONValue?, ScriptContext) -> JSValue) -> (String, Int, NativeFunctionBody) {
            settingReader(name, lookup: lookup, read)
        }
        let common = commonSettingReaders(lookup: lookup)
        return nativeObject(in: context, [
            common.string, common.bool, common.number, common.date,
            reader("image") { state, value, context in
                guard case .string(let name)? = value, !name.isEmpty else { return context.string("") }
                if name.contains(":") { return context.string(name) }
                return context.string("LL:\(state.api.identity.id)/\(name)")
            },
            reader("fileString") { _, value, context in
                guard case .string(let text)? = value else { return context.string("") }
                return context.string(text)
            },
            ("set", 2, { [unowned self] (call: NativeCall) throws -> JSValue in
                guard call[0].isString, call[1].isString else {
                    try self.misuse(call, "Setting.set", "Setting.set(value, key) takes two strings, the value first; got \(ValueDescription.phrase(call[0])) and \(ValueDescription.phrase(call[1])); the call was ignored")
                    return call.context.undefined
                }
                let value = try call[0].toString()
                let key = try call[1].toString()
                self.api.widget(mutate: true) { $0.settings[key] = value }
                return call.context.undefined
            }),
            ("add", 1, { [unowned self] (call: NativeCall) throws -> JSValue in
                try self.settingAdd(call)
                return call.context.undefined
            }),
        ])
    }

    /// `Setting.add({key, name, type, icon?, description?, options?})` (A7: app runs only).
    func settingAdd(_ call: NativeCall, types: [String] = Self.settingTypes) throws {
        let spec = call[0]
        func invalid(_ why: String) throws {
            try misuse(call, "Setting.add", "Setting.add({key, name, type, …}): \(why); the call was ignored")
            record("Setting.add", call, valid: false)
        }
        guard spec.kind == .object else { return try invalid("expects an object; got \(ValueDescription.phrase(spec))") }
        var entry: JSONObject = [:]
        for field in ["key", "name", "type"] {
            let value = try spec.property(field)
            guard value.isString, let text = try value.stringIfPresent(), !text.isEmpty else {
                return try invalid("'\(field)' must be a non-empty string; got \(ValueDescription.phrase(value))")
            }
            entry[field] = .string(text)
        }
        let type = entry["type"]!.stringValue!
        guard types.contains(type) else {
            return try invalid("unknown type \(JSONValue.quote(type)); use one of \(types.joined(separator: ", "))")
        }
        for field in ["icon", "description"] {
            let value = try spec.property(field)
            if value.isNullOrUndefined { continue }
            guard value.isString else { return try invalid("'\(field)' must be a string; got \(ValueDescription.phrase(value))") }
            entry[field] = .string(try value.toString())
        }
        let options = try spec.property("options")
        if !options.isNullOrUndefined {
            guard options.isArray, let json = try options.jsonString().flatMap({ try? JSONValue.parse($0) }),
                let list = json.arrayValue, list.allSatisfy({ $0.stringValue != nil })
            else { return try invalid("'options' must be an array of strings") }
            entry["options"] = json
        } else if type == "select" {
            return try invalid("a select setting needs 'options', an array of strings")
        }
        guard appOnly(call, "Setting.add") else { return }
        let key = entry["key"]!
        api.widget(mutate: true) { state in
            if let index = state.declaredSettings.firstIndex(where: { $0["key"] == key }),
                case .object(var existing) = state.declaredSettings[index]
            {
                // Merge by key: keep the original type (and what the new declaration leaves out), update the rest.
                for (field, value) in entry where field != "type" { existing[field] = value }
                state.declaredSettings[index] = .object(existing)
            } else {
                var added = entry
                if added["icon"] == nil { added["icon"] = "gearshape" }
                state.declaredSettings.append(.object(added))
            }
        }
    }
}
