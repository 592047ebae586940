import JSONKit
import WidgetHost
import TestSupport
import XCTest

/// S1–S8: running a script.
final class RunningTests: HostTestCase {
    /// The host settles an async body through the realm's own `then`, kept before the script ran.
    func testS4AnAsyncBodyThatBreaksPromiseThenStillSettles() {
        let report = run("""
            Promise.prototype.then = null
            await 0
            let after = 'settled'
            """)
        XCTAssertEqual(report.status, .ok)
        XCTAssertEqual(report.outputs["after"], "settled")
    }

    func testS1TopLevelAwaitAndThisIsTheGlobalObject() {
        let report = run("const v = await Promise.resolve(41) + 1\nthis.same = this === globalThis")
        XCTAssertEqual(report.status, .ok)
        XCTAssertEqual(report.outputs["v"], 42)
        XCTAssertEqual(report.outputs["same"], true)
    }

    /// A script that never mentions `await` runs as a plain function; appending `await 0` makes
    /// the same script run as an async one. Nothing the report shows may differ.
    func testS1APlainBodyReportsExactlyWhatAnAsyncBodyWould() {
        for script in [
            "let a = 1\nthis.b = [a, this === globalThis]\nsetUpdateFreq(30)",
            "let a = 1\nthrow new Error('boom')",
            "function f() {\n  return null.x\n}\nf()",
            "throw 'just a string'",
            "function f() { return f() }\nf()",
            "Promise.reject(new Error('lost'))\nlet a = 1",
            "let fired = false\nsetTimeout(() => { fired = true }, 1000)",
            "let n = 0\nPromise.resolve().then(() => { n = 2 })",
            "console.log('hi'); setUpdateFreq(-1)",
            "Date = 5\nlet d = 1",
        ] {
            let plain = run(script)
            let async = run(script + "\nawait 0")
            XCTAssertEqual(plain.status, async.status, script)
            XCTAssertEqual(plain.outputs, async.outputs, script)
            XCTAssertEqual(plain.events, async.events, script)
            XCTAssertEqual(plain.console, async.console, script)
            XCTAssertEqual(plain.diagnostics, async.diagnostics, script)
            XCTAssertEqual(plain.error, async.error, script)
        }
    }

    func testS1SyntaxErrorIsAnErrorDiagnosticWithLineAndColumnAndNoRun() {
        let report = run("setUpdateFreq(30)\nlet x = ;\n")
        XCTAssertEqual(report.status, .error)
        XCTAssertEqual(report.events.count, 0)
        let diagnostic = diagnostic(report, .syntaxError)
        XCTAssertEqual(diagnostic?.severity, .error)
        XCTAssertEqual(diagnostic?.line, 2)
        XCTAssertNotNil(diagnostic?.column)
        XCTAssertEqual(report.error?.name, "SyntaxError")
    }

    func testS1AnInvalidCharacterIsReportedAtItsColumnAndShown() {
        // The quick reference of the app's control page, pasted as it is.
        let report = run("setUpdateFreq(minute) → void        // next refresh in N minutes\n")
        XCTAssertEqual(report.status, .error)
        let diagnostic = diagnostic(report, .syntaxError)
        XCTAssertEqual(diagnostic?.line, 1)
        XCTAssertEqual(diagnostic?.column, 23)
        XCTAssertEqual(report.error?.column, 23)
        XCTAssertEqual(report.error?.message, "Invalid character '→' (U+2192)")
        XCTAssertEqual(diagnostic?.message, "SyntaxError: Invalid character '→' (U+2192)")
    }

    func testS1AnInvalidCharacterInsideAStringOrCommentEarlierOnTheLineIsNotTheOneReported() {
        // Columns count UTF-16 units: the emoji before the offending arrow takes two.
        let report = run("let a = 1\nlet s = \"→ 😀\" /* → */ → 2\n")
        XCTAssertEqual(report.error?.line, 2)
        XCTAssertEqual(report.error?.column, 24)
        XCTAssertEqual(report.error?.message, "Invalid character '→' (U+2192)")
    }

    func testS1AnInvalidCharacterOutsideTheBasicPlaneIsShownWhole() {
        let report = run("let x = 1 😀 2")
        XCTAssertEqual(report.error?.column, 11)
        XCTAssertEqual(report.error?.message, "Invalid character '😀' (U+1F600)")
    }

    func testS1AnInvisibleInvalidCharacterIsNamedByItsCodePoint() {
        let report = run("let x = 1\u{200B}+ 2")
        XCTAssertEqual(report.error?.column, 10)
        XCTAssertEqual(report.error?.message, "Invalid character '\u{200B}' (U+200B)")
    }

