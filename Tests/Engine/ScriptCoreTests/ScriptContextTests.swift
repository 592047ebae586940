import XCTest
@testable import ScriptCore

final class ScriptContextTests: XCTestCase {
    func testEvaluateReturnsValues() throws {
        let context = ScriptRuntime().makeContext()
        XCTAssertEqual(try context.evaluate("6 * 7", sourceURL: "t.js").toNumber(), 42)
        XCTAssertEqual(try context.evaluate("'a' + 'b'", sourceURL: "t.js").toString(), "ab")
        XCTAssertEqual(try context.evaluate("[1, {b: 2}]", sourceURL: "t.js").jsonString(), "[1,{\"b\":2}]")
        XCTAssertEqual(try context.evaluate("[1]", sourceURL: "t.js").kind, .array)
        XCTAssertEqual(try context.evaluate("null", sourceURL: "t.js").kind, .null)
        XCTAssertEqual(try context.evaluate("10n", sourceURL: "t.js").kind, .bigint)
    }

    func testStringsSurviveNulAndAstralCharacters() throws {
        let context = ScriptRuntime().makeContext()
        let text = "a\u{0}b😀é"
        let value = context.string(text)
        XCTAssertEqual(try value.toString(), text)
        XCTAssertEqual(try context.evaluate("'x\\u0000y'.length", sourceURL: "t.js").toNumber(), 3)
    }

