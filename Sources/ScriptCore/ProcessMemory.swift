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
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
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
