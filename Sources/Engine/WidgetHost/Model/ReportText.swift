/// The one cap on a text a run report carries (S8): a console entry, an error's name, message
/// and stack frames, a diagnostic's message. A script can throw an error whose message is
/// 20 MB, or log one; the report keeps at most ``limit`` characters (Unicode scalars, so no
/// run of combining marks counts as one) of each text, the last of them a marker saying how
/// many were cut: `… (19999990 more characters)`. A capped text is not capped again.
public enum ReportText {
    /// Characters a report keeps of one text, the marker included.
    public static let limit = 10_000
    /// Stack frames a report keeps of one error; a last frame says how many more there were.
    public static let stackFrames = 100

    /// `text` when it has at most `limit` characters; else its start and the marker, `limit` in all.
    public static func capped(_ text: String, limit: Int = limit) -> String {
        let scalars = text.unicodeScalars
        // Most texts are short: counting UTF-8 bytes is quick, and there are at least as many.
        guard text.utf8.count > limit, scalars.count > limit else { return text }
        let total = scalars.count
        // The marker's length depends on the count it names: settle on a count whose marker fits.
        var kept = limit
        var marker = ""
        repeat {
            marker = " … (\(total - kept) more characters)"
            kept = limit - marker.unicodeScalars.count
        } while kept + " … (\(total - kept) more characters)".unicodeScalars.count > limit
        marker = " … (\(total - kept) more characters)"
        var result = String(String.UnicodeScalarView(scalars.prefix(kept)))
        result += marker
        return result
    }

    /// `stack` with each frame capped and at most ``stackFrames`` of them, the last one counting the rest.
    public static func cappedStack(_ stack: [String]) -> [String] {
        var frames = stack.prefix(stack.count > stackFrames ? stackFrames - 1 : stackFrames).map { capped($0) }
        if stack.count > stackFrames { frames.append("… (\(stack.count - frames.count) more frames)") }
        return frames
    }
}

extension RunReport {
    /// The report with every text it carries capped (``ReportText``): the error's name, message
    /// and stack, every diagnostic's message and every console entry.
    public func bounded() -> RunReport {
        var report = self
        report.error = error.map { failure in
            var failure = failure
            failure.name = ReportText.capped(failure.name)
            failure.message = ReportText.capped(failure.message)
            failure.stack = ReportText.cappedStack(failure.stack)
            return failure
        }
        report.diagnostics = diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.message = ReportText.capped(diagnostic.message)
            return diagnostic
        }
        report.console = console.map { entry in
            var entry = entry
            entry.message = ReportText.capped(entry.message)
            return entry
        }
        return report
    }
}
