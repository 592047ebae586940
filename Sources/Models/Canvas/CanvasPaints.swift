import JSONKit

/// What a `fill`, `stroke`, `shadowColor` or a stop's `color` field says.
enum PaintField {
    case absent
    /// `"none"`, or a field that was wrong: nothing is painted.
    case none
    case paint(Paint)
}

extension CanvasFields {
    /// `fill` or `stroke`: a colour, `{light, dark}`, a gradient or `"none"`.
    mutating func paint(_ key: String) -> PaintField {
        guard let (name, value) = self.value(key) else { return .absent }
        if case .string("none") = value { return .none }
        guard let paint = paint(value, field: name) else { return .none }
        return .paint(paint)
    }

    mutating func paint(_ value: JSONValue, field: String) -> Paint? {
        switch value {
        case .string(let text):
            guard let color = RGBA(hex: text) else {
                invalid(field, "\(field) must be #RGB, #RRGGBB, #RRGGBBAA, {light, dark}, a gradient or \"none\", got \(Self.describe(value)); nothing is painted with it")
                return nil
            }
            return .color(color)
        case .object(let object):
            if object["type"] != nil { return gradient(object, field: field) }
            if object["light"] != nil || object["dark"] != nil {
                let chosen = object[scheme.rawValue] ?? object[scheme == .light ? "dark" : "light"]!
                let member = object[scheme.rawValue] != nil ? scheme.rawValue : (scheme == .light ? "dark" : "light")
                if case .object(let inner) = chosen, inner["light"] != nil || inner["dark"] != nil {
                    invalid(field + "." + member, "a {light, dark} pair cannot hold another; nothing is painted with it")
                    return nil
                }
                return paint(chosen, field: field + "." + member)
            }
            invalid(field, "\(field) is an object without type (a gradient) or light/dark members; nothing is painted with it")
            return nil
        default:
            invalid(field, "\(field) must be a colour string, {light, dark} or a gradient, got \(Self.describe(value)); nothing is painted with it")
            return nil
        }
    }

    /// A colour only (shadows and stops): a string or `{light, dark}` of strings.
    mutating func color(_ value: JSONValue, field: String) -> RGBA? {
        if case .object(let object) = value, object["type"] != nil {
            invalid(field, "\(field) takes a colour, not a gradient; it is not used")
            return nil
        }
        guard let paint = paint(value, field: field) else { return nil }
        guard case .color(let color) = paint else {
            invalid(field, "\(field) takes a colour, not a gradient; it is not used")
            return nil
        }
        return color
    }

    mutating func gradient(_ object: JSONObject, field: String) -> Paint? {
        guard case .string(let type) = object["type"]!, type == "linear" || type == "radial" else {
            invalid(field + ".type", "a gradient's type must be \"linear\" or \"radial\", got \(Self.describe(object["type"]!)); nothing is painted with it")
            return nil
        }
        func coordinate(_ key: String, nonNegative: Bool = false) -> Double? {
            guard let raw = object[key] else { return 0 }
            guard let number = Self.number(of: raw), number.isFinite, abs(number) <= CanvasLimits.coordinate, !nonNegative || number >= 0 else { return nil }
            return number
        }
        let keys = type == "linear" ? ["x0", "y0", "x1", "y1"] : ["x0", "y0", "r0", "x1", "y1", "r1"]
        var numbers: [Double] = []
        for key in keys {
            guard let number = coordinate(key, nonNegative: key.hasPrefix("r")) else {
                invalid(field + "." + key, "\(key) must be a finite number\(key.hasPrefix("r") ? " not below 0" : ""), got \(Self.describe(object[key]!)); nothing is painted with this gradient")
                return nil
            }
            numbers.append(number)
        }
        var stops: [GradientStop] = []
        if case .array(let items)? = object["stops"] {
            if items.count > CanvasLimits.gradientStops {
                limit(field + ".stops", "a gradient has \(items.count) stops; at most \(CanvasLimits.gradientStops) are used, the rest are cut off")
            }
            for (position, item) in items.prefix(CanvasLimits.gradientStops).enumerated() {
                let place = "\(field).stops[\(position)]"
                guard case .object(let stop) = item, let offsetValue = stop["offset"], let colorValue = stop["color"] else {
                    invalid(place, "a stop is {offset, color}; this one is skipped")
                    continue
                }
                guard let offset = Self.number(of: offsetValue), offset >= 0, offset <= 1 else {
                    invalid(place + ".offset", "offset must be a number from 0 to 1, got \(Self.describe(offsetValue)); the stop is skipped")
                    continue
                }
                guard let color = color(colorValue, field: place + ".color") else { continue }
                stops.append(GradientStop(offset: offset, color: color))
            }
        } else {
            invalid(field + ".stops", "a gradient needs stops: [{offset, color}, …]; without them it paints nothing")
        }
        if type == "linear" {
            return .linear(x0: numbers[0], y0: numbers[1], x1: numbers[2], y1: numbers[3], stops: stops)
        }
        return .radial(x0: numbers[0], y0: numbers[1], r0: numbers[2], x1: numbers[3], y1: numbers[4], r1: numbers[5], stops: stops)
    }

