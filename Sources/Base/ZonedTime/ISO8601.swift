import ErrorKinds

/// Why an ISO 8601 string could not be read.
public struct ISO8601Error: KindedError, Sendable, Hashable, CustomStringConvertible {
    /// Text that is not a date-time: malformed input.
    public var errorKind: ErrorKind { .input(.malformed) }
    /// The text that was refused.
    public let input: String
    /// What was expected, e.g. "expected an ISO 8601 date-time such as 2026-11-29T08:00:00Z or epoch milliseconds".
    public let message: String

    /// Creates an error.
    public init(input: String, message: String) {
        self.input = input
        self.message = message
    }

    /// `invalid date-time "<input>": <message>`.
    public var description: String { "invalid date-time \"\(input)\": \(message)" }
}

/// ISO 8601 / RFC 3339 date-times with millisecond precision.
public enum ISO8601 {
    /// The message for text that is not a date-time at all.
    public static let expectation = "expected an ISO 8601 date-time such as 2026-11-29T08:00:00Z or epoch milliseconds"

    /// Formats an instant as local time in `zone` with its numeric offset, e.g.
    /// `2026-11-29T20:53:54.000+01:00`: always milliseconds, always an offset (`+00:00`
    /// for UTC, never `Z`). An offset with a seconds part (local mean time before
    /// 1900) is written `+HH:MM:SS` so the text still names the exact instant. Years
    /// outside 0...9999 are written with a sign and six digits (`+012345`, `-000001`).
    public static func format(epochMs: Int64, in zone: Zone) -> String {
        let offset = zone.offsetSeconds(atEpochSeconds: floorDiv(epochMs, 1000))
        let civil = CivilDateTime(localMilliseconds: epochMs &+ Int64(offset) * 1000)
        var text = Digits()
        civil.write(to: &text)
        text.offset(offset)
        return text.string
    }

    static func dateText(year: Int, month: Int, day: Int) -> String {
        var text = Digits()
        text.date(year: year, month: month, day: day)
        return text.string
    }

    /// The text of a date, a time or an offset, written as ASCII bytes and made a string once.
    struct Digits {
        private var bytes: [UInt8] = []

        init() { bytes.reserveCapacity(32) }

        var string: String { String(decoding: bytes, as: UTF8.self) }

        mutating func character(_ ascii: Unicode.Scalar) { bytes.append(UInt8(ascii: ascii)) }

        /// `value` (not negative) in decimal, with zeros in front to at least `width` digits.
        mutating func padded(_ value: Int, _ width: Int) {
            // The digits last to first, the zeros after them, then the whole run turned round.
            let start = bytes.endIndex
            var rest = value.magnitude
            repeat {
                bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            } while rest > 0
            while bytes.endIndex - start < width { bytes.append(UInt8(ascii: "0")) }
            bytes[start...].reverse()
        }

        /// `YYYY-MM-DD`; a year outside 0...9999 with a sign and six digits.
        mutating func date(year: Int, month: Int, day: Int) {
            if (0...9999).contains(year) {
                padded(year, 4)
            } else {
                character(year < 0 ? "-" : "+")
                padded(Int(year.magnitude), 6)
            }
            character("-")
            padded(month, 2)
            character("-")
            padded(day, 2)
        }

        /// `+HH:MM`, or `+HH:MM:SS` when the offset has seconds.
        mutating func offset(_ offset: Int) {
            let magnitude = Int(offset.magnitude)
            character(offset < 0 ? "-" : "+")
            padded(magnitude / 3600, 2)
            character(":")
            padded(magnitude / 60 % 60, 2)
            if magnitude % 60 != 0 {
                character(":")
                padded(magnitude % 60, 2)
            }
        }
    }

