import ScriptCore
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

final class ProcessMemoryTests: XCTestCase {
    /// The file stays open between reads; every read must still see the memory in use now.
    ///
    /// Other threads of the test process (the engine's heap scavenger after earlier tests) can
    /// give back tens of megabytes at any moment, so one attempt may see no growth; a stale read
    /// never does, so the growth must show in one of a few attempts.
    func testEachReadSeesTheResidentSizeOfThatMoment() throws {
        var attempts: [String] = []
        for _ in 0..<5 {
            let before = try XCTUnwrap(ProcessMemory.residentBytes())
            XCTAssertGreaterThan(before, 1 << 20)
            let size = 64 << 20
            let block = try XCTUnwrap(malloc(size))
            memset(block, 1, size)
            let during = try XCTUnwrap(ProcessMemory.residentBytes())
            let fresh = try XCTUnwrap(Self.residentFromAFreshOpen())
            free(block)
            let growth = during - before
            let agreement = abs(during - fresh)
            if growth > 16 << 20, agreement < 8 << 20 { return }
            attempts.append("before \(before), during \(during), fresh read \(fresh)")
        }
        XCTFail("no attempt saw a 64 MB block: \(attempts.joined(separator: "; "))")
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
