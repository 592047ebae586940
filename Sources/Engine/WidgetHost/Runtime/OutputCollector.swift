import JSONKit
import ScriptCore

/// Collects a run's outputs (O1–O4): top-level bindings through the getters the
/// wrapped script registered, and enumerable properties the script added to `this`.
///
/// It works through the engine's own calls (JSON through the engine's serializer,
/// not the global `JSON`), and built-ins of the scratch realm where it needs one.
struct OutputCollector {
    let state: RunState
    /// Serialized bytes since the memory was last looked at.
    private var unchecked = 0
    /// How many serialized bytes may pass before the memory is looked at again.
    static let memoryCheckBytes = 1 << 20
    /// What is left of the run's output budget (``budget(memoryLimitMB:)``), in UTF-16 code units.
    private var budgetLeft: Int

    /// The JSON all outputs of a run may take together: a quarter of the memory limit, and
    /// 64 MB at most (S6, O3). Serializing is part of the run; an output past what is left is
    /// left out (`output-not-serializable`), and the outputs after it still count.
    static func budget(memoryLimitMB: Double) -> Int {
        let quarter = memoryLimitMB * 1_048_576 / 4
        guard quarter.isFinite, quarter > 0 else { return 0 }
        return Int(min(quarter, 64 * 1_048_576))
    }

    init(state: RunState) {
        self.state = state
        budgetLeft = Self.budget(memoryLimitMB: state.configuration.memoryLimitMB)
    }

    /// One collected value (O3).
    private enum Entry {
        case ok(json: String)
        /// A primitive, read directly: what parsing its JSON would give.
        case primitive(JSONValue)
        case dropped(type: String)
        case nonfinite(String)
        case unserializable(why: String)
        /// Its JSON would pass what is left of the run's output budget.
        case tooLarge
    }

    mutating func collect(context: ScriptContext, reader: JSValue?) throws(ScriptError) -> JSONObject {
        let prepared = state.prepared
        // The enumerable own properties of `this` a fresh global object does not have and not
        // starting with `_`: their names first, so a binding one of them wins over (O2) is read
        // but never serialized. Their values are read one at a time below (a getter may throw).
        let global = context.global
        let baseline = state.host?.freshGlobalKeys ?? []
        var propertyNames: [String] = []
        var isProperty: Set<JSONKey> = []
        // The HarmonyOS edition collects no property of `this` (H2).
        let thisNames = state.configuration.edition == .harmony ? [] : global.enumerableNames()
        for name in thisNames where name.utf8.first != UInt8(ascii: "_") && !baseline.contains(name) {
            guard try isOwn(name, of: global, in: context) else { continue }
            propertyNames.append(name)
            isProperty.insert(JSONKey(name))
        }
        // The body's reader writes every top-level binding in one call (``WrappedScript/Collected``):
        // each value, or what reading it threw (a binding still in its temporal dead zone,
        // O4, is no output). It runs no script code; each value is then serialized here,
        // with the limits checked after each.
        // Names are compared exactly (O6): two that differ only in normalization are two outputs.
        var bindings: [JSONKey: Entry] = [:]
        var shadowed: Set<JSONKey> = []
        if let reader, reader.isFunction {
            let collected = context.objectWithoutPrototype()
            let count = min(Int(try context.call(reader, arguments: [collected]).toNumber()), prepared.outputNames.count)
            for slot in 0..<max(count, 0) {
                guard try collected.element(WrappedScript.Collected.threw(slot)).isUndefined else { continue }
                let key = JSONKey(prepared.outputNames[slot])
                if isProperty.contains(key) {
                    shadowed.insert(key)
                    continue
                }
                bindings[key] = try entry(try collected.element(WrappedScript.Collected.value(slot)))
            }
        }
        var properties: [JSONKey: Entry] = [:]
        for name in propertyNames {
            switch try context.propertyCatching(global, name) {
            case .returned(let value): properties[JSONKey(name)] = try entry(value)
            case .thrown(let thrown): properties[JSONKey(name)] = .unserializable(why: "its getter threw: " + Self.message(of: thrown))
            }
        }

        var outputs: JSONObject = [:]
        for name in prepared.outputNames {
            guard let entry = bindings[JSONKey(name)] else { continue }
            let position = prepared.positions[name]
            if let value = convert(name, entry, line: position?.line, column: position?.column) { outputs[name] = value }
        }
        for key in properties.keys.sorted() {
            let name = key.string
            guard let entry = properties[key] else { continue }
            if shadowed.contains(key) {
                // A property the script set on `this` wins over a binding of the same name (O2):
                // what the script assigned to `this.name` is what it means the widget to show.
                let position = prepared.positions[name]
                state.diagnose(
                    .outputNameClash, .info,
                    "output '\(name)' is both a top-level binding and a property of this; the value set on this is published, since a property the script sets on this wins over a binding of the same name (rename one of them to publish both)",
                    line: position?.line, column: position?.column)
            }
            if let value = convert("this.\(name)", entry, line: nil, column: nil) { outputs[name] = value }
        }
        return outputs
    }

