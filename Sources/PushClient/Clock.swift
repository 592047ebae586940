#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Clocks in milliseconds.
public enum Clock {
    /// Wall-clock time, epoch ms.
    public static func epochMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// A monotonic clock, ms, for durations.
    public static func monotonicMilliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
    }
}
