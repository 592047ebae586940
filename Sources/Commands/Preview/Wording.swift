import JSONKit
import Timeline
import WidgetHost

/// Sentences shared by every human report: why the next refresh comes when it does,
/// and short durations.
public enum Wording {
    /// Why `next` was requested for its time (R1), in one sentence. `budget` is the
    /// budget in force (refreshes a day, nil for unlimited): it sets the default cadence.
    public static func reason(_ next: NextRefresh, budget: Int?, edition: Edition = .ios) -> String {
        if edition == .harmony { return harmonyReason(next) }
        switch next.reason {
        case .updateTime: return "setUpdateTime asked for this time (it decides only the next refresh)"
        case .frequency:
            let minutes = next.frequencyMinutes ?? 0
            let clamped = minutes < 5 ? " (raised to the 5-minute minimum)" : ""
            return "setUpdateFreq(\(JSONValue.formatNumber(minutes))) is in force\(clamped)"
        case .default:
            guard let budget else {
                return "the script asked for nothing: with an unlimited budget the system keeps the typical default cadence, 1440/55 minutes (about 26 min)"
            }
            return "the script asked for nothing: the system's default cadence for a budget of \(budget), 1440/\(budget) minutes (\(cadence(budget)))"
        }
    }

    /// A size for people: "512 bytes", "2 KiB", "7.3 MiB".
    /// `1 finding`, `3 findings`.
    public static func count(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    public static func bytes(_ count: Int) -> String {
        if count < 1024 { return "\(count) byte\(count == 1 ? "" : "s")" }
        let (value, unit) = count < 1 << 20 ? (Double(count) / 1024, "KiB") : (Double(count) / Double(1 << 20), "MiB")
        return "\(JSONValue.formatNumber((value * 10).rounded() / 10)) \(unit)"
    }

    /// Why a HarmonyOS card's next refresh was requested for its time (H7).
    static func harmonyReason(_ next: NextRefresh) -> String {
        switch next.reason {
        case .updateTime: return "setUpdateTime asked for this time (at the earliest 5 minutes after the run)"
        case .frequency:
            let minutes = next.frequencyMinutes ?? 0
            let clamped = minutes < HarmonyRules.minimumRefreshMinutes ? " (raised to the platform's 5-minute minimum)" : ""
            return "setUpdateFreq(\(JSONValue.formatNumber(minutes))) asked for it\(clamped); the next run asks again"
        case .default:
            return "the script asked for nothing: the card's periodic refresh, every \(JSONValue.formatNumber(HarmonyRules.defaultCadenceMinutes)) min"
        }
    }

    /// "about 26 min", "36 min", "about 3.4 h" for 1440 / budget minutes.
    public static func cadence(_ budget: Int) -> String {
        let minutes = 1440 / Double(max(budget, 1))
        let exact = minutes == minutes.rounded() && minutes < 120
        if minutes < 120 { return (exact ? "" : "about ") + "\(Int(minutes.rounded())) min" }
        return "about \(JSONValue.formatNumber((minutes / 6).rounded() / 10)) h"
    }

    /// How a Live Activity ended: "by endLiveActivity()", "by a push", "by expiry (8 hours)".
    public static func ending(_ ending: LiveActivityEnding?) -> String {
        switch ending {
        case .script?: return "by endLiveActivity()"
        case .push?: return "by a push"
        case .expired?: return "by expiry (8 hours)"
        case nil: return ""
        }
    }

    /// "45 s", "30 min", "2.5 min", "3.4 h".
    public static func duration(_ ms: Int64) -> String {
        let minutes = Double(ms) / 60_000
        if minutes < 1 { return "\(ms / 1000) s" }
        if minutes < 120 { return "\(JSONValue.formatNumber((minutes * 10).rounded() / 10)) min" }
        return "\(JSONValue.formatNumber((minutes / 6).rounded() / 10)) h"
    }

    /// `text` broken into lines of at most `width` characters at spaces; the first line
    /// starts with `first`, the others with `rest`. A word longer than a line is cut.
    public static func wrap(_ text: String, width: Int, first: String = "", rest: String = "") -> [String] {
        var lines: [String] = []
        var current = first
        var currentHasWord = false
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let prefixWidth = lines.isEmpty ? first.count : rest.count
            if currentHasWord && current.count + 1 + word.count > width {
                lines.append(current)
                current = rest
                currentHasWord = false
            }
            var word = Substring(word)
            while prefixWidth + word.count > width && word.count > 1 && !currentHasWord {
                let room = max(width - current.count, 1)
                lines.append(current + word.prefix(room))
                word = word.dropFirst(room)
                current = rest
            }
            current += (currentHasWord ? " " : "") + word
            currentHasWord = true
        }
        lines.append(current)
        return lines
    }
}
