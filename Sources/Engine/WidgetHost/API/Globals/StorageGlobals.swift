/// The declarations of `Config`, the legacy string storage and `Setting` (A4): each global once,
/// with its members, their docs and TypeScript types, and how the host makes it.
extension APIRegistry {
    static let storage: [APIGlobal] = [
        APIGlobal(
            "Config", .object, rules: "A4",
            summary: "Per-widget storage that keeps JSON types, in a namespace of its own (not shared with `setConfig`).",
            members: keyValueMembers(
                set: "Stores any JSON value; `null` or `undefined` deletes the key. A key that is not a string, or a value JSON cannot hold (a function, a symbol, a cyclic object), is an `invalid-argument` warning and nothing is stored.",
                get: "A fresh copy of the stored value; `default` (else `undefined`) when the key is missing."),
            made: .onFirstRead { state, _, context in state.makeConfig(in: context) }),
        APIGlobal(
            "setConfig", .function, rules: "A4",
            summary: "Legacy per-widget storage of strings (shared with the Shortcuts actions).",
            members: [
                .call("(key, value)", returns: "undefined", "Stores `String(value)` under `key`.",
                    type: .call("key: string, value: any", "void")),
            ],
            made: .onFirstRead { state, name, context in state.makeLegacySetter(name, shared: false, in: context) }),
        APIGlobal(
            "getConfig", .function, rules: "A4",
            summary: "Reads legacy per-widget storage.",
            members: [
                .call("(key)", returns: "string", "The stored string; `\"\"` when missing.",
                    type: .call("key: string", "string")),
            ],
            made: .onFirstRead { state, name, context in state.makeLegacyGetter(name, shared: false, in: context) }),
        APIGlobal(
            "setValue", .function, rules: "A4",
            summary: "Storage shared by widgets of the same kind and slot (slot 1 in a widget run, 999 in an app run).",
            members: [
                .call("(key, value)", returns: "undefined", "Stores `String(value)` under `key` for this kind and slot.",
                    type: .call("key: string, value: any", "void")),
            ],
            made: .onFirstRead { state, name, context in state.makeLegacySetter(name, shared: true, in: context) }),
        APIGlobal(
            "getValue", .function, rules: "A4",
            summary: "Reads storage shared by widgets of the same kind and slot.",
            members: [
                .call("(key)", returns: "string", "The stored string; `\"\"` when missing.",
                    type: .call("key: string", "string")),
            ],
            made: .onFirstRead { state, name, context in state.makeLegacyGetter(name, shared: true, in: context) }),
        APIGlobal(
            "Setting", .object, rules: "A1, A4, A7",
            summary: "Values the user filled in the widget's settings panel: the profile's `settings`, overridden by `Setting.set`.",
            members: [
                .function("string", "(key)", returns: "string", "Text, select, icon and colour settings; `\"\"` when unset.",
                    type: .call("key: string", "string")),
                .function("bool", "(key)", returns: "boolean", "A toggle; `false` when unset.",
                    type: .call("key: string", "boolean")),
                .function("number", "(key)", returns: "number", "A number setting; `0` when unset or not a number.",
                    type: .call("key: string", "number")),
                .function("date", "(key)", returns: "number", "A date setting as epoch milliseconds; `0` when unset.",
                    type: .call("key: string", "number")),
                .function("image", "(key)", returns: "string", "An image setting as a file path `LL:<widget id>/<file>`; `\"\"` when unset.",
                    type: .call("key: string", "string")),
                .function("fileString", "(key)", returns: "string", "The content of a file setting; `\"\"` when unset.",
                    type: .call("key: string", "string")),
                .function("set", "(value, key)", returns: "undefined", "Stores a string setting (value first). A value that is not a string is an `invalid-argument` warning.",
                    type: .call("value: string, key: string", "void")),
                .function("add", "({key, name, type, icon?, description?, options?})", returns: "undefined", "Declares a setting in the settings panel, merged by key. App runs only: in a widget run it is a no-op with an `app-only-api` info. A missing field or unknown type is an `invalid-argument` warning.",
                    type: .call("setting: Omni.SettingDeclaration", "void")),
            ],
            made: .onFirstRead { state, _, context in state.makeSetting(in: context) }),
    ]
}

extension APIRegistry {
    /// The members of a store of JSON values, one shape in both editions (`Config`; the HarmonyOS
    /// edition's `Config` and `Shared`, H10): each edition says only what its `set` and `get` do.
    static func keyValueMembers(set: String, get: String) -> [APIMember.Declared] {
        [
            .function("set", "(key, value)", returns: "undefined", set,
                type: .call("key: string, value: any", "void")),
            .function("get", "(key, default?)", returns: "any", get,
                type: .call("key: string, defaultValue?: any", "any")),
            .function("has", "(key)", returns: "boolean", "Whether the key is stored.",
                type: .call("key: string", "boolean")),
            .function("delete", "(key)", returns: "undefined", "Removes the key (missing keys are fine).",
                type: .call("key: string", "void")),
            .function("keys", "()", returns: "string[]", "The stored keys, sorted.",
                type: .call("", "string[]")),
        ]
    }
}
