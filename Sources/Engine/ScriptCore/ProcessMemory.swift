import CJavaScriptCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Reads the resident set size of this process from `/proc/self/statm`.
///
/// Cheap enough to call from the execution guard every few milliseconds: the file
/// is opened once per process and read again from its start (the kernel makes its
/// text afresh on every read at offset 0), one read and a short parse, no
/// allocation beyond a stack buffer.
public enum ProcessMemory {
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    /// `/proc/self/statm`, opened on first use and kept open (-1 when unavailable).
    private static let statm = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)

    /// Resident bytes, or nil when `/proc` is unavailable.
    public static func residentBytes() -> Int? {
        let fd = statm
        guard fd >= 0 else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer -> Int? in
            let count = pread(fd, buffer.baseAddress, 127, 0)
            guard count > 0 else { return nil }
            // Fields: size resident shared text lib data dt (pages).
            var field = 0
            var value = 0
            var inNumber = false
            for index in 0..<count {
                let byte = buffer[index]
                if byte >= 48 && byte <= 57 {
                    if !inNumber { inNumber = true; value = 0 }
                    value = value * 10 + Int(byte - 48)
                } else if inNumber {
                    if field == 1 { return value * pageSize }
                    inNumber = false
                    field += 1
                }
            }
            return field == 1 && inNumber ? value * pageSize : nil
        }
    }
}

extension ProcessMemory {
    /// Gives the kernel back the free pages the allocators keep: the engine's (libpas, through
    /// the library's exported `bmalloc::api::scavenge()`, looked up once; skipped when a library
    /// build lacks it), the C library's, and the unused depth of this thread's stack. None of
    /// them does it on its own soon enough: after a collection the engine keeps its freed pages
    /// for more than ten seconds, and a stack stays as deep as its deepest recursion.
    ///
    /// Costs a few milliseconds after a run that left a hundred megabytes of garbage, so a host
    /// calls it only after runs that grew the process.
    public static func returnFreePages() {
        if let scavenge = engineScavenge { scavenge() }
        _ = malloc_trim(0)
        releaseUnusedStack()
    }

    /// `bmalloc::api::scavenge()` of the engine's library, when it exports it.
    private static let engineScavenge: (@convention(c) () -> Void)? = {
        guard let symbol = dlsym(nil, "_ZN7bmalloc3api8scavengeEv") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)
    }()

    /// How much of the stack below the current frame is kept: room for the calls that follow
    /// (and a signal handler) without faulting pages in again.
    static let keptStack = 256 << 10

    /// Returns the pages of this thread's stack below the current frame (less ``keptStack``):
    /// a recursion that went deep left them resident, and a later run's recursion would then
    /// grow the process by less than the first one did.
    static func releaseUnusedStack() {
        var attributes = pthread_attr_t()
        guard pthread_getattr_np(pthread_self(), &attributes) == 0 else { return }
        defer { pthread_attr_destroy(&attributes) }
        var base: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &base, &size) == 0, let base else { return }
        var marker = 0
        let current = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        let low = (UInt(bitPattern: base) + UInt(pageSize) - 1) & ~UInt(pageSize - 1)
        guard current > low + UInt(keptStack) + UInt(pageSize) else { return }
        let high = (current - UInt(keptStack)) & ~UInt(pageSize - 1)
        // Parts never touched may be unmapped (the main thread's stack grows on demand):
        // the kernel still releases the mapped parts and reports the gap, which is fine.
        _ = madvise(UnsafeMutableRawPointer(bitPattern: low), Int(high - low), MADV_DONTNEED)
    }
}
