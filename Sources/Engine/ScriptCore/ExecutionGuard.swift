import CJavaScriptCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Stops a running script when it passes its deadline or its memory budget.
///
/// Built on JavaScriptCore's group time limit: the limit is a short tick, and
/// the callback either terminates the script or re-arms itself (a callback that
/// returns false is *not* re-armed by the engine). Microtasks, which the tick alone never
/// reaches, are watched at each entry into the engine (``EngineEntryWatch``, ``entered()``).
///
/// Memory is measured twice over. The growth of the process's resident set since
/// ``arm(group:deadlineSeconds:memoryLimitBytes:)`` is what a device counts, and it is cheap;
/// but alone it made a run's status depend on what ran before it: pages the allocators kept
/// from earlier runs hide growth, and the first run in a process pays for pages (the stack's
/// depth, the engine's first use of a feature) that later runs find already there, so a script
/// that makes garbage at the limit's edge ended `memory` the first time and `timeout` after.
/// So when a cheap sign says a run may be over (its growth passes three quarters of the limit,
/// or the engine was told of as much memory outside its heap, ``EngineMemoryReports``), the
/// guard collects and reads the engine's heap: what the script still holds, strings and
/// buffers included. The run is over when that is above the limit, or when the process grew
/// past the limit and the script holds at least half of it (``memoryExceeded()``). A growth of
/// four times the limit (plus 64 MB) stops the script whatever the heap holds: memory the
/// engine keeps outside it (the stack traces of errors) cannot grow for ever.
final class ExecutionGuard {
    /// How often the guard looks at the clock and memory while JavaScript runs. Each tick
    /// interrupts whatever script is running (the engine's trap, a timer thread), so ticks are
    /// kept rare (docs/performance.md); a small-object allocation bomb overshoots the memory
    /// limit by at most a tick's growth.
    static let tick = 0.05
    /// How often, at most, an entry into the engine reads the memory (nanoseconds): a loop of
    /// microtasks enters thousands of times a millisecond, and each read is a system call.
    static let entryMemoryInterval: UInt64 = 10_000_000
    /// How long an entry spins past a limit so that the engine's next trap check ends it: a
    /// tick, and a little more for the engine's timer to fire (nanoseconds).
    static let spin: UInt64 = UInt64(tick * 1e9) + 5_000_000

    private(set) var deadlineNanos: UInt64 = .max
    private(set) var memoryLimitBytes: Int?
    private(set) var baselineResident = 0
    private(set) var peakResident = 0
    /// Resident growth past which the heap is measured (``memoryExceeded()``).
    private var residentTrigger = 0
    /// Memory the engine was told of outside its heap during this run, and the amount past
    /// which the heap is measured.
    private(set) var reportedExtra = 0
    private var reportedTrigger = 0
    /// A context of the runtime no script runs in, for collecting and measuring.
    let scratch: JSGlobalContextRef
    /// Set when the guard stopped a script; cleared by ``arm``.
    var tripped: ScriptError.Termination?
    private(set) var armed = false
    /// How many times the callback has terminated a script.
    private(set) var terminations = 0
    private var lastEntryMemoryRead: UInt64 = 0
    /// Entries into the engine while armed (for tests that check the watch is in place).
    private(set) var entries = 0
    private var entryCountdown = 0
    static let entriesPerCheck = 64
    /// Whether the engine's time limit is installed. It stays installed between
    /// runs: toggling it per run costs the engine far more than a tick that finds
    /// nothing to do.
    private var installed = false

    init(scratch: JSGlobalContextRef) {
        self.scratch = scratch
    }

    // Both readings call clock_gettime themselves, where the rest of the tool uses
    // ContinuousClock (HostSystem.MonotonicClock): the time limit's deadline is compared as raw
    // nanoseconds on the engine's entry path (one entry in 64), and a thread's CPU time has no
    // Swift clock. CVirtualTime passes both clocks through; it answers only CLOCK_REALTIME.
    static func monotonicNanos() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    static func threadCPUNanos() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// When the run's clock started, if before ``arm`` (``ScriptRuntime/startRunClock()``).
    var clockStart: UInt64?

    func arm(group: JSContextGroupRef, deadlineSeconds: Double, memoryLimitBytes: Int?) {
        let seconds = deadlineSeconds.isNaN ? 0 : min(max(0, deadlineSeconds), 1e9)
        deadlineNanos = (clockStart ?? Self.monotonicNanos()) &+ UInt64(seconds * 1e9)
        clockStart = nil
        self.memoryLimitBytes = memoryLimitBytes
        baselineResident = ProcessMemory.residentBytes() ?? 0
        peakResident = baselineResident
        let limit = memoryLimitBytes ?? .max
        residentTrigger = limit / 4 * 3
        reportedExtra = 0
        reportedTrigger = limit
        lastEntryMemoryRead = 0
        entryCountdown = Self.entriesPerCheck
        tripped = nil
        armed = true
        install(group: group)
        EngineEntryWatch.watch(self)
    }

    /// Arms a deadline alone, keeping what the last run's memory measure found (for the
    /// throw-away evaluations after a termination).
    func armDeadline(group: JSContextGroupRef, seconds: Double) {
        deadlineNanos = Self.monotonicNanos() &+ UInt64(max(0, seconds) * 1e9)
        memoryLimitBytes = nil
        tripped = nil
        armed = true
        install(group: group)
        EngineEntryWatch.watch(self)
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
        EngineEntryWatch.stop(self)
    }

