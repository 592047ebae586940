import XCTest
@testable import ScriptCore

final class GlobalPropertiesTests: XCTestCase {
    final class Delegate: GlobalPropertyDelegate {
        var made: [String] = []
        var assigned: [String] = []
        func globalValue(named name: String, in context: ScriptContext) throws -> JSValue {
            made.append(name)
            if name == "broken" { throw NativeError(.typeError, "cannot make broken") }
            return context.string("made " + name)
        }
        func interceptedBuiltin(named name: String, builtin: JSValue, in context: ScriptContext) throws -> JSValue {
            made.append(name)
            try builtin.setProperty("patched", context.boolean(true))
            return builtin
        }
        func globalAssigned(named name: String, in context: ScriptContext) { assigned.append(name) }
    }

    func testNamesResolveOnFirstUseOnlyAndCanBeReplaced() throws {
        let runtime = ScriptRuntime(globals: GlobalTemplate(names: ["alpha", "beta", "broken"], interceptedBuiltins: ["Intl"]))
        let context = runtime.makeContext()
        let delegate = Delegate()
        context.globalDelegate = delegate
        XCTAssertEqual(delegate.made, [], "nothing is made before a script touches it")
        XCTAssertEqual(try context.evaluate("alpha + '|' + alpha", sourceURL: "t.js").toString(), "made alpha|made alpha")
        XCTAssertEqual(delegate.made, ["alpha"])
        XCTAssertEqual(try context.evaluate("Object.keys(globalThis).length", sourceURL: "t.js").toNumber(), 0)
        XCTAssertEqual(try context.evaluate("'beta' in globalThis", sourceURL: "t.js").boolValue, true)
        try context.evaluate("alpha = 5", sourceURL: "t.js")
        XCTAssertEqual(try context.evaluate("alpha", sourceURL: "t.js").toNumber(), 5)
        XCTAssertEqual(delegate.assigned, ["alpha"])
        XCTAssertEqual(
            try context.evaluate("try { broken } catch (e) { e.name + ': ' + e.message }", sourceURL: "t.js").toString(),
            "TypeError: cannot make broken")
    }

    func testInterceptedBuiltinIsTheEnginesOwnAdjustedOnce() throws {
        let runtime = ScriptRuntime(globals: GlobalTemplate(names: [], interceptedBuiltins: ["Intl"]))
        let context = runtime.makeContext()
        let delegate = Delegate()
        context.globalDelegate = delegate
        XCTAssertEqual(try context.evaluate("typeof Math.max + typeof JSON", sourceURL: "t.js").toString(), "functionobject")
        XCTAssertEqual(delegate.made, [])
        XCTAssertEqual(
            try context.evaluate("Intl.patched && typeof Intl.DateTimeFormat === 'function' && Intl === globalThis.Intl", sourceURL: "t.js").boolValue,
            true)
        XCTAssertEqual(delegate.made, ["Intl"])
    }

    func testContextsWithLazyGlobalsAreReleased() throws {
        let runtime = ScriptRuntime(globals: GlobalTemplate(names: ["alpha"], interceptedBuiltins: ["Intl"]))
        let delegate = Delegate()
        for _ in 0..<20 {
            let context = runtime.makeContext()
            context.globalDelegate = delegate
            try context.evaluate("alpha; Intl; alpha = {}", sourceURL: "t.js")
        }
        XCTAssertLessThanOrEqual(runtime.liveGlobalObjects(), 2)
    }
}
