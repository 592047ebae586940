import ZonedTime

/// Short human renderings of durations and wall-clock times, shared by the text and SVG
/// renderers.
enum TimeText {
    /// A duration in at most two units: "0s", "45s", "4m 12s", "3h 05m", "2d 03h".
    /// Negative durations get a leading "-".
    static func duration(_ ms: Int64) -> String {
        if ms < 0 { return "-" + duration(ms == .min ? .max : -ms) }
        let seconds = ms / 1000
        if seconds < 60 {
            if ms < 1000 && ms > 0 { return "\(ms)ms" }
            return "\(seconds)s"
        }
        let minutes = seconds / 60
        if minutes < 60 { return "\(minutes)m \(pad(seconds % 60))s" }
        let hours = minutes / 60
        if hours < 24 { return "\(hours)h \(pad(minutes % 60))m" }
        return "\(hours / 24)d \(pad(hours % 24))h"
    }

    /// "2026-11-29 20:53:54" in `zone`.
    static func dateTime(_ epochMs: Int64, in zone: Zone) -> String {
        let c = CivilDateTime(epochMilliseconds: epochMs, in: zone)
        return "\(c.year)-\(pad(c.month))-\(pad(c.day)) \(pad(c.hour)):\(pad(c.minute)):\(pad(c.second))"
    }

    /// "11-29 20:53:54" in `zone`.
    static func shortDateTime(_ epochMs: Int64, in zone: Zone) -> String {
        let c = CivilDateTime(epochMilliseconds: epochMs, in: zone)
        return "\(pad(c.month))-\(pad(c.day)) \(pad(c.hour)):\(pad(c.minute)):\(pad(c.second))"
    }

    /// "20:53" in `zone`.
    static func clock(_ epochMs: Int64, in zone: Zone) -> String {
        let c = CivilDateTime(epochMilliseconds: epochMs, in: zone)
        return "\(pad(c.hour)):\(pad(c.minute))"
    }

    /// Two digits at least.
    static func pad(_ value: some BinaryInteger) -> String {
        value < 10 && value >= 0 ? "0\(value)" : "\(value)"
    }
}
