import JSONKit
import WidgetHost
import XCTest

/// O1–O6: outputs.
final class OutputTests: HostTestCase {
    func testO1TopLevelBindingsThisPropertiesAndPrivateNames() {
        let report = run("""
            let title = "Hello", count = 3
            var v = 1
            const { a, b: renamed, c: { d }, ...rest } = { a: 1, b: 2, c: { d: 4 }, e: 5 }
            const [first, , third = 'x'] = [10, 20]
            const _PAGE = 20
            this.temp = 21
            this._hidden = 1
            function load() { const inner = new Date(); return inner }
            class Thing {}
            if (true) { let blockScoped = 1; var blockVar = 2 }
            for (let i = 0; i < 1; i++) {}
            """)
        XCTAssertEqual(report.status, .ok)
        XCTAssertEqual(Set(report.outputs.keys), ["title", "count", "v", "a", "renamed", "d", "rest", "first", "third", "temp"])
        XCTAssertEqual(report.outputs["rest"], ["e": 5])
        XCTAssertEqual(report.outputs["third"], "x")
        XCTAssertEqual(report.outputs["temp"], 21)
    }

    /// The bindings are read by one generated function: names it uses itself must not hide the script's.
    func testO1BindingsNamedLikeTheReadersOwnVariablesAreReadAsTheScriptMeansThem() {
        let report = run("""
            let o = "first", e = 2, out = [3]
            const \\u0078 = 'escaped'
            let late = o + e
            """)
        XCTAssertEqual(report.status, .ok)
        XCTAssertEqual(report.outputs, ["o": "first", "e": 2, "out": [3], "x": "escaped", "late": "first2"])
    }

    /// The host uses no global a script can replace (`Error`, `TypeError`, `Object.setPrototypeOf`):
    /// replacing them must not reach the host.
    func testTheHostKeepsTheBuiltInsAScriptReplaces() {
        let report = run("""
            const OriginalTypeError = TypeError
            Error = function () {}; TypeError = function () {}
            Object.setPrototypeOf = () => {}
            console.log(new RangeError('x'))
            let message
            try { setTimeout('nope', 1) } catch (error) { message = (error instanceof OriginalTypeError) + ' ' + error.message }
            """)
        XCTAssertEqual(report.status, .ok)
        XCTAssertEqual(report.console.map(\.message), ["RangeError: x"])
        XCTAssertEqual(report.outputs["message"], "true setTimeout(callback, ms) needs a function as its first argument")
    }

    /// The engine lists inherited enumerable names with the global's own: only own ones are outputs,
    /// decided by `hasOwnProperty` as it was before the script ran.
    func testO1InheritedEnumerablePropertiesAreNotOutputs() {
        let report = run("""
            Object.prototype.inherited = 'from the prototype'
            Object.prototype.hasOwnProperty = () => true
            this.own = 'mine'
            """)
        XCTAssertEqual(report.status, .ok)
        XCTAssertEqual(report.outputs, ["own": "mine"])
    }

    func testO1UndeclaredAssignmentIsAPropertyOfThis() {
        XCTAssertEqual(run("implicitGlobal = 'yes'").outputs["implicitGlobal"], "yes")
    }

    func testO1OutputsSurviveAScriptThatSabotagesTheBuiltIns() {
        let report = run("""
            let title = "kept"
            this.extra = 2
            this.broken = 1
            Object.defineProperty(this, 'throwing', { enumerable: true, get() { throw new Error('no') } })
            for (const i of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) {
              Object.defineProperty(Object.prototype, i, { set() { throw new Error('trap') }, configurable: true })
            }
            Object.keys = () => []
            Array.prototype.push = null
            Function.prototype.call = null
            """)
        XCTAssertEqual(report.status, .ok, "\(report.error.map { "\($0)" } ?? "")")
        XCTAssertEqual(report.outputs, ["title": "kept", "extra": 2, "broken": 1])
        XCTAssertTrue(diagnostic(report, .outputNotSerializable)?.message.contains("its getter threw: no") ?? false, "\(report.diagnostics)")
    }

    func testO1AScriptCannotReachTheRegistrationOrTheHostsStart() {
        // The registration is the wrapper's first statement, and it removes the host's start.
        for script in ["let a = 1\nlet reached = [typeof __widgethost$start, typeof __widgethost$register, Object.getOwnPropertyNames(globalThis).filter(n => n.startsWith('__widgethost')).length]",
                       "let a = 1\nawait 0\nlet reached = [typeof __widgethost$start, typeof __widgethost$register, Object.getOwnPropertyNames(globalThis).filter(n => n.startsWith('__widgethost')).length]"] {
            let report = run(script)
            XCTAssertEqual(report.status, .ok, script)
            XCTAssertEqual(report.outputs, ["a": 1, "reached": ["undefined", "undefined", 0]], script)
        }
    }

    func testS9TheScriptSeesNoArgumentsOfTheHostsFunction() {
        // As in a classic script, `arguments` is not defined at the top level, plain or async;
        // a function of the script's own still has its own.
        for script in ["let t = typeof arguments, inner = (function () { return arguments.length })(1, 2)",
                       "await 0\nlet t = typeof arguments, inner = (function () { return arguments.length })(1, 2)"] {
            XCTAssertEqual(run(script).outputs, ["t": "undefined", "inner": 2], script)
        }
        let report = run("let n = arguments.length")
        XCTAssertEqual(report.status, .error)
        XCTAssertEqual(report.error?.name, "ReferenceError")
    }

