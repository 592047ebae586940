import JSONKit
import Layout

/// The component types the engine lays out.
enum Kind: String {
    case text, image, icon, shape, spacer, button, date, gauge, canvas
    case vstack, hstack, zstack, tstack, grid
    case unknown

    var isStack: Bool { self == .vstack || self == .hstack }
    var hasChildren: Bool {
        switch self {
        case .vstack, .hstack, .zstack, .tstack, .grid, .button, .gauge: return true
        default: return false
        }
    }
}

/// Where a text is cut when it does not fit.
public enum TruncationMode: String, Sendable, Hashable {
    case head, middle, tail
}

/// A component read from the rendered tree, with its fields as numbers, and the sizes it has
/// reported (SwiftUI asks a view for its size several times; the answers are kept).
final class Node {
    let kind: Kind
    let type: String
    let path: String
    /// JSON Pointer of the component in the rendered tree.
    let pointer: String
    /// JSON Pointer of the component in the layout file, and the loop items it was rendered
    /// for (`nil` outside loops), when the layout file is known.
    var source: (pointer: String, items: String?)?
    /// The rendered component's members (an inline widget's text and image lose those
    /// WidgetKit does not draw there).
    var object: JSONObject
    var children: [Node] = []
    /// The axis of the stack the node is in, if any (a spacer's direction).
    var parentAxis: Axis?
    var depth: Int

    var padding = Insets.zero
    var width: Double?
    var height: Double?
    var spacing = 8.0
    var alignment: Alignment2D?
    var cornerRadius = 0.0
    var opacity = 1.0
    var rotation = 0.0
    var offset = Point.zero

    // Text, date, tstack.
    var runs: [TextRun] = []
    var lineLimit: Int?
    var minimumScale = 0.9
    var truncation = TruncationMode.tail
    var fillsWidth = false
    /// False for a text that never breaks into lines (a `timer`): measured as one line.
    var wraps = true

    // Other leaves.
    var font = FontSpec(size: 17)
    var minLength = 8.0
    var columns = 2
    var gaugeScale = 1.0
    var intrinsic: Size?
    var loop: LoopInfo?

    var sizes: [Proposal: Size] = [:]
    var texts: [Proposal: TextFit] = [:]

    init(kind: Kind, type: String, path: String, pointer: String, object: JSONObject, depth: Int) {
        self.kind = kind
        self.type = type
        self.path = path
        self.pointer = pointer
        self.object = object
        self.depth = depth
    }

    /// The field `key` as the author wrote it: a pointer into the layout file when known.
    func field(_ key: String) -> String {
        guard let source else { return pointer + "/" + key }
        return source.pointer + "/" + key + (source.items.map { " (\($0))" } ?? "")
    }

    /// Member `key`, read through the declaration of the type's fields
    /// (``ComponentSchema/member(_:of:type:)``).
    func member(_ key: String) -> JSONValue? { ComponentSchema.member(key, of: object, type: kind.rawValue) }

    /// The string value of member `key` (numbers and other values as JavaScript prints them).
    func string(_ key: String) -> String? {
        guard let v = member(key) else { return nil }
        if case .string(let s) = v { return s }
        if case .null = v { return nil }
        return Template.text(of: v)
    }
}

/// A loop's container: how many components each item rendered, and the source as written.
struct LoopInfo {
    let perItem: Int
    let items: Int
    let source: String
}

/// Reads fields into numbers, reporting every value that cannot be used.
struct FieldReader {
    let family: WidgetFamily
    var diagnostics: [GeometryDiagnostic] = []

    mutating func invalid(_ node: Node, _ key: String, _ message: String) {
        diagnostics.append(GeometryDiagnostic(code: .invalidValue, message: message + " (\(family.label))",
                                              path: node.path, field: node.field(key), family: family))
    }

    /// Member `key` as a number in `range`: absent or `""` gives `nil`; a value that is not a
    /// number, not finite or below the range is reported and ignored; one above it is reported
    /// and clamped.
    mutating func number(_ node: Node, _ key: String, _ range: ClosedRange<Double>) -> Double? {
        guard let value = node.member(key) else { return nil }
        var d: Double
        switch value {
        case .number(let n): d = n
        case .string(let s):
            let t = s.trimmingSpaces
            if t.isEmpty { return nil }
            guard let n = Double(t) else {
                invalid(node, key, "\(key) \"\(s)\" is not a number; it is ignored")
                return nil
            }
            d = n
        case .null: return nil
        default:
            invalid(node, key, "\(key) must be a number, not \(value.typeName); it is ignored")
            return nil
        }
        guard d.isFinite else {
            invalid(node, key, "\(key) is \(d.isNaN ? "NaN" : "infinite"); it is ignored")
            return nil
        }
        if d < range.lowerBound {
            invalid(node, key, "\(key) \(Template.text(of: .number(d))) is below \(Template.text(of: .number(range.lowerBound))); it is ignored")
            return nil
        }
        if d > range.upperBound {
            invalid(node, key, "\(key) \(Template.text(of: .number(d))) is above \(Template.text(of: .number(range.upperBound))); \(Template.text(of: .number(range.upperBound))) is used")
            d = range.upperBound
        }
        return d
    }

    /// The first of `keys` present, as a number.
    mutating func number(_ node: Node, _ keys: [String], _ range: ClosedRange<Double>) -> Double? {
        for k in keys where node.member(k) != nil {
            if let v = number(node, k, range) { return v }
        }
        return nil
    }

    /// `padding` (or `pacings`): one number for every edge, or four as `top,leading,bottom,trailing`
    /// in a string (`"10,10,15,15"`) or an array.
    mutating func padding(_ node: Node) -> Insets {
        let key = node.member("padding") != nil ? "padding" : "pacings"
        guard let value = node.member(key) else { return .zero }
        var parts: [JSONValue]
        switch value {
        case .number: parts = [value]
        case .string(let s):
            if s.trimmingSpaces.isEmpty { return .zero }
            parts = s.split(separator: ",", omittingEmptySubsequences: false).map { .string(String($0)) }
        case .array(let a): parts = a
        case .null: return .zero
        default:
            invalid(node, key, "\(key) must be a number or four numbers \"top,leading,bottom,trailing\", not \(value.typeName); it is ignored")
            return .zero
        }
        guard parts.count == 1 || parts.count == 4 else {
            invalid(node, key, "\(key) needs one number or four (top,leading,bottom,trailing), not \(parts.count); it is ignored")
            return .zero
        }
        var numbers: [Double] = []
        for part in parts {
            let probe = Node(kind: node.kind, type: node.type, path: node.path, pointer: node.pointer,
                             object: [key: part], depth: node.depth)
            probe.source = node.source
            guard let n = number(probe, key, -1000...1000) else { return .zero }
            numbers.append(n)
        }
        if numbers.count == 1 { return Insets(all: numbers[0]) }
        return Insets(top: numbers[0], leading: numbers[1], bottom: numbers[2], trailing: numbers[3])
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