    /// Reads a date-time and returns its instant in epoch milliseconds.
    ///
    /// Accepted forms:
    /// - `2026-11-29T19:53:54Z`, with an optional fraction `.123` (1 to 9 digits,
    ///   truncated to milliseconds; `,` also works), seconds optional (`2026-11-29T19:53`);
    /// - offsets `Z`, `+01:00`, `+0100`, `-05` (and `+01:00:00`); `t`, `z` and a space
    ///   in place of `T` are accepted;
    /// - no offset: wall-clock time in `defaultZone` (ambiguous or skipped times use the
    ///   pre-transition offset, see `CivilDateTime.epochMilliseconds(in:)`);
    /// - a date alone, `2026-11-29`: midnight in `defaultZone`;
    /// - `24:00` / `24:00:00`: midnight at the end of that day;
    /// - years as four digits, or a sign and six digits (`+012345-01-01`);
    /// - only digits, optionally after '-': epoch milliseconds.
    ///
    /// Impossible dates (2026-02-30), hours above 23 other than 24:00, minutes or
    /// seconds above 59 (no leap seconds), and anything else are refused.
    public static func parse(_ s: String, defaultZone: Zone) throws(ISO8601Error) -> Int64 {
        var scanner = DateTimeScanner(bytes: Array(s.utf8))
        func fail(_ message: String = ISO8601.expectation) -> ISO8601Error {
            ISO8601Error(input: s, message: message)
        }
        if let epoch = scanner.epochMilliseconds() {
            guard let value = epoch else { throw fail("expected epoch milliseconds within the 64-bit range") }
            return value
        }
        guard let year = scanner.year(), scanner.consume("-"), let month = scanner.digits(2),
              scanner.consume("-"), let day = scanner.digits(2) else { throw fail() }
        guard (1...12).contains(month) else { throw fail("expected a month from 01 to 12") }
        let monthLength = CivilCalendar.daysInMonth(year: year, month: month)
        guard day >= 1 && day <= monthLength else {
            throw fail("expected a day from 01 to \(monthLength) in \(dateText(year: year, month: month, day: 1).dropLast(3))")
        }
        var civil = CivilDateTime(year: year, month: month, day: day)
        if scanner.atEnd {
            return civil.epochMilliseconds(in: defaultZone)
        }
        guard scanner.consume("T") || scanner.consume("t") || scanner.consume(" "),
              let hour = scanner.digits(2), scanner.consume(":"), let minute = scanner.digits(2) else { throw fail() }
        var second = 0, fraction = 0, fractionDigits = 0
        if scanner.consume(":") {
            guard let s = scanner.digits(2) else { throw fail() }
            second = s
            if scanner.consume(".") || scanner.consume(",") {
                while let d = scanner.digit() {
                    fractionDigits += 1
                    if fractionDigits <= 3 { fraction = fraction * 10 + d }
                }
                guard fractionDigits >= 1 else { throw fail() }
                guard fractionDigits <= 9 else { throw fail("expected at most 9 fraction digits") }
                for _ in fractionDigits..<max(fractionDigits, 3) { fraction *= 10 }
            }
        }
        guard minute <= 59 else { throw fail("expected minutes from 00 to 59") }
        guard second <= 59 else { throw fail("expected seconds from 00 to 59") }
        guard hour <= 23 || (hour == 24 && minute == 0 && second == 0 && fraction == 0) else {
            throw fail("expected an hour from 00 to 23 (or 24:00:00)")
        }
        civil.hour = hour
        civil.minute = minute
        civil.second = second
        civil.millisecond = fraction

        var offset: Int?
        if scanner.consume("Z") || scanner.consume("z") {
            offset = 0
        } else if let sign = scanner.sign() {
            guard let hours = scanner.digits(2) else { throw fail() }
            var minutes = 0, seconds = 0
            let colon = scanner.consume(":")
            if colon || scanner.peekDigit {
                guard let m = scanner.digits(2) else { throw fail() }
                minutes = m
                if colon && scanner.consume(":") {
                    guard let sec = scanner.digits(2) else { throw fail() }
                    seconds = sec
                }
            }
            guard hours <= 23 && minutes <= 59 && seconds <= 59 else {
                throw fail("expected a UTC offset from -23:59 to +23:59")
            }
            offset = sign * (hours * 3600 + minutes * 60 + seconds)
        }
        guard scanner.atEnd else { throw fail() }
        guard let offset else { return civil.epochMilliseconds(in: defaultZone) }
        return civil.localMilliseconds - Int64(offset) * 1000
    }
}

/// A byte cursor for `ISO8601.parse`.
private struct DateTimeScanner {
    let bytes: [UInt8]
    var pos = 0

    var atEnd: Bool { pos >= bytes.count }
    var peekDigit: Bool { !atEnd && bytes[pos] >= 0x30 && bytes[pos] <= 0x39 }

    mutating func consume(_ c: Unicode.Scalar) -> Bool {
        guard !atEnd, bytes[pos] == UInt8(ascii: c) else { return false }
        pos += 1
        return true
    }

    mutating func digit() -> Int? {
        guard peekDigit else { return nil }
        pos += 1
        return Int(bytes[pos - 1] - 0x30)
    }

    /// Exactly `count` digits.
    mutating func digits(_ count: Int) -> Int? {
        let start = pos
        var value = 0
        for _ in 0..<count {
            guard let d = digit() else { pos = start; return nil }
            value = value * 10 + d
        }
        return value
    }

    mutating func sign() -> Int? {
        if consume("+") { return 1 }
        if consume("-") { return -1 }
        return nil
    }

    /// Four digits, or a sign and six digits.
    mutating func year() -> Int? {
        if let sign = sign() {
            guard let value = digits(6) else { return nil }
            return sign * value
        }
        return digits(4)
    }

    /// nil when the text is not `-?[0-9]+`; `.some(nil)` when it is but overflows.
    func epochMilliseconds() -> Int64?? {
        var i = 0
        var negative = false
        if bytes.first == UInt8(ascii: "-") { negative = true; i = 1 }
        guard i < bytes.count else { return nil }
        var value: Int64 = 0
        var overflow = false
        for b in bytes[i...] {
            guard b >= 0x30 && b <= 0x39 else { return nil }
            let digit = Int64(b - 0x30)
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            overflow = overflow || o1 || o2
            value = next
        }
        return .some(overflow ? nil : value)
    }
}
