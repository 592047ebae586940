import JSONKit
import WidgetHost
import XCTest
@testable import Conformance

final class FixtureRunnerTests: XCTestCase {
    let runner = FixtureRunner()

    func fixture(_ text: String, name: String = "f.js") throws -> Fixture {
        try Fixture.parse(ScriptSource(text: text, name: name))
    }

    func testPassingFixture() throws {
        let result = runner.run(try fixture("""
            /*---
            description: thirty minutes
            rules: [C1]
            expect:
              status: ok
              outputs: { a: 1 }
              nextRefresh: { reason: frequency, requested: "2026-11-29T08:30:00.000+00:00" }
            ---*/
            let a = 1
            setUpdateFreq(30)
            """))
        XCTAssertEqual(result.outcome, .passed, "\(result.failures)")
        XCTAssertEqual(result.rules, ["C1"])
    }

    func testFailuresSayWhatDiffered() throws {
        let wrongOutput = runner.run(try fixture("/*---\nexpect:\n  outputs: { a: 2 }\n---*/\nlet a = 1, b = 3\n"))
        XCTAssertEqual(wrongOutput.outcome, .failed)
        XCTAssertEqual(wrongOutput.failures, ["outputs.a: expected 2, got 1", "outputs.b: not expected, got 3"])

        let wrongStatus = runner.run(try fixture("/*---\nexpect:\n  status: ok\n---*/\nthrow new Error('x')\n"))
        XCTAssertEqual(wrongStatus.failures, ["status: expected \"ok\", got \"error\""])

        let missingDiagnostic = runner.run(try fixture("/*---\nexpect:\n  diagnostics: [time-in-past]\n---*/\nsetUpdateFreq(30)\n"))
        XCTAssertEqual(missingDiagnostic.failures, ["diagnostics: expected a 'time-in-past' diagnostic, got none"])

        let wrongEvents = runner.run(try fixture("/*---\nexpect:\n  events: [{ type: setUpdateTime }]\n---*/\nsetUpdateFreq(30)\n"))
        XCTAssertEqual(wrongEvents.failures, ["events[0].type: expected \"setUpdateTime\", got \"setUpdateFreq\""])

        let present = runner.run(try fixture("/*---\nexpect:\n  absent: [a]\n---*/\nlet a = 1\n"))
        XCTAssertEqual(present.failures, ["outputs.a: expected no such output, got 1"])
    }

    func testSimulateChecksTheTimelineSummary() throws {
        let passing = runner.run(try fixture("""
            /*---
            now: 2026-11-29T00:00:00Z
            simulate: { hours: 3, taps: ["+20m"] }
            expect:
              timeline: { refreshCount: 7, freeCount: 1, chargedCount: 6 }
            ---*/
            setUpdateFreq(30)
            """))
        XCTAssertEqual(passing.outcome, .passed, "\(passing.failures)")
        let failing = runner.run(try fixture("/*---\nsimulate: { hours: 1 }\nexpect:\n  timeline: { refreshCount: 5 }\n---*/\nsetUpdateFreq(30)\n"))
        XCTAssertEqual(failing.failures, ["timeline.refreshCount: expected 5, got 2"])
        let malformed = runner.run(try fixture("/*---\nsimulate: { hours: -1 }\nexpect:\n  status: ok\n---*/\n"))
        XCTAssertEqual(malformed.failures.first?.hasPrefix("malformed fixture: simulate.hours/days"), true)
    }

    /// A malformed number in a fixture fails that fixture with a message; it never traps the runner.
    func testNumbersPastTheRangeAreMalformedFixtures() throws {
        for taps in ["\"+99999999999999999999d\"", "\"+9223372036854775808ms\"", "\"+nan\"", "\"+-0s\"", "\"+\"", "\"\""] {
            let result = runner.run(try fixture("/*---\nsimulate: { hours: 1, taps: [\(taps)] }\nexpect:\n  status: ok\n---*/\n"))
            XCTAssertEqual(result.outcome, .failed, taps)
            XCTAssertEqual(result.failures.first?.hasPrefix("malformed fixture: simulate.taps and simulate.foregrounds"), true, "\(taps): \(result.failures)")
        }
        for at in ["\"+99999999999999999999d\"", "1e300", "-1e300", "\"\""] {
            let text = "/*---\nkind: live\nsimulate: { hours: 1 }\npushes:\n  - { at: \(at), body: { user_id: u, widget_id: w, type: update, content_state: { data: '{}' }, timestamp: 1795939800, nonce: n } }\nexpect:\n  status: ok\n---*/\n"
            let result = runner.run(try fixture(text))
            XCTAssertEqual(result.outcome, .failed, at)
            XCTAssertEqual(result.failures.first?.hasPrefix("malformed fixture:"), true, "\(at): \(result.failures)")
        }
        for hours in ["1e400", "-0", "nan", "\"\""] {
            let result = runner.run(try fixture("/*---\nsimulate: { hours: \(hours) }\nexpect:\n  status: ok\n---*/\n"))
            XCTAssertEqual(result.failures.first?.hasPrefix("malformed fixture: simulate.hours/days"), true, "\(hours): \(result.failures)")
        }
        let limits = runner.run(try fixture("/*---\nlimits: { console: 1e300, timers: 99999999999999999999 }\nexpect:\n  status: ok\n---*/\nconsole.log(1)\n"))
        XCTAssertEqual(limits.outcome, .passed, "\(limits.failures)")
    }

