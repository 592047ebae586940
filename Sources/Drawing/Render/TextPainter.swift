import Canvas
import CDrawing

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

    /// The run's text shaped (the caller frees it), and how far its alphabetic baseline lies
    /// below the point `(x, y)` names, per the baseline.
    func layout(_ run: TextRun, families: String) -> (shaped: ShapedText, baselineBelowY: Double) {
        let font = PangoFontRequest(families: families, size: run.size, weight: run.weight, style: run.style)
        let shaped = PangoText.shape(run.text, font, cr: cr, fontOptions: fontOptions)
        return (shaped, Self.baselineBelowY(run.baseline, PangoText.verticalMetrics(font, context: shaped.context)) * run.size)
    }

    /// Where the alphabetic baseline lies below `y`, in ems, as Canvas 2D's `textBaseline` puts
    /// it with the first font's metrics: `top`, `middle` and `bottom` on its em box (the
    /// typographic ascent and descent scaled to one em), `hanging` at 80 % of its ascent and
    /// `ideographic` at its descent (for fonts without a BASE table, as Inter).
    static func baselineBelowY(_ baseline: TextBaseline, _ metrics: FontVerticalMetrics) -> Double {
        switch baseline {
        case .alphabetic: 0
        case .top: metrics.emAscent
        case .hanging: metrics.ascent * 0.8
        case .middle: (metrics.emAscent - metrics.emDescent) / 2
        case .bottom: -metrics.emDescent
        case .ideographic: -metrics.descent
        }
    }

    /// Draws the run: the stroke first, then the fill (colour emoji have no outline, so the
    /// stroke leaves them out and the fill draws them).
    func draw(_ run: TextRun, families: String, style: CanvasStyle, setSource: (Paint) -> Bool, setLine: () -> Void) {
        let (shaped, below) = self.layout(run, families: families)
        defer { shaped.free() }
        let width = shaped.width
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
            shaped.path(at: left, baseline: run.y + below, cr: cr)
            if setSource(stroke) {
                setLine()
                cairo_stroke(cr)
            }
            cairo_new_path(cr)
        }
        if let fill = style.fill, setSource(fill) {
            shaped.show(at: left, baseline: run.y + below, cr: cr)
            cairo_new_path(cr)
        }
        cairo_restore(cr)
    }
}
