import Canvas
import CDrawing
import WidgetGeometry

/// A font as Pango is asked for it: the family list, the size in user units, the weight and the
/// slant. Widget text and canvas text both come to this.
struct PangoFontRequest {
    /// Comma-separated families, the first one asked for first.
    var families: String
    var size: Double
    /// 1 to 1000 (400 regular, 700 bold).
    var weight: Int
    var style: FontStyle = .normal
}

/// One shaped line of text and what was measured on it, so that a run is drawn exactly as wide
/// as it was measured (contextual alternates, kerning and ligatures included); the caller frees
/// it with ``free()``.
///
/// A run in one font and one direction, the usual line, is Pango's one item shaped by itself
/// (`pango_itemize`, `pango_shape`), measured by its glyphs' logical extents and drawn as that
/// glyph item: what a `PangoLayout` does for such a line, without what else a layout does as it
/// lays out. A layout also asks each new font for Pango's font metrics (for a line spacing this
/// never sets), which shape a sample sentence in a font pattern of their own, and fontconfig
/// sorts every new pattern: about half of the cost of each new font size (docs/performance.md).
/// Any other line (several fonts or scripts, right to left, control characters, empty) is a
/// one-line `PangoLayout`, measured and drawn by its line.
struct ShapedText {
    private enum Shaped {
        case run(text: String, item: UnsafeMutablePointer<PangoItem>, glyphs: UnsafeMutablePointer<PangoGlyphString>)
        case layout(OpaquePointer, UnsafeMutablePointer<PangoLayoutLine>)
    }

    private let shaped: Shaped
    /// The Pango context the text was shaped in (its fonts, its font options).
    let context: OpaquePointer
    /// The advance of the whole run.
    let width: Double
    /// From the line's top to its baseline.
    let baseline: Double
    /// The line's logical box below the baseline.
    let descent: Double

    /// `text` shaped in `context` (a context of its own, which this then owns) with `description`.
    /// `asLayout` shapes any line as a layout (for tests, which hold the two ways equal).
    init(_ text: String, context: OpaquePointer, description: OpaquePointer, asLayout: Bool = false) {
        self.context = context
        pango_context_set_font_description(context, description)
        // The line's logical box, its y from the baseline (negative: above it).
        var logical = PangoRectangle()
        if !asLayout, let (item, glyphs) = Self.singleRun(text, context: context) {
            shaped = .run(text: text, item: item, glyphs: glyphs)
            pango_glyph_string_extents(glyphs, item.pointee.analysis.font, nil, &logical)
            // A layout's line box also holds its baseline (the union with an empty box at the origin).
            let left = min(0, logical.x), top = min(0, logical.y)
            logical = PangoRectangle(x: left, y: top, width: max(0, logical.x + logical.width) - left,
                                     height: max(0, logical.y + logical.height) - top)
        } else {
            let layout = pango_layout_new(context)!
            pango_layout_set_font_description(layout, description)
            pango_layout_set_single_paragraph_mode(layout, 1)
            pango_layout_set_text(layout, text, -1)
            let line = pango_layout_get_line_readonly(layout, 0)!
            pango_layout_line_get_extents(line, nil, &logical)
            shaped = .layout(layout, line)
        }
        let scale = Double(PANGO_SCALE)
        baseline = Double(-logical.y) / scale
        width = Double(logical.width) / scale
        descent = max(0, Double(logical.height) / scale - baseline)
    }

