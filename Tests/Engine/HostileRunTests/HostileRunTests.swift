import JSONKit
import ScriptCore
import TestSupport
import WidgetHost
import XCTest

/// Every hostile script ends as it must, one after another, in each of the three ways the host
/// runs scripts: one library host, one `simulate`, one `test` worker. Each run ends within its
/// limit plus ``HostileCase/margin`` of wall time, and the measured time to fill what the engine
/// fills in one step (``HostileCase/allowedSeconds``; the limit is the behaviour under test), and
/// the process stays at about its size (S6, S7).
final class HostileRunTests: XCTestCase {
    // MARK: One library host

    func testOneLibraryHostRunsEveryHostileScriptToItsStatusWithinItsLimits() throws {
        let host = ScriptHost()
        for hostile in HostileCase.all {
            let start = ToolProcess.monotonic()
            let report = host.run(ScriptSource(text: hostile.script, name: "hostile.js"), configuration: configuration(hostile))
            let seconds = ToolProcess.monotonic() - start
            XCTAssertEqual(report.status, hostile.status, hostile.name)
            if let code = hostile.code {
                XCTAssertTrue(report.diagnostics.contains { $0.code == code }, "\(hostile.name): \(report.diagnostics.map(\.code.rawValue))")
            }
            for name in hostile.kept { XCTAssertNotNil(report.outputs[name], "\(hostile.name): \(name)") }
            XCTAssertLessThanOrEqual(seconds, hostile.allowedSeconds, "\(hostile.name) took \(seconds) s")
            // The same host then runs a normal script correctly.
            let normal = host.run(ScriptSource(text: "setUpdateFreq(30)\nlet title = 'fine'", name: "normal.js"), configuration: configuration(nil))
            XCTAssertEqual(normal.status, .ok, "after \(hostile.name)")
            XCTAssertEqual(normal.outputs["title"], "fine", "after \(hostile.name)")
        }
    }

    /// Resident size after many hostile runs is at most twice the size after the first (the
    /// measurement for 500 runs is in docs/performance.md).
    func testOneLibraryHostStaysAtItsSizeThroughAllocationBombs() throws {
        let host = ScriptHost()
        let bombs = HostileCase.all.filter { ["small-object bomb", "100 MB string", "out of memory from the engine"].contains($0.name) }
        XCTAssertEqual(bombs.count, 3)
        var afterFirst = 0
        for round in 0..<8 {
            for hostile in bombs {
                XCTAssertEqual(host.run(ScriptSource(text: hostile.script, name: "bomb.js"), configuration: configuration(hostile)).status, .memory)
            }
            let resident = try XCTUnwrap(ProcessMemory.residentBytes())
            if round == 0 { afterFirst = resident }
            XCTAssertLessThanOrEqual(resident, 2 * afterFirst, "round \(round): \(resident >> 20) MB, after the first \(afterFirst >> 20) MB")
        }
    }

    // MARK: One test worker

    func testOneTestWorkerRunsEveryHostileFixtureToItsStatusWithinItsLimits() throws {
        let temporary = try TemporaryFolder("hostile")
        let folder = temporary.path
        for (index, hostile) in HostileCase.all.enumerated() {
            try Files.write("\(folder)/\(String(format: "%02d", index)).js", fixture(hostile))
        }
        let child = try ToolProcess.run(["test", folder, "--jobs", "1", "--reporter", "json", "--timeout", "30"])
        let report = try JSONValue.parse(child.out)
        let results = try XCTUnwrap(report["results"]?.arrayValue, child.out + child.err)
        XCTAssertEqual(results.count, HostileCase.all.count)
        for result in results {
            let path = result["path"]?.stringValue ?? ""
            guard let index = Int(path.split(separator: "/").last?.prefix(2) ?? ""), index < HostileCase.all.count else {
                XCTFail("unexpected result \(result)")
                continue
            }
            let hostile = HostileCase.all[index]
            XCTAssertEqual(result["outcome"]?.stringValue, "passed", "\(hostile.name): \(result["failures"] ?? .null)")
            let seconds = (result["durationMs"]?.doubleValue ?? .infinity) / 1000
            XCTAssertLessThanOrEqual(seconds, hostile.allowedSeconds, "\(hostile.name) took \(seconds) s")
        }
        XCTAssertEqual(child.code, 0, child.err)
    }

