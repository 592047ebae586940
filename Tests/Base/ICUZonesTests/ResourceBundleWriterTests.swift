@testable import ICUZones
import XCTest

/// The `.res` writer against ICU's own: the bytes `genrb --formatVersion 1` (ICU 72) writes
/// for the same small bundle.
final class ResourceBundleWriterTests: XCTestCase {
    /// genrb's output for:
    ///
    ///     t:table(nofallback) {
    ///       A:intvector { 1, -2 }  B:int { -5 }  C { "xy" }  D:bin { 0102 }
    ///       E { "p", "q" }  F { x:int { 1 } }
    ///     }
    static let genrbOutput = """
        2000da27140000000000020052657342010300000104000000000000000000001e000020060000000b0000002800000028000000\
        06000000010000004100420043004400450046007800aaaa0200000001000000feffffff02000000780079000000aaaaaaaaaaaa\
        aaaaaaaa020000000102aaaa0100000070000000010000007100000002000000150000001700000001002800010000700600\
        1c001e002000220024002600aaaa0b0000e0fbffff7f0e00000013000010190000801c000020
        """

    func testWritesWhatGenrbWrites() throws {
        let root: ResourceValue = .table([
            ("F", .table([("x", .int(1))])),
            ("A", .intVector([1, -2])),
            ("C", .string("xy")),
            ("B", .int(-5)),
            ("E", .array([.string("p"), .string("q")])),
            ("D", .binary([1, 2])),
        ])
        // Keys are stored in the order first met; the writer sorts each table, so list them sorted here too.
        let sortedRoot: ResourceValue = .table([
            ("A", .intVector([1, -2])), ("B", .int(-5)), ("C", .string("xy")), ("D", .binary([1, 2])),
            ("E", .array([.string("p"), .string("q")])), ("F", .table([("x", .int(1))])),
        ])
        let expected = Self.bytes(hex: Self.genrbOutput)
        XCTAssertEqual(try ResourceBundleWriter.write(root: sortedRoot), expected)
        // Table order in the input does not matter for the lookups, only for where keys are stored.
        let unsorted = try ResourceBundleWriter.write(root: root)
        XCTAssertEqual(unsorted.count, expected.count)
    }

    func testRefusesWhatICUCannotRead() {
        XCTAssertThrowsError(try ResourceBundleWriter.write(root: .array([])))
        XCTAssertThrowsError(try ResourceBundleWriter.write(root: .table([("a", .int(1 << 27))])))
        XCTAssertThrowsError(try ResourceBundleWriter.write(root: .table([("a", .int(1)), ("a", .int(2))])))
        XCTAssertThrowsError(try ResourceBundleWriter.write(root: .table([("a{b}", .int(1))])))
        XCTAssertNoThrow(try ResourceBundleWriter.write(root: .table([("a", .int(-(1 << 27)))])))
    }

    static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }
}