    /// The one item of a line in one font, script and direction (left to right), shaped; nil
    /// for any other line.
    private static func singleRun(_ text: String, context: OpaquePointer)
        -> (UnsafeMutablePointer<PangoItem>, UnsafeMutablePointer<PangoGlyphString>)?
    {
        let plain = !text.isEmpty && !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029 }
        guard plain else { return nil }
        return text.withCString { bytes -> (UnsafeMutablePointer<PangoItem>, UnsafeMutablePointer<PangoGlyphString>)? in
            let length = Int32(strlen(bytes))
            let attributes = pango_attr_list_new()
            defer { pango_attr_list_unref(attributes) }
            guard let items = pango_itemize_with_base_dir(context, PANGO_DIRECTION_LTR, bytes, 0, length, attributes, nil) else { return nil }
            defer { g_list_free(items) }
            let item = items.pointee.data.assumingMemoryBound(to: PangoItem.self)
            // An item at an odd level is right to left: a text with a right-to-left letter is
            // never one even item (a layout would also start it from the right).
            guard items.pointee.next == nil, item.pointee.analysis.level % 2 == 0 else {
                var node: UnsafeMutablePointer<GList>? = items
                while let current = node {
                    pango_item_free(current.pointee.data.assumingMemoryBound(to: PangoItem.self))
                    node = current.pointee.next
                }
                return nil
            }
            let glyphs = pango_glyph_string_new()!
            pango_shape_with_flags(bytes + Int(item.pointee.offset), item.pointee.length, bytes, length, &item.pointee.analysis, glyphs, PANGO_SHAPE_NONE)
            return (item, glyphs)
        }
    }

    /// Whether the line was shaped as one run rather than as a layout.
    var isSingleRun: Bool {
        if case .run = shaped { return true }
        return false
    }

    func free() {
        switch shaped {
        case .run(_, let item, let glyphs):
            pango_glyph_string_free(glyphs)
            pango_item_free(item)
        case .layout(let layout, _):
            widgethost_pango_unref(UnsafeMutableRawPointer(layout))
        }
        widgethost_pango_unref(UnsafeMutableRawPointer(context))
    }

    /// Draws the line with its left end at `x` and its baseline at `baseline`.
    func show(at x: Double, baseline: Double, cr: OpaquePointer) {
        cairo_move_to(cr, x, baseline)
        switch shaped {
        case .run(let text, let item, let glyphs):
            var glyphItem = PangoGlyphItem(item: item, glyphs: glyphs, y_offset: 0, start_x_offset: 0, end_x_offset: 0)
            pango_cairo_show_glyph_item(cr, text, &glyphItem)
        case .layout(_, let line):
            pango_cairo_show_layout_line(cr, line)
        }
    }

    /// Adds the line's outlines to `cr`'s path, its left end at `x` and its baseline at `baseline`.
    func path(at x: Double, baseline: Double, cr: OpaquePointer) {
        cairo_move_to(cr, x, baseline)
        switch shaped {
        case .run(_, let item, let glyphs):
            pango_cairo_glyph_string_path(cr, item.pointee.analysis.font, glyphs)
        case .layout(_, let line):
            pango_cairo_layout_line_path(cr, line)
        }
    }
}

/// The vertical metrics of a font in ems, read from its OpenType tables, so that they are the
/// same at every scale the text is laid out at.
struct FontVerticalMetrics: Hashable {
    /// The em box (Canvas 2D's `top` and `bottom`): OS/2's typographic ascender and descender,
    /// scaled so that they add up to one em.
    var emAscent: Double, emDescent: Double
    /// The font's ascent and descent (hhea's ascender and descender).
    var ascent: Double, descent: Double

    /// Without tables to read: Inter's proportions.
    static let fallback = FontVerticalMetrics(emAscent: 0.8, emDescent: 0.2, ascent: 0.97, descent: 0.24)
}

/// Text shaped by Pango, the single place it is shaped for measuring and for drawing.
enum PangoText {
    /// The Pango family list for `font`: the family asked for when installed, then the defaults.
    static func families(_ font: FontSpec, fonts: FontBook) -> String {
        var families = FontBook.defaultFamilies
        if let family = font.family, !family.isEmpty, fonts.isInstalled(family) { families.insert(family, at: 0) }
        return families.joined(separator: ",")
    }

    /// The request for a widget's font.
    static func request(_ font: FontSpec, fonts: FontBook) -> PangoFontRequest {
        PangoFontRequest(families: families(font, fonts: fonts), size: font.size, weight: font.weight.rawValue)
    }

