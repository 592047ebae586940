import JSONKit
import XCTest

/// Expected strings come from JavaScript's Number.prototype.toString() (node).
final class JSONNumberFormatTests: XCTestCase {
    static let table: [(Double, String)] = [
        (1.0, "1"),
        (30.5, "30.5"),
        (0.1, "0.1"),
        (1e+21, "1e+21"),
        (1e-7, "1e-7"),
        (0.000001, "0.000001"),
        (123456789012345680000.0, "123456789012345680000"),
        (1.7976931348623157e+308, "1.7976931348623157e+308"),
        (0.0, "0"),
        (-1.0, "-1"),
        (2.0, "2"),
        (10.0, "10"),
        (100.0, "100"),
        (1000000.0, "1000000"),
        (1000000000000000.0, "1000000000000000"),
        (10000000000000000.0, "10000000000000000"),
        (100000000000000000.0, "100000000000000000"),
        (100000000000000000000.0, "100000000000000000000"),
        (9007199254740991.0, "9007199254740991"),
        (9007199254740992.0, "9007199254740992"),
        (-9007199254740992.0, "-9007199254740992"),
        (9223372036854776000.0, "9223372036854776000"),
        (18446744073709552000.0, "18446744073709552000"),
        (0.5, "0.5"),
        (-0.5, "-0.5"),
        (0.25, "0.25"),
        (1.5, "1.5"),
        (3.14159, "3.14159"),
        (-2.718281828459045, "-2.718281828459045"),
        (0.30000000000000004, "0.30000000000000004"),
        (0.3333333333333333, "0.3333333333333333"),
        (0.6666666666666666, "0.6666666666666666"),
        (123.456, "123.456"),
        (1.5e-7, "1.5e-7"),
        (0.00001, "0.00001"),
        (0.00001234, "0.00001234"),
        (1.234e-10, "1.234e-10"),
        (4.35, "4.35"),
        (0.07, "0.07"),
        (1e+300, "1e+300"),
        (-1e-300, "-1e-300"),
        (2.2250738585072014e-308, "2.2250738585072014e-308"),
        (1e+22, "1e+22"),
        (1.2e+21, "1.2e+21"),
        (1.2345678901234568e+22, "1.2345678901234568e+22"),
        (999999999999999900000.0, "999999999999999900000"),
        (100.125, "100.125"),
        (5e-7, "5e-7"),
        (6e-7, "6e-7"),
        (1.0000000000000002, "1.0000000000000002"),
        (1e+23, "1e+23"),
        (8.41e+21, "8.41e+21"),
        (9007199254740994.0, "9007199254740994"),
        (12345678000000.0, "12345678000000"),
        (4294967295.0, "4294967295"),
        (4294967296.5, "4294967296.5"),
        (-0.123, "-0.123"),
        (5.992310449541053e+307, "5.992310449541053e+307"),
        (-1e+21, "-1e+21"),
        (-1.5e-7, "-1.5e-7"),
        (0.000009999, "0.000009999"),
        (123000000000000000000.0, "123000000000000000000"),
        (1.23e+21, "1.23e+21"),
    ]

    func testTableMatchesJavaScript() {
        for (value, expected) in Self.table {
            XCTAssertEqual(JSONValue.formatNumber(value), expected, "formatting \(value)")
        }
    }

