import JSONKit
import ScriptCore
import WidgetHost
import XCTest

/// Every run gets every host global, however the script reaches it: nothing about a script's
/// text decides what exists.
final class HostGlobalsTests: HostTestCase {
    func testAGlobalNamedOnlyInAStringThatBecomesCodeIsThere() {
        let report = run("var f = [].flat['constr' + 'uctor']\nlet out = f('return typeof Calendar + typeof Weather')()")
        XCTAssertEqual(report.outputs["out"], "objectobject")
        let template = run("let out = [].flat[`constr${''}uctor`]('return typeof Weather')()")
        XCTAssertEqual(template.outputs["out"], "object")
        let continued = run("let out = [].flat['constr\\\nuctor']('return typeof Calendar')()")
        XCTAssertEqual(continued.outputs["out"], "object")
    }

    func testAGlobalNamedInCodeTheTokenizerMayMistakeForACommentIsThere() {
        // (`this.out`: the output scan misreads these texts, which the tokenizer gets wrong.)
        let report = run("var x = 1\n<!-- `\nthis.out = typeof Calendar\n//`")
        XCTAssertEqual(report.outputs["out"], "object")
        let division = run("var a = function(){} / \"/\"; this.out = typeof Calendar // \"")
        XCTAssertEqual(division.outputs["out"], "object")
    }

    func testTheGlobalObjectFromThisValueOfReachesComputedNames() {
        let report = run("const _g = this.valueOf()\nlet out = typeof _g['Cal' + 'endar'] + typeof _g['Wea' + 'ther']")
        XCTAssertEqual(report.outputs["out"], "objectobject")
    }
}

/// The API's globals are accessors built on first read: not enumerable, own, the same value
/// on every read, an assignment kept and reported, deletable.
final class NativeAccessorTests: HostTestCase {
    func testAPIGlobalsAreAccessorsBuiltOnFirstRead() {
        let body = """
            let before = typeof Weather + typeof Device
            let enumerable = this.propertyIsEnumerable('Weather')
            let own = this.hasOwnProperty('Weather')
            let same = Weather === Weather
            Weather = 5
            let after = Weather
            let deleted = delete Device
            let gone = typeof Device
            """
        for script in [body, body + "\nlet kinds = typeof Error + typeof Object", body + "\nconsole.log(after)"] {
            let report = run(script)
            XCTAssertEqual(report.status, .ok, script)
            XCTAssertEqual(report.outputs["before"], "objectobject", script)
            XCTAssertEqual(report.outputs["enumerable"], false, script)
            XCTAssertEqual(report.outputs["own"], true, script)
            XCTAssertEqual(report.outputs["same"], true, script)
            XCTAssertEqual(report.outputs["after"], 5, script)
            XCTAssertEqual(report.outputs["deleted"], true, script)
            XCTAssertEqual(report.outputs["gone"], "undefined", script)
            XCTAssertEqual(report.diagnostics.filter { $0.code == .hostGlobalReplaced }.map(\.message),
                ["the script replaced the host's 'Weather'; the script's replacement is used instead of the host's"], script)
        }
    }
}

/// Every host global and every built-in the host replaces, reached through computed names, is
/// the host's; and what the host puts in a built-in's place cannot be told from the engine's.
final class HostGlobalRoutesTests: HostTestCase {
    /// The globals the host defines on every run.
    static var hostGlobals: [String] {
        ["setTimeout", "setInterval", "clearTimeout", "clearInterval", "sleep", "console"] + APIRegistry.globals.filter { $0.implementation != .host }.map(\.name)
    }

    /// Five ways to reach a global whose name the text never spells.
    static let routes = [
        "globalThis[N]",
        "(0, eval)('this[' + JSON.stringify(N) + ']')",
        "Function('return this[' + JSON.stringify(N) + ']')()",
        "Reflect.get(this.valueOf(), N)",
        "[].flat.constructor('with (globalThis) return eval(' + JSON.stringify(N) + ')')()",
        "Object.getOwnPropertyDescriptor(globalThis, N).get ? globalThis[N] : Object.getOwnPropertyDescriptor(globalThis, N).value",
    ]

