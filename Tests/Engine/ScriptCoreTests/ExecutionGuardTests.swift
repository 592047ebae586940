import CJavaScriptCore
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

    /// Each microtask is an entry of its own, which restarts the engine's count of an entry's
    /// CPU time: without the entry watch these ran for ever.
    func testLoopsOfMicrotasksAreStoppedAndTheRuntimeStaysUsable() throws {
        let loops = [
            "(async () => { for (;;) await 0 })()",
            "function f() { Promise.resolve().then(f) } f()",
            "let n = 0; (async () => { for (;;) { n++; await null } })(); (async () => { for (;;) { n++; await undefined } })(); function g() { n++; Promise.resolve().then(g) } g(); g()",
        ]
        let runtime = ScriptRuntime()
        for loop in loops {
            let context = runtime.makeContext()
            runtime.arm(timeLimit: 0.2, memoryLimitBytes: nil)
            XCTAssertThrowsError(try context.evaluate(loop, sourceURL: "t.js"), loop) {
                XCTAssertEqual(($0 as! ScriptError).termination, .timeout, loop)
            }
            runtime.recoverAfterTermination()
            XCTAssertFalse(runtime.isSpent, loop)
            XCTAssertEqual(try context.evaluate("1 + 1", sourceURL: "t.js").toNumber(), 2, loop)
            XCTAssertEqual(try runtime.makeContext().evaluate("2 + 2", sourceURL: "t.js").toNumber(), 4, loop)
        }
    }

    func testAMicrotaskLoopThatAllocatesIsStoppedByTheMemoryLimit() throws {
        let runtime = ScriptRuntime()
        let context = runtime.makeContext()
        runtime.arm(timeLimit: 20, memoryLimitBytes: 64 << 20)
        XCTAssertThrowsError(try context.evaluate(
            "const a = []; function f() { a.push(new Array(1e4).fill(a.length)); Promise.resolve().then(f) } f()",
            sourceURL: "t.js")) { XCTAssertEqual(($0 as! ScriptError).termination, .memory) }
        runtime.recoverAfterTermination()
        XCTAssertEqual(try runtime.makeContext().evaluate("3", sourceURL: "t.js").toNumber(), 3)
    }

    /// The watch sees every entry into the engine (the library calls its entry set-up through
    /// the symbol the host defines); a library build that stopped doing so fails here first.
    func testTheEntryWatchSeesEveryMicrotask() throws {
        let runtime = ScriptRuntime()
        let context = runtime.makeContext()
        runtime.arm(timeLimit: 5, memoryLimitBytes: nil)
        try context.evaluate("(async () => { for (let i = 0; i < 100; i++) await 0 })()", sourceURL: "t.js")
        XCTAssertGreaterThanOrEqual(runtime.executionGuard.entries, 100)
        runtime.disarm()
    }

    /// The engine tells the host of memory outside its heap (the library calls its report
    /// through the symbol the host defines); untouched pages show in no resident size.
    func testTheEngineReportsLargeBuffersAndStringsToTheGuard() throws {
        let runtime = ScriptRuntime()
        let context = runtime.makeContext()
        runtime.arm(timeLimit: 5, memoryLimitBytes: 1 << 30)
        try context.evaluate("var s = 'x'.repeat(1e7); var t = new Uint8Array(2e7)", sourceURL: "t.js")
        XCTAssertGreaterThanOrEqual(runtime.reportedExtraMemory, 30_000_000)
        runtime.disarm()
    }

    /// Garbage is not what a script holds: a stack overflow caught again and again grows the
    /// process by about 30 MB of stack traces the collector frees, and runs until its deadline.
    func testGarbageIsNotCountedAgainstTheMemoryLimit() throws {
        let runtime = ScriptRuntime()
        let context = runtime.makeContext()
        runtime.arm(timeLimit: 0.5, memoryLimitBytes: 16 << 20)
        XCTAssertThrowsError(try context.evaluate(
            "function r(n) { try { return r(n + 1) + 1 } catch (e) { return r(n + 1) } } r(0)", sourceURL: "t.js")
        ) { XCTAssertEqual(($0 as! ScriptError).termination, .timeout) }
        runtime.recoverAfterTermination()
    }

    /// The entry watch relies on the engine polling for traps (``EngineOptions``).
    func testTheEngineChecksForTrapsByPolling() {
        _ = ScriptRuntime()
        var polling: Int32 = 0
        XCTAssertNotEqual(jsc_options_get_boolean("usePollingTraps", &polling), 0)
        XCTAssertNotEqual(polling, 0)
    }

    func testDeepRecursionIsACatchableRangeError() throws {
        let context = ScriptRuntime().makeContext()
        XCTAssertThrowsError(try context.evaluate("function f() { return f() + 1 } f()", sourceURL: "t.js")) {
            XCTAssertEqual(($0 as! ScriptError).name, "RangeError")
        }
    }
}
