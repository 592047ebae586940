/// Standard base64 (RFC 4648, with padding), for pictures carried inside JSON and embedded
/// in HTML and SVG as `data:` addresses.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 2 < bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], alphabet[Int(n & 63)]]
            i += 3
        }
        let rest = bytes.count - i
        if rest == 1 {
            let n = UInt32(bytes[i]) << 16
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], 0x3D, 0x3D]
        } else if rest == 2 {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], 0x3D]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes, or nil for text that is not base64.
    public static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        for c in text.utf8 {
            switch c {
            case 0x41...0x5A: values.append(c - 0x41)
            case 0x61...0x7A: values.append(c - 0x61 + 26)
            case 0x30...0x39: values.append(c - 0x30 + 52)
            case 0x2B: values.append(62)
            case 0x2F: values.append(63)
            case 0x3D: continue
            default: return nil
            }
        }
        var out: [UInt8] = []
        var i = 0
        while i + 3 < values.count {
            out += [values[i] << 2 | values[i + 1] >> 4, values[i + 1] << 4 | values[i + 2] >> 2, values[i + 2] << 6 | values[i + 3]]
            i += 4
        }
        let rest = values.count - i
        if rest == 1 { return nil }
        if rest >= 2 { out.append(values[i] << 2 | values[i + 1] >> 4) }
        if rest == 3 { out.append(values[i + 1] << 4 | values[i + 2] >> 2) }
        return out
    }
}
