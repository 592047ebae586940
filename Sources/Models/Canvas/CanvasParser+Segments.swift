import JSONKit

extension CanvasParser {
    /// A `path` command's `segments`: each an object whose `op` (or `type`) is `move`, `line`,
    /// `quadratic`, `bezier`, `arc` or `close`.
    static func segments(_ fields: inout CanvasFields) -> [PathSegment] {
        guard let (name, value) = fields.value("segments") else {
            fields.invalid("segments", "missing segments; the command is not drawn")
            fields.skip = true
            return []
        }
        guard case .array(let items) = value else {
            fields.invalid(name, "segments must be an array of {op, …} objects, got \(CanvasFields.describe(value)); the command is not drawn")
            fields.skip = true
            return []
        }
        if items.count > CanvasLimits.segments {
            fields.limit(name, "\(items.count) segments; a path takes at most \(CanvasLimits.segments), the rest are cut off")
        }
        var segments: [PathSegment] = []
        for (position, item) in items.prefix(CanvasLimits.segments).enumerated() {
            let place = "segments[\(position)]"
            guard case .object(let object) = item else {
                fields.invalid(place, "a segment is an object such as {op: \"line\", x, y}, got \(CanvasFields.describe(item)); skipped")
                continue
            }
            guard case .string(let kind)? = object["op"] ?? object["type"] else {
                fields.invalid(place + ".op", "a segment needs op: move, line, quadratic, bezier, arc or close; skipped")
                continue
            }
            var bad: String?
            func number(_ key: String, default fallback: Double? = nil, nonNegative: Bool = false) -> Double {
                guard let raw = object[key] else {
                    if let fallback { return fallback }
                    if bad == nil { bad = "\(kind) needs \(key)" }
                    return 0
                }
                guard let number = CanvasFields.number(of: raw), number.isFinite, abs(number) <= CanvasLimits.coordinate, !nonNegative || number >= 0 else {
                    if bad == nil { bad = "\(key) must be a finite number\(nonNegative ? " not below 0" : "") from -1000000 to 1000000, got \(CanvasFields.describe(raw))" }
                    return 0
                }
                return number
            }
            func point(_ x: String, _ y: String) -> CanvasPoint { CanvasPoint(x: number(x), y: number(y)) }
            let segment: PathSegment
            switch kind {
            case "move": segment = .move(point("x", "y"))
            case "line": segment = .line(point("x", "y"))
            case "quadratic": segment = .quadratic(control: point("cx", "cy"), to: point("x", "y"))
            case "bezier": segment = .bezier(control1: point("cx1", "cy1"), control2: point("cx2", "cy2"), to: point("x", "y"))
            case "arc":
                let center = point("x", "y")
                let radius = number("radius", nonNegative: true)
                let start = number("start", default: object["startAngle"].flatMap(CanvasFields.number(of:)) ?? 0)
                let end = number("end", default: object["endAngle"].flatMap(CanvasFields.number(of:)) ?? 360)
                var counterClockwise = false
                if case .bool(let flag)? = object["counterClockwise"] { counterClockwise = flag }
                segment = .arc(center: center, radius: radius, start: start, end: end, counterClockwise: counterClockwise)
            case "close": segment = .close
            default:
                fields.invalid(place + ".op", "unknown segment \(CanvasFields.describe(.string(kind))) (use move, line, quadratic, bezier, arc or close); skipped")
                continue
            }
            if let bad {
                fields.invalid(place, "\(bad); the segment is skipped")
                continue
            }
            segments.append(segment)
        }
        return segments
    }

    /// A `text` command.
    static func text(_ fields: inout CanvasFields) -> CanvasOperation? {
        var content = ""
        if let (name, value) = fields.value("text") {
            switch value {
            case .string(let text): content = text
            case .number(let number): content = JSONValue.formatNumber(number)
            case .bool(let flag): content = flag ? "true" : "false"
            default:
                fields.invalid(name, "text must be a string, got \(CanvasFields.describe(value)); the command is not drawn")
                fields.skip = true
            }
        } else {
            fields.invalid("text", "missing text; the command is not drawn")
            fields.skip = true
        }
        if content.unicodeScalars.count > CanvasLimits.textLength {
            fields.limit("text", "the text has \(content.unicodeScalars.count) characters; the first \(CanvasLimits.textLength) are drawn")
            content = String(String.UnicodeScalarView(content.unicodeScalars.prefix(CanvasLimits.textLength)))
        }
        // As in an HTML canvas, line breaks and tabs are spaces: a text command draws one line.
        content = String(String.UnicodeScalarView(content.unicodeScalars.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : $0 }))
        let x = fields.geometry("x"), y = fields.geometry("y")
        let size = fields.styleNumber("size", aliases: ["fontSize"], fallback: 10, valid: { $0 > 0 && $0 <= CanvasLimits.virtualSize }, rule: "a number above 0, at most 4000")
        var weight = 400
        if let (name, value) = fields.value("weight", aliases: ["fontWeight"]) {
            switch value {
            case .string("normal"): weight = 400
            case .string("bold"): weight = 700
            default:
                if let number = CanvasFields.number(of: value), number >= 1, number <= 1000 {
                    weight = Int(number.rounded())
                } else {
                    fields.invalid(name, "weight must be normal, bold or a number from 1 to 1000 (\"700\"), got \(CanvasFields.describe(value)); normal is used")
                }
            }
        }
        let style: FontStyle = fields.keyword("fontStyle", fallback: .normal)
        var family: String?
        if let (name, value) = fields.value("fontFamily") {
            if case .string(let text) = value, !text.trimmingSpaces.isEmpty {
                family = text.trimmingSpaces
            } else {
                fields.invalid(name, "fontFamily must be a family name such as \"Inter\", got \(CanvasFields.describe(value)); the default family is used")
            }
        }
        let align: TextAlign = fields.keyword("align", fallback: .left)
        let baseline: TextBaseline = fields.keyword("baseline", fallback: .alphabetic)
        var maxWidth: Double?
        if let (name, value) = fields.value("maxWidth") {
            if let number = CanvasFields.number(of: value), number.isFinite, number > 0, number <= CanvasLimits.coordinate {
                maxWidth = number
            } else {
                fields.invalid(name, "maxWidth must be a number above 0, got \(CanvasFields.describe(value)); the text is not narrowed")
            }
        }
        return .text(TextRun(
            text: content, x: x, y: y, size: size, weight: weight, style: style, family: family,
            align: align, baseline: baseline, maxWidth: maxWidth))
    }
}