    /// Random bit patterns and random decimals, formatted by node.
    static let bitTable: [(UInt64, String)] = [
        (0x477C1E834C5630AE, "2.3360509894629175e+36"),
        (0x400B2D8E466BF543, "3.397244024438494"),
        (0xC4767E9D0BAA68A2, "-6.639229293892167e+21"),
        (0x70C2DE58FC18598B, "1.4998404071851057e+235"),
        (0x3CE9E849C1FED00F, "2.8762964737334657e-15"),
        (0xD1C1B3A6027F1D68, "-6.87772853440549e+85"),
        (0xE18504D572175D0C, "-5.910133614171119e+161"),
        (0x71A045262778DB1B, "2.1189326410261304e+239"),
        (0x2F8D666EAD232CC2, "1.2397678034768354e-79"),
        (0x1852089401A39074, "1.5810404921274073e-191"),
        (0xC6F13B14EF6DC8BF, "-5.591710464037254e+33"),
        (0x287262C50D1DE016, "7.465942387448891e-114"),
        (0xB485E86AE83B976C, "-1.116840590314549e-55"),
        (0xE2E6F2C39717650C, "-2.7064378274054734e+168"),
        (0xB11ADF65AA849EF6, "-3.8023445247557094e-72"),
        (0x08B3B8FBF9573DA3, "9.557139012086158e-267"),
        (0x3AD01808C4CAE51A, "2.080085728139592e-25"),
        (0xC3DFA98C8304D00E, "-9126036722356861000"),
        (0xE47099C2AD9556C6, "-6.569343506413425e+175"),
        (0xA338AD652707E489, "-5.180600315488191e-139"),
        (0xF40550CE273AB885, "-7.630709096203032e+250"),
        (0x140D7A4D4503BF20, "4.3781160809210203e-212"),
        (0x77724A974405F30C, "2.3591872733583843e+267"),
        (0xCCC7922951093F02, "-7.57540899002322e+61"),
        (0x794F8EF9FE8DB4E7, "2.1852565112227174e+276"),
        (0xF45AFF3A6E326606, "-3.0926562755895264e+252"),
        (0xB44A394A32F0B03B, "-8.355381047539153e-57"),
        (0x087F180385729455, "9.417111674768468e-268"),
        (0xC675024C32A1E3CB, "-2.663204000457838e+31"),
        (0x8B216823CE375503, "-4.637164789899889e-255"),
        (0x404CE9C432CA57A8, "57.8263"),
        (0x40DAFD4000000000, "27637"),
        (0x40ED6B2CCCCCCCCD, "60249.4"),
        (0x3FB1A383FE26E1EC, "0.0689013"),
        (0x40801FF9DB22D0E5, "515.997"),
        (0x40E0697333333333, "33611.6"),
        (0x3F887C3AE4019CB8, "0.0119557"),
        (0x3F406715E3C206CB, "0.00050057"),
        (0x412DB6AE00000000, "973655"),
        (0x4123428E00000000, "631111"),
        (0x3FF7CDD2F1A9FBE7, "1.48775"),
        (0x3F817DF6FBCA6640, "0.00854104"),
        (0x400E48461F9F01B8, "3.78529"),
        (0x3ED4339A32850639, "0.00000481643"),
        (0x40135BC01A36E2EB, "4.8396"),
    ]

    func testRandomBitPatternsMatchJavaScript() {
        for (bits, expected) in Self.bitTable {
            XCTAssertEqual(JSONValue.formatNumber(Double(bitPattern: bits)), expected)
        }
    }

    func testSpecialValues() {
        XCTAssertEqual(JSONValue.formatNumber(-0.0), "0")
        XCTAssertEqual(JSONValue.formatNumber(0.0), "0")
        XCTAssertEqual(JSONValue.formatNumber(Double(bitPattern: 1)), "5e-324")
        XCTAssertEqual(JSONValue.formatNumber(-Double(bitPattern: 1)), "-5e-324")
        XCTAssertEqual(JSONValue.formatNumber(Double(bitPattern: 2)), "1e-323")
        XCTAssertEqual(JSONValue.formatNumber(.greatestFiniteMagnitude), "1.7976931348623157e+308")
        XCTAssertEqual(JSONValue.formatNumber(.nan), "null")
        XCTAssertEqual(JSONValue.formatNumber(.infinity), "null")
        XCTAssertEqual(JSONValue.formatNumber(-.infinity), "null")
    }

    func testExponentThresholds() {
        // Plain notation up to 21 integer digits, exponent form from 1e21 on.
        XCTAssertEqual(JSONValue.formatNumber(999_999_999_999_999_868_928.0), "999999999999999900000")
        XCTAssertEqual(JSONValue.formatNumber(1e21), "1e+21")
        XCTAssertEqual(JSONValue.formatNumber(1.5e21), "1.5e+21")
        // Plain notation down to 1e-6, exponent form below.
        XCTAssertEqual(JSONValue.formatNumber(0.0000015), "0.0000015")
        XCTAssertEqual(JSONValue.formatNumber(0.00000099), "9.9e-7")
        XCTAssertEqual(JSONValue.formatNumber(1.25e-7), "1.25e-7")
    }

    func testNumbersInsideValues() {
        let value: JSONValue = [1, 2.5, -0.0, .number(.nan), .number(1e21)]
        XCTAssertEqual(value.serialized(), "[1,2.5,0,null,1e+21]")
    }

    func testFormattedNumbersParseBackToTheSameDouble() throws {
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<2000 {
            let d = Double(bitPattern: generator.next())
            guard d.isFinite else { continue }
            let text = JSONValue.formatNumber(d)
            let parsed = try JSONValue.parse(text)
            XCTAssertEqual(parsed.doubleValue, d == 0 ? 0 : d, "round trip of \(text)")
        }
    }
}

/// A small deterministic generator so failures reproduce.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
