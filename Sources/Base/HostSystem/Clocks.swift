#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The real wall clock: the only place the tool reads it.
///
/// It asks the C library's `clock_gettime(CLOCK_REALTIME)`. In a program that links
/// `CVirtualTime`, that call reaches the program's own definition, which answers a run's
/// virtual now only on a thread inside a run and passes every other call through; the host
/// reads the wall clock outside runs (before a run starts, in the receiver, in the CLI), so it
/// gets the real time.
public enum WallClock {
    /// Now, epoch milliseconds.
    public static func nowMilliseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }
}

/// Monotonic readings in milliseconds, on `ContinuousClock`, for durations and deadlines.
public enum MonotonicClock {
    private static let origin = ContinuousClock.now

    /// Milliseconds since an arbitrary origin fixed for the process.
    public static func milliseconds() -> Double {
        origin.duration(to: .now).milliseconds
    }
}

extension Duration {
    /// The duration in milliseconds, with a fraction.
    public var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
