import ScriptCore

/// How a host keeps the process at about its size from one run to the next (S6, S7).
///
/// The engine keeps a dead realm until its next full collection, and its allocator keeps freed
/// pages for more than ten seconds after that; a stack stays as deep as its deepest recursion.
/// An allocation bomb in every refresh of a 48-hour simulation thus grew the process to 5.9 GB,
/// and each run's memory was measured against pages left by the ones before it. After a run
/// that grew the process by more than ``releaseThreshold``, was told of as much memory outside
/// the heap, or was over its memory limit, the host collects and gives the freed pages back
/// (``ProcessMemory/returnFreePages()``); a normal run grows it by far less and costs at most a
/// read of the resident size (one run in ``creepInterval``).
///
/// An engine whose heap still holds more than ``leftoverThreshold`` after that collection (a dead
/// run's buffer it did not free), still larger than ``replacementFactor`` times the size after
/// the first run, or spent by a termination it could not recover from, is replaced by a new one.
struct HostMemory {
    /// Growth past which a run's memory is given back: above the few megabytes a normal run's
    /// first use of the engine takes, well below any memory limit.
    static let releaseThreshold = 4 << 20
    /// Growth since memory was last given back past which it is given back whatever the last
    /// run did: normal runs grow the process a little as the engine warms up and its heap fills
    /// between collections, and collecting each time that passes a few megabytes slows them
    /// (docs/performance.md).
    static let creepThreshold = 64 << 20
    /// What the engine's heap may still hold once the host has collected after a run, bytes:
    /// an idle engine holds a few hundred kilobytes. A dead run's buffers are not always freed
    /// by that collection (measured: the 2 GB of `new Uint8Array(2e9)`, the 20 MB of
    /// `new Uint8Array(2e7)`), and the next run in the engine then counted them as its own: a
    /// caught stack overflow that holds nothing ended `memory` about one time in seven after
    /// them in a simulation. An engine that still holds more is replaced, so that every run
    /// starts with an empty heap.
    static let leftoverThreshold = 4 << 20
    /// How many runs pass between reads of the resident size when none said it grew.
    static let creepInterval = 32
    private var runsSinceRead = 0
    /// How many times its size after the first run an engine may keep before it is replaced.
    var replacementFactor = 2.0
    /// The resident size after memory was last given back, and after the first run.
    private(set) var floor: Int?
    private(set) var first: Int?

    /// After a run in `runtime` that ended `status`: gives memory back when the run grew the
    /// process, was told of large buffers or strings, or was over its memory limit (its buffers'
    /// pages may be untouched, and a dead realm left for later can be kept alive by the stack's
    /// stale words); says whether the engine must be replaced.
    mutating func afterRun(of runtime: ScriptRuntime, status: RunStatus) -> Bool {
        let signalled = runtime.residentGrowth > Self.releaseThreshold || runtime.reportedExtraMemory > Self.releaseThreshold
            || status == .memory
        // The resident size itself (a system call) is read after such a run, and every
        // ``creepInterval`` runs otherwise.
        runsSinceRead += 1
        guard signalled || runsSinceRead >= Self.creepInterval || floor == nil else { return runtime.isSpent }
        runsSinceRead = 0
        guard let resident = ProcessMemory.residentBytes() else { return runtime.isSpent }
        let grew = signalled || resident > (floor ?? resident) + Self.creepThreshold
        var now = resident
        var leftover = 0
        if grew {
            runtime.collectGarbage()
            leftover = runtime.heapBytes()
            ProcessMemory.returnFreePages()
            now = ProcessMemory.residentBytes() ?? resident
        }
        if floor == nil || grew { floor = now }
        if first == nil { first = now }
        return runtime.isSpent || leftover > Self.leftoverThreshold
            || (grew && Double(now) > replacementFactor * Double(first ?? now))
    }

    /// After the host replaced an engine: the old one's memory is given back.
    mutating func engineReplaced() {
        ProcessMemory.returnFreePages()
        floor = ProcessMemory.residentBytes()
    }
}
