import HostSystem
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

final class ChildProcessTests: XCTestCase {
    func testRunsToTheEndWithBothStreamsAndTheInput() throws {
        let finished = try ChildProcess.run(["/bin/sh", "-c", "cat; echo err >&2; exit 3"], input: Array("in".utf8))
        XCTAssertEqual(finished.termination, .exited(3))
        XCTAssertEqual(finished.out, Array("in".utf8))
        XCTAssertEqual(finished.err, Array("err\n".utf8))
        XCTAssertFalse(finished.timedOut)
    }

    func testOutputLargerThanAPipeDoesNotDeadlock() throws {
        let finished = try ChildProcess.run(["/bin/sh", "-c", "head -c 1000000 /dev/zero; head -c 300000 /dev/zero >&2"])
        XCTAssertEqual(finished.out.count, 1_000_000)
        XCTAssertEqual(finished.err.count, 300_000)
    }

    func testAChildPastItsTimeLimitIsKilled() throws {
        let finished = try ChildProcess.run(["/bin/sh", "-c", "echo started; exec sleep 600"], timeout: .milliseconds(300))
        XCTAssertTrue(finished.timedOut)
        XCTAssertEqual(finished.termination, .signalled(SIGKILL))
        XCTAssertEqual(finished.code, 128 + SIGKILL)
        XCTAssertEqual(finished.out, Array("started\n".utf8))
    }

    func testAMissingProgramIsAStartError() {
        XCTAssertThrowsError(try ChildProcess.run(["/nonexistent/program"])) { error in
            XCTAssertEqual((error as? ChildProcess.StartError)?.code, ENOENT)
        }
        XCTAssertThrowsError(try Program.run(["/nonexistent/program"])) { error in
            XCTAssertTrue(error is HarnessError)
        }
    }

    func testTheEnvironmentIsTheOneGivenAndThePathIsSearched() throws {
        let finished = try ChildProcess.run(["env"], environment: ["A=1", "PATH=/usr/bin:/bin"], searchPath: true)
        XCTAssertEqual(String(decoding: finished.out, as: UTF8.self), "A=1\nPATH=/usr/bin:/bin\n")
    }

    func testErrorsToOutputShareOnePipe() throws {
        let child = try ChildProcess(["/bin/sh", "-c", "echo a; echo b >&2"], output: .pipe, errors: .output)
        var out: [UInt8] = [], err: [UInt8] = []
        XCTAssertTrue(child.drain(into: &out, &err, until: .now + .seconds(60)))
        XCTAssertEqual(child.wait(), .exited(0))
        XCTAssertEqual(String(decoding: out, as: UTF8.self), "a\nb\n")
        XCTAssertEqual(err, [])
    }

    func testRandomBytesAndClocks() {
        XCTAssertEqual(RandomBytes.hex(count: 16).count, 32)
        XCTAssertTrue(RandomBytes.hex(count: 16).utf8.allSatisfy { ("0"..."9").contains(Character(UnicodeScalar($0))) || ("a"..."f").contains(Character(UnicodeScalar($0))) })
        XCTAssertNotEqual(RandomBytes.hex(count: 16), RandomBytes.hex(count: 16))
        let first = MonotonicClock.milliseconds()
        XCTAssertLessThanOrEqual(first, MonotonicClock.milliseconds())
        XCTAssertEqual(Duration.milliseconds(1500).milliseconds, 1500)
        XCTAssertGreaterThan(WallClock.nowMilliseconds(), 1_700_000_000_000)
    }
}
