extension JSONValue {
    /// Canonical JSON text for this value.
    ///
    /// Object keys come in ascending order of their UTF-16 code units (``JSONObject``'s
    /// canonical order, as in RFC 8785), each exactly as it is; strings are escaped as JavaScript's `JSON.stringify` escapes them;
    /// numbers are formatted by `formatNumber(_:)`, so non-finite numbers become `null`.
    /// With `pretty`, the layout matches `JSON.stringify(value, null, 2)`.
    public func serialized(pretty: Bool = false) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        write(into: &out, pretty: pretty, indent: 0)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(into out: inout [UInt8], pretty: Bool, indent: Int) {
        switch self {
        case .null:
            out.append(contentsOf: "null".utf8)
        case .bool(let b):
            out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let d):
            JSONValue.appendNumber(d, into: &out)
        case .string(let s):
            JSONValue.appendQuoted(s, into: &out)
        case .array(let elements):
            if elements.isEmpty {
                out.append(contentsOf: "[]".utf8)
                return
            }
            out.append(0x5B)
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(0x2C) }
                if pretty { JSONValue.newline(indent + 2, into: &out) }
                element.write(into: &out, pretty: pretty, indent: indent + 2)
            }
            if pretty { JSONValue.newline(indent, into: &out) }
            out.append(0x5D)
        case .object(let members):
            if members.isEmpty {
                out.append(contentsOf: "{}".utf8)
                return
            }
            out.append(0x7B)
            for (i, member) in members.enumerated() {
                if i > 0 { out.append(0x2C) }
                if pretty { JSONValue.newline(indent + 2, into: &out) }
                JSONValue.appendQuoted(member.key, into: &out)
                out.append(0x3A)
                if pretty { out.append(0x20) }
                member.value.write(into: &out, pretty: pretty, indent: indent + 2)
            }
            if pretty { JSONValue.newline(indent, into: &out) }
            out.append(0x7D)
        }
    }

    private static func newline(_ indent: Int, into out: inout [UInt8]) {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(0x20, count: indent))
    }

    /// The JSON string literal for `s`, quotes included, escaped as JavaScript's
    /// `JSON.stringify` does: `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, other
    /// characters below U+0020 as `\u00xx` (lower-case hex); `/` and non-ASCII
    /// characters are written as they are.
    public static func quote(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 2)
        appendQuoted(s, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func appendQuoted(_ s: String, into out: inout [UInt8]) {
        let hexDigits: StaticString = "0123456789abcdef"
        out.append(0x22)
        for b in s.utf8 {
            switch b {
            case 0x22: out.append(0x5C); out.append(0x22)
            case 0x5C: out.append(0x5C); out.append(0x5C)
            case 0x08: out.append(0x5C); out.append(0x62)
            case 0x0C: out.append(0x5C); out.append(0x66)
            case 0x0A: out.append(0x5C); out.append(0x6E)
            case 0x0D: out.append(0x5C); out.append(0x72)
            case 0x09: out.append(0x5C); out.append(0x74)
            case 0..<0x20:
                out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30])
                out.append(hexDigits.utf8Start[Int(b >> 4)])
                out.append(hexDigits.utf8Start[Int(b & 0xF)])
            default:
                out.append(b)
            }
        }
        out.append(0x22)
    }

    /// Formats `d` exactly as JavaScript's `Number.prototype.toString()` does, except
    /// that NaN and ±infinity give `null` (as in `JSON.stringify`).
    ///
    /// Uses the shortest digits that round-trip (as `Double.description` gives them)
    /// laid out per ECMA-262 Number::toString: plain decimal notation when the decimal
    /// exponent n satisfies -6 < n <= 21, otherwise `d.ddde+X` / `de-X`. `-0` gives "0".
    public static func formatNumber(_ d: Double) -> String {
        var out: [UInt8] = []
        appendNumber(d, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func appendNumber(_ d: Double, into out: inout [UInt8]) {
        guard d.isFinite else {
            out.append(contentsOf: "null".utf8)
            return
        }
        if d == d.rounded(.towardZero) && d.magnitude < 9_007_199_254_740_992 {
            // Integers below 2^53 print exactly; -0 prints as "0".
            var magnitude = UInt64(d.magnitude)
            if d < 0 { out.append(0x2D) }
            let start = out.count
            repeat {
                out.append(0x30 + UInt8(magnitude % 10))
                magnitude /= 10
            } while magnitude > 0
            out[start...].reverse()
            return
        }
        // Shortest round-trip digits and decimal exponent from Swift's description,
        // e.g. "1.2345678901234568e+20", "0.0001", "1e-07", "12345678.9".
        let text = d.magnitude.description
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        var digits: [UInt8] = []
        digits.reserveCapacity(24)
        var integerDigits = 0
        var seenDot = false
        for b in mantissa.utf8 {
            if b == 0x2E {
                seenDot = true
            } else {
                digits.append(b)
                if !seenDot { integerDigits += 1 }
            }
        }
        // The value is 0.d1d2...dk x 10^n.
        var n = integerDigits + exponent
        var leading = 0
        while leading < digits.count - 1 && digits[leading] == 0x30 { leading += 1 }
        digits.removeFirst(leading)
        n -= leading
        while digits.count > 1 && digits.last == 0x30 { digits.removeLast() }
        let k = digits.count

        if d < 0 { out.append(0x2D) }
        if k <= n && n <= 21 {
            out.append(contentsOf: digits)
            out.append(contentsOf: repeatElement(0x30, count: n - k))
        } else if 0 < n && n <= 21 {
            out.append(contentsOf: digits[0..<n])
            out.append(0x2E)
            out.append(contentsOf: digits[n...])
        } else if -6 < n && n <= 0 {
            out.append(contentsOf: [0x30, 0x2E])
            out.append(contentsOf: repeatElement(0x30, count: -n))
            out.append(contentsOf: digits)
        } else {
            out.append(digits[0])
            if k > 1 {
                out.append(0x2E)
                out.append(contentsOf: digits[1...])
            }
            let e = n - 1
            out.append(0x65)
            out.append(e < 0 ? 0x2D : 0x2B)
            out.append(contentsOf: String(e.magnitude).utf8)
        }
    }
}
