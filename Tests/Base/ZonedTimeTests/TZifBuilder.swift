/// Builds TZif files (RFC 8536) in memory, so tests can cover slim files, version 1
/// files and corrupt files independently of the machine's tzdata.
struct TZifBuilder {
    struct TimeType {
        var offset: Int32
        var isDST: Bool
        var abbreviation: String
    }

    /// "\0" for version 1, "2", "3" or "4".
    var version: UInt8 = 0x32
    var transitions: [Int64] = []
    var transitionTypes: [UInt8] = []
    var types: [TimeType] = [TimeType(offset: 0, isDST: false, abbreviation: "UTC")]
    var leapSeconds: [(time: Int64, correction: Int32)] = []
    /// Whether to write the optional standard/wall and UT/local indicators.
    var indicators = true
    var footer = ""

    func bytes() -> [UInt8] {
        // Abbreviations, each NUL-terminated, shared when repeated.
        var chars: [UInt8] = []
        var abbreviationIndex: [String: Int] = [:]
        for type in types where abbreviationIndex[type.abbreviation] == nil {
            abbreviationIndex[type.abbreviation] = chars.count
            chars += Array(type.abbreviation.utf8) + [0]
        }

        func block(timeSize: Int) -> (header: [UInt8], data: [UInt8]) {
            let fits = { (t: Int64) in timeSize == 8 || (t >= Int64(Int32.min) && t <= Int64(Int32.max)) }
            let kept = transitions.indices.filter { fits(transitions[$0]) }
            let leaps = leapSeconds.filter { fits($0.time) }
            let indicatorCount = indicators ? types.count : 0
            var header: [UInt8] = Array("TZif".utf8) + [version] + Array(repeating: 0, count: 15)
            for count in [indicatorCount, indicatorCount, leaps.count, kept.count, types.count, chars.count] {
                header += bigEndian(UInt64(count), size: 4)
            }
            var data: [UInt8] = []
            for i in kept { data += bigEndian(UInt64(bitPattern: transitions[i]), size: timeSize) }
            for i in kept { data.append(transitionTypes[i]) }
            for type in types {
                data += bigEndian(UInt64(UInt32(bitPattern: type.offset)), size: 4)
                data.append(type.isDST ? 1 : 0)
                data.append(UInt8(abbreviationIndex[type.abbreviation]!))
            }
            data += chars
            for leap in leaps {
                data += bigEndian(UInt64(bitPattern: leap.time), size: timeSize)
                data += bigEndian(UInt64(UInt32(bitPattern: leap.correction)), size: 4)
            }
            data += Array(repeating: 0, count: 2 * indicatorCount)
            return (header, data)
        }

        let v1 = block(timeSize: 4)
        var out = v1.header + v1.data
        if version != 0 {
            let v2 = block(timeSize: 8)
            out += v2.header + v2.data
            out += [0x0A] + Array(footer.utf8) + [0x0A]
        }
        return out
    }

    private func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
