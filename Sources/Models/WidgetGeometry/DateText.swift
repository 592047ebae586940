import ZonedTime

/// The text a `date` component shows at a given now, in English as the app's documentation
/// shows it (the date page's examples: `2:30 PM`, `August 20, 2024`, `5 minutes ago`, `+05:00`,
/// `5:00`). The engine needs only its length; the drawing shows the same string.
enum DateText {
    /// The text of `content` (`now`, `tomorrow`, `yesterday`, `startoftoday`,
    /// `YYYY-MM-DD HH:mm:ss` in local time, or a timestamp in milliseconds, or seconds below
    /// 1e11) in `style` (`time`, `date`, `relative`, `offset`, `timer`; anything else is `time`),
    /// at `now` (milliseconds since 1970) in a zone `utcOffset` seconds east of UTC. `nil` when
    /// the content is none of those.
    static func string(content: String, style: String, now: Double, utcOffset: Int) -> String? {
        guard let date = instant(content.trimmingSpaces, now: now, utcOffset: utcOffset) else { return nil }
        switch style {
        case "date": return dateText(date, utcOffset)
        case "relative": return relative(date - now)
        case "offset": return offset(date - now)
        case "timer": return timer(date - now)
        default: return timeText(date, utcOffset)
        }
    }

    static let day = 86_400_000.0

    static func instant(_ content: String, now: Double, utcOffset: Int) -> Double? {
        let off = Double(utcOffset) * 1000
        switch content.lowercased() {
        case "now", "": return now
        case "tomorrow": return now + day
        case "yesterday": return now - day
        case "startoftoday": return ((now + off) / day).rounded(.down) * day - off
        default: break
        }
        if let n = Double(content), n.isFinite { return n < 1e11 ? n * 1000 : n }
        // YYYY-MM-DD HH:mm:ss in the widget's zone, or with a zone of its own: `Z`, `+0800`,
        // `+08:00` (after a space or not), as the Calendar API writes its events' dates.
        var parts = content.split(whereSeparator: { $0 == " " || $0 == "T" }).map(String.init)
        var zone: Double? = nil
        if parts.count == 2, parts[1].hasSuffix("Z") {
            parts[1].removeLast()
            zone = 0
        } else if parts.count == 2, let sign = parts[1].firstIndex(where: { $0 == "+" || $0 == "-" }) {
            parts.append(String(parts[1][sign...]))
            parts[1] = String(parts[1][..<sign])
        }
        if parts.count == 3 {
            guard let seconds = zoneOffset(parts[2]) else { return nil }
            zone = Double(seconds) * 1000
            parts.removeLast()
        }
        guard parts.count == 2 else { return nil }
        let d = parts[0].split(separator: "-").compactMap { Int($0) }
        let t = parts[1].split(separator: ":").compactMap { Int($0) }
        guard d.count == 3, t.count == 3, (-99_999...99_999).contains(d[0]), (1...12).contains(d[1]), (1...31).contains(d[2]),
              (0...23).contains(t[0]), (0...59).contains(t[1]), (0...60).contains(t[2]) else { return nil }
        let days = Int(CivilCalendar.daysFromCivil(year: d[0], month: d[1], day: d[2]))
        return (Double(days) * 86_400 + Double(t[0] * 3600 + t[1] * 60 + t[2])) * 1000 - (zone ?? off)
    }

    /// Seconds east of UTC of `+HHMM`, `-HHMM` or `+HH:MM` (hours up to 14), or nil.
    static func zoneOffset(_ text: String) -> Int? {
        guard let first = text.first, first == "+" || first == "-" else { return nil }
        let digits = text.dropFirst().filter { $0 != ":" }
        guard digits.count == 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              text.dropFirst().count == 4 || (text.count == 6 && Array(text)[3] == ":"),
              let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)), hours <= 14, minutes < 60 else { return nil }
        return (first == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    static let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                         "September", "October", "November", "December"]

    static func local(_ ms: Double, _ utcOffset: Int) -> (days: Int, seconds: Int) {
        let s = (ms / 1000).rounded(.down) + Double(utcOffset)
        let clamped = min(max(s, -1e14), 1e14)
        let days = Int((clamped / 86_400).rounded(.down))
        return (days, Int(clamped - Double(days) * 86_400))
    }

    static func timeText(_ ms: Double, _ off: Int) -> String {
        let (_, s) = local(ms, off)
        let h = s / 3600, m = (s / 60) % 60
        let h12 = h % 12 == 0 ? 12 : h % 12
        return "\(h12):\(two(m)) \(h < 12 ? "AM" : "PM")"
    }

    static func dateText(_ ms: Double, _ off: Int) -> String {
        let (y, m, d) = CivilCalendar.civilFromDays(Int64(local(ms, off).days))
        return "\(months[m - 1]) \(d), \(y)"
    }

    static func relative(_ delta: Double) -> String {
        let s = abs(delta) / 1000
        let (n, unit): (Int, String)
        if s < 60 { (n, unit) = (Int(s), "second") }
        else if s < 3600 { (n, unit) = (Int(s / 60), "minute") }
        else if s < 86_400 { (n, unit) = (Int(s / 3600), "hour") }
        else { (n, unit) = (Int(min(s / 86_400, 1e9)), "day") }
        let phrase = "\(n) \(unit)\(n == 1 ? "" : "s")"
        return delta <= 0 ? phrase + " ago" : "in " + phrase
    }

    static func offset(_ delta: Double) -> String {
        let minutes = Int(min(abs(delta) / 60_000, 1e9).rounded(.down))
        return (delta < 0 ? "-" : "+") + two(minutes / 60) + ":" + two(minutes % 60)
    }

    /// SwiftUI's `.timer` style: the time to the date, counting down to it, or up from it once it has passed,
    /// as `m:ss` under an hour (`25:00`, `0:05`) and `h:mm:ss` from an hour (`1:02:03`).
    static func timer(_ delta: Double) -> String {
        let s = Int(min(abs(delta) / 1000, 1e12).rounded(.down))
        let minutes = "\((s / 60) % 60):" + two(s % 60)
        return s < 3600 ? minutes : "\(s / 3600):" + two((s / 60) % 60) + ":" + two(s % 60)
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
