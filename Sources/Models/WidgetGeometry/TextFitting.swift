/// How a text fits a proposal, as SwiftUI's `Text` does: wrap to the width; keep within the
/// line limit and the height (at least one line); when it does not fit, shrink down to the
/// minimum scale factor; when it still does not fit, cut it with an ellipsis.
struct TextFit {
    var lines: [TextLine]
    var scale: Double
    var truncated: Bool
    var size: Size
    /// Lines the text would need at the scale used, had nothing been cut.
    var neededLines: Int
}

extension Engine {
    func fitText(_ node: Node, _ p: Proposal) -> TextFit {
        if let known = node.texts[p] { return known }
        let fit = computeFit(node, p)
        node.texts[p] = fit
        return fit
    }

    private func computeFit(_ node: Node, _ p: Proposal) -> TextFit {
        let runs = node.runs.filter { !$0.text.isEmpty }
        guard !runs.isEmpty else { return TextFit(lines: [], scale: 1, truncated: false, size: .zero, neededLines: 0) }
        let maxWidth = p.width.flatMap { $0.isFinite ? $0 : nil }
        let maxHeight = p.height.flatMap { $0.isFinite ? $0 : nil }

        func attempt(_ scale: Double) -> (lines: [TextLine], allowed: Int, fits: Bool) {
            let scaled = scale == 1 ? runs : runs.map { TextRun($0.text, font: $0.font.scaled(scale)) }
            let lines = measurer.lines(of: scaled, maxWidth: node.wraps ? maxWidth : nil)
            var allowed = lines.count
            if let limit = node.lineLimit { allowed = min(allowed, limit) }
            if let maxHeight {
                var used = 0.0, count = 0
                for line in lines {
                    if count >= 1, used + line.height > maxHeight + 1e-9 { break }
                    used += line.height; count += 1
                }
                allowed = min(allowed, max(1, count))
            }
            let wide = maxWidth.map { w in lines.prefix(allowed).contains { $0.width > w + 1e-9 } } ?? false
            return (lines, allowed, allowed == lines.count && !wide)
        }

        var scale = 1.0
        var result = attempt(1)
        if !result.fits, node.minimumScale < 1 {
            let smallest = attempt(node.minimumScale)
            if smallest.fits {
                (scale, result) = largestFittingScale(runs, lowest: node.minimumScale, maxWidth: maxWidth, smallest, attempt)
            } else {
                scale = node.minimumScale; result = smallest
            }
        }
        var lines = result.lines
        var truncated = false
        if !result.fits {
            truncated = true
            lines = truncate(lines, allowed: result.allowed, maxWidth: maxWidth, mode: node.truncation)
        }
        var width = lines.map(\.width).max() ?? 0
        if let maxWidth { width = min(width, maxWidth) }
        if node.fillsWidth, let w = p.width, w.isFinite { width = max(width, w) }
        let height = lines.reduce(0) { $0 + $1.height }
        return TextFit(lines: lines, scale: scale, truncated: truncated, size: Size(width: width, height: height),
                       neededLines: result.lines.count)
    }

    /// The scale between `lowest` (which fits) and 1 (which does not) the text is drawn at, on a
    /// grid of 1/64 pt of its largest font size, trying few font sizes (each new size costs
    /// fontconfig and Pango a font look-up of several milliseconds): the scale that makes its
    /// one-line width fit the width (as UIKit's `adjustsFontSizeToFitWidth` scales by the ratio
    /// of the widths), when the text fits there; otherwise, and for a text limited by its
    /// height, the largest on the grid that fits, by bisection.
    private func largestFittingScale(_ runs: [TextRun], lowest: Double, maxWidth: Double?,
                                     _ smallest: (lines: [TextLine], allowed: Int, fits: Bool),
                                     _ attempt: (Double) -> (lines: [TextLine], allowed: Int, fits: Bool))
        -> (Double, (lines: [TextLine], allowed: Int, fits: Bool)) {
        let steps = 64 * (runs.map(\.font.size).max() ?? 1)
        guard steps.isFinite, steps > 0 else { return (lowest, smallest) }
        // In grid units: `lo` fits, `hi` does not; the candidates are the whole numbers between.
        var lo = lowest * steps, hi = steps
        var best = smallest, bestScale = lowest
        var first: Double { lo.rounded(.down) + 1 }
        var last: Double { hi.rounded(.up) - 1 }
        func probe(_ n: Double) -> Bool {
            let a = attempt(n / steps)
            if a.fits { lo = n; best = a; bestScale = n / steps } else { hi = n }
            return a.fits
        }
        if let maxWidth, maxWidth > 0 {
            let oneLine = measurer.width(of: runs)
            let guess = oneLine > 0 ? (maxWidth / oneLine * steps + 1e-9).rounded(.down) : 0
            if guess >= first, guess <= last, probe(guess) { return (bestScale, best) }
        }
        while first <= last {
            _ = probe(((first + last) / 2).rounded(.down))
        }
        return (bestScale, best)
    }

