import Canvas
import JSONKit
import Layout

/// What `widgethost render` did, for its `widgethost.render/1` report.
struct RenderOutcome {
    var script: String
    var status: String
    var format: PictureFormat
    var scale: Int
    var scheme: ColorScheme
    var source: JSONObject = [:]
    var width = 0.0, height = 0.0
    var picture: CanvasPicture?
    var files: [String] = []
    /// Why nothing was drawn.
    var problem: String?
    /// The layout's members that are no fields of their component (`layout-unknown-field`),
    /// when a layout whose root is a canvas is drawn as one.
    var layoutFindings: [LayoutFinding] = []

    func json(run: JSONValue) -> JSONValue {
        var object: JSONObject = [
            "schema": "widgethost.render/1",
            "script": .string(script),
            "status": .string(status),
            "drawn": .bool(picture != nil && problem == nil),
            "source": .object(source),
            "format": .string(format.rawValue),
            "scale": .number(Double(scale)),
            "scheme": .string(scheme.rawValue),
            "files": .array(files.map { .string($0) }),
            "diagnostics": .array(layoutFindings.map(Self.json) + (picture?.diagnostics ?? []).map(CanvasSource.json)),
            "run": run,
        ]
        if let problem { object["problem"] = .string(problem) }
        if let picture {
            object["size"] = ["width": .number(width), "height": .number(height)]
            object["pixels"] = ["width": .number(Double(picture.pixelWidth)), "height": .number(Double(picture.pixelHeight))]
            object["commands"] = ["given": .number(Double(picture.given)), "drawn": .number(Double(picture.drawn))]
        }
        return .object(object)
    }

    /// A layout finding as a diagnostic: `code`, `severity`, `message`, and `field`, its pointer.
    static func json(_ finding: LayoutFinding) -> JSONValue {
        var object: JSONObject = ["code": .string(finding.code.rawValue), "severity": .string(finding.severity.rawValue),
                                  "message": .string(finding.message)]
        if let location = finding.location { object["field"] = .string(location.description) }
        return .object(object)
    }
}
