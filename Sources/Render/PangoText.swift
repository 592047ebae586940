import Canvas
import CCairo
import CPango
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

/// One shaped line of text: the Pango layout that draws it (the caller frees it with ``free()``)
/// and what was measured on that same layout, so that a run is drawn exactly as wide as it was
/// measured (contextual alternates, kerning and ligatures included).
struct ShapedText {
    let layout: OpaquePointer
    /// The advance of the whole run.
    let width: Double
    /// From the layout's top to its baseline.
    let baseline: Double
    /// The line's logical box below the baseline.
    let descent: Double

    func free() { widgethost_pango_unref(UnsafeMutableRawPointer(layout)) }
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

/// Pango layouts of one run, the single place text is shaped for measuring and for drawing.
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

    /// A one-line layout of `text` on `cr`, shaped once: its advance and its line box are
    /// Pango's logical extents of that layout. Glyph positions are not rounded to whole user
    /// units (Pango's default), so a run is as wide at 1× as at 3×.
    static func shape(_ text: String, _ font: PangoFontRequest, cr: OpaquePointer, fontOptions: OpaquePointer) -> ShapedText {
        let layout = pango_cairo_create_layout(cr)!
        let context = pango_layout_get_context(layout)
        pango_cairo_context_set_font_options(context, fontOptions)
        pango_context_set_round_glyph_positions(context, 0)
        pango_layout_context_changed(layout)
        let description = self.description(font)
        defer { pango_font_description_free(description) }
        pango_layout_set_font_description(layout, description)
        pango_layout_set_single_paragraph_mode(layout, 1)
        pango_layout_set_text(layout, text, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let scale = Double(PANGO_SCALE)
        let baseline = Double(pango_layout_get_baseline(layout)) / scale
        let height = Double(logical.height) / scale
        return ShapedText(layout: layout, width: Double(logical.width) / scale, baseline: baseline, descent: max(0, height - baseline))
    }

    /// The advance and the line box of `text`, measured on the layout ``shape`` draws.
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
    static func verticalMetrics(_ font: PangoFontRequest, layout: OpaquePointer) -> FontVerticalMetrics {
        let context = pango_layout_get_context(layout)
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
