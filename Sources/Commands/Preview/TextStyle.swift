/// ANSI styling for terminal text, applied only when enabled (X3: colour only on a
/// terminal, never with `NO_COLOR`).
public struct TextStyle: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    public func bold(_ s: String) -> String { wrap(s, "1") }
    public func dim(_ s: String) -> String { wrap(s, "2") }
    public func red(_ s: String) -> String { wrap(s, "31") }
    public func green(_ s: String) -> String { wrap(s, "32") }
    public func yellow(_ s: String) -> String { wrap(s, "33") }
    public func cyan(_ s: String) -> String { wrap(s, "36") }

    private func wrap(_ s: String, _ code: String) -> String { enabled ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
}

/// Fitting text into columns: every line the terminal view prints goes through these.
public enum Columns {
    /// `s` cut to `limit` characters, the last one an ellipsis when cut.
    public static func clip(_ s: String, _ limit: Int) -> String {
        let limit = max(limit, 2)
        return s.count <= limit ? s : String(s.prefix(limit - 1)) + "…"
    }

    /// `s` padded with spaces to `count` characters.
    public static func pad(_ s: String, _ count: Int) -> String {
        s.count >= count ? s : s + String(repeating: " ", count: count - s.count)
    }

    /// The printed width of `s`: characters, not counting ANSI escape sequences.
    public static func width(_ s: String) -> Int {
        var count = 0
        var inEscape = false
        for character in s {
            if inEscape {
                if character.isLetter { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                count += 1
            }
        }
        return count
    }
}
