import JSONKit
import WidgetHost
import XCTest
@testable import Conformance

/// `expect.report`, `expect.exitCode`, `expect.stderr` (X1–X4) and `action:` (A8).
final class InterfaceFixtureTests: XCTestCase {
    let runner = FixtureRunner()

    func run(_ text: String, name: String = "x.js") throws -> FixtureResult {
        runner.run(try Fixture.parse(ScriptSource(text: text, name: name)))
    }

    func testReportExitCodeAndStderrAreWhatTheToolShows() throws {
        let result = try run("""
            /*---
            expect:
              report: { schema: widgethost.run/1, script: x.js, status: ok, limits: { timeoutSeconds: 10 } }
              exitCode: 0
              stderr: ["warning: x.js:7:1: setUpdateFreq(1) asks for less than 5 minutes"]
            ---*/
            setUpdateFreq(1)
            """)
        XCTAssertEqual(result.outcome, .passed, "\(result.failures)")
    }

    func testWrongInterfaceExpectationsFail() throws {
        let result = try run("""
            /*---
            expect:
              report: { schema: widgethost.run/2 }
              exitCode: 0
              stderr: ["warning: x.js:9:1:", "info: x.js"]
            ---*/
            null.x
            """)
        XCTAssertEqual(result.failures, [
            "report.schema: expected \"widgethost.run/2\", got \"widgethost.run/1\"",
            "exitCode: expected 0, got 1",
            "stderr: expected 2 lines, got 1: [\"error: x.js:7:5: uncaught TypeError: null is not an object (evaluating 'null.x') [uncaught-error]\"]",
        ])

        let wrongLine = try run("/*---\nexpect:\n  stderr: [\"x.js:3:1\"]\n---*/\n\nsetUpdateFreq(\"5\")\n")
        XCTAssertEqual(wrongLine.failures.count, 1)
        XCTAssertTrue(wrongLine.failures[0].hasPrefix("stderr[0]: expected a line containing \"x.js:3:1\", got \"warning: x.js:6:1: setUpdateFreq(minutes) expects"),
                      wrongLine.failures[0])
    }

    func testExitCodesFollowTheRunStatus() throws {
        XCTAssertEqual(try run("/*---\nlimits: { timeout: 0.1 }\nexpect:\n  status: timeout\n  exitCode: 1\n---*/\nwhile (true) {}\n").failures, [])
        XCTAssertEqual(try run("/*---\nexpect:\n  exitCode: 1\n---*/\nlet a = 1\n").failures, ["exitCode: expected 1, got 0"])
    }

    func testActionRunsThenTheWidgetRefreshes() throws {
        let passing = try run("""
            /*---
            kind: button
            action: |
              setValue("n", "7")
              let mine = 1
            expect:
              action: { status: ok, script: action.js, outputs: { mine: 1 } }
              outputs: { n: "7", mineVisible: false }
              report: { schema: widgethost.action/1, refresh: { script: x.js } }
              exitCode: 0
            ---*/
            let n = getValue("n"), mineVisible = typeof mine !== "undefined"
            """)
        XCTAssertEqual(passing.outcome, .passed, "\(passing.failures)")

        let failingAction = try run("/*---\naction: |\n  throw new Error('tap failed')\nexpect:\n  action: { status: ok }\n  exitCode: 0\n---*/\n")
        XCTAssertEqual(failingAction.failures, ["action.status: expected \"ok\", got \"error\"", "exitCode: expected 0, got 1"])

        let noAction = try run("/*---\nexpect:\n  action: { status: ok }\n---*/\n")
        XCTAssertEqual(noAction.failures, ["malformed fixture: 'expect.action' needs an 'action:' script"])
    }
}
