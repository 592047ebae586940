import ErrorKinds

/// One local time type of a zone: its UTC offset, DST flag and abbreviation.
package struct LocalTimeType: Sendable, Hashable {
    /// Seconds east of UTC.
    package var offset: Int
    package var isDST: Bool
    package var abbreviation: String

    package init(offset: Int, isDST: Bool, abbreviation: String) {
        self.offset = offset
        self.isDST = isDST
        self.abbreviation = abbreviation
    }
}

/// The contents of a TZif file (RFC 8536) that time conversion needs.
package struct TZifData: Sendable, Hashable {
    /// Transition instants in epoch seconds, strictly ascending.
    package var transitions: [Int64]
    /// For each transition, the index into `types` in effect from it on.
    package var transitionTypes: [UInt8]
    /// Local time types; type 0 applies before the first transition.
    package var types: [LocalTimeType]
    /// The footer rule for instants after the last transition, if any.
    package var rule: PosixTimeZone?

    package init(transitions: [Int64], transitionTypes: [UInt8], types: [LocalTimeType], rule: PosixTimeZone?) {
        self.transitions = transitions
        self.transitionTypes = transitionTypes
        self.types = types
        self.rule = rule
    }
}

/// What is wrong with a TZif file.
struct TZifCorruption: KindedError {
    /// A system zone file that cannot be read as one.
    var errorKind: ErrorKind { .environment(.refused) }
    var detail: String
}

/// A reader for TZif versions 1 to 4. Leap-second records are skipped: instants are
/// POSIX epoch seconds, as in the system's default "posix" zone files.
enum TZifReader {
    static func parse(_ bytes: [UInt8]) throws(TZifCorruption) -> TZifData {
        let v1 = try header(bytes, at: 0)
        guard v1.version == 0 || v1.version >= 0x32 else {
            throw TZifCorruption(detail: "unsupported TZif version byte \(v1.version)")
        }
        if v1.version == 0 {
            return try body(bytes, header: v1, at: 44, timeSize: 4, footer: false)
        }
        let second = 44 + v1.blockLength(timeSize: 4)
        let v2 = try header(bytes, at: second)
        return try body(bytes, header: v2, at: second + 44, timeSize: 8, footer: true)
    }

    struct Header {
        var version: UInt8
        var isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt: Int

        func blockLength(timeSize: Int) -> Int {
            timecnt * (timeSize + 1) + typecnt * 6 + charcnt + leapcnt * (timeSize + 4) + isstdcnt + isutcnt
        }
    }

    static func header(_ b: [UInt8], at start: Int) throws(TZifCorruption) -> Header {
        guard start + 44 <= b.count else {
            throw TZifCorruption(detail: start == 0 ? "too short to be a TZif file" : "truncated TZif header")
        }
        guard b[start] == 0x54, b[start + 1] == 0x5A, b[start + 2] == 0x69, b[start + 3] == 0x66 else {
            throw TZifCorruption(detail: start == 0 ? "not a TZif file (missing \"TZif\" magic)" : "missing \"TZif\" magic in the second header")
        }
        func count(_ i: Int) -> Int { Int(readUInt32(b, start + 20 + 4 * i)) }
        let h = Header(version: b[start + 4], isutcnt: count(0), isstdcnt: count(1), leapcnt: count(2),
                       timecnt: count(3), typecnt: count(4), charcnt: count(5))
        guard h.typecnt >= 1 else { throw TZifCorruption(detail: "no local time types") }
        guard h.isutcnt == 0 || h.isutcnt == h.typecnt, h.isstdcnt == 0 || h.isstdcnt == h.typecnt else {
            throw TZifCorruption(detail: "indicator counts do not match the type count")
        }
        return h
    }

    static func body(_ b: [UInt8], header h: Header, at start: Int, timeSize: Int, footer: Bool) throws(TZifCorruption) -> TZifData {
        guard start + h.blockLength(timeSize: timeSize) <= b.count else {
            throw TZifCorruption(detail: "truncated TZif data block")
        }
        var p = start
        var transitions: [Int64] = []
        transitions.reserveCapacity(h.timecnt)
        for _ in 0..<h.timecnt {
            let t = timeSize == 8 ? Int64(bitPattern: readUInt64(b, p)) : Int64(Int32(bitPattern: readUInt32(b, p)))
            if let last = transitions.last, t <= last {
                throw TZifCorruption(detail: "transition times are not ascending")
            }
            transitions.append(t)
            p += timeSize
        }
        let transitionTypes = Array(b[p..<p + h.timecnt])
        p += h.timecnt
        if let bad = transitionTypes.first(where: { Int($0) >= h.typecnt }) {
            throw TZifCorruption(detail: "transition refers to local time type \(bad) of \(h.typecnt)")
        }
        var raw: [(offset: Int32, isDST: UInt8, index: Int)] = []
        for _ in 0..<h.typecnt {
            raw.append((Int32(bitPattern: readUInt32(b, p)), b[p + 4], Int(b[p + 5])))
            p += 6
        }
        let chars = Array(b[p..<p + h.charcnt])
        p += h.charcnt
        var types: [LocalTimeType] = []
        for r in raw {
            guard r.offset != Int32.min else { throw TZifCorruption(detail: "invalid UT offset") }
            guard r.isDST <= 1 else { throw TZifCorruption(detail: "invalid DST indicator") }
            guard r.index < chars.count || (r.index == 0 && chars.isEmpty) else {
                throw TZifCorruption(detail: "abbreviation index out of range")
            }
            let end = chars[r.index...].firstIndex(of: 0) ?? chars.count
            let abbreviation = String(decoding: chars[r.index..<end], as: UTF8.self)
            types.append(LocalTimeType(offset: Int(r.offset), isDST: r.isDST == 1, abbreviation: abbreviation))
        }
        p += h.leapcnt * (timeSize + 4) + h.isstdcnt + h.isutcnt

        var rule: PosixTimeZone?
        if footer {
            guard p < b.count, b[p] == 0x0A else { throw TZifCorruption(detail: "missing TZ string footer") }
            guard let close = b[(p + 1)...].firstIndex(of: 0x0A) else {
                throw TZifCorruption(detail: "unterminated TZ string footer")
            }
            let text = String(decoding: b[(p + 1)..<close], as: UTF8.self)
            if !text.isEmpty {
                guard let parsed = PosixTimeZone(parsing: text) else {
                    throw TZifCorruption(detail: "invalid TZ string footer \"\(text)\"")
                }
                rule = parsed
            }
        }
        return TZifData(transitions: transitions, transitionTypes: transitionTypes, types: types, rule: rule)
    }

    static func readUInt32(_ b: [UInt8], _ p: Int) -> UInt32 {
        UInt32(b[p]) << 24 | UInt32(b[p + 1]) << 16 | UInt32(b[p + 2]) << 8 | UInt32(b[p + 3])
    }

    static func readUInt64(_ b: [UInt8], _ p: Int) -> UInt64 {
        UInt64(readUInt32(b, p)) << 32 | UInt64(readUInt32(b, p + 4))
    }
}
