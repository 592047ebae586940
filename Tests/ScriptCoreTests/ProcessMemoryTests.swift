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
        let fresh = try XCTUnwrap(Self.residentFromAFreshOpen())
        // Other threads (the engine's scavenger) may give memory back meanwhile, so the growth
        // is not exactly the block: compare with a read through a newly opened file instead.
        XCTAssertLessThan(abs(during - fresh), 8 << 20, "kept-open read \(during), fresh read \(fresh)")
        XCTAssertGreaterThan(during - before, 16 << 20, "before \(before), during \(during)")
        XCTAssertGreaterThan(before, 1 << 20)
    }

    private static func residentFromAFreshOpen() -> Int? {
        guard let file = fopen("/proc/self/statm", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = fread(&buffer, 1, buffer.count, file)
        let fields = String(decoding: buffer[..<count], as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
