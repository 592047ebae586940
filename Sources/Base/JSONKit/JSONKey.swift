/// An object key compared exactly, by its Unicode scalars.
///
/// Swift compares `String`s by canonical equivalence: "é" written as U+00E9 and "e"
/// followed by U+0301 are equal `String`s. JavaScript compares property names by their
/// UTF-16 code units, so they are two keys there, and so they are two `JSONKey`s.
///
/// Keys order by their UTF-16 code units, as RFC 8785 (section 3.2.3) and JavaScript's
/// default `Array.prototype.sort` order them. That is the order of Unicode scalars except
/// that characters above U+FFFF (written as surrogates, 0xD800–0xDFFF) come before
/// U+E000–U+FFFF.
public struct JSONKey: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The key's text.
    public let string: String

    /// The key `string`, exactly.
    public init(_ string: String) { self.string = string }

    /// The key written in the literal, exactly.
    public init(stringLiteral value: String) { self.string = value }

    public var description: String { string }

    /// Whether the two keys have the same Unicode scalars.
    public static func == (a: JSONKey, b: JSONKey) -> Bool { same(a.string, b.string) }

    /// Whether `a` comes before `b` in the order of their UTF-16 code units.
    public static func < (a: JSONKey, b: JSONKey) -> Bool { order(a.string, b.string) < 0 }

    /// `String`'s own hash: keys with the same scalars are equivalent strings, so they hash
    /// alike (equivalent keys that differ share a hash, and stay apart by `==`).
    public func hash(into hasher: inout Hasher) { string.hash(into: &hasher) }

    /// Whether `a` and `b` have the same UTF-8 bytes, hence the same scalars.
    static func same(_ a: String, _ b: String) -> Bool {
        // The same bits are the same text: one storage, or the same bytes held inline.
        if MemoryLayout<String>.size == 16,
           unsafeBitCast(a, to: (UInt64, UInt64).self) == unsafeBitCast(b, to: (UInt64, UInt64).self) {
            return true
        }
        guard a.utf8.count == b.utf8.count else { return false }
        return withUTF8(a) { x in withUTF8(b) { y in sameBytes(x, y) } }
    }

    /// Whether two buffers of the same length hold the same bytes, eight at a time.
    private static func sameBytes(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let p = x.baseAddress, let q = y.baseAddress else { return x.count == y.count }
        var index = 0
        while index + 8 <= x.count {
            let u = UnsafeRawPointer(p + index).loadUnaligned(as: UInt64.self)
            let v = UnsafeRawPointer(q + index).loadUnaligned(as: UInt64.self)
            if u != v { return false }
            index += 8
        }
        while index < x.count {
            if p[index] != q[index] { return false }
            index += 1
        }
        return true
    }

    /// -1, 0 or 1 as `a` comes before, is exactly, or comes after `b`, in the order of
    /// their UTF-16 code units.
    ///
    /// Works on the UTF-8 bytes. Before the first byte that differs the two texts are the
    /// same, so both bytes there begin a character, or both continue the same character
    /// (whose further bytes order as its scalars do, in UTF-16 too). Of the bytes that begin
    /// one, only 0xEE and 0xEF (U+E000–U+FFFF) order otherwise in UTF-16: after 0xF0–0xF4
    /// (U+10000 and above, surrogates in UTF-16).
    static func order(_ a: String, _ b: String) -> Int {
        withUTF8(a) { x in
            withUTF8(b) { y in
                let common = min(x.count, y.count)
                var index = 0
                while index < common {
                    let p = x[index], q = y[index]
                    if p != q { return rank(p) < rank(q) ? -1 : 1 }
                    index += 1
                }
                return x.count == y.count ? 0 : x.count < y.count ? -1 : 1
            }
        }
    }

    @inline(__always)
    private static func rank(_ byte: UInt8) -> UInt8 { byte == 0xEE || byte == 0xEF ? byte &+ 0x10 : byte }

    @inline(__always)
    static func withUTF8<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }
}
