/// Points, sizes, rectangles and insets, in points (SwiftUI's unit), origin at the top left.

/// A width and a height in points.
public struct Size: Sendable, Hashable, CustomStringConvertible {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No size.
    public static let zero = Size(width: 0, height: 0)

    /// `WxH`, to a tenth of a point.
    public var description: String { "\(Self.format(width, places: 1))x\(Self.format(height, places: 1))" }

    /// A number as a person reads it in a message: to `places` decimals, without trailing
    /// zeros (a length `14.1591796875` to a tenth is `14.2`; `9.0` is `9`; a scale `0.75` to a
    /// hundredth stays `0.75`).
    static func format(_ v: Double, places: Int = 2) -> String {
        guard v.isFinite, abs(v) < 1e14 else { return String(v) }
        var unit = 1.0
        for _ in 0..<max(0, places) { unit *= 10 }
        let kept = (v * unit).rounded() / unit
        return kept == kept.rounded() ? String(Int(kept)) : String(kept)
    }
}

/// A position in points.
public struct Point: Sendable, Hashable {
    /// Horizontal position, growing to the right.
    public var x: Double
    /// Vertical position, growing downwards.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)
}

/// A rectangle: origin (top left) and size.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width.
    public var width: Double
    /// Height.
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Creates a rectangle from an origin and a size.
    public init(origin: Point, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    /// The top left corner.
    public var origin: Point { Point(x: x, y: y) }
    /// The size.
    public var size: Size { Size(width: width, height: height) }
    /// Right edge.
    public var maxX: Double { x + width }
    /// Bottom edge.
    public var maxY: Double { y + height }
    /// Centre.
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }

    /// The rectangle shrunk by `insets` (never below zero size).
    public func inset(by insets: Insets) -> Rect {
        Rect(x: x + insets.leading, y: y + insets.top,
             width: max(0, width - insets.horizontal), height: max(0, height - insets.vertical))
    }

    /// How far `other` reaches outside this rectangle on its worst side (0 when inside).
    public func overhang(of other: Rect) -> Double {
        max(0, x - other.x, other.maxX - maxX, y - other.y, other.maxY - maxY)
    }

    /// `(x, y, w, h)`.
    public var description: String {
        "(\(Size.format(x, places: 1)), \(Size.format(y, places: 1)), \(Size.format(width, places: 1)), \(Size.format(height, places: 1)))"
    }
}

/// Space around the four edges, in points.
public struct Insets: Sendable, Hashable {
    /// Top.
    public var top: Double
    /// Leading (left).
    public var leading: Double
    /// Bottom.
    public var bottom: Double
    /// Trailing (right).
    public var trailing: Double

    /// Creates insets.
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same inset on every edge.
    public init(all v: Double) { self.init(top: v, leading: v, bottom: v, trailing: v) }

    /// No insets.
    public static let zero = Insets(all: 0)

    /// Leading plus trailing.
    public var horizontal: Double { leading + trailing }
    /// Top plus bottom.
    public var vertical: Double { top + bottom }
}

/// What a parent offers a child, as SwiftUI's `ProposedViewSize`: `nil` asks for the ideal size,
/// `.infinity` for the largest, a number offers that much.
struct Proposal: Hashable {
    var width: Double?
    var height: Double?

    static let ideal = Proposal(width: nil, height: nil)

    /// The proposal less `insets` on each finite dimension.
    func inset(_ i: Insets) -> Proposal {
        Proposal(width: width.map { $0.isFinite ? max(0, $0 - i.horizontal) : $0 },
                 height: height.map { $0.isFinite ? max(0, $0 - i.vertical) : $0 })
    }

    func along(_ axis: Axis) -> Double? { axis == .horizontal ? width : height }
    func across(_ axis: Axis) -> Double? { axis == .horizontal ? height : width }

    static func make(_ axis: Axis, along: Double?, across: Double?) -> Proposal {
        axis == .horizontal ? Proposal(width: along, height: across) : Proposal(width: across, height: along)
    }
}

/// A stack's direction.
enum Axis: Hashable {
    case horizontal, vertical
}

extension Size {
    func along(_ axis: Axis) -> Double { axis == .horizontal ? width : height }
    func across(_ axis: Axis) -> Double { axis == .horizontal ? height : width }
    static func make(_ axis: Axis, along: Double, across: Double) -> Size {
        axis == .horizontal ? Size(width: along, height: across) : Size(width: across, height: along)
    }
}

/// Where a child sits along one dimension of the space it is placed in.
public enum AxisAlignment: String, Sendable, Hashable {
    /// Left, or top.
    case start
    /// Centred.
    case center
    /// Right, or bottom.
    case end

    /// The offset of a length `inner` placed in `outer`.
    func offset(_ inner: Double, in outer: Double) -> Double {
        switch self {
        case .start: return 0
        case .center: return (outer - inner) / 2
        case .end: return outer - inner
        }
    }
}

/// A two-dimensional alignment, as SwiftUI's `Alignment` (`topLeading` … `bottomTrailing`).
public struct Alignment2D: Sendable, Hashable {
    /// Horizontal: leading (`start`), centre, trailing (`end`).
    public var horizontal: AxisAlignment
    /// Vertical: top (`start`), centre, bottom (`end`).
    public var vertical: AxisAlignment

    /// Centre in both directions.
    public static let center = Alignment2D(horizontal: .center, vertical: .center)

    /// Creates an alignment.
    public init(horizontal: AxisAlignment, vertical: AxisAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Reads `leading`, `trailing`, `top`, `bottom`, `center` and their combinations
    /// (`topLeading`, `bottom_trailing`, `top-left`, …; `left`/`right` as leading/trailing),
    /// case-insensitively. `nil` when the text names none of them.
    public init?(parsing text: String) {
        let t = text.lowercased()
        var h = AxisAlignment.center, v = AxisAlignment.center, known = t.contains("center") || t.contains("centre")
        if t.contains("leading") || t.contains("left") { h = .start; known = true }
        if t.contains("trailing") || t.contains("right") { h = .end; known = true }
        if t.contains("top") { v = .start; known = true }
        if t.contains("bottom") { v = .end; known = true }
        guard known else { return nil }
        self.init(horizontal: h, vertical: v)
    }

    func along(_ axis: Axis) -> AxisAlignment { axis == .horizontal ? horizontal : vertical }
    func across(_ axis: Axis) -> AxisAlignment { axis == .horizontal ? vertical : horizontal }
}
