/// A POSIX TZ rule string such as `CET-1CEST,M3.5.0,M10.5.0/3`, `<+0530>-5:30` or
/// `EST5EDT`, with the TZif v3 extensions (rule times may be negative or exceed 24 hours).
///
/// POSIX offsets count hours *west* of Greenwich; this type stores them as seconds
/// east of UTC, like the rest of the module.
package struct PosixTimeZone: Sendable, Hashable {
    /// A day of the year on which DST starts or ends.
    package enum RuleDate: Sendable, Hashable {
        /// `Jn`: day 1...365, February 29 never counted.
        case julianNoLeap(Int)
        /// `n`: day 0...365, February 29 counted in leap years.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday d (0 = Sunday) of week w (1...5, 5 = last) of month m.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
    }

    package struct DaylightRule: Sendable, Hashable {
        package var abbreviation: String
        package var offset: Int
        package var start: RuleDate
        /// Seconds after local midnight (standard time) of the start day.
        package var startTime: Int
        package var end: RuleDate
        /// Seconds after local midnight (daylight time) of the end day.
        package var endTime: Int
    }

    package var standardAbbreviation: String
    package var standardOffset: Int
    package var daylight: DaylightRule?

    /// The local time type in effect at `t` epoch seconds.
    package func localTimeType(at t: Int64) -> LocalTimeType {
        let standard = LocalTimeType(offset: standardOffset, isDST: false, abbreviation: standardAbbreviation)
        guard let dst = daylight else { return standard }
        // The rule repeats every 400 years; keep the arithmetic far from overflow.
        let limit: Int64 = 1 << 50
        let clamped = min(max(t, -limit), limit)
        let year = CivilCalendar.civilFromDays(floorDiv(clamped, 86_400)).year
        var latest: (time: Int64, isDST: Bool)?
        for y in (year - 1)...(year + 1) {
            let end = instant(year: y, date: dst.end, time: dst.endTime, offset: dst.offset)
            let start = instant(year: y, date: dst.start, time: dst.startTime, offset: standardOffset)
            // At equal instants the start wins, so "0/0,J365/25" is DST all year.
            for (time, isDST) in [(end, false), (start, true)] where time <= clamped {
                if latest == nil || time >= latest!.time { latest = (time, isDST) }
            }
        }
        if latest?.isDST == true {
            return LocalTimeType(offset: dst.offset, isDST: true, abbreviation: dst.abbreviation)
        }
        return standard
    }

    /// The epoch second at which `date` + `time` local time occurs in `year` under `offset`.
    package func instant(year: Int, date: RuleDate, time: Int, offset: Int) -> Int64 {
        let day: Int64
        switch date {
        case .julianNoLeap(let n):
            let leapShift = CivilCalendar.isLeapYear(year) && n >= 60 ? 1 : 0
            day = CivilCalendar.daysFromCivil(year: year, month: 1, day: 1) + Int64(n - 1 + leapShift)
        case .zeroBased(let n):
            day = CivilCalendar.daysFromCivil(year: year, month: 1, day: 1) + Int64(n)
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilCalendar.daysFromCivil(year: year, month: month, day: 1)
            let firstWeekday = CivilCalendar.weekday(daysSinceEpoch: first)
            var d = first + Int64((weekday - firstWeekday + 7) % 7) + Int64(week - 1) * 7
            let length = Int64(CivilCalendar.daysInMonth(year: year, month: month))
            while d >= first + length { d -= 7 }
            day = d
        }
        return day * 86_400 + Int64(time) - Int64(offset)
    }
}

// MARK: - Parsing

