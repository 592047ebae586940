import JSONKit
import ScriptCore

extension BindingContext {
    /// Makes a global its declaration says is built on first read (``APIGlobal``).
    func make(_ declared: APIGlobal, in context: ScriptContext) throws -> JSValue {
        switch declared.installation {
        case .onFirstRead(let make): return try make(self, declared.name, context)
        case .script: return try makeScriptGlobal(declared.name, in: context)
        case .control(let make), .function(let make): return context.builtInFunction(declared.name, make(self, declared.name))
        case .host: throw NativeError(.error, "the host installs \(declared.name) itself")
        }
    }

    /// `isDebug()`: whether the run is an app run (A7).
    func makeIsDebug(_ name: String, in context: ScriptContext) -> JSValue {
        context.function(name) { [unowned self] call in
            call.context.boolean(self.configuration.context == .app)
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
