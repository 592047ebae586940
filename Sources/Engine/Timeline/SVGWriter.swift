import JSONKit

/// A minimal writer of self-contained SVG: elements are appended as text, attribute
/// values and text content are XML-escaped, and numbers are written with at most one
/// decimal so the output is short and stable.
struct SVGWriter {
    private(set) var body = ""

    /// Escapes `&`, `<`, `>`, `"` and `'`, and drops characters XML 1.0 forbids.
    static func escape(_ text: String) -> String { XMLText.escape(text) }

    /// `value` with at most one decimal: 12, 12.5, -3.2.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = Int64((value * 10).rounded())
        if tenths % 10 == 0 { return String(tenths / 10) }
        let sign = tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        return "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }

    /// Appends `<name attributes/>`.
    mutating func element(_ name: String, _ attributes: [(String, String)]) {
        body += "<\(name)\(Self.attributes(attributes))/>\n"
    }

    /// Appends `<text attributes>content</text>`.
    mutating func text(_ content: String, _ attributes: [(String, String)]) {
        body += "<text\(Self.attributes(attributes))>\(Self.escape(content))</text>\n"
    }

    /// Appends a raw, already well-formed fragment.
    mutating func raw(_ fragment: String) {
        body += fragment
    }

    /// Appends `<line>`.
    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String,
                       width: Double = 1, extra: [(String, String)] = []) {
        element("line", [("x1", Self.number(x1)), ("y1", Self.number(y1)), ("x2", Self.number(x2)),
                         ("y2", Self.number(y2)), ("stroke", stroke), ("stroke-width", Self.number(width))] + extra)
    }

    /// Appends `<rect>`.
    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String,
                       extra: [(String, String)] = []) {
        element("rect", [("x", Self.number(x)), ("y", Self.number(y)), ("width", Self.number(max(0, width))),
                         ("height", Self.number(max(0, height))), ("fill", fill)] + extra)
    }

    /// Appends `<circle>`.
    mutating func circle(cx: Double, cy: Double, r: Double, fill: String, extra: [(String, String)] = []) {
        element("circle", [("cx", Self.number(cx)), ("cy", Self.number(cy)), ("r", Self.number(r)),
                           ("fill", fill)] + extra)
    }

    /// Wraps the body in an `<svg>` root of the given size, with a white background.
    func document(width: Int, height: Int, title: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
        viewBox="0 0 \(width) \(height)" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">
        <title>\(Self.escape(title))</title>
        <rect x="0" y="0" width="\(width)" height="\(height)" fill="#ffffff"/>

        """ + body + "</svg>\n"
    }

    private static func attributes(_ list: [(String, String)]) -> String {
        list.map { " \($0.0)=\"\(escape($0.1))\"" }.joined()
    }
}

/// Wraps `text` into lines of at most `width` characters, breaking at spaces.
func wrapWords(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
        if current.isEmpty {
            current = String(word)
        } else if current.count + 1 + word.count <= width {
            current += " " + word
        } else {
            lines.append(current)
            current = String(word)
        }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
}