    /// A worker's peak size does not grow with the number of allocation bombs it runs: sixteen
    /// peak where four do (a bomb's peak is the process's size plus how far past its limit it
    /// got before a check, 40–90 MB, so the bound is the larger of 1.5 times four's peak and
    /// four's peak plus 48 MB). Without the memory given back, each bomb added about 50 MB.
    func testOneTestWorkerStaysAtItsSizeThroughAllocationBombs() throws {
        let bomb = try XCTUnwrap(HostileCase.all.first { $0.name == "small-object bomb" })
        let fourFolder = try TemporaryFolder("hostile")
        let four = fourFolder.path
        let sixteenFolder = try TemporaryFolder("hostile")
        let sixteen = sixteenFolder.path
        for index in 0..<4 { try Files.write("\(four)/bomb-\(index).js", fixture(bomb)) }
        for index in 0..<16 { try Files.write("\(sixteen)/bomb-\(index).js", fixture(bomb)) }
        let few = try ToolProcess.run(["test", four, "--jobs", "1"])
        let fewAgain = try ToolProcess.run(["test", four, "--jobs", "1"])
        let many = try ToolProcess.run(["test", sixteen, "--jobs", "1"])
        XCTAssertEqual(few.code, 0, few.out + few.err)
        XCTAssertEqual(fewAgain.code, 0, fewAgain.out + fewAgain.err)
        XCTAssertEqual(many.code, 0, many.out + many.err)
        assertPeak(many, staysAt: [few, fewAgain])
    }

    // MARK: One simulation

    func testOneSimulationRunsEveryHostileScriptToItsStatus() throws {
        let cases = HostileCase.all.filter(\.dispatchable)
        let (child, statuses) = try simulate(cases, hours: 12)
        XCTAssertGreaterThanOrEqual(statuses.count, cases.count, child.err)
        for (index, hostile) in cases.enumerated() where index < statuses.count {
            XCTAssertEqual(statuses[index], hostile.status.rawValue, "refresh \(index): \(hostile.name)")
        }
        // Each refresh within its limit, the margin and its one-step fill; the refreshes after the
        // list do nothing.
        let budget = cases.reduce(0) { $0 + Self.simulationTimeout + HostileCase.margin + $1.fillAllowance }
        XCTAssertLessThanOrEqual(child.seconds, budget, "the simulation took \(child.seconds) s")
    }

    /// A script that runs long in the engine every third refresh (WebAssembly is not there, S11, so
    /// a sort with a slow comparator) ends `timeout` each third refresh and `ok` at the others,
    /// each within its limit, and the simulation reports every refresh and ends.
    func testASimulationWhoseEveryThirdRefreshRunsLongReportsEveryRefresh() throws {
        let temporary = try TemporaryFolder("hostile")
        let folder = temporary.path
        let slow = try XCTUnwrap(HostileCase.all.first { $0.name == "a sort with a slow comparator" })
        let script = "const _k = Config.get('k', 0)\nConfig.set('k', _k + 1)\nif (typeof WebAssembly !== 'undefined') throw new Error('WebAssembly')\nif (_k % 3 === 2) {\n\(slow.script)\n}"
        try Files.write("\(folder)/every-third.js", script)
        let child = try ToolProcess.run(
            ["simulate", "\(folder)/every-third.js", "--hours", "4", "--state", "\(folder)/state", "--now", "2026-11-29T00:00:00Z",
             "--format", "json", "--timeout", "\(Self.simulationTimeout)"])
        let refreshes = try XCTUnwrap(try JSONValue.parse(child.out)["refreshes"]?.arrayValue, child.err)
        XCTAssertGreaterThanOrEqual(refreshes.count, 6, child.out)
        for (index, refresh) in refreshes.enumerated() {
            XCTAssertEqual(refresh["status"]?.stringValue, index % 3 == 2 ? "timeout" : "ok", "refresh \(index)")
        }
        let budget = Double(refreshes.count) * (Self.simulationTimeout + HostileCase.margin)
        XCTAssertLessThanOrEqual(child.seconds, budget, "the simulation took \(child.seconds) s")
    }

    /// A simulation's peak size does not grow with the number of allocation bombs it runs (see
    /// the worker's test for the bound).
    func testOneSimulationStaysAtItsSizeThroughAllocationBombs() throws {
        let bomb = try XCTUnwrap(HostileCase.all.first { $0.name == "small-object bomb" })
        let (few, first) = try simulate(Array(repeating: bomb, count: 4), hours: 3)
        let (fewAgain, again) = try simulate(Array(repeating: bomb, count: 4), hours: 3)
        let (many, all) = try simulate(Array(repeating: bomb, count: 16), hours: 10)
        XCTAssertEqual(Array(first.prefix(4)), Array(repeating: "memory", count: 4))
        XCTAssertEqual(Array(again.prefix(4)), Array(repeating: "memory", count: 4))
        XCTAssertEqual(Array(all.prefix(16)), Array(repeating: "memory", count: 16))
        assertPeak(many, staysAt: [few, fewAgain])
    }

