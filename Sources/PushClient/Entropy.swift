#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Random bytes from `/dev/urandom`, for nonces and made-up Push IDs.
public enum Entropy {
    /// `count` random bytes as lower-case hex.
    public static func hex(bytes count: Int) -> String {
        var buffer = [UInt8](repeating: 0, count: count)
        let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        var filled = 0
        if fd >= 0 {
            while filled < count {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, count - filled) }
                if n <= 0 { break }
                filled += n
            }
            close(fd)
        }
        precondition(filled == count, "cannot read /dev/urandom")
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(count * 2)
        for byte in buffer {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
