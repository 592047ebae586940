import Preview

/// What bounds the studio's view, whatever the script publishes or prints and whatever the
/// page asks (docs/studio.md, W4): the span of its day, the refreshes it keeps and shows, and
/// the bytes of each output, console and table it shows. Beyond them a value is cut (its shape
/// kept) or left out, with a marker that says how much there was; the run's whole outputs are
/// at `GET /api/outputs`.
package enum StudioBounds {
    /// The studio's day spans at most this many days (`--days`, `--hours`, the `hours` control).
    package static let spanDays = 7.0
    /// The refreshes of the day kept, drawn and shown on the scrubber: the first ones.
    package static let refreshes = 300
    /// What is kept of each refresh (the day's pictures are drawn from it).
    package static let kept = RefreshKeeping(count: refreshes, valueBytes: 64 << 10, outputsBytes: 256 << 10, consoleBytes: 16 << 10)
    /// A value shown (an output, a console line, a placeholder's rendering, a stored value): bytes.
    package static let valueBytes = 2 << 10
    /// The run's outputs shown, bytes in all.
    package static let outputsBytes = 64 << 10
    /// A refresh's outputs shown on the scrubber, and its console, bytes in all.
    package static let refreshOutputsBytes = 8 << 10
    package static let refreshConsoleBytes = 2 << 10
    /// Rows of each table and names of each list shown.
    package static let rows = 200
}