    /// The outputs of an object the body returned (H3): its enumerable own properties, each
    /// converted as a binding is (O3), in the budget of the run's outputs.
    mutating func collect(returned object: JSValue, in context: ScriptContext) throws(ScriptError) -> JSONObject {
        var entries: [JSONKey: Entry] = [:]
        for name in object.enumerableNames() {
            guard try isOwn(name, of: object, in: context) else { continue }
            switch try context.propertyCatching(object, name) {
            case .returned(let value): entries[JSONKey(name)] = try entry(value)
            case .thrown(let thrown): entries[JSONKey(name)] = .unserializable(why: "its getter threw: " + Self.message(of: thrown))
            }
        }
        var outputs: JSONObject = [:]
        for key in entries.keys.sorted() {
            if let value = convert(key.string, entries[key]!, line: nil, column: nil) { outputs[key.string] = value }
        }
        return outputs
    }

    /// Whether `name` is an own property of `object` (the engine lists inherited enumerable
    /// names too), by `Object.prototype.hasOwnProperty` as it was before the script ran.
    private func isOwn(_ name: String, of object: JSValue, in context: ScriptContext) throws(ScriptError) -> Bool {
        guard case .returned(let own) = try context.hasOwnProperty(object, name) else { return false }
        return own
    }

    /// What a value is as an output: its JSON, or why it has none.
    private mutating func entry(_ value: JSValue) throws(ScriptError) -> Entry {
        // Primitives are read as they are; JSON would give the same (and no -0).
        switch value.kind {
        case .null: return .primitive(.null)
        case .boolean: return .primitive(.bool(value.boolValue))
        case .number:
            let number = try value.toNumber()
            if !number.isFinite { return .nonfinite(number.isNaN ? "NaN" : number < 0 ? "-Infinity" : "Infinity") }
            return .primitive(.number(number == 0 ? 0 : number))
        case .string:
            // Its length is read before anything is copied (a string of a gigabyte is no output).
            guard let text = try value.string(within: budgetLeft) else { return .tooLarge }
            budgetLeft -= text.utf16.count
            try noteSerialized(text)
            return .primitive(.string(text))
        default: break
        }
        let type = value.typeName
        switch type {
        case "function", "undefined", "symbol": return .dropped(type: type)
        case "bigint": return .unserializable(why: "a BigInt cannot be written as JSON")
        default: break
        }
        let json = try value.boundedJSON(budget: budgetLeft)
        if case .json(let text) = json {
            budgetLeft -= text.utf16.count
            try noteSerialized(text)
        } else {
            try noteSerialized("")
        }
        switch json {
        case .json(let json): return .ok(json: json)
        case .nothing: return .dropped(type: type)
        case .tooLarge: return .tooLarge
        case .thrown(let thrown): return .unserializable(why: Self.message(of: thrown))
        }
    }

    /// Looks at the clock, and at the memory once a megabyte has been serialized since it was
    /// last read, as a script's own loop would have (a 100 MB string): the engine's
    /// serializer runs no JavaScript, where the guard would look.
    private mutating func noteSerialized(_ text: String) throws(ScriptError) {
        unchecked += text.utf8.count
        let memory = unchecked >= Self.memoryCheckBytes
        if memory { unchecked = 0 }
        if let reason = state.host?.engine.runtime.checkLimits(memory: memory) { throw ScriptError.terminatedForHost(reason) }
    }

    /// `String(e && e.message)`, as the message of a value a script threw.
    private static func message(of thrown: JSValue) -> String {
        guard thrown.boolValue else { return (try? thrown.toString()) ?? "" }
        return (try? thrown.property("message").toString()) ?? "undefined"
    }

    /// One collected value (O3), with its warning when it cannot be shown as is.
    private func convert(_ label: String, _ entry: Entry, line: Int?, column: Int?) -> JSONValue? {
        switch entry {
        case .ok(let json):
            return try? JSONValue.parse(json)
        case .primitive(let value):
            return value
        case .nonfinite(let value):
            state.diagnose(
                .outputNotFinite, .warning,
                "output '\(label)' is \(value), which JSON cannot hold; it is shown as null",
                line: line, column: column)
            return .null
        case .dropped(let type):
            state.diagnose(
                .outputDropped, .warning,
                "output '\(label)' is \(type == "undefined" ? "undefined" : "a \(type)"), which a layout cannot show; it was left out (prefix the name with _ to keep it private)",
                line: line, column: column)
            return nil
        case .unserializable(let why):
            state.diagnose(
                .outputNotSerializable, .warning,
                "output '\(label)' cannot be written as JSON (\(why)); it was left out",
                line: line, column: column)
            return nil
        case .tooLarge:
            let megabytes = JSONValue.formatNumber((Double(Self.budget(memoryLimitMB: state.configuration.memoryLimitMB)) / 1_048_576 * 100).rounded() / 100)
            state.diagnose(
                .outputNotSerializable, .warning,
                "output '\(label)' is too large to publish: the outputs of a run may take \(megabytes) MB of JSON together (a quarter of the memory limit, 64 MB at most); it was left out",
                line: line, column: column)
            return nil
        }
    }
}
