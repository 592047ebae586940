import Canvas
import CCairo
import CPango
import CRsvg
import JSONKit
import WidgetGeometry

/// Draws a laid-out widget (a ``GeometryResult``) onto a cairo context in points: the family's
/// outline and background, then each component — background, corner-radius clip, opacity,
/// rotation and offset, then its own drawing and its children.
final class LayoutPainter {
    let cr: OpaquePointer
    let scale: Double
    let colors: WidgetColors
    let fonts: FontBook
    let fontOptions: OpaquePointer
    let canvases: CanvasRenderer
    /// The images' and icons' pictures; nil draws every one as a placeholder.
    let assets: AssetLibrary?
    /// What the canvases inside the widget reported, each with its component's path.
    var canvasDiagnostics: [(path: String, diagnostic: CanvasDiagnostic)] = []

    init(cr: OpaquePointer, scale: Double, colors: WidgetColors, fonts: FontBook, fontOptions: OpaquePointer, canvases: CanvasRenderer,
         assets: AssetLibrary? = nil) {
        self.cr = cr
        self.scale = scale
        self.colors = colors
        self.fonts = fonts
        self.fontOptions = fontOptions
        self.canvases = canvases
        self.assets = assets
    }

    func draw(_ result: GeometryResult) {
        cairo_scale(cr, scale, scale)
        let bounds = result.metrics.bounds
        // The picture's outline is the family's: its size and the system's corner radius.
        cairo_new_path(cr)
        Self.roundedRect(cr, bounds, radius: result.metrics.cornerRadius)
        cairo_clip(cr)
        set(colors.widget)
        cairo_paint(cr)
        if let root = result.root { draw(root) }
    }