    func testEveryHostGlobalIsReachedByEveryRoute() {
        for name in Self.hostGlobals {
            // The name reaches the script as computed text: reversed, so no word of the script is the name.
            let reversed = String(name.reversed())
            var script = "const N = \(JSONValue.string(reversed).serialized()).split('').reverse().join('')\nconst direct = globalThis[N]\n"
            script += "let kinds = [typeof direct]\nlet same = []\n"
            for route in Self.routes { script += "same.push((\(route)) === direct)\n" }
            let report = run(script) { $0.seed = 7 }
            XCTAssertEqual(report.status, .ok, "\(name): \(report.error?.message ?? "")")
            XCTAssertNotEqual(report.outputs["kinds"], ["undefined"], name)
            XCTAssertEqual(report.outputs["same"], .array(Array(repeating: true, count: Self.routes.count)), name)
        }
    }

    func testControlBindingsCalledThroughComputedNamesAreRecorded() {
        let script = Self.routes.enumerated().map { index, route in
            "{ const N = ['Freq', 'Update', 'set'].reverse().join(''); (\(route))(\(index + 10)) }"
        }.joined(separator: "\n")
        let report = run(script)
        XCTAssertEqual(report.status, .ok)
        XCTAssertEqual(report.events.map(\.type), Array(repeating: "setUpdateFreq", count: Self.routes.count))
        XCTAssertEqual(report.events.map(\.args), (10..<(10 + Self.routes.count)).map { [.number(Double($0))] })
    }

    func testSeededRandomIsReachedByEveryRoute() {
        let first = run("let v = [Math.random(), Math.random()]") { $0.seed = 42 }
        for route in ["this['Ma' + 'th'].random", "(0, eval)('Math.random')", "Reflect.get(Reflect.get(globalThis, 'Math'), 'ran' + 'dom')",
                      "[].flat.constructor('return Math.random')()", "Object.getOwnPropertyDescriptor(Math, 'random').value"] {
            let report = run("const f = \(route)\nlet v = [f(), f()]") { $0.seed = 42 }
            XCTAssertEqual(report.outputs["v"], first.outputs["v"], route)
        }
        XCTAssertNotEqual(run("let v = [Math.random(), Math.random()]") { $0.seed = 43 }.outputs["v"], first.outputs["v"])
    }

    /// `typeof`, `String(f)`, descriptors and own keys of every built-in the host replaces, in a
    /// bare engine context and in a run: they agree.
    func testReplacedBuiltInsAgreeWithTheBareEngine() throws {
        let probe = """
            (() => {
              const show = (v) => typeof v === 'function' ? 'fn:' + String(v) : typeof v === 'object' && v !== null ? 'object' : String(v);
              const describe = (d) => d === undefined ? 'none' : Object.keys(d).sort().map(k => k + '=' + show(d[k])).join(',');
              const keys = (o) => Reflect.ownKeys(o).map(String).join(',');
              const constructible = (f) => { try { Reflect.construct(String, [], f); return true } catch (e) { return false } };
              const report = [];
              const entries = [['Math', Math, 'random'], ['globalThis', globalThis, 'console']];
              for (const name of ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'assert']) entries.push(['console', console, name]);
              for (const [owner, object, name] of entries) {
                const value = object[name];
                report.push(owner + '.' + name + ': ' + typeof value + ' | ' + describe(Object.getOwnPropertyDescriptor(object, name)) +
                  (typeof value === 'function' ? ' | ' + String(value) + ' | ' + keys(value) + ' | ' + describe(Object.getOwnPropertyDescriptor(value, 'name')) +
                  ' | ' + describe(Object.getOwnPropertyDescriptor(value, 'length')) + ' | ' + constructible(value) + ' | ' + ('prototype' in value) +
                  ' | ' + (Object.getPrototypeOf(value) === Function.prototype) : ' | ' + keys(value)));
              }
              return report.join('\\n');
            })()
            """
        let bare = ScriptRuntime().makeContext(name: "bare")
        let expected = try bare.evaluate(probe, sourceURL: "bare.js").toString()
        let report = run("let v = \(probe)") { $0.seed = 1 }
        XCTAssertEqual(report.status, .ok, report.error?.message ?? "")
        guard case .string(let actual)? = report.outputs["v"] else { return XCTFail("no probe output") }
        XCTAssertEqual(actual, expected)
        XCTAssertTrue(expected.contains("Math.random: function | configurable=true,enumerable=false,value=fn:function random() {"), expected)
    }
}
