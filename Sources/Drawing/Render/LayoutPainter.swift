import Canvas
import CDrawing
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
        guard let root = result.root else { return }
        if colors.monochrome { drawVibrant(root, size: result.metrics.size) } else { draw(root) }
    }

    /// The Lock Screen's vibrant look, for every ink alike (shapes, text, backgrounds, gauges,
    /// images, colour emoji, canvases): the content is drawn in its own colours on a clear
    /// picture of its own, each pixel is then made white at its luminance
    /// (``whiteAtLuminance(_:)``), and the picture is put down over the tile. What is told
    /// apart by lightness on the home screen (white labels on a blue block, a gauge's value on
    /// its track) stays apart; white at each colour's alpha would make them one shape.
    private func drawVibrant(_ root: PlacedComponent, size: Size) {
        let width = max(1, Int32((size.width * scale).rounded())), height = max(1, Int32((size.height * scale).rounded()))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        defer { cairo_surface_destroy(surface) }
        let content = cairo_create(surface)!
        cairo_scale(content, scale, scale)
        let painter = LayoutPainter(cr: content, scale: scale, colors: colors, fonts: fonts, fontOptions: fontOptions,
                                    canvases: canvases, assets: assets)
        painter.draw(root)
        cairo_destroy(content)
        canvasDiagnostics += painter.canvasDiagnostics
        Self.whiteAtLuminance(surface)
        cairo_save(cr)
        cairo_scale(cr, 1 / scale, 1 / scale)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
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
        if let background = colors.paint(c.member("background") ?? c.member("backgroundColor")) {
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

    func foreground(_ c: PlacedComponent) -> RGBA {
        colors.color(c.member("color") ?? c.member("foregroundColor")) ?? colors.primary
    }

    /// The component's `color` as a paint: a colour or a gradient over its frame.
    func foregroundPaint(_ c: PlacedComponent) -> Paint {
        colors.paint(c.member("color") ?? c.member("foregroundColor")) ?? .color(colors.primary)
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
                PangoText.shape(run.text.filter { $0 != "\n" }, PangoText.request(run.font, fonts: fonts), cr: cr, fontOptions: fontOptions)
            }
            defer { for m in runs { m.free() } }
            let ascent = runs.map(\.baseline).max() ?? 0
            var x = line.frame.x
            for (m, run) in zip(runs, line.runs.filter { !$0.text.isEmpty }) {
                let own = run.font.color.flatMap { colors.paint($0) } ?? paint
                guard set(own, over: frame) else {
                    x += m.width
                    continue
                }
                m.show(at: x, baseline: line.frame.y + ascent, cr: cr)
                cairo_new_path(cr)
                x += m.width
            }
        }
    }

    // MARK: shapes and gauges

    private func drawShape(_ c: PlacedComponent) {
        let kind = (c.member("content")?.stringValue ?? c.member("shape")?.stringValue ?? "rectangle").lowercased().trimmingSpaces
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
            let radius = c.member("cornerRadius").flatMap(Self.number) ?? 8
            Self.roundedRect(cr, r, radius: radius)
        default:
            cairo_rectangle(cr, r.x, r.y, r.width, r.height)
        }
        if set(foregroundPaint(c), over: r) { cairo_fill(cr) }
        cairo_new_path(cr)
    }

    private func drawGauge(_ c: PlacedComponent) {
        let r = c.drawnFrame ?? c.contentFrame
        // `value`, or the gauge's `content` (layout.md).
        let value = max(0, min(1, (c.member("value") ?? c.member("content")).flatMap(Self.number) ?? 0))
        let tint = colors.color(c.member("color") ?? c.member("tint")) ?? colors.primary
        let style = (c.member("style")?.stringValue ?? "auto").lowercased().trimmingSpaces
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

    /// A canvas component is drawn by the canvas renderer at the picture's scale, in the
    /// widget's scheme (dark in the accessory families), and put down in its content frame.
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

    /// Every pixel of an ARGB32 surface as white at its luminance (Rec. 601 weights) times its
    /// alpha: with premultiplied channels, each channel becomes the premultiplied luminance.
    static func whiteAtLuminance(_ surface: OpaquePointer) {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return }
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where row[x] != 0 {
                let value = row[x]
                let luminance = (299 * ((value >> 16) & 0xFF) + 587 * ((value >> 8) & 0xFF) + 114 * (value & 0xFF) + 500) / 1000
                row[x] = luminance << 24 | luminance << 16 | luminance << 8 | luminance
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    // MARK: helpers

    func set(_ color: RGBA) {
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
