import JSONKit
import ScriptCore
@testable import WidgetHost
import XCTest

/// After each run the process returns to about its size (S6), and a run's status does not
/// depend on what ran before it in the process (S7).
final class MemoryReleaseTests: HostTestCase {
    static let bomb = "const a = []\nwhile (true) a.push({ x: a.length, y: [1, 2] })"
    /// Makes garbage (a caught stack overflow, again and again) at about the memory limit's
    /// size while holding almost nothing: it ended `memory` the first time in a process and
    /// `timeout` after.
    static let garbage = "function r(n) { try { return r(n + 1) + 1 } catch (e) { return r(n + 1) } }\nr(0)"

    func testAllocationBombsOneAfterAnotherLeaveTheProcessAtItsSize() throws {
        var afterFirst = 0
        for round in 0..<12 {
            let report = run(Self.bomb) { $0.timeLimitSeconds = 5 }
            XCTAssertEqual(report.status, .memory, "round \(round)")
            let resident = try XCTUnwrap(ProcessMemory.residentBytes())
            if round == 0 { afterFirst = resident }
            XCTAssertLessThanOrEqual(resident, 2 * afterFirst, "round \(round): \(resident >> 20) MB after the first's \(afterFirst >> 20) MB")
        }
    }

    func testAScriptEndsTheSameWayWhateverRanBeforeIt() {
        let others = [Self.bomb, "let t = new Uint8Array(2e9)", "let s = 'x'.repeat(1e8)", "let fine = 1"]
        var statuses: [RunStatus] = []
        for other in others {
            statuses.append(run(Self.garbage) { $0.timeLimitSeconds = 0.5 }.status)
            _ = run(other) { $0.timeLimitSeconds = 0.5 }
        }
        statuses.append(run(Self.garbage) { $0.timeLimitSeconds = 0.5 }.status)
        XCTAssertEqual(statuses, Array(repeating: .timeout, count: others.count + 1))
    }

    func testTwoGigabytesAskedForAreOverTheLimitWhetherTheirPagesAreNewOrReused() {
        for round in 0..<2 {
            XCTAssertEqual(run("let t = new Uint8Array(2e9)").status, .memory, "round \(round)")
        }
    }

    /// An engine that keeps its memory is replaced after the run; nothing a report shows changes.
    func testAReplacedEngineIsInvisibleToReports() {
        let script = "const _now = new Date()\nlet hour = _now.getHours()\nconsole.log('at', hour)\nsetUpdateFreq(30)"
        let before = run(script).json.serialized()
        host.memory.replacementFactor = 0
        XCTAssertEqual(run(Self.bomb).status, .memory)
        XCTAssertEqual(host.engineReplacements, 1)
        host.memory.replacementFactor = 2
        XCTAssertEqual(run(script).json.serialized(), before)
        XCTAssertEqual(host.engineReplacements, 1)
        XCTAssertEqual(host.liveGlobalObjects(), 1)
    }

    /// A host for a process that ends after its run (`widgethost run`) gives back what a run
    /// grew it by when the next run starts, not after the run; the next run then finds the
    /// process as it would after an `afterEachRun` host.
    func testAHostThatGivesMemoryBackBeforeTheNextRunDoesSoWhenItStarts() {
        host = ScriptHost(preparesContextsAhead: false, memoryReturn: .beforeTheNextRun)
        host.memory.replacementFactor = 0
        XCTAssertEqual(run(Self.bomb) { $0.timeLimitSeconds = 5 }.status, .memory)
        XCTAssertEqual(host.engineReplacements, 0, "nothing given back when the run ends")
        XCTAssertEqual(run("let fine = 1").status, .ok)
        XCTAssertEqual(host.engineReplacements, 1, "given back (the engine replaced) when the next run started")
        host.memory.replacementFactor = 2
        var statuses: [RunStatus] = []
        for other in [Self.bomb, "let t = new Uint8Array(2e9)", "let fine = 1"] {
            statuses.append(run(Self.garbage) { $0.timeLimitSeconds = 0.5 }.status)
            _ = run(other) { $0.timeLimitSeconds = 0.5 }
        }
        statuses.append(run(Self.garbage) { $0.timeLimitSeconds = 0.5 }.status)
        XCTAssertEqual(statuses, Array(repeating: .timeout, count: 4))
    }
}
