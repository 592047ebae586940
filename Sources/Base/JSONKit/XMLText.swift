/// Text for XML and HTML: the SVG chart, the JUnit report and the preview's HTML page
/// escape through this one function.
public enum XMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` escaped, and each character XML 1.0
    /// forbids (controls other than tab and line breaks, U+FFFE, U+FFFF) replaced with
    /// `forbidden` (dropped by default).
    public static func escape(_ text: String, forbidden: String = "") -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                if v < 0x20 || v == 0xFFFE || v == 0xFFFF {
                    out += forbidden
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