    // MARK: Wherever it runs

    /// A fresh process, and a host that ran other scripts first, end the same script the same way.
    func testAScriptEndsTheSameWayInAFreshProcessAndAfterOtherRuns() throws {
        let hostile = try XCTUnwrap(HostileCase.all.first { $0.name == "garbage at the limit's edge" })
        let temporary = try TemporaryFolder("hostile")
        let folder = temporary.path
        try Files.write("\(folder)/garbage.js", hostile.script)
        let fresh = try ToolProcess.run(["run", "\(folder)/garbage.js", "--format", "json"] + hostile.options)
        let freshStatus = try JSONValue.parse(fresh.out)["status"]?.stringValue
        XCTAssertEqual(freshStatus, hostile.status.rawValue, fresh.err)
        let host = ScriptHost()
        _ = host.run(ScriptSource(text: "const a = []\nwhile (true) a.push({ x: a.length })", name: "bomb.js"), configuration: configuration(hostile))
        XCTAssertEqual(host.run(ScriptSource(text: hostile.script, name: "garbage.js"), configuration: configuration(hostile)).status.rawValue, freshStatus)
    }

    // MARK: Helpers

    /// The peak of `many` bombs stays near the peak of a few. One bomb's overshoot depends on
    /// where the memory check's tick falls (the same four bombs peaked at 101–176 MB), so the
    /// few are run more than once and the largest of their peaks is the reference.
    private func assertPeak(_ many: ChildRun, staysAt few: [ChildRun], file: StaticString = #filePath, line: UInt = #line) {
        let reference = few.map(\.peakResident).max() ?? 0
        let bound = max(reference * 3 / 2, reference + 48 << 20)
        XCTAssertLessThanOrEqual(
            many.peakResident, bound, "\(many.peakResident >> 20) MB at the peak against \(reference >> 20) MB", file: file, line: line)
    }

    private func configuration(_ hostile: HostileCase?) -> RunConfiguration {
        var configuration = RunConfiguration()
        configuration.now = 1_764_403_200_000
        configuration.timeLimitSeconds = hostile?.timeout ?? HostileCase.timeout
        configuration.memoryLimitMB = hostile?.memoryMB ?? 30
        return configuration
    }

    /// A conformance fixture that runs `hostile` under its limits and expects its status.
    private func fixture(_ hostile: HostileCase) -> String {
        var lines = ["/*---", "description: \(hostile.name)", "rules: [S6]"]
        lines.append("limits: { timeout: \(hostile.timeout), memory: \(Int(hostile.memoryMB)) }")
        lines.append("expect:")
        lines.append("  status: \(hostile.status.rawValue)")
        if let code = hostile.code { lines.append("  diagnostics: [\(code.rawValue)]") }
        lines.append("---*/")
        return lines.joined(separator: "\n") + "\n" + hostile.script + "\n"
    }

    /// One `simulate` whose n-th refresh runs the n-th case (a counter kept in the widget's
    /// storage, written back whatever a run's status); the refreshes after the list do nothing.
    /// Returns the process and the refreshes' statuses in order.
    static let simulationTimeout = 1.0

    private func simulate(_ cases: [HostileCase], hours: Double) throws -> (ChildRun, [String]) {
        let temporary = try TemporaryFolder("hostile")
        let folder = temporary.path
        var script = ["const _n = Config.get('case', 0)", "Config.set('case', _n + 1)"]
        for (index, hostile) in cases.enumerated() {
            // Outputs of a block are properties of `this`, as top-level bindings would be outputs.
            var body = hostile.script
            for name in ["t", "kept", "s", "done", "d"] { body = body.replacingOccurrences(of: "let \(name) = ", with: "this.\(name) = ") }
            script.append("if (_n === \(index)) {\n\(body)\n}")
        }
        try Files.write("\(folder)/hostile.js", script.joined(separator: "\n"))
        // One time limit for every refresh, short enough to keep the loops quick.
        let limits = ["--timeout", "\(Self.simulationTimeout)", "--memory-limit", "30"]
        let child = try ToolProcess.run(
            ["simulate", "\(folder)/hostile.js", "--hours", "\(hours)", "--budget", "unlimited", "--state", "\(folder)/state",
             "--now", "2026-11-29T00:00:00Z", "--format", "json"] + limits)
        let report = try JSONValue.parse(child.out)
        let statuses = (report["refreshes"]?.arrayValue ?? []).compactMap { $0["status"]?.stringValue }
        return (child, statuses)
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