    /// Every style field of a drawing command.
    mutating func style(strokesByDefault: Bool) -> CanvasStyle {
        var style = CanvasStyle()
        let fill = paint("fill")
        let stroke = paint("stroke")
        if case .paint(let paint) = fill { style.fill = paint }
        if case .paint(let paint) = stroke { style.stroke = paint }
        if case .absent = fill, case .absent = stroke {
            if strokesByDefault { style.stroke = .color(.black) } else { style.fill = .color(.black) }
        }
        style.lineWidth = styleNumber("lineWidth", fallback: 1, valid: { $0 > 0 && $0 <= CanvasLimits.coordinate }, rule: "a number above 0")
        style.lineCap = keyword("lineCap", fallback: .butt)
        style.lineJoin = keyword("lineJoin", fallback: .miter)
        style.miterLimit = styleNumber("miterLimit", fallback: 10, valid: { $0 > 0 && $0 <= CanvasLimits.coordinate }, rule: "a number above 0")
        style.dash = dash()
        style.dashOffset = styleNumber("dashOffset", fallback: 0, valid: { abs($0) <= CanvasLimits.coordinate }, rule: "a finite number")
        style.alpha = styleNumber("alpha", fallback: 1, valid: { $0 >= 0 && $0 <= 1 }, rule: "a number from 0 to 1")
        if let (name, value) = self.value("shadowColor") {
            if case .string("none") = value {} else { style.shadowColor = color(value, field: name) }
        }
        style.shadowBlur = styleNumber("shadowBlur", fallback: 0, valid: { $0 >= 0 && $0 <= CanvasLimits.shadowBlur }, rule: "a number from 0 to \(Int(CanvasLimits.shadowBlur))")
        style.shadowX = styleNumber("shadowX", aliases: ["shadowOffsetX"], fallback: 0, valid: { abs($0) <= CanvasLimits.virtualSize }, rule: "a number from -4000 to 4000")
        style.shadowY = styleNumber("shadowY", aliases: ["shadowOffsetY"], fallback: 0, valid: { abs($0) <= CanvasLimits.virtualSize }, rule: "a number from -4000 to 4000")
        if let (name, value) = self.value("composite") {
            if case .string(let text) = value, let mode = CompositeMode(rawValue: text) {
                style.composite = mode
            } else {
                let names = CompositeMode.allCases.map(\.rawValue).joined(separator: ", ")
                invalid(name, "composite must be one of \(names), got \(Self.describe(value)); source-over is used")
            }
        }
        return style
    }

    /// `dash`: up to 20 lengths, none negative, not all zero; an odd list is repeated (HTML).
    mutating func dash() -> [Double] {
        guard let (name, value) = self.value("dash") else { return [] }
        guard case .array(let items) = value else {
            invalid(name, "dash must be an array of lengths such as [6, 4], got \(Self.describe(value)); the line is solid")
            return []
        }
        if items.count > CanvasLimits.dashItems {
            limit(name, "dash has \(items.count) items; at most \(CanvasLimits.dashItems) are used, the rest are cut off")
        }
        var lengths: [Double] = []
        for (position, item) in items.prefix(CanvasLimits.dashItems).enumerated() {
            guard let number = Self.number(of: item), number.isFinite, number >= 0, number <= CanvasLimits.coordinate else {
                invalid("\(name)[\(position)]", "a dash length must be a finite number not below 0, got \(Self.describe(item)); the line is solid")
                return []
            }
            lengths.append(number)
        }
        if lengths.allSatisfy({ $0 == 0 }) { return [] }
        return lengths.count % 2 == 1 ? lengths + lengths : lengths
    }
}

extension CanvasParser {
    /// A colour field outside a canvas (a widget layout's `color` or `background`), read by
    /// the same rules as a command's `fill`: `#RGB` … `#RRGGBBAA`, `transparent`, `{light, dark}`
    /// or a linear or radial gradient, for `scheme`. nil when it paints nothing (absent, `"none"`
    /// or wrong); the problems found name `field`.
    public static func paint(_ value: JSONValue, field: String, scheme: ColorScheme) -> (paint: Paint?, diagnostics: [CanvasDiagnostic]) {
        var fields = CanvasFields(index: 0, op: field, object: [field: value], scheme: scheme)
        guard case .paint(let paint) = fields.paint(field) else { return (nil, fields.diagnostics) }
        return (paint, fields.diagnostics)
    }
}
