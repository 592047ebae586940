import JSONKit

/// Reads a Canvas component's command list (a JSON array) into commands to draw, for one
/// appearance. Nothing here fails: what is wrong is skipped or takes its default, and each
/// problem is a diagnostic naming the command's index and the field.
public enum CanvasParser {
    static let styleKeys: Set<String> = [
        "fill", "stroke", "lineWidth", "lineCap", "lineJoin", "miterLimit", "dash", "dashOffset", "alpha",
        "shadowColor", "shadowBlur", "shadowX", "shadowY", "shadowOffsetX", "shadowOffsetY", "composite",
    ]

    /// The ops the component documents.
    public static let ops = [
        "rect", "roundRect", "circle", "arc", "line", "polyline", "path", "text", "clear",
        "save", "restore", "translate", "rotate", "scale", "clipRect", "clipCircle",
    ]

    public static func parse(_ value: JSONValue, scheme: ColorScheme) -> CanvasProgram {
        guard case .array(let items) = value else {
            var hint = ""
            if case .string(let text) = value, text.trimmingSpaces.hasPrefix("[") { hint = " (this is a string holding JSON: publish the array itself, not JSON.stringify of it)" }
            let message = "the canvas commands must be a JSON array, got \(CanvasFields.describe(value))\(hint); nothing is drawn"
            return CanvasProgram(commands: [], diagnostics: [CanvasDiagnostic(.invalidCommand, index: nil, field: nil, message, severity: .error)], given: 0)
        }
        var commands: [CanvasCommand] = []
        var diagnostics: [CanvasDiagnostic] = []
        if items.count > CanvasLimits.commands {
            diagnostics.append(CanvasDiagnostic(
                .limit, index: CanvasLimits.commands, field: nil,
                "the list has \(items.count) commands; a canvas draws at most \(CanvasLimits.commands), so commands \(CanvasLimits.commands) to \(items.count - 1) are cut off"))
        }
        var depth = 0
        var savesPastLimit = 0
        for (index, item) in items.prefix(CanvasLimits.commands).enumerated() {
            guard case .object(let object) = item else {
                diagnostics.append(CanvasDiagnostic(.invalidCommand, index: index, field: nil, "a command must be an object with an op, got \(CanvasFields.describe(item)); skipped"))
                continue
            }
            guard let opValue = object["op"] else {
                diagnostics.append(CanvasDiagnostic(.invalidCommand, index: index, field: "op", "the command has no op; skipped"))
                continue
            }
            guard case .string(let op) = opValue, ops.contains(op) else {
                let known = ops.joined(separator: ", ")
                diagnostics.append(CanvasDiagnostic(.invalidCommand, index: index, field: "op", "unknown op \(CanvasFields.describe(opValue)) (the ops are \(known)); skipped"))
                continue
            }
            var fields = CanvasFields(index: index, op: op, object: object, scheme: scheme)
            let operation = read(op, &fields)
            var style = CanvasStyle()
            if let operation, operation.draws, !fields.skip {
                style = fields.style(strokesByDefault: operation.strokesByDefault)
            }
            for key in object.keys where !fields.read.contains(key) {
                let note = styleKeys.contains(key) ? " (\(op) draws nothing, so it takes no style)" : ""
                fields.diagnostics.append(CanvasDiagnostic(.unknownField, index: index, field: key, "\(op) has no field \(key)\(note); ignored"))
            }
            diagnostics += fields.diagnostics
            guard let operation, !fields.skip else { continue }
            switch operation {
            case .save:
                if depth + savesPastLimit >= CanvasLimits.saveDepth {
                    savesPastLimit += 1
                    diagnostics.append(CanvasDiagnostic(.limit, index: index, field: nil, "save: already \(CanvasLimits.saveDepth) saves deep, the most a canvas keeps; this save and its restore are skipped"))
                    continue
                }
                depth += 1
            case .restore:
                if savesPastLimit > 0 {
                    savesPastLimit -= 1
                    continue
                }
                if depth == 0 {
                    diagnostics.append(CanvasDiagnostic(.invalidCommand, index: index, field: nil, "restore without a save before it; skipped"))
                    continue
                }
                depth -= 1
            default: break
            }
            commands.append(CanvasCommand(index: index, operation: operation, style: style))
        }
        return CanvasProgram(commands: commands, diagnostics: diagnostics, given: items.count)
    }