    func testS1AnInvalidASCIICharacterSkipsTheSameCharacterInAString() {
        let report = run("let x = '@' @ 2")
        XCTAssertEqual(report.error?.column, 13)
        XCTAssertEqual(report.error?.message, "Invalid character: '@'")
    }

    /// The engine's own parser places an error its message does not: the script cut after each
    /// token of the line fails as the whole did from the offending token on (columns in UTF-16).
    func testS1ASyntaxErrorIsAtTheTokenTheEngineFailsOn() {
        let cases: [(String, line: Int, column: Int)] = [
            ("let x = 1 * 2 +* 3\n", 1, 16),  // not the first '*'
            ("\"use strict\"\nlet legacy = 010\n", 2, 14),  // the message quotes nothing
            ("\"use strict\"; let a = 1; let b = 2 +* 3\n", 1, 37),  // after the directive prologue
            ("#!/usr/bin/env node\nconst s = \"x * y\"; let q = 1 * 2 +* 3\n", 2, 35),
            ("let 𝒳 = 1; let y = 2 +* 3\n", 1, 24),
            ("let a = 1\nlet a = 2\n", 2, 5),
            ("let t = `a\n${1 * }`\n", 2, 7),
        ]
        for (script, line, column) in cases {
            let report = run(script)
            XCTAssertEqual(report.status, .error, script)
            XCTAssertEqual(report.error?.name, "SyntaxError", script)
            XCTAssertEqual(report.error?.line, line, script)
            XCTAssertEqual(report.error?.column, column, script)
            XCTAssertEqual(report.events.count, 0, script)
        }
    }

    func testS1StrayClosingBraceCannotEscapeTheWrapper() {
        let report = run("setUpdateFreq(30)\n})(); (function(){\n")
        XCTAssertEqual(report.status, .error)
        XCTAssertEqual(diagnostic(report, .syntaxError)?.line, 2)
        XCTAssertEqual(diagnostic(report, .syntaxError)?.column, 1)
        XCTAssertEqual(report.events.count, 0)
    }

    func testS1FileThatIsNotUTF8() throws {
        let folder = try TemporaryFolder("bad-utf8")
        let path = folder.file("bad.js")
        try Files.write(path, Array("let a = 1\nlet b = '".utf8) + [0xFF, 0x27, 0x0A])
        let report = try host.run(path: path)
        XCTAssertEqual(report.status, .error)
        let diagnostic = diagnostic(report, .notUTF8)
        XCTAssertEqual(diagnostic?.line, 2)
        XCTAssertEqual(diagnostic?.column, 10)
        XCTAssertTrue(diagnostic?.message.contains("0xFF") ?? false)
    }

    func testS2ErrorLocationsAreTheUsersOwn() {
        let report = run("let a = 1\nfunction f() {\n  return null.x\n}\nf()\n", file: "dir/w.js")
        XCTAssertEqual(report.status, .error)
        XCTAssertEqual(report.error?.name, "TypeError")
        XCTAssertEqual(report.error?.line, 3)
        XCTAssertEqual(report.error?.column, 14)
        XCTAssertEqual(report.error?.stack.first, "f (dir/w.js:3:14)")
        XCTAssertTrue(report.error?.stack.contains("<script> (dir/w.js:5:2)") ?? false, "\(report.error?.stack ?? [])")
        let first = run("null.x")
        XCTAssertEqual(first.error?.line, 1)
        XCTAssertEqual(first.error?.column, 5)
    }

    func testS2LocationsStayExactAfterADirectivePrologue() {
        let report = run("'use strict'; let a = 1; null.x\nundefinedName\n")
        XCTAssertEqual(report.error?.line, 1)
        XCTAssertEqual(report.error?.column, 30)
        let strict = run("\"use strict\"\nx = 1\n")
        XCTAssertEqual(strict.error?.name, "ReferenceError")
        XCTAssertEqual(strict.error?.line, 2)
    }

    func testS1ThisIsTheGlobalObjectInSloppyAndStrictScripts() {
        for prologue in ["", "'use strict'\n", "\"use strict\"; 'more'\n"] {
            for body in ["", "await 0\n"] {
                let report = run(prologue + body + "let same = this === globalThis\nthis.added = 1\nlet seen = globalThis.added")
                XCTAssertEqual(report.outputs["same"], true, prologue + body)
                XCTAssertEqual(report.outputs["seen"], 1, prologue + body)
                XCTAssertEqual(report.outputs["added"], 1, prologue + body)
            }
        }
        // A sloppy-mode function of the script still sees the global object as its `this`.
        XCTAssertEqual(run("function f() { return this === globalThis }\nlet sloppy = f()").outputs["sloppy"], true)
        XCTAssertEqual(run("'use strict'\nfunction f() { return this }\nlet strict = f() === undefined").outputs["strict"], true)
    }

