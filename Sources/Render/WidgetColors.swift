import Canvas
import JSONKit

/// The colours a widget is drawn with: a component's `color`/`background` fields (`#RGB` …
/// `#RRGGBBAA`, `transparent`, `{light, dark}`, gradients) for the scheme, the system's
/// defaults, and the accessory families' monochrome.
struct WidgetColors {
    let scheme: ColorScheme
    let monochrome: Bool

    /// The widget's own background: the system's widget background (white, or #1C1C1E in
    /// dark); for the accessory families a dark tile standing for the Lock Screen.
    var widget: RGBA {
        if monochrome { return RGBA(red: 0.17, green: 0.17, blue: 0.18) }
        return scheme == .light ? RGBA(red: 1, green: 1, blue: 1) : RGBA(red: 0x1C / 255, green: 0x1C / 255, blue: 0x1E / 255)
    }

    /// SwiftUI's primary label colour: black, or white in dark.
    var primary: RGBA { monochrome || scheme == .dark ? RGBA(red: 1, green: 1, blue: 1) : .black }

    /// The secondary colour placeholders and gauge tracks use (systemGray at 30 %).
    var secondary: RGBA { RGBA(red: 0x8E / 255, green: 0x8E / 255, blue: 0x93 / 255, alpha: 0.3) }

    /// The colour a field names for the scheme, or nil when it names none that can be read.
    func color(_ value: JSONValue?) -> RGBA? {
        guard let value else { return nil }
        switch value {
        case .string(let text):
            return RGBA(hex: text.trimmingSpaces).map(ink)
        case .object(let pair):
            guard let member = pair[scheme.rawValue] ?? pair[scheme == .light ? "dark" : "light"] else { return nil }
            if case .string(let text) = member { return RGBA(hex: text.trimmingSpaces).map(ink) }
            return nil
        default:
            return nil
        }
    }

    /// What a colour field paints with: a colour (as ``color(_:)``), or a linear or radial
    /// gradient in the Canvas component's syntax, read by its parser (`CanvasParser.paint`),
    /// its numbers fractions of the component's frame. nil when it names nothing that can be read.
    func paint(_ value: JSONValue?) -> Paint? {
        guard let value else { return nil }
        if let color = color(value) { return .color(color) }
        guard case .object(let object) = value else { return nil }
        if object["type"] == nil {
            // {light, dark} whose member is a gradient.
            guard let member = object[scheme.rawValue] ?? object[scheme == .light ? "dark" : "light"], case .object(let inner) = member,
                  inner["type"] != nil else { return nil }
            return paint(member)
        }
        guard let found = CanvasParser.paint(value, field: "color", scheme: scheme).paint else { return nil }
        return map(found, ink)
    }

    /// A background's paint as the family shows it (see ``background(_:)``).
    func backgroundPaint(_ value: JSONValue?) -> Paint? {
        guard let found = paint(value) else { return nil }
        return monochrome ? map(found) { RGBA(red: 1, green: 1, blue: 1, alpha: $0.alpha * 0.2) } : found
    }

    private func map(_ paint: Paint, _ change: (RGBA) -> RGBA) -> Paint {
        switch paint {
        case .color(let c): return .color(change(c))
        case .linear(let x0, let y0, let x1, let y1, let stops):
            return .linear(x0: x0, y0: y0, x1: x1, y1: y1, stops: stops.map { GradientStop(offset: $0.offset, color: change($0.color)) })
        case .radial(let x0, let y0, let r0, let x1, let y1, let r1, let stops):
            return .radial(x0: x0, y0: y0, r0: r0, x1: x1, y1: y1, r1: r1, stops: stops.map { GradientStop(offset: $0.offset, color: change($0.color)) })
        }
    }

    /// A colour as the family shows it: the accessory families show every ink as white at the
    /// colour's alpha (the Lock Screen tints them all one colour).
    func ink(_ color: RGBA) -> RGBA {
        monochrome ? RGBA(red: 1, green: 1, blue: 1, alpha: color.alpha) : color
    }

    /// A background as the family shows it: in monochrome, white at a fifth of its alpha, so a
    /// filled area stays visible without hiding the text on it.
    func background(_ value: JSONValue?) -> RGBA? {
        guard let color = color(value) else { return nil }
        return monochrome ? RGBA(red: 1, green: 1, blue: 1, alpha: color.alpha * 0.2) : color
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
