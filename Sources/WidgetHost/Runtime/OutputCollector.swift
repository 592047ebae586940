import JSONKit
import ScriptCore

/// Collects a run's outputs (O1–O4): top-level bindings through the getters the
/// wrapped script registered, and enumerable properties the script added to `this`.
struct OutputCollector {
    let session: RunSession

    func collect(context: ScriptContext, internals: JSValue) throws(ScriptError) -> [String: JSONValue] {
        let text = try context.call(internals.property("collect"), this: internals).toString()
        guard let collected = try? JSONValue.parse(text) else { return [:] }
        session.consoleDropped += collected["consoleDropped"]?.intValue ?? 0
        var outputs: [String: JSONValue] = [:]
        let bindings = collected["bindings"]?.objectValue ?? [:]
        let properties = collected["properties"]?.objectValue ?? [:]
        let positions = Dictionary(
            session.wrapped.scan.bindings.map { (WrappedScript.decodedName($0.name), $0.position) },
            uniquingKeysWith: { first, _ in first })

        for name in session.wrapped.scan.outputNames.map(WrappedScript.decodedName) {
            guard let entry = bindings[name] else { continue }
            let position = positions[name]
            if let value = convert(name, entry, line: position?.line, column: position?.column) { outputs[name] = value }
        }
        for name in properties.keys.sorted() {
            guard let entry = properties[name] else { continue }
            if bindings[name] != nil {
                let position = positions[name]
                session.diagnose(
                    .outputNameClash, .warning,
                    "output '\(name)' is both a top-level binding and a property of this; the binding's value is used (rename one of them)",
                    line: position?.line, column: position?.column)
                continue
            }
            if let value = convert("this.\(name)", entry, line: nil, column: nil) { outputs[name] = value }
        }
        return outputs
    }

    /// One collected value (O3), with its warning when it cannot be shown as is.
    private func convert(_ label: String, _ entry: JSONValue, line: Int?, column: Int?) -> JSONValue? {
        switch entry["t"]?.stringValue {
        case "ok":
            return entry["json"]?.stringValue.flatMap { try? JSONValue.parse($0) }
        case "nonfinite":
            session.diagnose(
                .outputNotFinite, .warning,
                "output '\(label)' is \(entry["value"]?.stringValue ?? "not finite"), which JSON cannot hold; it is shown as null",
                line: line, column: column)
            return .null
        case "dropped":
            let type = entry["type"]?.stringValue ?? "undefined"
            session.diagnose(
                .outputDropped, .warning,
                "output '\(label)' is \(type == "undefined" ? "undefined" : "a \(type)"), which a layout cannot show; it was left out (prefix the name with _ to keep it private)",
                line: line, column: column)
            return nil
        default:
            session.diagnose(
                .outputNotSerializable, .warning,
                "output '\(label)' cannot be written as JSON (\(entry["why"]?.stringValue ?? "unknown reason")); it was left out",
                line: line, column: column)
            return nil
        }
    }
}
