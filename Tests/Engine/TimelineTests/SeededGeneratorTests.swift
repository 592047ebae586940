import XCTest
import Timeline

final class SeededGeneratorTests: XCTestCase {
    func testMatchesTheSplitMix64ReferenceSequence() {
        var generator = SeededGenerator(seed: 0)
        XCTAssertEqual(generator.next(), 0xE220_A839_7B1D_CDAF)
        XCTAssertEqual(generator.next(), 0x6E78_9E6A_A1B9_65F4)
        XCTAssertEqual(generator.next(), 0x06C4_5D18_8009_454F)
    }

    func testSameSeedSameSequenceDifferentSeedDifferentSequence() {
        var a = SeededGenerator(seed: 42)
        var b = SeededGenerator(seed: 42)
        var c = SeededGenerator(seed: 43)
        let first = (0..<8).map { _ in a.next() }
        XCTAssertEqual(first, (0..<8).map { _ in b.next() })
        XCTAssertNotEqual(first, (0..<8).map { _ in c.next() })
    }

    func testBoundedDrawsStayInRangeAndCoverIt() {
        var generator = SeededGenerator(seed: 1)
        var seen = Set<UInt64>()
        for _ in 0..<2000 {
            let value = generator.next(atMost: 9)
            XCTAssertLessThanOrEqual(value, 9)
            seen.insert(value)
        }
        XCTAssertEqual(seen.count, 10)
        XCTAssertEqual(generator.next(atMost: 0), 0)
    }
}
