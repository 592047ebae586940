/// A point in the canvas's virtual coordinates.
public struct CanvasPoint: Sendable, Hashable {
    public var x: Double, y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// One segment of a `path` command.
public enum PathSegment: Sendable, Hashable {
    case move(CanvasPoint)
    case line(CanvasPoint)
    /// Control point, then end point.
    case quadratic(control: CanvasPoint, to: CanvasPoint)
    /// Two control points, then end point.
    case bezier(control1: CanvasPoint, control2: CanvasPoint, to: CanvasPoint)
    /// An arc as the `arc` command draws it (angles in degrees); a line joins the current point to its start.
    case arc(center: CanvasPoint, radius: Double, start: Double, end: Double, counterClockwise: Bool)
    case close
}

public enum TextAlign: String, Sendable, Hashable, CaseIterable {
    case left, center, right, start, end
}

public enum TextBaseline: String, Sendable, Hashable, CaseIterable {
    case top, middle, bottom, alphabetic, hanging, ideographic
}

public enum FontStyle: String, Sendable, Hashable, CaseIterable {
    case normal, italic, oblique
}

/// What a `text` command draws.
public struct TextRun: Sendable, Hashable {
    public var text: String
    public var x: Double, y: Double
    public var size: Double
    /// 100 to 900; 400 is `normal`, 700 `bold`.
    public var weight: Int
    public var style: FontStyle
    /// The family as written, nil for the default.
    public var family: String?
    public var align: TextAlign
    public var baseline: TextBaseline
    public var maxWidth: Double?
}

public struct CanvasRect: Sendable, Hashable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// A drawing or state command.
public enum CanvasOperation: Sendable, Hashable {
    /// `rect` and `roundRect`; radius 0 for square corners.
    case rect(CanvasRect, radius: Double)
    case circle(center: CanvasPoint, radius: Double)
    /// Angles in degrees, clockwise from the positive x axis (y points down).
    case arc(center: CanvasPoint, radius: Double, start: Double, end: Double, counterClockwise: Bool, close: Bool)
    case line(from: CanvasPoint, to: CanvasPoint)
    case polyline([CanvasPoint], close: Bool)
    case path([PathSegment])
    case text(TextRun)
    /// nil: the whole virtual canvas.
    case clear(CanvasRect?)
    case save
    case restore
    case translate(x: Double, y: Double)
    /// Degrees, around (x, y).
    case rotate(angle: Double, x: Double, y: Double)
    case scale(x: Double, y: Double, aroundX: Double, aroundY: Double)
    case clipRect(CanvasRect, radius: Double)
    case clipCircle(center: CanvasPoint, radius: Double)

    /// Whether the command draws ink (and so takes style fields).
    public var draws: Bool {
        switch self {
        case .rect, .circle, .arc, .line, .polyline, .path, .text: true
        default: false
        }
    }

    /// Whether, with neither `fill` nor `stroke` given, the command is stroked rather than filled
    /// (as an HTML canvas's `stroke()` would be the only thing that shows a line).
    public var strokesByDefault: Bool {
        switch self {
        case .line: true
        case .polyline(_, let close): !close
        case .arc(_, _, _, _, _, let close): !close
        default: false
        }
    }
}

public enum LineCap: String, Sendable, Hashable, CaseIterable { case butt, round, square }
public enum LineJoin: String, Sendable, Hashable, CaseIterable { case miter, round, bevel }

/// The blend modes the Canvas component guarantees; unknown names draw as `source-over`.
public enum CompositeMode: String, Sendable, Hashable, CaseIterable {
    case sourceOver = "source-over"
    case multiply, screen, overlay, darken, lighten
    case destinationOut = "destination-out"
    case copy
}

/// The style fields of one drawing command. Nothing carries over to the next command.
public struct CanvasStyle: Sendable, Hashable {
    /// nil: not painted.
    public var fill: Paint?
    public var stroke: Paint?
    public var lineWidth = 1.0
    public var lineCap = LineCap.butt
    public var lineJoin = LineJoin.miter
    public var miterLimit = 10.0
    public var dash: [Double] = []
    public var dashOffset = 0.0
    public var alpha = 1.0
    public var shadowColor: RGBA?
    public var shadowBlur = 0.0
    public var shadowX = 0.0
    public var shadowY = 0.0
    public var composite = CompositeMode.sourceOver

    public init() {}

    /// Whether a shadow shows: a colour that is not fully transparent, and a blur or an offset.
    public var hasShadow: Bool {
        guard let shadowColor, shadowColor.alpha > 0 else { return false }
        return shadowBlur > 0 || shadowX != 0 || shadowY != 0
    }
}

/// A command that passed the checks: its index in the list, what it does and how it looks.
public struct CanvasCommand: Sendable, Hashable {
    public var index: Int
    public var operation: CanvasOperation
    public var style: CanvasStyle
    public init(index: Int, operation: CanvasOperation, style: CanvasStyle = CanvasStyle()) {
        self.index = index
        self.operation = operation
        self.style = style
    }
}

/// A command list read for one appearance: what will be drawn, and what was wrong.
public struct CanvasProgram: Sendable, Hashable {
    public var commands: [CanvasCommand]
    public var diagnostics: [CanvasDiagnostic]
    /// How many items the list had (all of them, also past the limit).
    public var given: Int
    public init(commands: [CanvasCommand], diagnostics: [CanvasDiagnostic], given: Int) {
        self.commands = commands
        self.diagnostics = diagnostics
        self.given = given
    }
}