extension PosixTimeZone {
    /// Parses a POSIX TZ string; nil when it is malformed.
    package init?(parsing text: String) {
        var scanner = RuleScanner(bytes: Array(text.utf8))
        guard let stdName = scanner.name(), let stdWest = scanner.signedTime(maxHours: 24) else { return nil }
        standardAbbreviation = stdName
        standardOffset = -stdWest
        if scanner.atEnd {
            daylight = nil
            return
        }
        guard let dstName = scanner.name() else { return nil }
        var dstOffset = standardOffset + 3600
        if !scanner.atEnd && scanner.peek != UInt8(ascii: ",") {
            guard let west = scanner.signedTime(maxHours: 24) else { return nil }
            dstOffset = -west
        }
        // Without a rule, use the US rule, as glibc and tzcode do.
        var start = RuleDate.monthWeekDay(month: 3, week: 2, weekday: 0), startTime = 7200
        var end = RuleDate.monthWeekDay(month: 11, week: 1, weekday: 0), endTime = 7200
        if !scanner.atEnd {
            guard scanner.consume(","), let s = scanner.ruleDate() else { return nil }
            start = s
            if scanner.consume("/") {
                guard let t = scanner.signedTime(maxHours: 167) else { return nil }
                startTime = t
            }
            guard scanner.consume(","), let e = scanner.ruleDate() else { return nil }
            end = e
            if scanner.consume("/") {
                guard let t = scanner.signedTime(maxHours: 167) else { return nil }
                endTime = t
            }
            guard scanner.atEnd else { return nil }
        }
        daylight = DaylightRule(abbreviation: dstName, offset: dstOffset, start: start, startTime: startTime,
                                end: end, endTime: endTime)
    }
}

private struct RuleScanner {
    let bytes: [UInt8]
    var pos = 0

    var atEnd: Bool { pos >= bytes.count }
    var peek: UInt8? { atEnd ? nil : bytes[pos] }

    mutating func consume(_ c: Unicode.Scalar) -> Bool {
        guard peek == UInt8(ascii: c) else { return false }
        pos += 1
        return true
    }

    /// `ABC` (three or more letters) or `<+0530>` (three or more of letters, digits, '+', '-').
    mutating func name() -> String? {
        let start = pos
        if consume("<") {
            while let b = peek, isAlphanumeric(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") { pos += 1 }
            let end = pos
            guard end - (start + 1) >= 3, consume(">") else { return nil }
            return String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        }
        while let b = peek, isLetter(b) { pos += 1 }
        guard pos - start >= 3 else { return nil }
        return String(decoding: bytes[start..<pos], as: UTF8.self)
    }

    /// `[+|-]hh[:mm[:ss]]` in seconds; hours up to `maxHours`.
    mutating func signedTime(maxHours: Int) -> Int? {
        var sign = 1
        if consume("-") { sign = -1 } else { _ = consume("+") }
        guard let hours = number(maxDigits: 3), hours <= maxHours else { return nil }
        var seconds = hours * 3600
        if consume(":") {
            guard let minutes = number(maxDigits: 2), minutes < 60 else { return nil }
            seconds += minutes * 60
            if consume(":") {
                guard let secs = number(maxDigits: 2), secs < 60 else { return nil }
                seconds += secs
            }
        }
        return sign * seconds
    }

    mutating func ruleDate() -> PosixTimeZone.RuleDate? {
        if consume("J") {
            guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
            return .julianNoLeap(n)
        }
        if consume("M") {
            guard let m = number(maxDigits: 2), (1...12).contains(m), consume("."),
                  let w = number(maxDigits: 1), (1...5).contains(w), consume("."),
                  let d = number(maxDigits: 1), (0...6).contains(d) else { return nil }
            return .monthWeekDay(month: m, week: w, weekday: d)
        }
        guard let n = number(maxDigits: 3), (0...365).contains(n) else { return nil }
        return .zeroBased(n)
    }

    mutating func number(maxDigits: Int) -> Int? {
        var value = 0
        var digits = 0
        while let b = peek, b >= 0x30 && b <= 0x39 {
            guard digits < maxDigits else { return nil }
            value = value * 10 + Int(b - 0x30)
            digits += 1
            pos += 1
        }
        return digits > 0 ? value : nil
    }

    func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    func isAlphanumeric(_ b: UInt8) -> Bool { isLetter(b) || (b >= 0x30 && b <= 0x39) }
}
