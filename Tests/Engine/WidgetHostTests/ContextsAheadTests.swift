import JSONKit
import ScriptCore
import WidgetHost
import XCTest

/// A host that makes each run's fresh context ahead, on a second thread and engine,
/// reports exactly what a plain host reports (S7 still holds: every run is fresh).
final class ContextsAheadTests: HostTestCase {
    private let scripts = [
        "let a = 1\nthis.b = [a, this === globalThis]\nsetUpdateFreq(30)",
        "globalThis.leak = 1\nlet seen = typeof leak",
        "let seen = typeof leak",
        "let now = Date.now()\nawait sleep(1500)\nlet later = new Date().getTime()",
        "throw new TypeError('boom')",
        "while (true) {}",
        "const _a = []\nwhile (true) _a.push({ x: _a.length, y: [1, 2] })",
        "let s = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).format()\nconsole.log(s)",
        "let t = typeof Calendar + typeof Request\nsetUpdateTime(Date.now() + 3600000)",
        "Promise.reject(new Error('lost'))\nlet r = Math.random()",
        "endLiveActivity()\nlet ended = true",
    ]

    private func reports(_ host: ScriptHost) -> [RunReport] {
        scripts.map { script in
            var configuration = RunConfiguration()
            configuration.now = Self.fixedNow
            configuration.zone = zone("UTC")
            configuration.seed = 7
            // The endless loop stops at its time limit; the allocation bomb must reach its memory limit first.
            configuration.timeLimitSeconds = script.contains("_a.push") ? 10 : 0.3
            configuration.memoryLimitMB = 64
            return host.run(ScriptSource(text: script, name: "widget.js"), configuration: configuration)
        }
    }

    func testReportsAreTheSameAsAPlainHostsTwiceOver() {
        let plain = reports(ScriptHost())
        let ahead = ScriptHost(preparesContextsAhead: true)
        for round in 0..<2 {
            for (index, report) in reports(ahead).enumerated() {
                XCTAssertEqual(report.status, plain[index].status, "\(scripts[index]) (round \(round))")
                XCTAssertEqual(report.outputs, plain[index].outputs, scripts[index])
                XCTAssertEqual(report.events, plain[index].events, scripts[index])
                XCTAssertEqual(report.console, plain[index].console, scripts[index])
                XCTAssertEqual(report.diagnostics.map(\.code), plain[index].diagnostics.map(\.code), scripts[index])
                XCTAssertEqual(report.error?.summary, plain[index].error?.summary, scripts[index])
            }
        }
        XCTAssertEqual(plain[2].outputs["seen"], "undefined")
        XCTAssertEqual(plain[5].status, .timeout)
        XCTAssertEqual(plain[6].status, .memory)
    }

    func testAHostThatMakesContextsAheadLeavesNoRealmBehind() {
        let before = ScriptContext.liveCount
        do {
            let ahead = ScriptHost(preparesContextsAhead: true)
            for _ in 0..<20 { _ = ahead.run(ScriptSource(text: "let a = 1", name: "w.js")) }
            // Two engines, each with its scratch context, and the context made for the next run.
            XCTAssertLessThanOrEqual(ahead.liveGlobalObjects(), 3)
        }
        XCTAssertEqual(ScriptContext.liveCount, before)
    }
}
