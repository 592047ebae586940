import CDrawing

/// Fonts made ready before they are needed.
public enum FontLoading {
    /// Makes this thread's Pango font map, which starts loading fontconfig's configuration and
    /// font list on a thread of Pango's own; the first text measured or drawn on this thread
    /// waits for it. Called as a drawing command starts, the loading overlaps with the script's
    /// run instead of following it (docs/performance.md).
    public static func start() {
        _ = pango_cairo_font_map_get_default()
    }
}

/// Which installed family a name resolves to, through fontconfig, remembered per name.
final class FontBook {
    /// The families text is drawn with when a command names none: Latin, then Chinese
    /// (Debian's fonts-inter and fonts-noto-cjk). Emoji are found by fontconfig's fallback
    /// (fonts-noto-color-emoji): named here, that font would also draw the digits.
    static let defaultFamilies = ["Inter", "Noto Sans CJK SC"]
    /// CSS generic names, which fontconfig resolves by its own configuration.
    static let generic: Set<String> = ["sans-serif", "serif", "monospace", "system-ui", "cursive", "fantasy"]

    private var installed: [String: Bool] = [:]
    private var matched: [String: String] = [:]

    /// Whether `family` is installed, compared without case with the names of the font that
    /// fontconfig matches for it (a missing family matches some other family).
    func isInstalled(_ family: String) -> Bool {
        let key = family.lowercased()
        if let known = installed[key] { return known }
        let names = matchedFamilies(family)
        let found = FontBook.generic.contains(key) || names.contains { $0.lowercased() == key }
        installed[key] = found
        matched[key] = names.first ?? "none"
        return found
    }

    /// The family fontconfig uses in place of `family`.
    func substitute(for family: String) -> String {
        _ = isInstalled(family)
        return matched[family.lowercased()] ?? "none"
    }

    private func matchedFamilies(_ family: String) -> [String] {
        // Pango may still be loading fontconfig's configuration (``FontLoading``); asked
        // meanwhile, fontconfig would load it a second time.
        widgethost_pango_wait_for_fontconfig()
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { FcPatternAddString(pattern, widgethost_fc_family, $0) }
        }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return [] }
        defer { FcPatternDestroy(match) }
        var names: [String] = []
        var index: Int32 = 0
        while true {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(match, widgethost_fc_family, index, &value) == FcResultMatch, let value else { break }
            names.append(String(cString: value))
            index += 1
        }
        return names
    }
}
