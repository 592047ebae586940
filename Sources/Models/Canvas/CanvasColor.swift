/// A colour with straight (not premultiplied) components from 0 to 1.
public struct RGBA: Sendable, Hashable, CustomStringConvertible {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let black = RGBA(red: 0, green: 0, blue: 0)
    public static let transparent = RGBA(red: 0, green: 0, blue: 0, alpha: 0)

    /// `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (either case), or `transparent`.
    public init?(hex text: String) {
        if text == "transparent" {
            self = .transparent
            return
        }
        let scalars = Array(text.unicodeScalars)
        guard scalars.first == "#" else { return nil }
        var digits: [Double] = []
        for scalar in scalars.dropFirst() {
            guard let value = Self.hexValue(scalar) else { return nil }
            digits.append(value)
        }
        switch digits.count {
        case 3, 4:
            let values = digits.map { ($0 * 16 + $0) / 255 }
            self.init(red: values[0], green: values[1], blue: values[2], alpha: digits.count == 4 ? values[3] : 1)
        case 6, 8:
            let values = stride(from: 0, to: digits.count, by: 2).map { (digits[$0] * 16 + digits[$0 + 1]) / 255 }
            self.init(red: values[0], green: values[1], blue: values[2], alpha: digits.count == 8 ? values[3] : 1)
        default:
            return nil
        }
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> Double? {
        switch scalar.value {
        case 48...57: Double(scalar.value - 48)
        case 65...70: Double(scalar.value - 55)
        case 97...102: Double(scalar.value - 87)
        default: nil
        }
    }

    public var description: String {
        func byte(_ value: Double) -> String {
            let text = String(Int((value * 255).rounded()), radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }
}

/// One stop of a gradient: an offset from 0 to 1 and its colour.
public struct GradientStop: Sendable, Hashable {
    public var offset: Double
    public var color: RGBA
    public init(offset: Double, color: RGBA) {
        self.offset = offset
        self.color = color
    }
}

/// What a fill or a stroke paints with, in the command's coordinates.
public enum Paint: Sendable, Hashable {
    case color(RGBA)
    /// From (x0, y0) to (x1, y1).
    case linear(x0: Double, y0: Double, x1: Double, y1: Double, stops: [GradientStop])
    /// From the circle (x0, y0, r0) to the circle (x1, y1, r1).
    case radial(x0: Double, y0: Double, r0: Double, x1: Double, y1: Double, r1: Double, stops: [GradientStop])
}

/// The appearance a canvas is drawn for: `{light, dark}` colours take the member of its name.
public enum ColorScheme: String, Sendable, Hashable, CaseIterable {
    case light, dark
}
