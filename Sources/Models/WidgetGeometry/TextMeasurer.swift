import JSONKit
/// Text measurement: the engine asks a ``TextMeasurer`` how wide runs of text are and where lines
/// break, so a real shaper (Pango with HarfBuzz) can take the place of the fixed metrics used in
/// tests.

/// A font weight, as SwiftUI's `Font.Weight`, with its CSS number.
public enum FontWeight: Int, Sendable, Hashable, CaseIterable {
    case ultraLight = 100, thin = 200, light = 300, regular = 400, medium = 500
    case semibold = 600, bold = 700, heavy = 800, black = 900

    /// Reads a weight name (`bold`, `semibold`, `ultralight`, `normal`, …) or a number from 100
    /// to 900 (rounded to the nearest hundred); `nil` for anything else.
    public init?(parsing text: String) {
        let t = text.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }
        switch t {
        case "ultralight", "extralight": self = .ultraLight
        case "thin": self = .thin
        case "light": self = .light
        case "regular", "normal", "plain": self = .regular
        case "medium": self = .medium
        case "semibold", "demibold": self = .semibold
        case "bold": self = .bold
        case "heavy", "extrabold": self = .heavy
        case "black": self = .black
        default:
            guard let n = Double(t), n.isFinite, n >= 50, n < 950 else { return nil }
            self.init(rawValue: Int((n / 100).rounded()) * 100)
        }
    }
}

/// A font: size in points, weight and an optional family name (`nil`: the system font).
public struct FontSpec: Sendable, Hashable {
    /// Size in points.
    public var size: Double
    /// Weight.
    public var weight: FontWeight
    /// Family name, or `nil` for the system font.
    public var family: String?
    /// The run's own `color` field as written, when its text component has one (a `tstack`'s
    /// runs keep their colours, as SwiftUI's `Text + Text` does); the drawing reads it,
    /// measuring ignores it. Kept with the font so that runs of two colours are never merged.
    public var color: JSONValue?

    /// Creates a font.
    public init(size: Double, weight: FontWeight = .regular, family: String? = nil, color: JSONValue? = nil) {
        self.size = size
        self.weight = weight
        self.family = family
        self.color = color
    }

    /// The same font at `factor` times the size.
    public func scaled(_ factor: Double) -> FontSpec {
        FontSpec(size: size * factor, weight: weight, family: family, color: color)
    }
}

/// Text in one font.
public struct TextRun: Sendable, Hashable {
    /// The characters.
    public var text: String
    /// Their font.
    public var font: FontSpec

    /// Creates a run.
    public init(_ text: String, font: FontSpec) {
        self.text = text
        self.font = font
    }
}

/// One laid-out line: its runs (trailing spaces included), its width (trailing spaces excluded)
/// and its height.
public struct TextLine: Sendable, Hashable {
    /// The runs on the line.
    public var runs: [TextRun]
    /// Width of the ink advance, without trailing spaces.
    public var width: Double
    /// Line height (the tallest run's).
    public var height: Double

    /// Creates a line.
    public init(runs: [TextRun], width: Double, height: Double) {
        self.runs = runs
        self.width = width
        self.height = height
    }

    /// The line's text.
    public var text: String { runs.map(\.text).joined() }
}

/// Measures text for the layout engine.
///
/// `lines(of:maxWidth:)` has a default implementation (break after spaces and around wide
/// characters such as CJK, break a word that is too long between characters, `\n` always
/// breaks) built on `width(of:)`; a shaper with its own line breaking replaces it.
public protocol TextMeasurer: Sendable {
    /// The advance width of runs set on one line, in points.
    func width(of runs: [TextRun]) -> Double
    /// The height of one line of `font`, in points.
    func lineHeight(of font: FontSpec) -> Double
    /// The runs broken into lines no wider than `maxWidth` (`nil`: break only at `\n`).
    func lines(of runs: [TextRun], maxWidth: Double?) -> [TextLine]
    /// The family drawn in place of `family` when it is not installed; nil when it is.
    func fallback(forFamily family: String) -> String?
}

extension TextMeasurer {
    /// Every family is there for a measurer without fonts (fixed metrics).
    public func fallback(forFamily family: String) -> String? { nil }

    /// Greedy line breaking over ``width(of:)``.
    public func lines(of runs: [TextRun], maxWidth: Double?) -> [TextLine] {
        LineBreaker(measurer: self).lines(of: runs, maxWidth: maxWidth)
    }
}

/// Deterministic metrics for tests and for machines without fonts: every character is half the
/// font size wide (0.55 of it at semibold and heavier), a wide character (CJK, kana, Hangul,
/// full-width forms, emoji) the whole font size; a line is 1.2 times the font size tall.
public struct FixedMetricsMeasurer: TextMeasurer {
    /// Creates the measurer.
    public init() {}

