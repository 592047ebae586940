#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Lets the execution guard count memory the engine keeps outside its heap.
///
/// The engine tells its collector of such memory (a string's characters, a typed array's
/// storage) through `JSC::Heap::reportExtraMemoryAllocatedSlowCase`, which the library exports
/// and calls through its linkage table; the host's definition takes its place (as
/// ``EngineEntryWatch`` does for entries), calls the library's own, and adds the bytes to the
/// run of this thread. `new Uint8Array(2e9)` touches no page until it is written, so the
/// resident set says nothing of it; the report does, the same way every time.
enum EngineMemoryReports {
    static let symbol = "_ZN3JSC4Heap34reportExtraMemoryAllocatedSlowCaseEPNS_17GCDeferralContextEPKNS_6JSCellEm"

    /// The library's own, found on first use.
    static let library: (@convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeRawPointer?, Int) -> Void)? = {
        guard let found = dlsym(UnsafeMutableRawPointer(bitPattern: -1), symbol) else { return nil }
        return unsafeBitCast(found, to: (@convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeRawPointer?, Int) -> Void).self)
    }()
}

/// `JSC::Heap::reportExtraMemoryAllocatedSlowCase(GCDeferralContext*, const JSCell*, size_t)`,
/// in place of the library's (see ``EngineMemoryReports``).
@_cdecl("_ZN3JSC4Heap34reportExtraMemoryAllocatedSlowCaseEPNS_17GCDeferralContextEPKNS_6JSCellEm")
public func engineReportedExtraMemory(
    _ heap: UnsafeMutableRawPointer?, _ deferral: UnsafeMutableRawPointer?, _ cell: UnsafeRawPointer?, _ bytes: Int
) {
    EngineMemoryReports.library?(heap, deferral, cell, bytes)
    EngineEntryWatch.current()?.reported(extra: bytes)
}
