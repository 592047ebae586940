import Synchronization
import ZonedTime
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Runs in one process take turns, each under its own time zone (T2).
///
/// The engine reads the zone from the process-wide `TZ` variable, so a run sets
/// it for its duration while holding a process-wide lock: runs in different zones
/// never affect each other, even when one process executes many of them.
enum ProcessZone {
    private static let lock = Mutex(())

    static func withZone<R: Sendable>(_ zone: Zone, _ body: () -> R) -> R {
        lock.withLock { _ in
            if zone.identifier == "localtime" { unsetenv("TZ") } else { setenv("TZ", zone.identifier, 1) }
            tzset()
            return body()
        }
    }
}
