import JSONKit
import WidgetHost
import XCTest

/// Serializing outputs is part of the run (S6, O3): a value whose JSON would be too large to
/// publish is left out, quickly and without growing the process, and the other outputs stay.
final class OutputBudgetTests: HostTestCase {
    func testATypedArrayOfTwentyMillionElementsIsLeftOutAndTheRestKept() {
        for length in ["2e7", "2.5e7"] {
            let report = run("let t = new Uint8Array(\(length))\nlet kept = 'yes'\nthis.also = [1, 2]")
            XCTAssertEqual(report.status, .ok, length)
            XCTAssertNil(report.outputs["t"], length)
            XCTAssertEqual(report.outputs["kept"], "yes", length)
            XCTAssertEqual(report.outputs["also"], [1, 2], length)
            let message = diagnostic(report, .outputNotSerializable)?.message ?? ""
            XCTAssertTrue(message.contains("output 't' is too large to publish"), message)
            XCTAssertTrue(message.contains("7.5 MB"), message)
            XCTAssertEqual(diagnostic(report, .outputNotSerializable)?.line, 1, length)
        }
    }

    func testSmallTypedArraysStillConvertAsJSONWouldMakeThem() {
        let report = run("let bytes = new Uint8Array([1, 2])\nlet view = new DataView(new ArrayBuffer(8))")
        XCTAssertEqual(report.outputs["bytes"], ["0": 1, "1": 2])
        XCTAssertEqual(report.outputs["view"], [:])
    }

    func testAGigabyteStringIsLeftOutBeforeItIsCopied() {
        let report = run("let s = 'x'.repeat(1e9)\nlet kept = 1") { $0.memoryLimitMB = 4096 }
        XCTAssertEqual(report.status, .ok)
        XCTAssertNil(report.outputs["s"])
        XCTAssertEqual(report.outputs["kept"], 1)
        XCTAssertTrue((diagnostic(report, .outputNotSerializable)?.message ?? "").contains("64 MB"))
    }

    func testAHugeSparseArrayIsLeftOut() {
        let report = run("let a = []\na.length = 2 ** 32 - 1\nlet kept = true")
        XCTAssertEqual(report.status, .ok)
        XCTAssertNil(report.outputs["a"])
        XCTAssertEqual(report.outputs["kept"], true)
    }

    /// The budget is for all outputs together, taken in order: bindings as declared, then
    /// properties of `this` by name.
    func testTheBudgetIsSharedByTheOutputsInTheirOrder() {
        // 8 MB of memory: 2 MB of JSON; each string takes 0.8 MB.
        let script = "let a = 'a'.repeat(800000)\nlet b = 'b'.repeat(800000)\nlet c = 'c'.repeat(800000)\nlet d = 1"
        let report = run(script) { $0.memoryLimitMB = 8 }
        XCTAssertEqual(report.status, .ok)
        XCTAssertEqual(Set(report.outputs.keys), ["a", "b", "d"])
        XCTAssertEqual(report.diagnostics.filter { $0.code == .outputNotSerializable }.count, 1)
    }

    /// The replacer that measures a value sees every value, and hands each back unchanged.
    func testNestedValuesConvertUnchanged() {
        let report = run("""
            let nested = { date: new Date(0), list: [1, 'two', null, undefined, () => 3], deep: { toJSON() { return 'made' } } }
            """)
        XCTAssertEqual(report.outputs["nested"], ["date": "1970-01-01T00:00:00.000Z", "list": [1, "two", nil, nil, nil], "deep": "made"])
    }

    func testAnOutOfMemoryErrorFromTheEngineEndsTheRunAsMemory() {
        let report = run("let s = 'x'.repeat(2 ** 31)") { $0.memoryLimitMB = 4096 }
        XCTAssertEqual(report.status, .memory)
        XCTAssertEqual(report.outputs, [:])
        XCTAssertNil(report.error)
        let message = diagnostic(report, .memoryLimit)?.message ?? ""
        XCTAssertTrue(message.contains("RangeError: Out of memory"), message)
    }

    func testAnOutOfMemoryErrorTheScriptCatchesIsItsOwnBusiness() {
        let report = run("let caught\ntry { 'x'.repeat(2 ** 31) } catch (e) { caught = String(e) }")
        XCTAssertEqual(report.status, .ok)
        XCTAssertEqual(report.outputs["caught"], "RangeError: Out of memory")
    }
}
