import CVirtualTime

/// The wall clock a run's script reads (T1).
///
/// The engine's own `Date` and `Intl` are never replaced: the C library's wall-clock calls the
/// engine makes are answered by the program itself (the `CVirtualTime` module), and on the
/// thread of a run they read the run's virtual now. So every route a script takes to the
/// clock — `Date`, `new Date()`, `Date.now()`, `Intl.DateTimeFormat().format()`, a `Date`
/// reached by a computed name or made in code built from a string — reads the same time.
public enum VirtualClock {
    /// Whether the engine's wall-clock calls reach the host's answers: true in every program
    /// that links `WidgetHost` with the engine.
    public static var isInPlace: Bool { widgethost_clock_is_interposed() == 1 }

    static func begin(at epochMilliseconds: Double) { widgethost_clock_begin(epochMilliseconds) }
    static func move(to epochMilliseconds: Double) { widgethost_clock_set(epochMilliseconds) }
    static func end() { widgethost_clock_end() }
}