    /// The first `allowed` lines, the last of them carrying the rest of the text cut to the
    /// width with an ellipsis (and any other line too wide for the width cut the same way).
    private func truncate(_ lines: [TextLine], allowed: Int, maxWidth: Double?, mode: TruncationMode) -> [TextLine] {
        guard allowed >= 1, !lines.isEmpty else { return [] }
        var out: [TextLine] = []
        for line in lines.prefix(allowed - 1) {
            if let w = maxWidth, line.width > w + 1e-9 { out.append(cut(line.runs, maxWidth: w, mode: mode, always: false)) } else { out.append(line) }
        }
        let rest = allowed < lines.count ? Array(lines[(allowed - 1)...]) : [lines[allowed - 1]]
        if let w = maxWidth {
            out.append(cut(rest.flatMap(\.runs), maxWidth: w, mode: mode, always: allowed < lines.count))
        } else {
            // No width to cut to: the last line shown ends with the ellipsis.
            out.append(cut(rest[0].runs, maxWidth: nil, mode: mode, always: true))
        }
        return out
    }

    /// `runs` on one line no wider than `maxWidth`, with an ellipsis where text was left out.
    private func cut(_ runs: [TextRun], maxWidth: Double?, mode: TruncationMode, always: Bool) -> TextLine {
        var glyphs: [(Character, FontSpec)] = []
        for run in runs { for c in run.text { glyphs.append((c, run.font)) } }
        while let last = glyphs.last, last.0.isWhitespace { glyphs.removeLast() }
        let font = glyphs.last?.1 ?? runs.first?.font ?? FontSpec(size: 17)
        func line(_ keep: Int) -> [TextRun] {
            let chosen: [(Character, FontSpec)]
            switch mode {
            case .tail:
                var head = Array(glyphs.prefix(keep))
                while let l = head.last, l.0.isWhitespace { head.removeLast() }
                chosen = head + [("…", head.last?.1 ?? font)]
            case .head:
                var tail = Array(glyphs.suffix(keep))
                while let f = tail.first, f.0.isWhitespace { tail.removeFirst() }
                chosen = [("…", tail.first?.1 ?? font)] + tail
            case .middle:
                let front = Array(glyphs.prefix((keep + 1) / 2)), back = Array(glyphs.suffix(keep / 2))
                chosen = front + [("…", front.last?.1 ?? font)] + back
            }
            var out: [TextRun] = []
            for (c, f) in chosen {
                if let last = out.last, last.font == f { out[out.count - 1].text.append(c) } else { out.append(TextRun(String(c), font: f)) }
            }
            return out
        }
        let full = glyphs.map { TextRun(String($0.0), font: $0.1) }
        if !always, let w = maxWidth, measurer.width(of: full) <= w + 1e-9 {
            return makeLine(merge(full))
        }
        guard let w = maxWidth else { return makeLine(line(glyphs.count)) }
        var lo = 0, hi = glyphs.count
        if always || measurer.width(of: line(hi)) > w + 1e-9 {
            hi -= always ? 0 : 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if measurer.width(of: line(mid)) <= w + 1e-9 { lo = mid } else { hi = mid - 1 }
            }
        } else { lo = hi }
        var chosen = line(lo)
        if lo == 0, measurer.width(of: chosen) > w + 1e-9 { chosen = [] }
        return makeLine(chosen)
    }

    private func merge(_ runs: [TextRun]) -> [TextRun] {
        var out: [TextRun] = []
        for r in runs {
            if let last = out.last, last.font == r.font { out[out.count - 1].text += r.text } else { out.append(r) }
        }
        return out
    }

    private func makeLine(_ runs: [TextRun]) -> TextLine {
        let height = runs.map { measurer.lineHeight(of: $0.font) }.max() ?? 0
        return TextLine(runs: runs, width: measurer.width(of: runs), height: height)
    }
}