    func testO2ThisPropertyWinsOverABindingWithAnInfo() {
        let report = run("this.name = 'property'\nvar name = 'binding'")
        XCTAssertEqual(report.outputs["name"], "property")
        let clash = diagnostic(report, .outputNameClash)
        XCTAssertEqual(clash?.line, 2)
        XCTAssertEqual(clash?.severity, .info)
        XCTAssertTrue(clash?.message.contains("the value set on this is published") == true, clash?.message ?? "")
    }

    func testO2TheHealthPagesStepsSampleShowsItsText() {
        // The app's Health page: `steps` is both a binding and what `${steps}` shows.
        let report = run("""
            const steps = 6234
            const distance = 4520.5
            this.steps = `${steps} steps · ${(distance / 1000).toFixed(2)} km`
            """)
        XCTAssertEqual(report.outputs, ["steps": "6234 steps · 4.52 km", "distance": 4520.5])
        XCTAssertEqual(report.diagnostics.map(\.code), [.outputNameClash])
    }

    func testO2AThisPropertyThatCannotBePublishedLeavesTheNameOut() {
        // The property wins even when its value is dropped: the binding does not show instead.
        let report = run("let x = 'binding'\nthis.x = undefined")
        XCTAssertNil(report.outputs["x"])
        XCTAssertEqual(Set(report.diagnostics.map(\.code)), [.outputNameClash, .outputDropped])
    }

    func testO3ConversionsLikeJSONStringify() {
        let report = run("""
            let when = new Date(Date.UTC(2024, 0, 2, 3, 4, 5))
            let fn = () => 1
            let nothing = undefined
            let notANumber = NaN
            let big = 10n
            const cyclic = {}; cyclic.self = cyclic
            let nested = { f() {}, u: undefined, n: NaN, list: [1, undefined] }
            Object.defineProperty(this, 'trap', { enumerable: true, get() { throw new Error('getter failed') } })
            """)
        XCTAssertEqual(report.status, .ok)
        XCTAssertEqual(report.outputs["when"], "2024-01-02T03:04:05.000Z")
        XCTAssertNil(report.outputs["fn"])
        XCTAssertNil(report.outputs["nothing"])
        XCTAssertEqual(report.outputs["notANumber"], .null)
        XCTAssertNil(report.outputs["big"])
        XCTAssertNil(report.outputs["cyclic"])
        XCTAssertNil(report.outputs["trap"])
        XCTAssertEqual(report.outputs["nested"], ["n": .null, "list": [1, .null]])
        XCTAssertEqual(report.diagnostics.filter { $0.code == .outputDropped }.count, 2)
        XCTAssertEqual(diagnostic(report, .outputNotFinite)?.line, 4)
        XCTAssertEqual(report.diagnostics.filter { $0.code == .outputNotSerializable }.count, 3)
    }

    func testO3PrimitivesAreWhatJSONWouldMakeOfThem() {
        let report = run("""
            let negativeZero = -0, tiny = 5e-324, huge = -1.7976931348623157e308, third = 1 / 3
            let lone = 'a\\ud800b', pair = '\\ud83d\\ude00', empty = '', quote = '"\\\\\\n'
            let yes = true, no = false, nothing = null
            """)
        XCTAssertEqual(report.status, .ok)
        XCTAssertEqual(report.outputs["negativeZero"]?.serialized(), "0")
        XCTAssertEqual(report.outputs["tiny"], .number(.leastNonzeroMagnitude))
        XCTAssertEqual(report.outputs["huge"], .number(-1.7976931348623157e308))
        XCTAssertEqual(report.outputs["third"], .number(1.0 / 3.0))
        XCTAssertEqual(report.outputs["lone"], "a\u{FFFD}b")
        XCTAssertEqual(report.outputs["pair"], "😀")
        XCTAssertEqual(report.outputs["empty"], "")
        XCTAssertEqual(report.outputs["quote"], "\"\\\n")
        XCTAssertEqual(report.outputs["yes"], true)
        XCTAssertEqual(report.outputs["no"], false)
        XCTAssertEqual(report.outputs["nothing"], .null)
        XCTAssertEqual(report.diagnostics, [])
    }

    func testO4TopLevelReturnKeepsInitialisedBindingsAndDropsTheDeadZone() {
        let report = run("let a = 1\nif (a) {\n  return\n}\nlet b = 2\n")
        XCTAssertEqual(report.status, .ok)
        XCTAssertEqual(report.outputs, ["a": 1])
        XCTAssertEqual(diagnostic(report, .topLevelReturn)?.line, 3)
        XCTAssertEqual(diagnostic(report, .topLevelReturn)?.severity, .warning)
    }

    func testO5FailedRunPublishesNoOutputs() {
        let report = run("let a = 1\nthis.b = 2\nthrow new Error('late')")
        XCTAssertEqual(report.status, .error)
        XCTAssertEqual(report.outputs, [:])
    }

    func testO6MachineOutputIsSortedAndByteIdentical() {
        let script = "let zeta = 1, alpha = { y: 2, x: [3] }\nthis.mid = 'm'"
        let first = run(script).json.serialized()
        let second = run(script).json.serialized()
        XCTAssertEqual(first, second)
        let outputs = run(script).json["outputs"]?.serialized()
        XCTAssertEqual(outputs, #"{"alpha":{"x":[3],"y":2},"mid":"m","zeta":1}"#)
    }
}