    /// Sum of the characters' widths.
    public func width(of runs: [TextRun]) -> Double {
        var total = 0.0
        for run in runs {
            for c in run.text where c != "\n" { total += Self.advance(c, run.font) }
        }
        return total
    }

    /// 1.2 × the font size.
    public func lineHeight(of font: FontSpec) -> Double { font.size * 1.2 }

    static func advance(_ c: Character, _ font: FontSpec) -> Double {
        if isWide(c) { return font.size }
        return font.size * (font.weight.rawValue >= 600 ? 0.55 : 0.5)
    }

    /// Whether a character takes a whole em (East Asian wide or an emoji).
    static func isWide(_ c: Character) -> Bool {
        guard let s = c.unicodeScalars.first?.value else { return false }
        switch s {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1FAFF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

/// Greedy line breaking for measurers that only know widths. A line's width, and every width a
/// break is decided on, is the measurer's width of the line's runs as one piece (not a sum of
/// characters), so a shaper's contextual alternates and kerning count as they are drawn.
struct LineBreaker {
    let measurer: any TextMeasurer

    private struct Glyph {
        let character: Character
        let font: Int
    }

    func lines(of runs: [TextRun], maxWidth: Double?) -> [TextLine] {
        let fonts = runs.map(\.font)
        var paragraphs: [[Glyph]] = [[]]
        for (i, run) in runs.enumerated() {
            for c in run.text {
                if c == "\n" || c == "\r\n" || c == "\r" { paragraphs.append([]); continue }
                paragraphs[paragraphs.count - 1].append(Glyph(character: c, font: i))
            }
        }
        var out: [TextLine] = []
        let limit = (maxWidth ?? .infinity).isNaN ? .infinity : (maxWidth ?? .infinity)
        for glyphs in paragraphs {
            for line in breakParagraph(glyphs, limit, fonts) { out.append(makeLine(line, fonts)) }
        }
        return out
    }

    /// Breaks one paragraph: a line takes whole words while they fit; a word wider than the line
    /// is split between characters.
    private func breakParagraph(_ glyphs: [Glyph], _ limit: Double, _ fonts: [FontSpec]) -> [[Glyph]] {
        if glyphs.isEmpty { return [[]] }
        // Words: runs ending after a space, or a single wide character.
        var words: [[Glyph]] = []
        var current: [Glyph] = []
        for g in glyphs {
            let wide = FixedMetricsMeasurer.isWide(g.character)
            if wide, !current.isEmpty, !(current.last!.character.isWhitespace) {
                words.append(current); current = []
            }
            current.append(g)
            if g.character.isWhitespace || wide { words.append(current); current = [] }
        }
        if !current.isEmpty { words.append(current) }

        var lines: [[Glyph]] = []
        var line: [Glyph] = []
        for word in words {
            if !line.isEmpty, inkWidth(line + word, fonts) > limit + 1e-9 {
                lines.append(line); line = []
            }
            if line.isEmpty, inkWidth(word, fonts) > limit + 1e-9 {
                // Split the word between characters.
                var piece: [Glyph] = []
                for g in word {
                    if !piece.isEmpty, !g.character.isWhitespace, inkWidth(piece + [g], fonts) > limit + 1e-9 {
                        lines.append(piece); piece = []
                    }
                    piece.append(g)
                }
                line = piece
                continue
            }
            line.append(contentsOf: word)
        }
        lines.append(line)
        return lines
    }

    /// The width of the glyphs set as one line, trailing spaces left out.
    private func inkWidth(_ glyphs: [Glyph], _ fonts: [FontSpec]) -> Double {
        var end = glyphs.count
        while end > 0, glyphs[end - 1].character.isWhitespace { end -= 1 }
        return measurer.width(of: Self.runs(glyphs[..<end], fonts))
    }

    /// Neighbouring glyphs of one font as one run.
    private static func runs(_ glyphs: ArraySlice<Glyph>, _ fonts: [FontSpec]) -> [TextRun] {
        var runs: [TextRun] = []
        var lastFont = -1
        for g in glyphs {
            if g.font == lastFont { runs[runs.count - 1].text.append(g.character) } else {
                runs.append(TextRun(String(g.character), font: fonts[g.font])); lastFont = g.font
            }
        }
        return runs
    }

    private func makeLine(_ glyphs: [Glyph], _ fonts: [FontSpec]) -> TextLine {
        let usedFonts = glyphs.isEmpty ? fonts.prefix(1).map { $0 } : Array(Set(glyphs.map(\.font))).map { fonts[$0] }
        let height = usedFonts.map { measurer.lineHeight(of: $0) }.max() ?? 0
        return TextLine(runs: Self.runs(glyphs[...], fonts), width: inkWidth(glyphs, fonts), height: height)
    }
}
