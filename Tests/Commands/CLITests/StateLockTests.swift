import HostSystem
import JSONKit
import TestSupport
import WidgetHost
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Runs in separate processes that share a state folder take turns with each widget's storage
/// (A12): none overwrites what another stored, and a holder killed outright frees the lock.
final class StateLockTests: XCTestCase {
    static let increment = "Config.set('n', Config.get('n', 0) + 1)\nsetValue('v', String(Number(getValue('v') || 0) + 1))\nlet n = Config.get('n')"

    /// Two `simulate` processes of 200 refreshes or more each, at the same time on one state
    /// folder, each refresh adding one to `Config` and to a `setValue` string: every increment
    /// is kept.
    func testTwoProcessesOfTwoHundredRunsOnOneStateFolderKeepEveryIncrement() throws {
        let temporary = try TemporaryFolder("state-lock")
        let folder = temporary.path
        try Files.write("\(folder)/counter.js", "setUpdateFreq(5)\n" + Self.increment)
        let tool = try BuiltProgram.path("widgethost")
        var children: [ChildProcess] = []
        defer { for child in children { child.signal(SIGKILL); child.wait() } }
        for index in 0..<2 {
            children.append(try ChildProcess(
                [tool, "simulate", "\(folder)/counter.js", "--hours", "17", "--budget", "unlimited", "--state", "\(folder)/state",
                 "--now", "2026-11-29T00:00:00Z", "--format", "json", "--out", "\(folder)/report-\(index).json"],
                environment: Program.defaultEnvironment, output: .null, errors: .null))
        }
        for child in children { XCTAssertEqual(child.wait().code, 0) }
        var refreshes = 0
        for index in 0..<2 {
            let report = try JSONValue.parse(String(decoding: Files.read("\(folder)/report-\(index).json") ?? [], as: UTF8.self))
            let count = report["refreshes"]?.arrayValue?.count ?? 0
            XCTAssertGreaterThanOrEqual(count, 200)
            refreshes += count
        }
        let store = StateStore(directory: "\(folder)/state")
        let id = try XCTUnwrap(Files.list("\(folder)/state/widgets").first)
        XCTAssertEqual(try store.widget(id).config["n"], .number(Double(refreshes)))
        XCTAssertEqual(try store.values("small-1")["v"], String(refreshes))
    }

    /// A run killed with SIGKILL while it holds the lock leaves the stored state as it was and the
    /// lock free: the next run takes it at once and counts on from the state before.
    func testAHolderKilledOutrightFreesTheLockAndLeavesThePreviousState() throws {
        let temporary = try TemporaryFolder("state-lock")
        let folder = temporary.path
        let state = "\(folder)/state"
        try Files.write("\(folder)/w.js", "Config.set('n', Config.get('n', 0) + 1)\nif (Config.get('n') === 2) { Config.set('n', 99); while (true) {} }\nlet n = Config.get('n')")
        let tool = try BuiltProgram.path("widgethost")
        let first = try Program.run([tool, "run", "\(folder)/w.js", "--state", state, "--format", "json"])
        XCTAssertEqual(try JSONValue.parse(first.out)["outputs"]?["n"], 1, first.err)
        let id = try XCTUnwrap(Files.list("\(state)/widgets").first)
        let store = StateStore(directory: state)

        let holder = try ChildProcess([tool, "run", "\(folder)/w.js", "--state", state, "--timeout", "120"],
                                      environment: Program.defaultEnvironment, output: .null, errors: .null)
        defer { holder.signal(SIGKILL); holder.wait() }
        // Held once a lock taken now would fail.
        let held = try Wait.until(.seconds(60)) { try store.lock(widget: id, until: .now) == nil }
        XCTAssertTrue(held, "the run never took the widget's lock")
        holder.signal(SIGKILL)
        XCTAssertEqual(holder.wait(), .signalled(SIGKILL))

        XCTAssertNotNil(try store.lock(widget: id, until: .now), "the kernel freed the lock with the process")
        XCTAssertEqual(try store.widget(id).config["n"], 1, "the killed run saved nothing")
        let after = try Program.run([tool, "run", "\(folder)/w.js", "--state", state, "--format", "json", "--timeout", "2"])
        XCTAssertEqual(try JSONValue.parse(after.out)["status"], "timeout", "the third run is the second to count: it loops too")
        XCTAssertEqual(try store.widget(id).config["n"], 99)
        XCTAssertEqual(Files.list(state + "/widgets/" + id).filter { $0.hasSuffix(".tmp") }, [], "no temporary file is left")
    }
}