    /// "é" as U+00E9 and "e" followed by U+0301 are two property names for the engine (and
    /// equal `String`s for Swift): the host reads and writes each as the script wrote it.
    func testPropertyNamesThatDifferOnlyInNormalizationAreTwoProperties() throws {
        let context = ScriptRuntime().makeContext()
        let object = try context.evaluate(#"({"\u00e9": 1, "e\u0301": 2})"#, sourceURL: "t.js")
        XCTAssertEqual(try object.property("\u{E9}").toNumber(), 1)
        XCTAssertEqual(try object.property("e\u{301}").toNumber(), 2)
        try object.setProperty("e\u{301}", context.number(3))
        object.define("A\u{30A}", context.number(4))
        object.define("\u{C5}", context.number(5))
        XCTAssertEqual(try object.property("\u{E9}").toNumber(), 1)
        XCTAssertEqual(try object.property("e\u{301}").toNumber(), 3)
        XCTAssertEqual(try context.call(context.evaluate("o => JSON.stringify(o)", sourceURL: "t.js"), arguments: [object]).toString().unicodeScalars.map(\.value),
                       "{\"\u{E9}\":1,\"e\u{301}\":3,\"A\u{30A}\":4,\"\u{C5}\":5}".unicodeScalars.map(\.value))
    }

    func testExceptionsBecomeScriptErrorsWithLocation() {
        let context = ScriptRuntime().makeContext()
        XCTAssertThrowsError(try context.evaluate("let a = 1;\n  null.x;", sourceURL: "w.js")) { error in
            let error = error as! ScriptError
            XCTAssertEqual(error.name, "TypeError")
            XCTAssertEqual(error.line, 2)
            XCTAssertEqual(error.column, 7)
            XCTAssertEqual(error.sourceURL, "w.js")
            XCTAssertEqual(error.phase, .evaluate)
            XCTAssertTrue(error.stack?.contains("w.js:2:7") ?? false)
        }
        XCTAssertThrowsError(try context.evaluate("throw 'plain'", sourceURL: "w.js")) { error in
            let error = error as! ScriptError
            XCTAssertEqual(error.description, "plain")
            XCTAssertFalse(error.thrownErrorObject)
        }
    }

    /// What counts as an error object is decided by the realm's own `Error.prototype`,
    /// whatever the script did to the global `Error`, and without running a proxy's traps.
    func testContextsAreNotOfferedToARemoteInspector() {
        let context = ScriptRuntime().makeContext()
        XCTAssertFalse(context.isInspectable)
        XCTAssertEqual(try context.evaluate("1 + 1", sourceURL: "t.js").toNumber(), 2)
    }

    func testHasOwnPropertyIsTheOneBeforeAnyScriptRan() throws {
        let context = ScriptRuntime().makeContext()
        let object = try context.evaluate("""
            Object.prototype.hasOwnProperty = () => true
            const o = Object.create({ inherited: 1 }); o.own = 2; o
            """, sourceURL: "t.js")
        guard case .returned(true) = try context.hasOwnProperty(object, "own"),
            case .returned(false) = try context.hasOwnProperty(object, "inherited")
        else { return XCTFail("own and inherited properties told apart wrongly") }
        let trap = try context.evaluate("new Proxy({}, { getOwnPropertyDescriptor() { throw new Error('trap') } })", sourceURL: "t.js")
        guard case .thrown(let thrown) = try context.hasOwnProperty(trap, "x") else { return XCTFail("the trap's throw is lost") }
        XCTAssertEqual(try thrown.property("message").toString(), "trap")
    }

    func testErrorsAreRecognisedByTheRealmsOwnPrototype() {
        let context = ScriptRuntime().makeContext()
        func thrown(_ source: String) -> ScriptError? {
            do {
                _ = try context.evaluate(source, sourceURL: "e.js")
                return nil
            } catch {
                return error
            }
        }
        let afterReplacement = thrown("Error = function () {}; TypeError = 1;\nnull.x")
        XCTAssertEqual(afterReplacement?.name, "TypeError")
        XCTAssertEqual(afterReplacement?.line, 2)
        XCTAssertEqual(afterReplacement?.thrownErrorObject, true)
        let subclass = thrown("class Oops extends RangeError { get name() { return 'Oops' } }; throw new Oops('deep')")
        XCTAssertEqual(subclass?.name, "Oops")
        XCTAssertEqual(subclass?.message, "deep")
        let plain = thrown("throw { name: 'Fake', message: 'not an error' }")
        XCTAssertEqual(plain?.thrownErrorObject, false)
        XCTAssertEqual(plain?.message, "[object Object]")
        let trapped = thrown("throw new Proxy({}, { getPrototypeOf() { while (true) {} } })")
        XCTAssertEqual(trapped?.thrownErrorObject, false)
        let long = thrown("let o = new Error('bottom'); for (let i = 0; i < 20000; i++) o = Object.create(o); throw o")
        XCTAssertEqual(long?.thrownErrorObject, false, "a chain longer than the limit is not followed to its end")
    }

    func testSyntaxCheckReportsLine() {
        let context = ScriptRuntime().makeContext()
        XCTAssertThrowsError(try context.checkSyntax("let a = 1\nlet b = ;", sourceURL: "w.js")) { error in
            let error = error as! ScriptError
            XCTAssertEqual(error.phase, .parse)
            XCTAssertEqual(error.name, "SyntaxError")
            XCTAssertEqual(error.line, 2)
        }
    }

    func testNativeFunctionsRoundTripValuesAndErrors() throws {
        let context = ScriptRuntime().makeContext()
        let add = context.function("add", length: 2) { call in
            call.context.number(try call[0].toNumber() + call[1].toNumber())
        }
        context.global.define("add", add)
        let fail = context.function("fail") { _ in throw NativeError(.rangeError, "no way") }
        context.global.define("fail", fail)
        XCTAssertEqual(try context.evaluate("add(2, 3)", sourceURL: "t.js").toNumber(), 5)
        XCTAssertEqual(try context.evaluate("typeof add + add.name + add.length", sourceURL: "t.js").toString(), "functionadd2")
        XCTAssertEqual(try context.evaluate("add.call(null, 1, 1) + add.bind(null, 10)(1)", sourceURL: "t.js").toNumber(), 13)
        XCTAssertEqual(
            try context.evaluate("try { fail() } catch (e) { e instanceof RangeError && e.message }", sourceURL: "t.js").toString(),
            "no way")
        XCTAssertThrowsError(try context.evaluate("fail()", sourceURL: "t.js")) { error in
            XCTAssertEqual((error as! ScriptError).description, "RangeError: no way")
        }
    }

    func testNativeCanRethrowAJavaScriptValue() throws {
        let context = ScriptRuntime().makeContext()
        context.global.define("rethrow", context.function("rethrow") { call in throw JSException(call[0]) })
        XCTAssertEqual(try context.evaluate("try { rethrow(41) } catch (e) { e + 1 }", sourceURL: "t.js").toNumber(), 42)
    }

    func testPromisesSettleFromSwift() throws {
        let context = ScriptRuntime().makeContext()
        let (promise, resolve, _) = context.makePromise()
        context.global.define("pending", promise)
        try context.evaluate("globalThis.got = 0; pending.then(v => { globalThis.got = v })", sourceURL: "t.js")
        XCTAssertEqual(try context.evaluate("got", sourceURL: "t.js").toNumber(), 0)
        try context.call(resolve, arguments: [context.number(7)])
        XCTAssertEqual(try context.evaluate("got", sourceURL: "t.js").toNumber(), 7)
    }

    func testUnhandledRejectionCallbackAndEvalSwitch() throws {
        let context = ScriptRuntime().makeContext()
        final class Box { var reasons: [String] = [] }
        let box = Box()
        context.setUnhandledRejectionHandler { _, reason in box.reasons.append((try? reason.toString()) ?? "?") }
        try context.evaluate("Promise.reject(new Error('lost')); Promise.reject(1).catch(() => {})", sourceURL: "t.js")
        XCTAssertEqual(box.reasons, ["Error: lost"])
        context.setEvalEnabled(false, message: "eval is off")
        XCTAssertThrowsError(try context.evaluate("eval('1')", sourceURL: "t.js")) { error in
            XCTAssertEqual((error as! ScriptError).description, "EvalError: eval is off")
        }
    }

    func testBytesOfTypedArrays() throws {
        let context = ScriptRuntime().makeContext()
        let value = try context.evaluate("new Uint8Array([1, 2, 3, 4]).subarray(1, 3)", sourceURL: "t.js")
        XCTAssertEqual(value.bytes(), [2, 3])
        XCTAssertNil(context.number(1).bytes())
    }
}

final class CallerLineTests: XCTestCase {
    func testNativeKnowsTheLineItWasCalledFrom() throws {
        let context = ScriptRuntime().makeContext()
        final class Box { var lines: [Int?] = [] }
        let box = Box()
        context.global.define("where", context.function("where") { call in
            box.lines.append(call.context.callerLine(in: "w.js"))
            return call.context.undefined
        })
        try context.evaluate("function g() {\n  where()\n}\n\ng(); where()", sourceURL: "w.js")
        XCTAssertEqual(box.lines, [2, 5])
    }
}

final class CompiledScriptTests: XCTestCase {
    func testCompiledScriptRunsInManyContextsAndOutlivesItsRuntimeReference() throws {
        var runtime: ScriptRuntime? = ScriptRuntime()
        let script = try CompiledScript("globalThis.n = (globalThis.n || 0) + 1; n * 10", sourceURL: "c.js", runtime: runtime!)
        XCTAssertEqual(try runtime!.makeContext().evaluate(script).toNumber(), 10)
        XCTAssertEqual(try runtime!.makeContext().evaluate(script).toNumber(), 10)
        runtime = nil  // the script keeps its runtime (and group) alive until it is released
        XCTAssertEqual(try script.runtime.makeContext().evaluate(script).toNumber(), 10)
    }
}
