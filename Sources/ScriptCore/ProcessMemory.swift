#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Reads the resident set size of this process from `/proc/self/statm`.
///
/// Cheap enough to call from the execution guard every few milliseconds: one
/// open, one read and a short parse, no allocation beyond a stack buffer.
public enum ProcessMemory {
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Resident bytes, or nil when `/proc` is unavailable.
    public static func residentBytes() -> Int? {
        let fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer -> Int? in
            let count = read(fd, buffer.baseAddress, 127)
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
