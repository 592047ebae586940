import CCairo
import CPango
import Synchronization
import WidgetGeometry

/// Text measured by Pango (HarfBuzz shaping, fontconfig fonts), for ``WidgetGeometry``: the
/// advance of runs and the height of a line, with the families the canvas draws text with
/// (Inter, then Noto Sans CJK SC, then fontconfig's fallbacks; a `font` that is installed
/// first). Lines break with the engine's own breaker over these widths.
///
/// One measurer may be shared; calls are serialised.
public final class PangoMeasurer: TextMeasurer, @unchecked Sendable {
    private let lock = Mutex<Void>(())
    private let fonts = FontBook()
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    private let fontOptions: OpaquePointer
    private var widths: [TextRunKey: Double] = [:]
    private var heights: [FontSpec: Double] = [:]

    /// A measurer for text drawn at `scale` device pixels per point. Its context has that scale,
    /// so Pango picks the same fonts at the same pixel sizes as the drawing (one font look-up
    /// for both, and the widths the drawing gets); the widths are in points whatever the scale.
    public init(scale: Int = 1) {
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)!
        cr = cairo_create(surface)!
        cairo_scale(cr, Double(max(1, scale)), Double(max(1, scale)))
        fontOptions = cairo_font_options_create()
        cairo_font_options_set_antialias(fontOptions, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(fontOptions, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(fontOptions, CAIRO_HINT_METRICS_OFF)
    }

    public func fallback(forFamily family: String) -> String? {
        lock.withLock { _ in fonts.isInstalled(family) ? nil : fonts.substitute(for: family) }
    }

    deinit {
        cairo_font_options_destroy(fontOptions)
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// The sum of each run's advance, set on one line (`\n` and trailing newlines ignored).
    public func width(of runs: [TextRun]) -> Double {
        lock.withLock { _ in
            var total = 0.0
            for run in runs where !run.text.isEmpty {
                let text = run.text.filter { $0 != "\n" }
                let key = TextRunKey(text: text, font: run.font)
                if let known = widths[key] {
                    total += known
                    continue
                }
                let measured = PangoText.measure(text, font: run.font, cr: cr, fontOptions: fontOptions, fonts: fonts).width
                if widths.count > 20_000 { widths.removeAll() }
                widths[key] = measured
                total += measured
            }
            return total
        }
    }

    /// The font's ascent plus descent.
    public func lineHeight(of font: FontSpec) -> Double {
        lock.withLock { _ in
            if let known = heights[font] { return known }
            // A line's box is the font's (not the ink's); measured on text, as an empty layout's
            // box does not follow the context's scale.
            let m = PangoText.measure("Ag", font: font, cr: cr, fontOptions: fontOptions, fonts: fonts)
            heights[font] = m.ascent + m.descent
            return m.ascent + m.descent
        }
    }
}

private struct TextRunKey: Hashable {
    let text: String
    let font: FontSpec
}

/// Pango layouts of one run in a ``FontSpec``, shared by the measurer and the painter so that a
/// line is drawn exactly as wide as it was measured.
enum PangoText {
    /// The Pango family list for `font`: the family asked for when installed, then the defaults.
    static func families(_ font: FontSpec, fonts: FontBook) -> String {
        var families = FontBook.defaultFamilies
        if let family = font.family, !family.isEmpty, fonts.isInstalled(family) { families.insert(family, at: 0) }
        return families.joined(separator: ",")
    }

    /// A one-line layout of `text` (the caller frees it) with its advance, its baseline below
    /// the layout's top, and the line's ascent and descent (above and below the baseline).
    static func layout(_ text: String, font: FontSpec, cr: OpaquePointer, fontOptions: OpaquePointer, fonts: FontBook)
        -> (layout: OpaquePointer, width: Double, baseline: Double, ascent: Double, descent: Double)
    {
        let layout = pango_cairo_create_layout(cr)!
        let context = pango_layout_get_context(layout)
        pango_cairo_context_set_font_options(context, fontOptions)
        pango_layout_context_changed(layout)
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, families(font, fonts: fonts))
        pango_font_description_set_absolute_size(description, max(0.01, font.size) * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(font.weight.rawValue)))
        pango_layout_set_font_description(layout, description)
        pango_layout_set_single_paragraph_mode(layout, 1)
        pango_layout_set_text(layout, text, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let scale = Double(PANGO_SCALE)
        // The line's own box: Pango's logical extents, which the drawing uses too, so a line
        // sits in the frame the layout gave it (the font metrics' ascent is smaller than the
        // logical line's for Inter, and text placed by it would ride high).
        let baseline = Double(pango_layout_get_baseline(layout)) / scale
        let height = Double(logical.height) / scale
        return (layout, Double(logical.width) / scale, baseline, baseline, max(0, height - baseline))
    }

    static func measure(_ text: String, font: FontSpec, cr: OpaquePointer, fontOptions: OpaquePointer, fonts: FontBook)
        -> (width: Double, ascent: Double, descent: Double)
    {
        let m = layout(text, font: font, cr: cr, fontOptions: fontOptions, fonts: fonts)
        widgethost_pango_unref(UnsafeMutableRawPointer(m.layout))
        return (m.width, m.ascent, m.descent)
    }
}
