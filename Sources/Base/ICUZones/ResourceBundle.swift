import ErrorKinds

/// One value of an ICU resource bundle (a `.res` file), the form ICU keeps its data in.
enum ResourceValue: Equatable {
    /// A UTF-16 string.
    case string(String)
    /// A 28-bit signed integer, stored in the resource word itself.
    case int(Int32)
    case intVector([Int32])
    case binary([UInt8])
    case array([ResourceValue])
    /// Keys of invariant ASCII characters; the writer sorts them, as ICU's binary search needs.
    case table([(key: String, value: ResourceValue)])

    static func == (lhs: ResourceValue, rhs: ResourceValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.intVector(let a), .intVector(let b)): return a == b
        case (.binary(let a), .binary(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.table(let a), .table(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// The smallest and largest integers an `.int` holds.
    static let intRange: ClosedRange<Int32> = -(1 << 27)...((1 << 27) - 1)
}

/// Why a bundle cannot be written.
struct ResourceBundleError: KindedError, Equatable {
    /// The host built a tree the bundle format cannot hold: a bug.
    var errorKind: ErrorKind { .internal }
    var detail: String
}

/// Writes ICU resource bundles in the binary form of `genrb --formatVersion 1` (format 1.3,
/// little-endian, ASCII keys), which every ICU since 3.8 reads.
///
/// The file is a 32-byte data header ("ResB") and then, in 32-bit words: the root resource,
/// six indexes, the NUL-terminated key strings, and every value after the values it holds.
/// A resource word is a 4-bit type and a 28-bit word offset (or, for an integer, the value).
enum ResourceBundleWriter {
    static func write(root: ResourceValue, noFallback: Bool = true) throws(ResourceBundleError) -> [UInt8] {
        guard case .table = root else { throw ResourceBundleError(detail: "the root of a bundle must be a table") }
        var keys = KeyStrings()
        try keys.collect(root)
        // Words 0...6: the root resource and the indexes; then the keys, padded to a word.
        let keysStart = 7 * 4
        var body = Body(words: [UInt32](repeating: 0, count: 7))
        body.appendBytes(keys.bytes, pad: 0xAA)
        let keysTop = body.words.count
        var maxTableLength = 0
        let rootResource = try body.append(root, keyOffset: { keysStart + keys.offsets[$0]! }, maxTableLength: &maxTableLength)
        let top = body.words.count
        body.words[0] = rootResource
        body.words[1...6] = [6, UInt32(keysTop), UInt32(top), UInt32(top), UInt32(maxTableLength), noFallback ? 1 : 0]
        guard keysStart + keys.bytes.count <= 0xFFFF else {
            throw ResourceBundleError(detail: "the key strings exceed the 64 KiB that 16-bit key offsets reach")
        }
        return header() + body.littleEndianBytes()
    }

    /// The ICU data header: size, magic, and the `UDataInfo` naming format "ResB" 1.3.
    static func header() -> [UInt8] {
        var bytes: [UInt8] = [32, 0, 0xDA, 0x27]
        bytes += [20, 0, 0, 0]                 // UDataInfo size, reserved
        bytes += [0, 0, 2, 0]                  // little-endian, ASCII family, 2-byte UChar, reserved
        bytes += Array("ResB".utf8)            // data format
        bytes += [1, 3, 0, 0]                  // format version
        bytes += [1, 4, 0, 0]                  // data version
        bytes += [UInt8](repeating: 0, count: 32 - bytes.count)
        return bytes
    }
}

/// Every key of a tree, each stored once, in first-seen order.
private struct KeyStrings {
    var bytes: [UInt8] = []
    var offsets: [String: Int] = [:]

    mutating func collect(_ value: ResourceValue) throws(ResourceBundleError) {
        switch value {
        case .array(let items):
            for item in items { try collect(item) }
        case .table(let entries):
            for entry in entries {
                if offsets[entry.key] == nil {
                    guard !entry.key.isEmpty, entry.key.utf8.allSatisfy(Self.isInvariant) else {
                        throw ResourceBundleError(detail: "the key \"\(entry.key)\" is not of ICU's invariant characters")
                    }
                    offsets[entry.key] = bytes.count
                    bytes += Array(entry.key.utf8) + [0]
                }
                try collect(entry.value)
            }
        default:
            break
        }
    }

    /// ICU's invariant characters: letters, digits, space and `"%&'()*+,-./:;<=>?_`.
    static func isInvariant(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x20, 0x22, 0x25...0x2F, 0x3A...0x3F, 0x5F: return true
        default: return false
        }
    }
}

/// The bundle's words as they are laid out.
private struct Body {
    var words: [UInt32]

    mutating func appendBytes(_ bytes: [UInt8], pad: UInt8) {
        var padded = bytes
        while padded.count % 4 != 0 { padded.append(pad) }
        for i in stride(from: 0, to: padded.count, by: 4) {
            words.append(UInt32(padded[i]) | UInt32(padded[i + 1]) << 8 | UInt32(padded[i + 2]) << 16 | UInt32(padded[i + 3]) << 24)
        }
    }

    /// Appends `value` (its contents first) and returns its resource word.
    mutating func append(
        _ value: ResourceValue, keyOffset: (String) -> Int, maxTableLength: inout Int
    ) throws(ResourceBundleError) -> UInt32 {
        switch value {
        case .int(let n):
            guard ResourceValue.intRange.contains(n) else {
                throw ResourceBundleError(detail: "the integer \(n) does not fit in 28 bits")
            }
            return 7 << 28 | UInt32(bitPattern: n) & 0x0FFF_FFFF
        case .string(let text):
            let units = Array(text.utf16)
            let offset = try place()
            words.append(UInt32(units.count))
            var bytes: [UInt8] = []
            for unit in units + [0] { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
            appendBytes(bytes, pad: 0xAA)
            return offset
        case .intVector(let values):
            let offset = try place()
            words.append(UInt32(values.count))
            words += values.map { UInt32(bitPattern: $0) }
            return 14 << 28 | offset
        case .binary(let bytes):
            // The bytes start 16-aligned (from the start of the data), as genrb lays them out.
            while (words.count + 1) % 4 != 0 { words.append(0xAAAA_AAAA) }
            let offset = try place()
            words.append(UInt32(bytes.count))
            appendBytes(bytes, pad: 0xAA)
            return 1 << 28 | offset
        case .array(let items):
            var resources: [UInt32] = []
            resources.reserveCapacity(items.count)
            for item in items { resources.append(try append(item, keyOffset: keyOffset, maxTableLength: &maxTableLength)) }
            let offset = try place()
            words.append(UInt32(items.count))
            words += resources
            return 8 << 28 | offset
        case .table(let entries):
            let sorted = entries.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
            for (a, b) in zip(sorted, sorted.dropFirst()) where a.key == b.key {
                throw ResourceBundleError(detail: "the key \"\(a.key)\" appears twice in one table")
            }
            guard sorted.count <= 0xFFFF else { throw ResourceBundleError(detail: "a table of more than 65535 entries") }
            maxTableLength = max(maxTableLength, sorted.count)
            var resources: [UInt32] = []
            for entry in sorted { resources.append(try append(entry.value, keyOffset: keyOffset, maxTableLength: &maxTableLength)) }
            let offset = try place()
            // uint16 count, uint16 key offsets, a uint16 of padding when needed, then the resources.
            var halves: [UInt16] = [UInt16(sorted.count)] + sorted.map { UInt16(keyOffset($0.key)) }
            if halves.count % 2 != 0 { halves.append(0xAAAA) }
            for i in stride(from: 0, to: halves.count, by: 2) { words.append(UInt32(halves[i]) | UInt32(halves[i + 1]) << 16) }
            words += resources
            return 2 << 28 | offset
        }
    }

    /// The word offset of the next value, checked against the 28 bits a resource word holds.
    func place() throws(ResourceBundleError) -> UInt32 {
        guard words.count < 0x0FFF_FFFF else { throw ResourceBundleError(detail: "the bundle is too large") }
        return UInt32(words.count)
    }

    func littleEndianBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(words.count * 4)
        for word in words { bytes += [UInt8(word & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word >> 16 & 0xFF), UInt8(word >> 24)] }
        return bytes
    }
}
