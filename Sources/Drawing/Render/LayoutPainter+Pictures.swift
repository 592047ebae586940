import Canvas
import CDrawing
import WidgetGeometry

/// Images and icons: a file's pixels and an SVG drawn as a template, or their placeholders.
extension LayoutPainter {
    /// An image's pixels in its drawn frame (fit, fill or stretch), cut at its frame and by its
    /// `clipShape`; the placeholder where its file could not be drawn (the layout said why).
    func drawImage(_ c: PlacedComponent) {
        let drawn = c.drawnFrame ?? c.contentFrame
        let frame = c.contentFrame
        guard drawn.width > 0, drawn.height > 0, frame.width > 0, frame.height > 0 else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_new_path(cr)
        cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
        cairo_clip(cr)
        if let shape = (c.member("clipShape") ?? c.member("clip"))?.stringValue {
            cairo_new_path(cr)
            if outline(shape, in: frame, cornerRadius: c.member("clipCornerRadius").flatMap(Self.number) ?? 8) { cairo_clip(cr) }
            cairo_new_path(cr)
        }
        guard let content = c.member("content")?.stringValue, let surface = assets?.surface(forImage: content) else {
            drawImagePlaceholder(drawn)
            return
        }
        let width = Double(cairo_image_surface_get_width(surface)), height = Double(cairo_image_surface_get_height(surface))
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
    func drawIcon(_ c: PlacedComponent) {
        let r = c.drawnFrame ?? c.contentFrame
        let side = min(r.width, r.height)
        guard side > 0 else { return }
        guard let name = c.member("content")?.stringValue, let handle = assets?.handle(forIcon: name) else {
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
}
