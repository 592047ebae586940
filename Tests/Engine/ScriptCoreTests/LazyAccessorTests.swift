import XCTest
@testable import ScriptCore

/// Globals built on first read (``ScriptContext/defineLazyAccessors(_:_:make:assign:)``).
final class LazyAccessorTests: XCTestCase {
    final class Calls { var made: [String] = []; var assigned: [String] = [] }

    private func context(_ calls: Calls, runtime: ScriptRuntime) throws -> ScriptContext {
        let context = runtime.makeContext()
        let make = context.internalFunction { call in
            let name = try call[0].toString()
            calls.made.append(name)
            if name == "Broken" { throw NativeError(.rangeError, "cannot make \(name)") }
            return call.context.string("made " + name)
        }
        let assign = context.internalFunction { call in
            calls.assigned.append(try call[0].toString() + "=" + call[1].toString())
            return call.context.undefined
        }
        try context.defineLazyAccessors(context.global, ["Alpha", "Beta", "Broken"], make: make, assign: assign)
        return context
    }

    func testEachIsMadeOnceOnItsFirstReadAndAnAssignmentIsKeptAndTold() throws {
        let runtime = ScriptRuntime()
        let calls = Calls()
        let context = try context(calls, runtime: runtime)
        XCTAssertEqual(calls.made, [])
        XCTAssertEqual(try context.evaluate("[Alpha, Alpha, globalThis['Al' + 'pha']].join()", sourceURL: "t.js").toString(), "made Alpha,made Alpha,made Alpha")
        XCTAssertEqual(calls.made, ["Alpha"])
        XCTAssertEqual(try context.evaluate("Beta = 5; Beta + 1", sourceURL: "t.js").toNumber(), 6)
        XCTAssertEqual(calls.made, ["Alpha"])
        XCTAssertEqual(calls.assigned, ["Beta=5"])
        let shape = """
            const d = Object.getOwnPropertyDescriptor(globalThis, 'Alpha');
            [typeof d.get, typeof d.set, d.enumerable, d.configurable, Object.keys(globalThis).includes('Alpha'),
             Object.getPrototypeOf(d.get) === Function.prototype, delete globalThis.Alpha, typeof Alpha].join()
            """
        XCTAssertEqual(try context.evaluate(shape, sourceURL: "t.js").toString(), "function,function,false,true,false,true,true,undefined")
    }

    func testAThrowReachesTheFirstReaderAndLaterReadsGiveUndefined() throws {
        let runtime = ScriptRuntime()
        let calls = Calls()
        let context = try context(calls, runtime: runtime)
        let probe = "let first; try { Broken } catch (e) { first = e instanceof RangeError && e.message }; [first, typeof Broken].join()"
        XCTAssertEqual(try context.evaluate(probe, sourceURL: "t.js").toString(), "cannot make Broken,undefined")
        XCTAssertEqual(calls.made, ["Broken"])
    }

    func testContextsOfOneRuntimeEachGetTheirOwn() throws {
        let runtime = ScriptRuntime()
        let calls = Calls()
        let first = try context(calls, runtime: runtime)
        let second = try context(calls, runtime: runtime)
        _ = try first.evaluate("Alpha = 1", sourceURL: "t.js")
        XCTAssertEqual(try second.evaluate("Alpha", sourceURL: "t.js").toString(), "made Alpha")
        XCTAssertEqual(calls.assigned, ["Alpha=1"])
    }
}