    /// Removes the engine's tick entirely (when the runtime goes away).
    func uninstall(group: JSContextGroupRef) {
        EngineEntryWatch.stop(self)
        guard installed else { return }
        JSContextGroupClearExecutionTimeLimit(group)
        installed = false
    }

    /// Checks the clock and memory between JavaScript entries too (timers, host loop).
    /// Reading the memory costs a system call; `memory: false` looks at the clock alone.
    func check(memory: Bool = true) -> ScriptError.Termination? {
        if let tripped { return tripped }
        guard armed else { return nil }
        if memory, memoryExceeded() { return .memory }
        if Self.monotonicNanos() >= deadlineNanos { return .timeout }
        return nil
    }

    /// Whether the run holds more than its memory limit (see the type's description). Cheap
    /// unless a sign says it may: then a full collection and the heap's statistics.
    func memoryExceeded() -> Bool {
        guard let limit = memoryLimitBytes, let resident = ProcessMemory.residentBytes() else { return false }
        peakResident = max(peakResident, resident)
        let growth = resident - baselineResident
        if growth > (limit > Int.max / 8 ? Int.max : limit * 4 + 64 << 20) { return true }
        guard mayBeOver(growth: growth) else { return false }
        let live = measureLiveHeap()
        // Over when the script holds more than its limit, or when the process grew past it and
        // at least half the limit is what the script holds (the rest is the engine's way of
        // holding it). Growth that is mostly garbage the collection freed is not the script's.
        if live > limit || (growth > limit && live > limit / 2) { return true }
        // Not over: measure again once the run has grown by another half of its limit.
        residentTrigger = growth &+ limit / 2
        reportedTrigger = reportedExtra &+ limit / 2
        return false
    }

    private func mayBeOver(growth: Int) -> Bool {
        growth > residentTrigger || reportedExtra > reportedTrigger
    }

    /// The engine's heap after a full collection (live cells, and the strings and buffers they
    /// hold), in bytes.
    private func measureLiveHeap() -> Int {
        JSSynchronousGarbageCollectForDebugging(scratch)
        let statistics = JSGetMemoryUsageStatistics(scratch)
        let size = JSStringBridge.with("heapSize") { JSObjectGetProperty(scratch, statistics, $0, nil) }
        let bytes = JSValueToNumber(scratch, size, nil)
        return bytes.isFinite && bytes > 0 ? Int(min(bytes, 9e18)) : 0
    }

    /// The engine was told of `bytes` of memory outside its heap on the guarded thread.
    func reported(extra bytes: Int) {
        reportedExtra = reportedExtra &+ max(0, bytes)
    }

    /// Called by the engine's callback: whether to terminate the script now.
    fileprivate func shouldTerminate() -> Bool {
        guard let reason = check() else { return false }
        tripped = reason
        terminations += 1
        return true
    }

    /// An entry into the engine on the guarded thread (``EngineEntryWatch``): past a limit,
    /// it spins until the engine's next trap check will reach the callback. Within the limits
    /// it costs a clock read, and a memory read every ``entryMemoryInterval``.
    func entered() {
        guard armed else { return }
        entries &+= 1
        // A run enters a few dozen times; a loop of microtasks, millions of times a second. The
        // clock is read at one entry in ``entriesPerCheck`` (a fraction of a millisecond apart in
        // such a loop), and at each once the guard has tripped or the engine reported much memory.
        entryCountdown -= 1
        if entryCountdown > 0 && tripped == nil && reportedExtra <= reportedTrigger { return }
        entryCountdown = Self.entriesPerCheck
        let now = Self.monotonicNanos()
        var over = tripped != nil || now >= deadlineNanos
        if !over, memoryLimitBytes != nil, reportedExtra > reportedTrigger || now &- lastEntryMemoryRead >= Self.entryMemoryInterval {
            lastEntryMemoryRead = now
            // A sign is enough here: the callback measures the heap itself.
            if let resident = ProcessMemory.residentBytes() {
                peakResident = max(peakResident, resident)
                over = mayBeOver(growth: resident - baselineResident)
            }
        }
        guard over else { return }
        // Wall time for the engine's timer to fire, CPU time for its per-entry count: a
        // process that shares its cores gets less CPU than wall time.
        let wallEnd = now &+ Self.spin
        let cpuEnd = Self.threadCPUNanos() &+ Self.spin
        while Self.monotonicNanos() < wallEnd || Self.threadCPUNanos() < cpuEnd {}
    }

    /// Bytes the process grew by since the guard was armed (high-water mark).
    var residentGrowth: Int { max(0, peakResident - baselineResident) }
}

/// The engine calls this every ``ExecutionGuard/tick`` seconds of an entry's CPU time.
private func executionGuardCallback(_ ctx: JSContextRef?, _ info: UnsafeMutableRawPointer?) -> Bool {
    guard let ctx, let info else { return true }
    let guardian = Unmanaged<ExecutionGuard>.fromOpaque(info).takeUnretainedValue()
    if guardian.shouldTerminate() { return true }
    JSContextGroupSetExecutionTimeLimit(JSContextGetGroup(ctx), ExecutionGuard.tick, executionGuardCallback, info)
    return false
}
