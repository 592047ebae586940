import ScriptCore

/// `console` (S8): the engine's own `console` object, whose printing methods the host
/// replaces with built-in-shaped functions that keep each entry in the report.
///
/// Arguments are joined with spaces: strings as they are, `null` and `undefined` literally,
/// numbers, booleans, big integers (`1n`) and symbols as `String` would write them, functions
/// as `[Function: name]`, errors as `name: message`, dates in ISO 8601, other objects as JSON.
/// What the host reads to tell objects apart comes from the realm as it was made (its
/// `Error.prototype`) or from a realm no script runs in, so a script that replaces `JSON`,
/// `Date` or `Error` changes nothing here.
extension RunState {
    /// The engine's `console` methods the host replaces, and the level each one logs at.
    static let consoleMethods: [(name: String, level: ConsoleEntry.Level)] = [
        ("log", .log), ("info", .info), ("warn", .warn), ("error", .error), ("debug", .debug), ("trace", .debug), ("dir", .log),
    ]

    func installConsole(named name: String, in context: ScriptContext) {
        guard case .returned(let console) = try? context.propertyCatching(context.global, name), console.isObject else { return }
        for (name, level) in Self.consoleMethods {
            let method = context.builtInFunction(name) { [unowned self] call in
                self.log(level, call)
                return call.context.undefined
            }
            try? console.setProperty(name, method)
        }
        let assert = context.builtInFunction("assert") { [unowned self] call in
            if !call[0].boolValue {
                self.log(.error, call, from: 1, first: "Assertion failed" + (call.count > 1 ? ":" : ""))
            }
            return call.context.undefined
        }
        try? console.setProperty("assert", assert)
        hostGlobalValues.append((name, ProtectedValue(console)))
    }

    /// Keeps one console entry; once the console is full, entries are only counted.
    /// The arguments from `from` on are joined, after `first` when given.
    private func log(_ level: ConsoleEntry.Level, _ call: NativeCall, from: Int = 0, first: String? = nil) {
        guard console.count < configuration.consoleLimit else {
            consoleDropped += 1
            return
        }
        var text = first ?? ""
        for index in from..<max(from, call.count) {
            if index > from || first != nil { text += " " }
            text += describe(call[index], in: call.context)
        }
        console.append(ConsoleEntry(level: level, message: ReportText.capped(text)))
    }

    private func describe(_ value: JSValue, in context: ScriptContext) -> String {
        do throws(ScriptError) {
            switch value.kind {
            case .string, .number, .boolean, .undefined, .null: return try value.toString()
            case .bigint: return try value.toString() + "n"
            case .symbol: return try context.call(context.intrinsic("Symbol.prototype.toString"), this: value).toString()
            case .function:
                let name = try value.property("name")
                let text = name.isString ? try name.toString() : ""
                return "[Function: \(text.isEmpty ? "anonymous" : text)]"
            case .object, .array:
                if value.isError { return try value.property("name").toString() + ": " + value.property("message").toString() }
                if let time = value.dateTime {
                    return time.isFinite ? try context.call(context.intrinsic("Date.prototype.toISOString"), this: value).toString() : "Invalid Date"
                }
                if let json = try value.jsonString() { return json }
                return try value.toString()
            }
        } catch {
            if error.termination != nil { return "" }
            return "[unprintable object: \(error.message)]"
        }
    }
}
