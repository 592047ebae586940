import JSONKit
import ScriptCore

extension RunState {
    /// Builds one global of the wider API (``APIRegistry``), or nil for a name it does not know.
    func makeAPIBinding(_ name: String, in context: ScriptContext) throws -> JSValue? {
        switch name {
        case "Config": return makeConfig(in: context)
        case "setConfig", "getConfig", "setValue", "getValue": return makeLegacyStorage(name, in: context)
        case "Setting": return makeSetting(in: context)
        case "Widget": return makeWidget(in: context)
        case "$params": return makeParams(in: context)
        case "isDebug":
            return context.function("isDebug") { [unowned self] call in
                call.context.boolean(self.configuration.context == .app)
            }
        case "Device": return makeDevice(in: context)
        case "Location": return makeLocation(in: context)
        case "Weather": return makeWeather(in: context)
        case "Health": return makeHealth(in: context)
        case "FileManager": return makeFileManager(in: context)
        case "http": return makeHTTP(in: context)
        case "Request", "HTMLDoc", "Calendar": return try makeScriptGlobal(name, in: context)
        default: return nil
        }
    }

    /// An object whose members are native functions.
    func nativeObject(in context: ScriptContext, _ members: [(String, Int, NativeFunctionBody)]) -> JSValue {
        let object = context.object()
        for (name, length, body) in members {
            object.define(name, context.function(name, length: length, body), attributes: .dontEnum)
        }
        return object
    }

    /// A string argument, or nil (after an `invalid-argument` warning) when it is not a string.
    func stringArgument(_ call: NativeCall, _ index: Int, _ function: String, _ what: String) throws -> String? {
        let value = call[index]
        guard value.isString else {
            try misuse(call, function, "\(function) expects \(what) as a string; got \(ValueDescription.phrase(value)); the call was ignored")
            return nil
        }
        // Stored as UTF-8, where every lone surrogate would become U+FFFD: "\ud800" and "\udbff"
        // would be one key.
        guard !value.hasLoneSurrogate else {
            try misuse(call, function, "\(function) got \(what) with a lone surrogate (a \\uD800–\\uDFFF without its pair), which storage cannot keep apart from others; the call was ignored")
            return nil
        }
        return try value.toString()
    }
}
