import WidgetHost

/// The source line a diagnostic points at, with a caret under its column:
///
///     3 | setUpdateFreq("soon")
///       |               ^
public enum SourceExcerpt {
    /// The excerpt's lines (none when the line is outside the source), each at most
    /// `width` characters; tabs print as one space so that the caret stays in its column.
    public static func lines(
        source: String, line: Int, column: Int?, width: Int = 80, style: TextStyle = TextStyle(enabled: false)
    ) -> [String] {
        let sourceLines = SourceLines(source).lines
        guard line >= 1, line <= sourceLines.count else { return [] }
        let text = sourceLines[line - 1].split(separator: "\t", omittingEmptySubsequences: false)
            .joined(separator: " ")
        let gutter = String(line)
        let room = width - gutter.count - 5
        var result = ["  \(gutter) | \(window(text, column: column, room: room))"]
        if let column, column >= 1 {
            let shift = shiftFor(text, column: column, room: room)
            let blank = String(repeating: " ", count: gutter.count)
            result.append("  \(blank) | " + String(repeating: " ", count: column - 1 - shift) + style.bold("^"))
        }
        return result
    }

    /// The part of `text` shown: from the start, or (when the column lies beyond the
    /// room) a window that keeps the column in view, opened with an ellipsis.
    private static func window(_ text: String, column: Int?, room: Int) -> String {
        let shift = shiftFor(text, column: column ?? 1, room: room)
        let shown = shift == 0 ? text : "…" + String(text.dropFirst(shift + 1))
        return Columns.clip(shown, room)
    }

    private static func shiftFor(_ text: String, column: Int, room: Int) -> Int {
        guard room > 12, column > room - 8, column <= text.count + 1 else { return 0 }
        return column - room / 2
    }
}
