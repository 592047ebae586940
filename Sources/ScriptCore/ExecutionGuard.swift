import CJavaScriptCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Stops a running script when it passes its deadline or its memory budget.
///
/// Built on JavaScriptCore's group time limit: the limit is a short tick, and
/// the callback either terminates the script or re-arms itself (a callback that
/// returns false is *not* re-armed by the engine). Memory is measured as the
/// growth of the process's resident set since ``arm(deadlineSeconds:memoryLimitBytes:)``,
/// which also catches small-object allocation bombs that would otherwise abort
/// the process.
final class ExecutionGuard {
    /// How often the guard looks at the clock and memory while JavaScript runs. Each tick
    /// interrupts whatever script is running (the engine's trap, a signal, a timer thread),
    /// about 5 % of a second's worth of short runs at 10 ms, about 1 % at 50 ms; a
    /// small-object allocation bomb (about 0.7 GB a second) overshoots the memory limit by
    /// at most a tick's growth.
    static let tick = 0.05

    private(set) var deadlineNanos: UInt64 = .max
    private(set) var memoryLimitBytes: Int?
    private(set) var baselineResident = 0
    private(set) var peakResident = 0
    /// Set when the guard stopped a script; cleared by ``arm``.
    var tripped: ScriptError.Termination?
    private(set) var armed = false
    /// Whether the engine's time limit is installed. It stays installed between
    /// runs: toggling it per run costs the engine far more than a tick that finds
    /// nothing to do.
    private var installed = false

    static func monotonicNanos() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    func arm(group: JSContextGroupRef, deadlineSeconds: Double, memoryLimitBytes: Int?) {
        deadlineNanos = Self.monotonicNanos() &+ UInt64(max(0, deadlineSeconds) * 1e9)
        self.memoryLimitBytes = memoryLimitBytes
        baselineResident = ProcessMemory.residentBytes() ?? 0
        peakResident = baselineResident
        tripped = nil
        armed = true
        install(group: group)
    }

    /// Installs the engine's tick once; each entry into the engine starts it anew.
    func install(group: JSContextGroupRef) {
        guard !installed else { return }
        installed = true
        JSContextGroupSetExecutionTimeLimit(
            group, Self.tick, executionGuardCallback, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Stops enforcing limits; the tick stays installed and finds nothing to do.
    func disarm(group: JSContextGroupRef) {
        armed = false
        deadlineNanos = .max
        memoryLimitBytes = nil
    }

    /// Removes the engine's tick entirely (when the runtime goes away).
    func uninstall(group: JSContextGroupRef) {
        guard installed else { return }
        JSContextGroupClearExecutionTimeLimit(group)
        installed = false
    }

    /// Checks the clock and memory between JavaScript entries too (timers, host loop).
    /// Reading the memory costs a system call; `memory: false` looks at the clock alone.
    func check(memory: Bool = true) -> ScriptError.Termination? {
        if let tripped { return tripped }
        guard armed else { return nil }
        if memory, let limit = memoryLimitBytes, let resident = ProcessMemory.residentBytes() {
            peakResident = max(peakResident, resident)
            if resident - baselineResident > limit { return .memory }
        }
        if Self.monotonicNanos() >= deadlineNanos { return .timeout }
        return nil
    }

    /// Bytes the process grew by since the guard was armed (high-water mark).
    var residentGrowth: Int { max(0, peakResident - baselineResident) }
}

/// The engine calls this every ``ExecutionGuard/tick`` seconds while a script runs.
private func executionGuardCallback(_ ctx: JSContextRef?, _ info: UnsafeMutableRawPointer?) -> Bool {
    guard let ctx, let info else { return true }
    let guardian = Unmanaged<ExecutionGuard>.fromOpaque(info).takeUnretainedValue()
    if let reason = guardian.check() {
        guardian.tripped = reason
        return true
    }
    JSContextGroupSetExecutionTimeLimit(JSContextGetGroup(ctx), ExecutionGuard.tick, executionGuardCallback, info)
    return false
}
