import Canvas
import JSONKit

/// The colours a widget is drawn with: a component's `color`/`background` fields (`#RGB` …
/// `#RRGGBBAA`, `transparent`, `{light, dark}`, gradients) for the scheme, and the system's
/// defaults. The accessory families are drawn in these colours and then made monochrome as a
/// whole (``LayoutPainter``'s vibrant look), in the dark scheme: the Lock Screen is dark.
struct WidgetColors {
    let scheme: ColorScheme
    let monochrome: Bool

    init(scheme: ColorScheme, monochrome: Bool) {
        self.scheme = monochrome ? .dark : scheme
        self.monochrome = monochrome
    }

    /// The widget's own background: the system's widget background (white, or #1C1C1E in
    /// dark); for the accessory families a dark tile standing for the Lock Screen.
    var widget: RGBA {
        if monochrome { return RGBA(red: 0.17, green: 0.17, blue: 0.18) }
        return scheme == .light ? RGBA(red: 1, green: 1, blue: 1) : RGBA(red: 0x1C / 255, green: 0x1C / 255, blue: 0x1E / 255)
    }

    /// SwiftUI's primary label colour: black, or white in dark.
    var primary: RGBA { scheme == .dark ? RGBA(red: 1, green: 1, blue: 1) : .black }

    /// The secondary colour placeholders and gauge tracks use (systemGray at 30 %).
    var secondary: RGBA { RGBA(red: 0x8E / 255, green: 0x8E / 255, blue: 0x93 / 255, alpha: 0.3) }

    /// The colour a field names for the scheme, or nil when it names none that can be read.
    func color(_ value: JSONValue?) -> RGBA? {
        guard let value else { return nil }
        switch value {
        case .string(let text):
            return RGBA(hex: text.trimmingSpaces)
        case .object(let pair):
            guard let member = pair[scheme.rawValue] ?? pair[scheme == .light ? "dark" : "light"] else { return nil }
            if case .string(let text) = member { return RGBA(hex: text.trimmingSpaces) }
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
        return CanvasParser.paint(value, field: "color", scheme: scheme).paint
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
