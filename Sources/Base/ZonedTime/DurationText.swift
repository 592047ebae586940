/// Durations written as text: the one grammar for every offset and span the tool reads
/// (`simulate --tap +1h30m`, a fixture's `taps: ["+2h"]`, a pushes file's `"at": "+90s"`,
/// a fixture's `pushes:` entries).
///
/// ```
/// DURATION = PART *PART
/// PART     = NUMBER UNIT
/// NUMBER   = ASCII digits with at most one ".", at least one digit   (2, 1.5, .5, 2.)
/// UNIT     = "ms" | "s" | "m" | "h" | "d"
/// ```
///
/// Parts add up (`1h30m` is 5,400,000 ms, `1.5h` the same); the total is rounded to the
/// nearest millisecond and must be below 10^15 ms (about 31,700 years). No sign, exponent,
/// space, `inf` or `nan`; a leading `+` is the caller's (it marks an offset from a start).
public enum DurationText {
    /// The largest total accepted, exclusive, in milliseconds.
    public static let limitMs: Double = 1e15

    /// The duration in milliseconds, or `nil` when `text` does not follow the grammar or the
    /// total is not below `limitMs`.
    public static func milliseconds<S: StringProtocol>(_ text: S) -> Int64? {
        var rest = Substring(text)
        guard !rest.isEmpty else { return nil }
        var total = 0.0
        while !rest.isEmpty {
            let digits = rest.prefix(while: { $0 == "." || ($0.isASCII && $0.isNumber) })
            guard let value = decimal(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            let unit: Double
            if rest.hasPrefix("ms") { unit = 1; rest = rest.dropFirst(2) }
            else if rest.hasPrefix("s") { unit = 1000; rest = rest.dropFirst() }
            else if rest.hasPrefix("m") { unit = 60_000; rest = rest.dropFirst() }
            else if rest.hasPrefix("h") { unit = 3_600_000; rest = rest.dropFirst() }
            else if rest.hasPrefix("d") { unit = 86_400_000; rest = rest.dropFirst() }
            else { return nil }
            total += value * unit
            guard total.isFinite, total < limitMs else { return nil }
        }
        return Int64(exactly: total.rounded())
    }

    /// A plain decimal number: ASCII digits with at most one `.` and at least one digit; no
    /// sign, exponent, space, `inf` or `nan`. `nil` otherwise (and for values that are not finite).
    public static func decimal<S: StringProtocol>(_ text: S) -> Double? {
        var digits = 0
        var dots = 0
        for unit in text.utf8 {
            if unit == UInt8(ascii: ".") { dots += 1 }
            else if unit >= UInt8(ascii: "0") && unit <= UInt8(ascii: "9") { digits += 1 }
            else { return nil }
        }
        guard digits > 0, dots <= 1, let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }

    /// `start` moved by `offset` milliseconds, or `nil` when the sum leaves `Int64`.
    public static func adding(_ offset: Int64, to start: Int64) -> Int64? {
        let (sum, overflow) = start.addingReportingOverflow(offset)
        return overflow ? nil : sum
    }
}