    func testS3KindIsReportedByWidgetType() {
        XCTAssertEqual(run("let t = Widget.type").outputs["t"], "small")
        XCTAssertEqual(run("let t = Widget.type", kind: .live).outputs["t"], "live")
        XCTAssertEqual(run("let t = Widget.type", kind: .rectangular).kind, .rectangular)
    }

    func testS4PendingTimersAreCancelledWithAWarning() {
        let report = run("let fired = false\nsetTimeout(() => { fired = true }, 1000)\n")
        XCTAssertEqual(report.status, .ok)
        XCTAssertEqual(report.outputs["fired"], false)
        XCTAssertEqual(diagnostic(report, .pendingWorkCancelled)?.severity, .warning)
    }

    func testS5Statuses() {
        XCTAssertEqual(run("let a = 1").status, .ok)
        XCTAssertEqual(run("throw new Error('boom')").status, .error)
        XCTAssertEqual(run("await Promise.reject(new RangeError('nope'))").error?.summary, "RangeError: nope")
        XCTAssertEqual(run("throw 'just a string'").error?.summary, "Error: just a string")
        let unhandled = run("Promise.reject(new Error('lost'))\nlet a = 1")
        XCTAssertEqual(unhandled.status, .ok)
        XCTAssertEqual(diagnostic(unhandled, .unhandledRejection)?.severity, .warning)
        XCTAssertTrue(diagnostic(unhandled, .unhandledRejection)?.message.contains("Error: lost") ?? false)
    }

    func testS6LimitsStopScriptsAndTheHostRunsTheNextOneAtOnce() {
        let timeout = run("while (true) {}") { $0.timeLimitSeconds = 0.3 }
        XCTAssertEqual(timeout.status, .timeout)
        XCTAssertEqual(diagnostic(timeout, .timeLimit)?.severity, .error)
        XCTAssertEqual(timeout.limits.timeLimitSeconds, 0.3)
        let memory = run("const a = []; while (true) a.push({x: a.length})") { $0.memoryLimitMB = 40 }
        XCTAssertEqual(memory.status, .memory)
        XCTAssertEqual(memory.limits.memoryLimitMB, 40)
        XCTAssertEqual(run("let ok = 1").outputs["ok"], 1)
    }

    func testS7EachRunGetsAFreshGlobalContext() {
        XCTAssertEqual(run("globalThis.leak = 1; var v = 2").status, .ok)
        let second = run("let seen = typeof leak + ',' + typeof v")
        XCTAssertEqual(second.outputs["seen"], "undefined,undefined")
    }

    func testS8ConsoleCapture() {
        let report = run("""
            console.log('a', 1, true, null, undefined, {b: [1, 2]})
            console.info('i'); console.warn('w'); console.error(new TypeError('bad')); console.debug('d')
            """)
        XCTAssertEqual(report.console.map(\.level.rawValue), ["log", "info", "warn", "error", "debug"])
        XCTAssertEqual(report.console.first?.message, "a 1 true null undefined {\"b\":[1,2]}")
        XCTAssertEqual(report.console[3].message, "TypeError: bad")
    }

    func testS8ConsoleIsCappedAndTheRestCounted() {
        let report = run("for (let i = 0; i < 1000; i++) console.log('line', i)")
        XCTAssertEqual(report.console.count, 200)
        XCTAssertEqual(report.console.last?.message, "line 199")
        XCTAssertEqual(report.consoleDropped, 800)
        XCTAssertTrue(diagnostic(report, .consoleTruncated)?.message.contains("800") ?? false)
    }
}


import ScriptCore

final class LifetimeTests: HostTestCase {
    func testRunsReleaseTheirContexts() {
        let before = ScriptContext.liveCount
        for script in ["let a = 1", "setTimeout(() => {}, 10)", "throw new Error('x')", "await sleep(5)\nPromise.reject(1)", "while (true) {}"] {
            _ = run(script) { $0.timeLimitSeconds = 0.2 }
        }
        XCTAssertEqual(ScriptContext.liveCount, before)
    }

    func testRunsLeaveNoRealmBehind() {
        for script in [
            "let a = 1", "Promise.reject(new Error('lost'))", "setInterval(() => {}, 1)\nawait sleep(10)", "throw 1",
            "let w = typeof Weather\nWeather = 1", "Device = 1; let d = Device",
        ] {
            for _ in 0..<5 { _ = run(script) }
        }
        XCTAssertLessThanOrEqual(host.liveGlobalObjects(), 2, "runs keep their global objects alive")
    }
}