    func draw(_ c: PlacedComponent) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if c.offset.x != 0 || c.offset.y != 0 { cairo_translate(cr, c.offset.x, c.offset.y) }
        if c.rotation != 0 {
            let centre = c.frame.center
            cairo_translate(cr, centre.x, centre.y)
            cairo_rotate(cr, c.rotation * .pi / 180)
            cairo_translate(cr, -centre.x, -centre.y)
        }
        let layered = c.opacity < 1
        if layered { cairo_push_group(cr) }
        if let background = colors.backgroundPaint(c.properties["background"] ?? c.properties["backgroundColor"]) {
            cairo_new_path(cr)
            Self.roundedRect(cr, c.frame, radius: c.cornerRadius)
            if set(background, over: c.frame) { cairo_fill(cr) }
            cairo_new_path(cr)
        }
        if c.cornerRadius > 0 {
            cairo_new_path(cr)
            Self.roundedRect(cr, c.frame, radius: c.cornerRadius)
            cairo_clip(cr)
        }
        drawOwn(c)
        for child in c.children { draw(child) }
        if layered {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, max(0, c.opacity))
        }
    }

    private func foreground(_ c: PlacedComponent) -> RGBA {
        colors.color(c.properties["color"] ?? c.properties["foregroundColor"]) ?? colors.primary
    }

    /// The component's `color` as a paint: a colour or a gradient over its frame.
    private func foregroundPaint(_ c: PlacedComponent) -> Paint {
        colors.paint(c.properties["color"] ?? c.properties["foregroundColor"]) ?? .color(colors.primary)
    }

    private func drawOwn(_ c: PlacedComponent) {
        if let text = c.text {
            drawText(text, paint: foregroundPaint(c), over: c.contentFrame)
            return
        }
        switch c.type {
        case "shape": drawShape(c)
        case "image": drawImage(c)
        case "icon": drawIcon(c)
        case "gauge": drawGauge(c)
        case "canvas": drawCanvas(c)
        default: break
        }
    }

    // MARK: text

    /// Each run in its own `color` (a tstack's runs keep theirs), else the component's.
    private func drawText(_ text: PlacedText, paint: Paint, over frame: Rect) {
        for line in text.lines {
            // Every run on the line shares one baseline: the line's top plus the tallest run's
            // ascent (the line is as tall as its tallest run, as the measurer gave it).
            let runs = line.runs.filter { !$0.text.isEmpty }.map { run in
                PangoText.layout(run.text.filter { $0 != "\n" }, font: run.font, cr: cr, fontOptions: fontOptions, fonts: fonts)
            }
            defer { for m in runs { widgethost_pango_unref(UnsafeMutableRawPointer(m.layout)) } }
            let ascent = runs.map(\.baseline).max() ?? 0
            var x = line.frame.x
            for (m, run) in zip(runs, line.runs.filter { !$0.text.isEmpty }) {
                let own = run.font.color.flatMap { colors.paint($0) } ?? paint
                guard set(own, over: frame) else {
                    x += m.width
                    continue
                }
                cairo_move_to(cr, x, line.frame.y + ascent - m.baseline)
                pango_cairo_show_layout(cr, m.layout)
                cairo_new_path(cr)
                x += m.width
            }
        }
    }

    // MARK: shapes, placeholders, gauges

    private func drawShape(_ c: PlacedComponent) {
        let kind = (c.properties["content"]?.stringValue ?? c.properties["shape"]?.stringValue ?? "rectangle").lowercased().trimmingSpaces
        let r = c.drawnFrame ?? c.contentFrame
        cairo_new_path(cr)
        switch kind {
        case "circle", "ellipse":
            cairo_save(cr)
            cairo_translate(cr, r.center.x, r.center.y)
            cairo_scale(cr, max(r.width, 0.0001) / 2, max(r.height, 0.0001) / 2)
            cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
            cairo_restore(cr)
        case "capsule":
            Self.roundedRect(cr, r, radius: min(r.width, r.height) / 2)
        case "roundedrectangle":
            let radius = c.properties["cornerRadius"].flatMap(Self.number) ?? 8
            Self.roundedRect(cr, r, radius: radius)
        default:
            cairo_rectangle(cr, r.x, r.y, r.width, r.height)
        }
        if set(foregroundPaint(c), over: r) { cairo_fill(cr) }
        cairo_new_path(cr)
    }

    /// An image's pixels in its drawn frame (fit, fill or stretch), cut at its frame and by its
    /// `clipShape`; the placeholder where its file could not be drawn (the layout said why).
    private func drawImage(_ c: PlacedComponent) {
        let drawn = c.drawnFrame ?? c.contentFrame
        let frame = c.contentFrame
        guard drawn.width > 0, drawn.height > 0, frame.width > 0, frame.height > 0 else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_new_path(cr)
        cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
        cairo_clip(cr)
        if let shape = (c.properties["clipShape"] ?? c.properties["clip"])?.stringValue {
            cairo_new_path(cr)
            if outline(shape, in: frame, cornerRadius: c.properties["clipCornerRadius"].flatMap(Self.number) ?? 8) { cairo_clip(cr) }
            cairo_new_path(cr)
        }
        guard let content = c.properties["content"]?.stringValue, let surface = assets?.surface(forImage: content) else {
            drawImagePlaceholder(drawn)
            return
        }
        let width = Double(cairo_image_surface_get_width(surface)), height = Double(cairo_image_surface_get_height(surface))
        if colors.monochrome { cairo_push_group(cr) }
        cairo_save(cr)
        cairo_translate(cr, drawn.x, drawn.y)
        cairo_scale(cr, drawn.width / width, drawn.height / height)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_new_path(cr)
        cairo_rectangle(cr, 0, 0, width, height)
        cairo_fill(cr)
        cairo_restore(cr)
        if colors.monochrome {
            // The Lock Screen shows pictures without their colour: the saturation is taken out.
            cairo_set_operator(cr, CAIRO_OPERATOR_HSL_SATURATION)
            cairo_set_source_rgb(cr, 0.5, 0.5, 0.5)
            cairo_rectangle(cr, drawn.x, drawn.y, drawn.width, drawn.height)
            cairo_fill(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            cairo_pop_group_to_source(cr)
            cairo_paint(cr)
        }
    }

    /// The outline of a shape name (`circle`, `ellipse`, `capsule`, `roundedrectangle`,
    /// `rectangle`) in `r`, as a `shape` component draws it; false for another name.
    private func outline(_ name: String, in r: Rect, cornerRadius: Double) -> Bool {
        switch name.lowercased().trimmingSpaces {
        case "circle":
            let side = min(r.width, r.height)
            cairo_arc(cr, r.center.x, r.center.y, side / 2, 0, 2 * .pi)
        case "ellipse":
            cairo_save(cr)
            cairo_translate(cr, r.center.x, r.center.y)
            cairo_scale(cr, max(r.width, 0.0001) / 2, max(r.height, 0.0001) / 2)
            cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
            cairo_restore(cr)
        case "capsule": Self.roundedRect(cr, r, radius: min(r.width, r.height) / 2)
        case "roundedrectangle": Self.roundedRect(cr, r, radius: cornerRadius)
        case "rectangle": cairo_rectangle(cr, r.x, r.y, r.width, r.height)
        default: return false
        }
        return true
    }

    /// An icon's SVG drawn as a template, as SF Symbols are: its shape (the alpha of what it
    /// draws) filled with the icon's colour, fitted in the largest centred square of its frame;
    /// the placeholder glyph when there is no usable SVG of its name.
    private func drawIcon(_ c: PlacedComponent) {
        let r = c.drawnFrame ?? c.contentFrame
        let side = min(r.width, r.height)
        guard side > 0 else { return }
        guard let name = c.properties["content"]?.stringValue, let handle = assets?.handle(forIcon: name) else {
            drawIconPlaceholder(r, color: foreground(c))
            return
        }
        var viewport = RsvgRectangle(x: r.center.x - side / 2, y: r.center.y - side / 2, width: side, height: side)
        cairo_push_group(cr)
        _ = rsvg_handle_render_document(handle, cr, &viewport, nil)
        guard let mask = cairo_pop_group(cr) else { return }
        defer { cairo_pattern_destroy(mask) }
        if set(foregroundPaint(c), over: r) { cairo_mask(cr, mask) }
    }

    /// An image is drawn as a neutral box with a thin outline and a diagonal, where its pixels go.
    private func drawImagePlaceholder(_ r: Rect) {
        guard r.width > 0, r.height > 0 else { return }
        cairo_new_path(cr)
        cairo_rectangle(cr, r.x, r.y, r.width, r.height)
        set(colors.secondary)
        cairo_fill_preserve(cr)
        set(RGBA(red: colors.secondary.red, green: colors.secondary.green, blue: colors.secondary.blue, alpha: 0.8))
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
        cairo_move_to(cr, r.x, r.maxY)
        cairo_line_to(cr, r.maxX, r.y)
        cairo_stroke(cr)
    }

    /// A symbol is drawn as a neutral glyph: a ring with a dot, in the largest centred square.
    private func drawIconPlaceholder(_ r: Rect, color: RGBA) {
        let side = min(r.width, r.height)
        guard side > 0 else { return }
        let centre = r.center
        cairo_new_path(cr)
        cairo_arc(cr, centre.x, centre.y, side * 0.4, 0, 2 * .pi)
        set(color)
        cairo_set_line_width(cr, max(0.5, side * 0.09))
        cairo_stroke(cr)
        cairo_arc(cr, centre.x, centre.y, side * 0.12, 0, 2 * .pi)
        cairo_fill(cr)
    }

    private func drawGauge(_ c: PlacedComponent) {
        let r = c.drawnFrame ?? c.contentFrame
        let value = max(0, min(1, c.properties["value"].flatMap(Self.number) ?? 0))
        let tint = colors.color(c.properties["color"] ?? c.properties["tint"]) ?? colors.primary
        let style = (c.properties["style"]?.stringValue ?? "auto").lowercased().trimmingSpaces
        if style == "acircular" || style == "acircularc" {
            // SwiftUI's accessoryCircular gauge: an open ring from 135° to 405° (a gap at the
            // bottom), filled clockwise to the value.
            let side = min(r.width, r.height)
            let width = side * 0.1
            let radius = side / 2 - width / 2
            let start = 0.75 * Double.pi, sweep = 1.5 * Double.pi
            cairo_set_line_width(cr, width)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_new_path(cr)
            cairo_arc(cr, r.center.x, r.center.y, radius, start, start + sweep)
            set(colors.secondary)
            cairo_stroke(cr)
            if value > 0 {
                cairo_arc(cr, r.center.x, r.center.y, radius, start, start + sweep * value)
                set(tint)
                cairo_stroke(cr)
            }
        } else {
            cairo_new_path(cr)
            Self.roundedRect(cr, r, radius: r.height / 2)
            set(colors.secondary)
            cairo_fill(cr)
            if value > 0 {
                Self.roundedRect(cr, Rect(x: r.x, y: r.y, width: r.width * value, height: r.height), radius: r.height / 2)
                set(tint)
                cairo_fill(cr)
            }
        }
    }

    // MARK: canvas

    /// A canvas component is drawn by the canvas renderer at the picture's scale and put down
    /// in its content frame.
    private func drawCanvas(_ c: PlacedComponent) {
        let r = c.contentFrame
        guard r.width >= 1, r.height >= 1, case .success(var request) = CanvasSource.fromLayout(.object(c.properties)) else { return }
        request.width = min(r.width, CanvasRequest.maximumSide)
        request.height = min(r.height, CanvasRequest.maximumSide)
        request.scale = Int(scale)
        request.scheme = colors.scheme
        let (surface, diagnostics) = canvases.surface(request)
        defer { cairo_surface_destroy(surface) }
        canvasDiagnostics += diagnostics.map { (c.path, $0) }
        cairo_save(cr)
        cairo_translate(cr, r.x, r.y)
        cairo_scale(cr, 1 / scale, 1 / scale)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    // MARK: helpers

    private func set(_ color: RGBA) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    /// Sets the source to `paint`; a gradient's numbers are fractions of `frame` (x and a
    /// radius along its width, y and a radius along its height). False when it paints nothing.
    @discardableResult
    func set(_ paint: Paint, over frame: Rect) -> Bool {
        if case .color(let color) = paint {
            set(color)
            return true
        }
        guard frame.width > 0, frame.height > 0 else { return false }
        guard CommandPainter.setSource(cr, paint), let pattern = cairo_get_source(cr) else { return false }
        // The gradient is made in the frame's unit square: its matrix maps user space there.
        var matrix = cairo_matrix_t()
        cairo_matrix_init(&matrix, 1 / frame.width, 0, 0, 1 / frame.height, -frame.x / frame.width, -frame.y / frame.height)
        cairo_pattern_set_matrix(pattern, &matrix)
        return true
    }

    static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .number(let d): return d.isFinite ? d : nil
        case .string(let s): return Double(s.trimmingSpaces).flatMap { $0.isFinite ? $0 : nil }
        default: return nil
        }
    }

    static func roundedRect(_ cr: OpaquePointer, _ r: Rect, radius: Double) {
        let radius = max(0, min(radius, r.width / 2, r.height / 2))
        guard radius > 0 else {
            cairo_rectangle(cr, r.x, r.y, r.width, r.height)
            return
        }
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - radius, r.y + radius, radius, -.pi / 2, 0)
        cairo_arc(cr, r.maxX - radius, r.maxY - radius, radius, 0, .pi / 2)
        cairo_arc(cr, r.x + radius, r.maxY - radius, radius, .pi / 2, .pi)
        cairo_arc(cr, r.x + radius, r.y + radius, radius, .pi, 1.5 * .pi)
        cairo_close_path(cr)
    }
}
