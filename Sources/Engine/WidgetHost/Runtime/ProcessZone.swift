import CVirtualTime
import Synchronization
import ZonedTime
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Runs in one process take turns, each under its own time zone (T2) and default
/// language (T5).
///
/// The engine reads the zone from the process-wide `TZ` variable and keeps one list
/// of preferred languages for the process, so a run sets both for its duration while
/// holding a process-wide lock: runs in different zones or locales never affect each
/// other, even when one process executes many of them.
enum ProcessZone {
    private static let lock = Mutex(())

    static func withZone<R: Sendable>(_ zone: Zone, locale: String, _ body: () -> R) -> R {
        lock.withLock { _ in
            // The process's own zone comes back afterwards: a later run, or a configuration
            // that takes the process's zone (`Zone.current()`), must not see this run's.
            let processTZ = getenv("TZ").map { String(cString: $0) }
            defer {
                if let processTZ { setenv("TZ", processTZ, 1) } else { unsetenv("TZ") }
                tzset()
            }
            if zone.identifier == "localtime" { unsetenv("TZ") } else { setenv("TZ", zone.identifier, 1) }
            tzset()
            widgethost_language_set(locale)
            return body()
        }
    }
}
