import ScriptCore
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

final class ProcessMemoryTests: XCTestCase {
    /// The file stays open between reads; every read must still see the memory in use now.
    func testEachReadSeesTheResidentSizeOfThatMoment() throws {
        let before = try XCTUnwrap(ProcessMemory.residentBytes())
        let size = 64 << 20
        let block = try XCTUnwrap(malloc(size))
        defer { free(block) }
        memset(block, 1, size)
        let during = try XCTUnwrap(ProcessMemory.residentBytes())
        XCTAssertGreaterThan(during - before, 48 << 20, "before \(before), during \(during)")
        XCTAssertGreaterThan(before, 1 << 20)
    }
}
