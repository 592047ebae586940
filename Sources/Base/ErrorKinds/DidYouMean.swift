/// The one "did you mean": the closest name to a misspelt one, for every message that suggests
/// one (an option, a command, a value, a profile or fixture key, a layout's placeholder or field).
///
/// Distance is the optimal-string-alignment edit distance (insertions, deletions,
/// substitutions and swaps of two neighbours each cost 1) over lower-cased Unicode scalars, so
/// `Title` for `title` is distance 0 and `nmae` for `name` is 1. A candidate is suggested only
/// when the distance is at most 1 for names of up to 3 characters, 2 up to 6, and 3 beyond, and
/// smaller than both names' lengths. The closest wins; ties go to the name that sorts first.
public enum DidYouMean {
    /// The largest distance suggested for a name of `length` characters.
    public static func threshold(_ length: Int) -> Int {
        length <= 3 ? 1 : (length <= 6 ? 2 : 3)
    }

    /// The candidate closest to `name` within the threshold (not `name` itself), or nil.
    public static func nearest(to name: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(name.lowercased().unicodeScalars)
        guard !target.isEmpty else { return nil }
        let limit = threshold(target.count)
        var best: (distance: Int, name: String)?
        for candidate in candidates where candidate != name {
            let c = Array(candidate.lowercased().unicodeScalars)
            if abs(c.count - target.count) > limit { continue }
            guard let d = distance(target, c, limit: limit) else { continue }
            guard d < target.count || d == 0, d < c.count || d == 0 else { continue }
            if let b = best {
                if d < b.distance || (d == b.distance && candidate.utf8.lexicographicallyPrecedes(b.name.utf8)) {
                    best = (d, candidate)
                }
            } else {
                best = (d, candidate)
            }
        }
        return best?.name
    }

    /// The distance between `a` and `b`, or `nil` when it exceeds `limit`.
    public static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
        if a == b { return 0 }
        let n = a.count
        let m = b.count
        if n == 0 || m == 0 { return max(n, m) <= limit ? max(n, m) : nil }
        var before = [Int](repeating: 0, count: m + 1)
        var previous = Array(0...m)
        var current = [Int](repeating: 0, count: m + 1)
        for i in 1...n {
            current[0] = i
            var rowMin = i
            for j in 1...m {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    v = min(v, before[j - 2] + 1)
                }
                current[j] = v
                rowMin = min(rowMin, v)
            }
            if rowMin > limit { return nil }
            (before, previous, current) = (previous, current, before)
        }
        return previous[m] <= limit ? previous[m] : nil
    }
}