    func testFrontMatterSettingsReachTheRun() throws {
        let result = runner.run(try fixture("""
            /*---
            kind: live
            now: 2026-01-01T12:00:00
            tz: Asia/Tokyo
            seed: 3
            expect:
              outputsInclude: { kind: live, hour: 12 }
              liveActivity: { state: active, startedAt: "2026-01-01T12:00:00.000+09:00" }
            ---*/
            let kind = Widget.type, hour = new Date().getHours(), r = Math.random()
            """))
        XCTAssertEqual(result.outcome, .passed, "\(result.failures)")
    }

    func testMalformedFrontMatterNamesFileAndLine() {
        let cases: [(String, Int?, String)] = [
            ("let a = 1\n", 1, "no front-matter block"),
            ("/*---\nexpect:\n  status: ok\n", 1, "not closed with ---*/"),
            ("/*---\nexpect:\n  status: ok\nrules: [C1\n---*/\n", 4, "not closed"),
            ("/*---\nnow: 2026\nexpct:\n  status: ok\n---*/\n", 3, "unknown key 'expct'"),
            ("/*---\nexpect:\n  statuss: ok\n---*/\n", 3, "unknown expect key 'statuss'"),
            ("/*---\ndescription: no expectations\n---*/\n", 1, "missing 'expect:'"),
        ]
        for (text, line, message) in cases {
            XCTAssertThrowsError(try fixture(text, name: "dir/bad.js")) { error in
                let error = error as! FixtureError
                XCTAssertEqual(error.path, "dir/bad.js")
                XCTAssertEqual(error.line, line, text)
                XCTAssertTrue(error.message.contains(message), "\(text): \(error.message)")
            }
        }
    }

    func testBadSettingsFailTheFixtureWithItsLine() throws {
        let result = runner.run(try fixture("/*---\nkind: huge\nexpect:\n  status: ok\n---*/\n", name: "k.js"))
        XCTAssertEqual(result.outcome, .failed)
        XCTAssertEqual(result.failures.first, "malformed fixture: k.js:2: unknown kind 'huge'; use one of \(ScriptKind.namesList)")
    }

    func testSkip() throws {
        let result = runner.run(try fixture("/*---\nskip: not on this host\nexpect:\n  status: ok\n---*/\n"))
        XCTAssertEqual(result.outcome, .skipped)
        XCTAssertEqual(result.failures, ["not on this host"])
    }

    func testShardsSplitDeterministically() {
        let paths = (1...10).map { "f\($0).js" }
        let shards = (1...3).map { Suite.shard(paths, index: $0, count: 3) }
        XCTAssertEqual(shards[0], ["f1.js", "f4.js", "f7.js", "f10.js"])
        XCTAssertEqual(Set(shards.flatMap { $0 }), Set(paths))
        XCTAssertEqual(shards.map(\.count).reduce(0, +), 10)
        XCTAssertNil(Suite.parseShard("0/3"))
        XCTAssertNil(Suite.parseShard("4/3"))
        XCTAssertEqual(Suite.parseShard("2/3")?.index, 2)
    }

    func testReportsEndWithTheClosingLine() {
        let results = [
            FixtureResult(path: "a.js", description: "", rules: [], outcome: .passed, failures: [], durationMs: 3),
            FixtureResult(path: "b.js", description: "why", rules: ["S1"], outcome: .failed, failures: ["x: expected 1, got 2"], durationMs: 4),
            FixtureResult(path: "c.js", description: "", rules: [], outcome: .skipped, failures: ["later"], durationMs: 0),
        ]
        let summary = SuiteSummary(results, durationMs: 10)
        let spec = Reporter.render(.spec, results, summary: summary)
        XCTAssertEqual(spec.split(separator: "\n").last, "1 passed, 1 failed, 1 skipped")
        XCTAssertTrue(spec.contains("  FAIL b.js (4 ms)\n        why\n        x: expected 1, got 2\n"))
        let json = try? JSONValue.parse(Reporter.render(.json, results, summary: summary))
        XCTAssertEqual(json?["schema"], "widgethost.test/1")
        XCTAssertEqual(json?["summary"]?["failed"], 1)
        let tap = Reporter.render(.tap, results, summary: summary)
        XCTAssertTrue(tap.hasPrefix("TAP version 14\n1..3\nok 1 - a.js\nnot ok 2 - b.js\n  ---\n"))
        XCTAssertTrue(tap.contains("ok 3 - c.js # SKIP later"))
        let junit = Reporter.render(.junit, results, summary: summary)
        XCTAssertTrue(junit.contains(#"<failure message="x: expected 1, got 2">"#))
    }
}
