/// Base64 (RFC 4648, with padding), without Foundation: binary fixture bodies, and pictures
/// carried inside JSON and embedded in HTML and SVG as `data:` addresses.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` as base64 text, padded with `=`.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 2 < bytes.count {
            let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], alphabet[Int(n & 63)]]
            index += 3
        }
        let rest = bytes.count - index
        if rest == 1 {
            let n = UInt32(bytes[index]) << 16
            out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], 61, 61]
        } else if rest == 2 {
            let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], 61]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of base64 `text` (the URL-safe alphabet's `-` and `_` too; white space is
    /// skipped), or nil when it is not base64.
    public static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        var padding = 0
        for byte in text.utf8 {
            switch byte {
            case 0x41...0x5A: values.append(byte - 0x41)
            case 0x61...0x7A: values.append(byte - 0x61 + 26)
            case 0x30...0x39: values.append(byte - 0x30 + 52)
            case 0x2B, 0x2D: values.append(62)
            case 0x2F, 0x5F: values.append(63)
            case 0x3D: padding += 1; continue
            case 0x20, 0x0A, 0x0D, 0x09: continue
            default: return nil
            }
            if padding > 0 { return nil }
        }
        guard values.count % 4 != 1, padding <= 2 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(values.count * 3 / 4)
        var index = 0
        while index < values.count {
            let chunk = values[index..<min(index + 4, values.count)]
            var n: UInt32 = 0
            for (offset, value) in chunk.enumerated() { n |= UInt32(value) << (18 - 6 * offset) }
            out.append(UInt8(n >> 16 & 0xFF))
            if chunk.count > 2 { out.append(UInt8(n >> 8 & 0xFF)) }
            if chunk.count > 3 { out.append(UInt8(n & 0xFF)) }
            index += 4
        }
        return out
    }
}
