import JSONKit
import WidgetHost
import XCTest

/// Hostile scripts run one after another in one process, in a loop; each ends
/// with the right status and diagnostics, and the same host then runs a normal script.
final class HostileScriptTests: HostTestCase {
    struct Case {
        let name: String
        let script: String
        let status: RunStatus
        let code: DiagnosticCode?
    }

    let cases: [Case] = [
        Case(name: "endless loop", script: "while (true) {}", status: .timeout, code: .timeLimit),
        Case(name: "endless loop after await", script: "await null\nwhile (true) {}", status: .timeout, code: .timeLimit),
        Case(name: "endless loop in a timer", script: "setTimeout(() => { while (true) {} }, 10)\nawait sleep(100)", status: .timeout, code: .timeLimit),
        Case(name: "endless recursion", script: "function f() { return f() + 1 }\nf()", status: .error, code: .uncaughtError),
        Case(name: "small-object bomb", script: "const a = []\nwhile (true) a.push({ x: a.length, y: [1, 2] })", status: .memory, code: .memoryLimit),
        Case(name: "100 MB string", script: "let s = 'x'.repeat(100 * 1024 * 1024)", status: .memory, code: .memoryLimit),
        Case(name: "50,000 console lines", script: "for (let i = 0; i < 5e4; i++) console.log(i)\nlet done = true", status: .ok, code: .consoleTruncated),
        // `Date` is the engine's own (the host answers its clock): replacing it is the script's business.
        Case(name: "replaces Date", script: "Date = function () { return 0 }\nlet d = Date()", status: .ok, code: nil),
        Case(name: "replaces setUpdateFreq", script: "setUpdateFreq = () => {}\nsetUpdateFreq(1)", status: .ok, code: .hostGlobalReplaced),
        Case(name: "replaces console and timers", script: "console = null; setTimeout = 1; sleep = undefined\nlet a = 1", status: .ok, code: .hostGlobalReplaced),
        Case(name: "output getter throws", script: "Object.defineProperty(this, 'x', { enumerable: true, get() { throw 1 } })", status: .ok, code: .outputNotSerializable),
        Case(name: "promise that never settles", script: "await new Promise(() => {})", status: .timeout, code: .neverSettles),
        Case(name: "interval that never stops", script: "setInterval(() => {}, 1)\nawait new Promise(() => {})", status: .timeout, code: .timerLimit),
        // The host's start is gone once the body runs: a ReferenceError.
        Case(name: "calls the host's start itself", script: "__widgethost$start(1, true)\nlet after = 1", status: .error, code: .uncaughtError),
        Case(name: "calls the host's start itself (async body)", script: "__widgethost$start(new Promise(() => {}))\nawait 0", status: .error, code: .uncaughtError),
        Case(name: "replaces JSON and Promise.prototype.then", script: "JSON.stringify = () => { throw 1 }\nPromise.prototype.then = null\nlet kept = { a: 1 }", status: .ok, code: nil),
    ]

    func testHostileScriptsInALoopLeaveTheHostHealthy() {
        for round in 0..<2 {
            for hostile in cases {
                let report = run(hostile.script) {
                    $0.timeLimitSeconds = 0.5
                    $0.memoryLimitMB = 64
                    $0.timerFiringLimit = 10_000
                }
                XCTAssertEqual(report.status, hostile.status, "\(hostile.name) (round \(round))")
                if let code = hostile.code {
                    XCTAssertNotNil(diagnostic(report, code), "\(hostile.name): \(codes(report))")
                }
                let normal = run("setUpdateFreq(30)\nlet title = 'fine'")
                XCTAssertEqual(normal.status, .ok, "after \(hostile.name)")
                XCTAssertEqual(normal.outputs["title"], "fine", "after \(hostile.name)")
                XCTAssertEqual(normal.nextRefresh?.reason, .frequency, "after \(hostile.name)")
            }
        }
    }

    func testReplacedJSONDoesNotChangeOutputs() {
        let report = run("JSON.stringify = () => 'hacked'\nlet kept = { a: 1 }")
        XCTAssertEqual(report.outputs["kept"], ["a": 1])
    }
}
