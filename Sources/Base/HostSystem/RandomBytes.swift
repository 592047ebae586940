/// Random bytes from the system's generator (`SystemRandomNumberGenerator`: `getrandom`),
/// for nonces, made-up IDs and unique file names.
public enum RandomBytes {
    /// `count` random bytes.
    public static func bytes(count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<max(0, count)).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// `count` random bytes as lower-case hex (`2 × count` characters).
    public static func hex(count: Int) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(count * 2)
        for byte in bytes(count: count) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
