import Canvas
import CCairo
import CPango

/// Lays out and draws one `text` command with Pango (HarfBuzz shaping, fontconfig fallbacks).
struct TextPainter {
    let cr: OpaquePointer
    let fontOptions: OpaquePointer

    /// The Pango family list for a run: the family asked for (when installed), then the defaults.
    static func families(for run: TextRun, fonts: FontBook, index: Int, diagnostics: inout [CanvasDiagnostic], warnedDefault: inout Bool) -> String {
        var families = FontBook.defaultFamilies
        if !warnedDefault, !fonts.isInstalled(FontBook.defaultFamilies[0]) {
            warnedDefault = true
            diagnostics.append(CanvasDiagnostic(
                .fontFallback, index: index, field: "fontFamily",
                "text: the default family \(FontBook.defaultFamilies[0]) is not installed (Debian's fonts-inter; Scripts/setup installs it), so text is drawn with \(fonts.substitute(for: FontBook.defaultFamilies[0]))"))
        }
        if let family = run.family {
            if fonts.isInstalled(family) {
                families.insert(family, at: 0)
            } else {
                diagnostics.append(CanvasDiagnostic(
                    .fontFallback, index: index, field: "fontFamily",
                    "text: the font family \(family) is not installed; the text is drawn with \(FontBook.defaultFamilies[0])"))
            }
        }
        return families.joined(separator: ",")
    }

    /// A layout of the run's text, its width, and the offset from the layout's top to the
    /// point `(x, y)` names, per the baseline. The caller frees the layout.
    func layout(_ run: TextRun, families: String) -> (layout: OpaquePointer, width: Double, top: Double, ascent: Double) {
        let layout = pango_cairo_create_layout(cr)!
        let context = pango_layout_get_context(layout)
        pango_cairo_context_set_font_options(context, fontOptions)
        pango_layout_context_changed(layout)
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, families)
        pango_font_description_set_absolute_size(description, run.size * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(max(100, min(1000, run.weight)))))
        switch run.style {
        case .normal: pango_font_description_set_style(description, PANGO_STYLE_NORMAL)
        case .italic: pango_font_description_set_style(description, PANGO_STYLE_ITALIC)
        case .oblique: pango_font_description_set_style(description, PANGO_STYLE_OBLIQUE)
        }
        pango_layout_set_font_description(layout, description)
        pango_layout_set_single_paragraph_mode(layout, 1)
        pango_layout_set_text(layout, run.text, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let scale = Double(PANGO_SCALE)
        let metrics = pango_context_get_metrics(context, description, nil)
        let ascent = Double(pango_font_metrics_get_ascent(metrics)) / scale
        let descent = Double(pango_font_metrics_get_descent(metrics)) / scale
        pango_font_metrics_unref(metrics)
        let baseline = Double(pango_layout_get_baseline(layout)) / scale
        // Where the alphabetic baseline lies below y, per HTML canvas's textBaseline with the
        // first font's ascent and descent; `hanging` at 80 % of the ascent.
        let below: Double
        switch run.baseline {
        case .alphabetic: below = 0
        case .top: below = ascent
        case .hanging: below = ascent * 0.8
        case .middle: below = (ascent - descent) / 2
        case .bottom, .ideographic: below = -descent
        }
        return (layout, Double(logical.width) / scale, below - baseline, ascent)
    }

    /// Draws the run: the stroke first, then the fill (colour emoji have no outline, so the
    /// stroke leaves them out and the fill draws them).
    func draw(_ run: TextRun, families: String, style: CanvasStyle, setSource: (Paint) -> Bool, setLine: () -> Void) {
        let (layout, width, top, _) = self.layout(run, families: families)
        defer { widgethost_pango_unref(UnsafeMutableRawPointer(layout)) }
        var left = run.x
        switch run.align {
        case .left, .start: break
        case .center: left -= width / 2
        case .right, .end: left -= width
        }
        cairo_save(cr)
        if let maxWidth = run.maxWidth, width > maxWidth, width > 0 {
            cairo_translate(cr, run.x, 0)
            cairo_scale(cr, maxWidth / width, 1)
            cairo_translate(cr, -run.x, 0)
        }
        if let stroke = style.stroke {
            cairo_new_path(cr)
            cairo_move_to(cr, left, run.y + top)
            pango_cairo_layout_path(cr, layout)
            if setSource(stroke) {
                setLine()
                cairo_stroke(cr)
            }
            cairo_new_path(cr)
        }
        if let fill = style.fill, setSource(fill) {
            cairo_move_to(cr, left, run.y + top)
            pango_cairo_show_layout(cr, layout)
            cairo_new_path(cr)
        }
        cairo_restore(cr)
    }
}
