import ErrorKinds
import JSONKit
import TestSupport
import WidgetHost
import XCTest

/// A store is never written larger than a run reads back (A4, ``StateStore/maximumFileSize``,
/// 64 MiB): a `store.json`, a slot's values or a widget's file past it is refused with a
/// `state-not-saved` error (an `Error` for `FileManager`) naming the limit, nothing is written,
/// and what was stored before stays readable. Before, such a store was written, and every later
/// run found it unreadable and started empty.
final class StoreSizeTests: APITestCase {
    /// A script that stores 65 strings of 1 MiB under `store`: over 64 MiB as a file, while the
    /// script itself holds one string of 1 MiB.
    private func storing(_ store: String) -> String {
        "const _s = 'x'.repeat(1 << 20)\nfor (let _i = 0; _i < 65; _i++) \(store)\nlet stored = true"
    }

    /// Runs with `store` and time enough to hand a debug build's host 65 MiB.
    private static func generous(_ configuration: inout RunConfiguration, _ store: StateStore) {
        configuration.storage = store
        configuration.timeLimitSeconds = 600
    }

    private func assertRefused(_ report: RunReport, _ file: String, line: UInt = #line) {
        XCTAssertEqual(report.status, .ok, "\(report.diagnostics.map(\.message))", line: line)
        let refusals = report.diagnostics.filter { $0.code == .stateNotSaved }
        XCTAssertEqual(refusals.count, 1, "\(report.diagnostics.map(\.message))", line: line)
        let message = refusals.first?.message ?? ""
        XCTAssertTrue(message.contains(file) && message.contains("over the 64 MiB a store file may hold"), message, line: line)
        XCTAssertTrue(message.contains("what was stored before is kept"), message, line: line)
        XCTAssertEqual(ExitStatus.of(report), 73, line: line)
    }

    func testAWidgetStoreLargerThanCanBeReadBackIsRefusedAndThePreviousOneKept() throws {
        let folder = try TemporaryFolder("store-size")
        let state = StateStore(directory: folder.path + "/state")
        let configure: (inout RunConfiguration) -> Void = { Self.generous(&$0, state) }
        XCTAssertEqual(outputs(runAPI("Config.set('kept', 'first'); setConfig('legacy', 'one')", configure)), [:])
        let file = folder.path + "/state/widgets/\(WidgetIdentity.derived(fromScriptName: "widget.js").id)/store.json"
        let before = try XCTUnwrap(Files.read(file))

        assertRefused(runAPI(storing("Config.set('k' + _i, _s)"), configure), "store.json")
        XCTAssertEqual(Files.read(file), before, "the stored file is kept, byte for byte")

        let after = runAPI("let kept = Config.get('kept'); let legacy = getConfig('legacy'); let keys = Config.keys().length", configure)
        XCTAssertEqual(outputs(after), ["kept": "first", "legacy": "one", "keys": 1])
        XCTAssertEqual(after.diagnostics.map(\.code), [], "\(after.diagnostics.map(\.message))")
    }

    func testSlotValuesLargerThanCanBeReadBackAreRefusedAndThePreviousOnesKept() throws {
        let folder = try TemporaryFolder("store-size")
        let state = StateStore(directory: folder.path + "/state")
        let configure: (inout RunConfiguration) -> Void = { Self.generous(&$0, state) }
        _ = outputs(runAPI("setValue('kept', 'first')", configure))
        let file = folder.path + "/state/values/small-1.json"
        let before = try XCTUnwrap(Files.read(file))

        assertRefused(runAPI(storing("setValue('k' + _i, _s)"), configure), "small-1.json")
        XCTAssertEqual(Files.read(file), before)
        let after = runAPI("let kept = getValue('kept'); let other = getValue('k0')", configure)
        XCTAssertEqual(outputs(after), ["kept": "first", "other": ""])
        XCTAssertEqual(after.diagnostics.map(\.code), [])
    }

    /// A store in memory keeps the same bound, so a simulation ends the same with and without
    /// a state folder.
    func testAStoreInMemoryKeepsTheSameBound() {
        let configure: (inout RunConfiguration) -> Void = { Self.generous(&$0, self.store) }
        _ = outputs(runAPI("Config.set('kept', 'first')", configure))
        assertRefused(runAPI(storing("Config.set('k' + _i, _s)"), configure), "store.json")
        XCTAssertEqual(outputs(runAPI("let kept = Config.get('kept'); let keys = Config.keys().length", configure)), ["kept": "first", "keys": 1])
    }

    /// A widget's file past the bound is refused with an `Error` naming it, and the file written
    /// before stays as it was.
    func testAFileLargerThanCanBeReadBackIsRefusedAndThePreviousOneKept() throws {
        let folder = try TemporaryFolder("store-size")
        let state = StateStore(directory: folder.path + "/state")
        let configure: (inout RunConfiguration) -> Void = {
            Self.generous(&$0, state)
            // The script holds its 65 MiB string: a limit that lets it.
            $0.memoryLimitMB = 1024
        }
        _ = outputs(runAPI("const _fm = FileManager.local(); _fm.writeString(_fm.documents() + 'big.txt', 'first')", configure))
        let report = runAPI("""
            const _fm = FileManager.local()
            let message = ''
            try { _fm.writeString(_fm.documents() + 'big.txt', 'x'.repeat(65 << 20)) } catch (e) { message = e.message }
            let read = _fm.readString(_fm.documents() + 'big.txt')
            """, configure)
        let out = outputs(report)
        let message = out["message"]?.stringValue ?? ""
        XCTAssertTrue(message.contains("big.txt") && message.contains("over the 64 MiB a store file may hold"), message)
        XCTAssertEqual(out["read"], "first")
    }
}
