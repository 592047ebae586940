import Canvas
import CDrawing

/// Draws a checked command list onto a cairo context whose surface is the picture.
final class CommandPainter {
    let cr: OpaquePointer
    let space: CoordinateSpace
    let pixelWidth: Int32, pixelHeight: Int32
    let fonts: FontBook
    let fontOptions: OpaquePointer
    var diagnostics: [CanvasDiagnostic] = []
    private var warnedDefaultFont = false

    init(cr: OpaquePointer, space: CoordinateSpace, pixelWidth: Int, pixelHeight: Int, fonts: FontBook, fontOptions: OpaquePointer) {
        self.cr = cr
        self.space = space
        self.pixelWidth = Int32(pixelWidth)
        self.pixelHeight = Int32(pixelHeight)
        self.fonts = fonts
        self.fontOptions = fontOptions
    }

    var baseMatrix: cairo_matrix_t {
        var matrix = cairo_matrix_t()
        cairo_matrix_init(&matrix, space.scaleX, 0, 0, space.scaleY, space.offsetX, space.offsetY)
        return matrix
    }

    func draw(_ commands: [CanvasCommand]) {
        var matrix = baseMatrix
        cairo_set_matrix(cr, &matrix)
        for command in commands { draw(command) }
    }

    func draw(_ command: CanvasCommand) {
        switch command.operation {
        case .save: cairo_save(cr)
        case .restore: cairo_restore(cr)
        case .translate(let x, let y): cairo_translate(cr, x, y)
        case .rotate(let angle, let x, let y):
            cairo_translate(cr, x, y)
            cairo_rotate(cr, PathBuilder.radians(angle))
            cairo_translate(cr, -x, -y)
        case .scale(let sx, let sy, let x, let y):
            cairo_translate(cr, x, y)
            cairo_scale(cr, sx, sy)
            cairo_translate(cr, -x, -y)
        case .clipRect(let rect, let radius):
            cairo_new_path(cr)
            PathBuilder.rect(cr, rect, radius: radius)
            cairo_clip(cr)
        case .clipCircle(let center, let radius):
            cairo_new_path(cr)
            PathBuilder.circle(cr, center, radius)
            cairo_clip(cr)
        case .clear(let rect):
            cairo_save(cr)
            cairo_new_path(cr)
            if let rect {
                cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            } else {
                var matrix = baseMatrix
                cairo_set_matrix(cr, &matrix)
                cairo_rectangle(cr, 0, 0, space.width, space.height)
            }
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            cairo_fill(cr)
            cairo_restore(cr)
        default:
            drawInk(command)
        }
    }

    /// A drawing command: its shadow, then its ink, as one layer put down with its alpha and
    /// blend mode (so a stroke over a fill does not show the fill through under `alpha`).
    func drawInk(_ command: CanvasCommand) {
        let style = command.style
        guard style.fill != nil || style.stroke != nil else { return }
        let layered = style.alpha < 1 || style.composite != .sourceOver || style.hasShadow
        var families = ""
        if case .text(let run) = command.operation {
            families = TextPainter.families(for: run, fonts: fonts, index: command.index, diagnostics: &diagnostics, warnedDefault: &warnedDefaultFont)
        }
        var shadow: OpaquePointer?
        if style.hasShadow, let color = style.shadowColor {
            // The ink alone, on a surface of the picture's size, with this command's transform.
            let ink = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixelWidth, pixelHeight)!
            let inkContext = cairo_create(ink)!
            var matrix = cairo_matrix_t()
            cairo_get_matrix(cr, &matrix)
            cairo_set_matrix(inkContext, &matrix)
            paint(command, on: inkContext, families: families)
            cairo_destroy(inkContext)
            let blur = style.shadowBlur * (space.scaleX + space.scaleY) / 2
            shadow = ShadowBlur.shadow(of: ink, blur: blur, red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
            cairo_surface_destroy(ink)
        }
        if layered { cairo_push_group(cr) }
        if let shadow {
            cairo_save(cr)
            cairo_identity_matrix(cr)
            // Shadow offsets are not transformed by the commands (HTML canvas), only by the canvas's scale.
            cairo_set_source_surface(cr, shadow, style.shadowX * space.scaleX, style.shadowY * space.scaleY)
            cairo_paint(cr)
            cairo_restore(cr)
            cairo_surface_destroy(shadow)
        }
        paint(command, on: cr, families: families)
        if layered {
            cairo_pop_group_to_source(cr)
            cairo_save(cr)
            cairo_set_operator(cr, Self.cairoOperator(style.composite))
            cairo_paint_with_alpha(cr, style.alpha)
            cairo_restore(cr)
        }
    }

    static func cairoOperator(_ mode: CompositeMode) -> cairo_operator_t {
        switch mode {
        case .sourceOver: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .destinationOut: CAIRO_OPERATOR_DEST_OUT
        case .copy: CAIRO_OPERATOR_SOURCE
        }
    }

    /// The fill, then the stroke (text: the stroke, then the fill), on `context`.
    func paint(_ command: CanvasCommand, on context: OpaquePointer, families: String) {
        let style = command.style
        let setSource = { (paint: Paint) -> Bool in Self.setSource(context, paint) }
        let setLine = { Self.setLine(context, style) }
        if case .text(let run) = command.operation {
            TextPainter(cr: context, fontOptions: fontOptions).draw(run, families: families, style: style, setSource: setSource, setLine: setLine)
            return
        }
        guard PathBuilder.shape(context, command.operation) else { return }
        if let fill = style.fill, setSource(fill) {
            cairo_fill_preserve(context)
        }
        if let stroke = style.stroke, setSource(stroke) {
            setLine()
            cairo_stroke_preserve(context)
        }
        cairo_new_path(context)
    }

    static func setLine(_ cr: OpaquePointer, _ style: CanvasStyle) {
        cairo_set_line_width(cr, style.lineWidth)
        switch style.lineCap {
        case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        }
        switch style.lineJoin {
        case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        }
        cairo_set_miter_limit(cr, style.miterLimit)
        style.dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), style.dashOffset) }
    }

    /// Sets the source to `paint` in the current user space; false when it paints nothing
    /// (a gradient without stops, as HTML canvas draws nothing with one).
    static func setSource(_ cr: OpaquePointer, _ paint: Paint) -> Bool {
        let pattern: OpaquePointer
        let stops: [GradientStop]
        switch paint {
        case .color(let color):
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            return true
        case .linear(let x0, let y0, let x1, let y1, let list):
            pattern = cairo_pattern_create_linear(x0, y0, x1, y1)
            stops = list
        case .radial(let x0, let y0, let r0, let x1, let y1, let r1, let list):
            pattern = cairo_pattern_create_radial(x0, y0, r0, x1, y1, r1)
            stops = list
        }
        defer { cairo_pattern_destroy(pattern) }
        guard !stops.isEmpty else { return false }
        // Stops in offset order, equal offsets in the order written (HTML canvas).
        let sorted = stops.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
        for stop in sorted {
            cairo_pattern_add_color_stop_rgba(pattern, stop.offset, stop.color.red, stop.color.green, stop.color.blue, stop.color.alpha)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
        return true
    }
}
