import JSONKit
import Timeline
import WidgetHost

extension PreviewDocument {
    /// The preview as one JSON object, schema `widgethost.preview/1`: `script`, `runs`
    /// (one `widgethost.run/1` report per kind), `timeline` (the strip's simulation,
    /// `widgethost.timeline/1`, or null), `layout` (its fields and findings, or null), `pictures`
    /// (the layout drawn at every family, or null) and
    /// `problems` (files that could not be used).
    public var json: JSONValue {
        .object([
            "schema": .string(Self.schema),
            "script": .string(scriptPath),
            "runs": .array(runs.map { $0.json }),
            "timeline": timeline?.json ?? .null,
            "layout": layout.map(\.json) ?? .null,
            "pictures": pictures?.json ?? .null,
            "problems": .array(problems.map { .object(["code": .string($0.code), "message": .string($0.message)]) }),
        ])
    }
}

extension LayoutSection {
    var json: JSONValue {
        var object = report.json.objectValue ?? [:]
        object["path"] = .string(path)
        return .object(object)
    }
}
