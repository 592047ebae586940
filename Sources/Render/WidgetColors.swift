import Canvas
import JSONKit

/// The colours a widget is drawn with: a component's `color`/`background` fields (`#RGB` …
/// `#RRGGBBAA`, `transparent`, `{light, dark}`) for the scheme, the system's defaults, and the
/// accessory families' monochrome.
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
