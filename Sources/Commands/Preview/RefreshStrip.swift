import Timeline
import ZonedTime

/// The compact refresh strip of the terminal view: the simulated span (24 hours unless
/// asked otherwise) in one row of cells, each a slice of time, marked by what happened in it.
///
///       08:00             14:00             20:00             02:00        08:00
///     |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |  |
///     ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╌╌╌╌
public struct RefreshStrip: Sendable {
    /// Cells in the row; 72 covers 24 hours in 20-minute slices and fits 80 columns.
    public static let cells = 72

    /// A cell's mark, in order of precedence when several refreshes share a cell.
    public enum Mark: Character, Sendable, CaseIterable {
        /// A run that did not end ok.
        case failed = "x"
        /// More than one refresh in the slice.
        case several = "#"
        /// A free refresh: a tap or the app coming to the foreground.
        case free = "+"
        /// A refresh granted later than requested (spacing, budget or jitter).
        case delayed = "!"
        /// A refresh on time.
        case onTime = "|"
        /// Nothing happened.
        case none = "·"
    }

    public let report: TimelineReport

    public init(report: TimelineReport) { self.report = report }

    /// Milliseconds per cell.
    public var cellMs: Int64 { max(report.durationMs / Int64(Self.cells), 1) }

    /// One mark per cell.
    public func marks() -> [Mark] {
        var refreshes = Array(repeating: [RefreshRecord](), count: Self.cells)
        for refresh in report.refreshes {
            let cell = Int((refresh.grantedAt - report.startMs) / cellMs)
            guard cell >= 0, cell < Self.cells else { continue }
            refreshes[cell].append(refresh)
        }
        return refreshes.map { inCell in
            if inCell.isEmpty { return .none }
            if inCell.contains(where: { $0.status != .ok }) { return .failed }
            if inCell.count > 1 { return .several }
            let refresh = inCell[0]
            if !refresh.charged && refresh.trigger != .start { return .free }
            return refresh.delayMs > 0 ? .delayed : .onTime
        }
    }

    /// The time labels above the row: one every quarter of the span, and the end.
    public func axis() -> String {
        var row = Array(repeating: Character(" "), count: Self.cells + 6)
        let stops = [0, 18, 36, 54]
        for cell in stops {
            put(label(report.startMs + Int64(cell) * cellMs), at: cell, in: &row)
        }
        let end = label(report.endMs)
        put(end, at: Self.cells - end.count, in: &row)
        return String(row).trailingSpacesRemoved
    }

    /// The Live Activity row: `━` while active, `╌` while ended but still shown, blank
    /// otherwise; nil when the span holds no Live Activity.
    public func liveRow() -> String? {
        guard !report.summary.liveActivities.isEmpty else { return nil }
        var row = Array(repeating: Character(" "), count: Self.cells)
        for activity in report.summary.liveActivities {
            let endedAt = activity.endedAt ?? report.endMs
            let dismissedAt = activity.dismissedAt ?? (activity.endedAt == nil ? endedAt : report.endMs)
            for cell in 0..<Self.cells {
                let from = report.startMs + Int64(cell) * cellMs
                let to = from + cellMs
                if from < endedAt && to > activity.startedAt {
                    row[cell] = "━"
                } else if row[cell] == " " && from < dismissedAt && to > endedAt {
                    row[cell] = "╌"
                }
            }
        }
        return String(row).trailingSpacesRemoved
    }

    /// What the marks mean, for the line under the strip.
    public static let legend = "| on time  ! delayed  + free (tap, app)  # several  x failed  · none"

    // MARK: - Labels

    private func label(_ ms: Int64) -> String {
        let text = ISO8601.format(epochMs: ms, in: report.zone)
        let characters = Array(text)
        // Up to two days: the time of day; longer spans: the date.
        if report.durationMs <= 2 * 86_400_000 { return String(characters[11..<16]) }
        return String(characters[5..<10])
    }

    private func put(_ text: String, at position: Int, in row: inout [Character]) {
        for (offset, character) in text.enumerated() where position + offset >= 0 && position + offset < row.count {
            row[position + offset] = character
        }
    }
}

extension String {
    var trailingSpacesRemoved: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
