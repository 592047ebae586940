import Conformance
import PushContract
import Timeline
import ZonedTime

/// `--pushes FILE` for `widgethost simulate`: timed push requests in JSON Lines, checked by
/// the push contract, as Live Activity timeline events.
enum PushesFile {
    /// Reads `path` and returns its pushes as timeline events, in file order.
    ///
    /// - Parameters:
    ///   - startMs: The simulation's start, for `"at": "+2h"`.
    ///   - zone: The zone for ISO 8601 times without an offset.
    /// - Throws: `CommandError` 66 when the file cannot be read, 65 when a line is invalid
    ///   (the message names the line and the contract's reason).
    static func events(path: String, startMs: Int64, zone: Zone) throws -> [PushEvent] {
        let text = try PushFiles.read(path, what: "pushes")
        let scheduled: [ScheduledPush]
        do {
            scheduled = try PushSchedule.parse(text, start: startMs) { try? ISO8601.parse($0, defaultZone: zone) }
        } catch {
            throw CommandError("\(path):\(error.line): \(error.message)", kind: error.errorKind)
        }
        return scheduled.map(PushEvent.init)
    }
}