    static func rect(_ fields: inout CanvasFields) -> CanvasRect {
        CanvasRect(
            x: fields.geometry("x"), y: fields.geometry("y"),
            width: fields.geometry("width", default: nil), height: fields.geometry("height", default: nil))
    }

    static func radius(_ fields: inout CanvasFields, required: Bool) -> Double {
        fields.geometry("radius", default: required ? nil : 0, nonNegative: true)
    }

    static func read(_ op: String, _ fields: inout CanvasFields) -> CanvasOperation? {
        switch op {
        case "rect", "roundRect":
            let rect = rect(&fields)
            return .rect(rect, radius: radius(&fields, required: false))
        case "circle":
            let center = CanvasPoint(x: fields.geometry("x"), y: fields.geometry("y"))
            return .circle(center: center, radius: radius(&fields, required: true))
        case "arc":
            let center = CanvasPoint(x: fields.geometry("x"), y: fields.geometry("y"))
            let radius = radius(&fields, required: true)
            let start = fields.geometry("start", aliases: ["startAngle"])
            let end = fields.geometry("end", aliases: ["endAngle"], default: 360)
            return .arc(center: center, radius: radius, start: start, end: end,
                        counterClockwise: fields.bool("counterClockwise"), close: fields.bool("close"))
        case "line":
            let from = CanvasPoint(x: fields.geometry("x1"), y: fields.geometry("y1"))
            return .line(from: from, to: CanvasPoint(x: fields.geometry("x2"), y: fields.geometry("y2")))
        case "polyline":
            return .polyline(points(&fields), close: fields.bool("close"))
        case "path":
            return .path(segments(&fields))
        case "text":
            return text(&fields)
        case "clear":
            let sized = fields.object["width"] != nil || fields.object["height"] != nil
            guard sized else {
                _ = fields.value("x")
                _ = fields.value("y")
                return .clear(nil)
            }
            return .clear(rect(&fields))
        case "save": return .save
        case "restore": return .restore
        case "translate":
            return .translate(x: fields.geometry("x"), y: fields.geometry("y"))
        case "rotate":
            return .rotate(angle: fields.geometry("angle", default: nil), x: fields.geometry("x"), y: fields.geometry("y"))
        case "scale":
            let both = fields.geometry("value", default: 1)
            let x = fields.geometry("scaleX", default: both)
            let y = fields.geometry("scaleY", default: both)
            if !fields.skip, x == 0 || y == 0 {
                // HTML canvas would make everything after invisible; a canvas that draws on is more useful.
                fields.invalid(x == 0 ? "scaleX" : "scaleY", "a scale of 0 would flatten everything drawn after it; the command is skipped")
                fields.skip = true
            }
            return .scale(x: x, y: y, aroundX: fields.geometry("x"), aroundY: fields.geometry("y"))
        case "clipRect":
            let rect = rect(&fields)
            return .clipRect(rect, radius: radius(&fields, required: false))
        case "clipCircle":
            let center = CanvasPoint(x: fields.geometry("x"), y: fields.geometry("y"))
            return .clipCircle(center: center, radius: radius(&fields, required: true))
        default:
            return nil
        }
    }

    static func points(_ fields: inout CanvasFields) -> [CanvasPoint] {
        guard let (name, value) = fields.value("points") else {
            fields.invalid("points", "missing points; the command is not drawn")
            fields.skip = true
            return []
        }
        guard case .array(let items) = value else {
            fields.invalid(name, "points must be an array of [x, y] or {x, y}, got \(CanvasFields.describe(value)); the command is not drawn")
            fields.skip = true
            return []
        }
        if items.count > CanvasLimits.points {
            fields.limit(name, "\(items.count) points; a polyline takes at most \(CanvasLimits.points), the rest are cut off")
        }
        var points: [CanvasPoint] = []
        for (position, item) in items.prefix(CanvasLimits.points).enumerated() {
            guard let point = CanvasFields.point(item) else {
                fields.invalid("points[\(position)]", "a point is [x, y] or {x, y} of finite numbers, got \(CanvasFields.describe(item)); the point is skipped")
                continue
            }
            points.append(point)
        }
        return points
    }
}