    private static func description(_ font: PangoFontRequest) -> OpaquePointer {
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, font.families)
        pango_font_description_set_absolute_size(description, max(0.01, font.size) * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(max(100, min(1000, font.weight)))))
        switch font.style {
        case .normal: pango_font_description_set_style(description, PANGO_STYLE_NORMAL)
        case .italic: pango_font_description_set_style(description, PANGO_STYLE_ITALIC)
        case .oblique: pango_font_description_set_style(description, PANGO_STYLE_OBLIQUE)
        }
        return description
    }

    /// `text` on one line on `cr`, shaped once: its advance and its line box are Pango's
    /// logical extents of that line (``ShapedText``). Glyph positions are not rounded to whole
    /// user units (Pango's default), so a run is as wide at 1× as at 3×.
    static func shape(_ text: String, _ font: PangoFontRequest, cr: OpaquePointer, fontOptions: OpaquePointer,
                      asLayout: Bool = false) -> ShapedText {
        let context = pango_cairo_create_context(cr)!
        pango_cairo_context_set_font_options(context, fontOptions)
        pango_context_set_round_glyph_positions(context, 0)
        let description = self.description(font)
        defer { pango_font_description_free(description) }
        return ShapedText(text, context: context, description: description, asLayout: asLayout)
    }

    /// `text` measured at `scale` pixels a point on the measurer's context both ways: as it is
    /// shaped (`singleRun` tells whether as one run) and as a one-line layout. For tests.
    static func measuredBothWays(_ text: String, _ font: PangoFontRequest, scale: Int)
        -> (singleRun: Bool, shaped: [Double], layout: [Double])
    {
        let measurer = PangoMeasurer(scale: scale)
        return measurer.withContext { cr, fontOptions in
            let shaped = shape(text, font, cr: cr, fontOptions: fontOptions)
            let layout = shape(text, font, cr: cr, fontOptions: fontOptions, asLayout: true)
            defer {
                shaped.free()
                layout.free()
            }
            return (shaped.isSingleRun, [shaped.width, shaped.baseline, shaped.descent], [layout.width, layout.baseline, layout.descent])
        }
    }

    /// The advance and the line box of `text`, measured on the line ``shape`` draws.
    static func measure(_ text: String, _ font: PangoFontRequest, cr: OpaquePointer, fontOptions: OpaquePointer)
        -> (width: Double, ascent: Double, descent: Double)
    {
        let shaped = shape(text, font, cr: cr, fontOptions: fontOptions)
        shaped.free()
        return (shaped.width, shaped.baseline, shaped.descent)
    }

    /// The vertical metrics of the first font Pango takes for `font` (Canvas 2D's "first
    /// available font"), in ems: from the font file's OS/2 and hhea tables through HarfBuzz,
    /// which do not change with the scale the layout is drawn at (Pango's own font metrics do).
    static func verticalMetrics(_ font: PangoFontRequest, context: OpaquePointer) -> FontVerticalMetrics {
        let description = self.description(font)
        defer { pango_font_description_free(description) }
        guard let loaded = pango_context_load_font(context, description) else { return .fallback }
        defer { widgethost_pango_unref(UnsafeMutableRawPointer(loaded)) }
        guard let hbFont = pango_font_get_hb_font(loaded), let face = hb_font_get_face(hbFont) else { return .fallback }
        let unitsPerEm = Double(hb_face_get_upem(face))
        guard unitsPerEm > 0 else { return .fallback }
        func table(_ tag: String) -> [UInt8] {
            let code = tag.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard let blob = hb_face_reference_table(face, code) else { return [] }
            defer { hb_blob_destroy(blob) }
            var length: UInt32 = 0
            guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
            return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
        }
        func int16(_ bytes: [UInt8], _ offset: Int) -> Double? {
            guard bytes.count >= offset + 2 else { return nil }
            return Double(Int16(bitPattern: UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])))
        }
        // hhea: ascender at 4, descender (negative) at 6. OS/2: sTypoAscender at 68, sTypoDescender at 70.
        let hhea = table("hhea"), os2 = table("OS/2")
        guard let ascender = int16(hhea, 4), let descender = int16(hhea, 6) else { return .fallback }
        var typoAscender = ascender, typoDescender = -descender
        if let a = int16(os2, 68), let d = int16(os2, 70), a - d > 0 {
            typoAscender = a
            typoDescender = -d
        }
        let emHeight = typoAscender + typoDescender
        guard emHeight > 0 else { return .fallback }
        return FontVerticalMetrics(
            emAscent: typoAscender / emHeight, emDescent: typoDescender / emHeight,
            ascent: ascender / unitsPerEm, descent: -descender / unitsPerEm)
    }
}
