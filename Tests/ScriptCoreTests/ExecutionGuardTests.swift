import XCTest
@testable import ScriptCore

final class ExecutionGuardTests: XCTestCase {
    func testEndlessLoopIsTerminatedAndTheContextStaysUsable() throws {
        let runtime = ScriptRuntime()
        let context = runtime.makeContext()
        runtime.arm(timeLimit: 0.2, memoryLimitBytes: nil)
        XCTAssertThrowsError(try context.evaluate("try { while (true) {} } catch (e) {}", sourceURL: "t.js")) { error in
            XCTAssertEqual((error as! ScriptError).termination, .timeout)
        }
        runtime.recoverAfterTermination()
        XCTAssertEqual(try context.evaluate("1 + 1", sourceURL: "t.js").toNumber(), 2)
        XCTAssertEqual(try runtime.makeContext().evaluate("2 + 2", sourceURL: "t.js").toNumber(), 4)
    }

    func testTerminationInsideAMicrotaskIsReportedAndConsumed() throws {
        let runtime = ScriptRuntime()
        let context = runtime.makeContext()
        runtime.arm(timeLimit: 0.2, memoryLimitBytes: nil)
        XCTAssertThrowsError(try context.evaluate("(async () => { await null; while (true) {} })()", sourceURL: "t.js")) {
            XCTAssertEqual(($0 as! ScriptError).termination, .timeout)
        }
        runtime.recoverAfterTermination()
        XCTAssertEqual(try runtime.makeContext().evaluate("'fine'", sourceURL: "t.js").toString(), "fine")
    }

    func testGuardReArmsSoLongScriptsWithinTheLimitFinish() throws {
        let runtime = ScriptRuntime()
        let context = runtime.makeContext()
        runtime.arm(timeLimit: 5, memoryLimitBytes: nil)
        // Runs for several guard ticks, well under the limit.
        let value = try context.evaluate(
            "let n = 0; const end = Date.now() + 120; while (Date.now() < end) { n++ } n > 0", sourceURL: "t.js")
        XCTAssertTrue(value.boolValue)
        runtime.disarm()
    }

    func testSmallObjectAllocationBombIsStoppedByTheMemoryGuard() throws {
        let runtime = ScriptRuntime()
        let context = runtime.makeContext()
        runtime.arm(timeLimit: 20, memoryLimitBytes: 64 << 20)
        XCTAssertThrowsError(
            try context.evaluate("const a = []; while (true) a.push({x: a.length, y: [1, 2]})", sourceURL: "t.js")
        ) { XCTAssertEqual(($0 as! ScriptError).termination, .memory) }
        XCTAssertGreaterThan(runtime.residentGrowth, 64 << 20)
        runtime.recoverAfterTermination()
        XCTAssertEqual(try runtime.makeContext().evaluate("3", sourceURL: "t.js").toNumber(), 3)
    }

    func testDeepRecursionIsACatchableRangeError() throws {
        let context = ScriptRuntime().makeContext()
        XCTAssertThrowsError(try context.evaluate("function f() { return f() + 1 } f()", sourceURL: "t.js")) {
            XCTAssertEqual(($0 as! ScriptError).name, "RangeError")
        }
    }
}
