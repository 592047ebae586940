import CDrawing
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

    /// The runs set on one line (`\n` ignored): neighbours in the same font are shaped as one
    /// run, as the drawing draws them, so contextual alternates, kerning and ligatures between
    /// them are measured; the sum of those runs' advances.
    public func width(of runs: [TextRun]) -> Double {
        var merged: [TextRun] = []
        for run in runs where !run.text.isEmpty {
            if let last = merged.last, last.font == run.font { merged[merged.count - 1].text += run.text } else { merged.append(run) }
        }
        return lock.withLock { _ in
            var total = 0.0
            for run in merged {
                let text = run.text.filter { $0 != "\n" }
                let key = TextRunKey(text: text, font: run.font)
                if let known = widths[key] {
                    total += known
                    continue
                }
                let measured = PangoText.measure(text, PangoText.request(run.font, fonts: fonts), cr: cr, fontOptions: fontOptions).width
                if widths.count > 20_000 { widths.removeAll() }
                widths[key] = measured
                total += measured
            }
            return total
        }
    }

    /// `body` with the measurer's cairo context and font options, its calls serialised.
    func withContext<T>(_ body: (OpaquePointer, OpaquePointer) -> T) -> T {
        lock.withLock { _ in body(cr, fontOptions) }
    }

    /// The font's ascent plus descent.
    public func lineHeight(of font: FontSpec) -> Double {
        lock.withLock { _ in
            if let known = heights[font] { return known }
            // A line's box is the font's (not the ink's); measured on text, as an empty layout's
            // box does not follow the context's scale.
            let m = PangoText.measure("Ag", PangoText.request(font, fonts: fonts), cr: cr, fontOptions: fontOptions)
            heights[font] = m.ascent + m.descent
            return m.ascent + m.descent
        }
    }
}

private struct TextRunKey: Hashable {
    let text: String
    let font: FontSpec
}
