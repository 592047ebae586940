import JSONKit
import TestSupport
import WidgetHost
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The storage's edges: temporaries a killed writer left, names UTF-8 cannot hold, a path that
/// ends in `/`, and what the refusal of a link says (A4, A5, A12).
final class StorageEdgeTests: APITestCase {
    var id: String { WidgetIdentity.derived(fromScriptName: "widget.js").id }

    private func folder() throws -> String { try Files.makeTemporaryFolder("widgethost-edges") }

    /// A writer killed between its temporary file and the rename leaves `.widgethost-PID-N-HEX.tmp`
    /// behind; the next run that opens the widget's storage removes those of processes that no
    /// longer run, in the widget's folders and the values', and nothing else.
    func testStaleTemporariesOfTheStoresOwnNamingAreRemovedWhenTheStoreIsNextOpened() throws {
        let root = try folder()
        defer { Files.removeTree(root) }
        let state = root + "/state"
        let widget = state + "/widgets/\(id)"
        for path in [state, state + "/values", state + "/widgets", widget, widget + "/files", widget + "/files/LD", widget + "/files/LD/sub"] {
            mkdir(path, 0o755)
        }
        // 4194304 is above the kernel's largest process id: no process has it.
        let stale = ".widgethost-4194304-3-0badc0de.tmp"
        let live = ".widgethost-\(getpid())-1-00000000.tmp"
        let kept = ["notes.tmp", ".widgethost-x.tmp", ".widgethost-4194304-3-0badc0de.tmp.keep", live]
        for place in [widget, state + "/values", widget + "/files/LD/sub"] {
            try Files.write(place + "/" + stale, Array("half".utf8))
            for name in kept { try Files.write(place + "/" + name, Array("mine".utf8)) }
        }
        let report = runAPI("Config.set('a', 1); setValue('b', '2'); let a = Config.get('a')") { $0.storage = StateStore(directory: state) }
        XCTAssertEqual(outputs(report)["a"], 1)
        for place in [widget, state + "/values", widget + "/files/LD/sub"] {
            XCTAssertFalse(Files.exists(place + "/" + stale), place)
            for name in kept { XCTAssertTrue(Files.exists(place + "/" + name), place + "/" + name) }
        }
    }

    /// `"\ud800"` and `"\udbff"` are different JavaScript strings that UTF-8 cannot hold; as names
    /// they would become one. Config keys and the other stores' keys with a lone surrogate are
    /// refused (`invalid-argument`, nothing stored), and so are FileManager paths.
    func testKeysAndFileNamesWithLoneSurrogatesAreRefusedNotMerged() {
        let report = runAPI("""
            Config.set("\\ud800", 1)
            Config.set("\\udbff", 2)
            setValue("\\ud800", "x")
            setConfig("k\\udc00", "y")
            let keys = Config.keys()
            let got = [Config.get("\\udbff", "none"), getValue("\\ud800")]
            const _fm = FileManager.local()
            let files = []
            for (const _name of ["\\ud800", "\\udbff", "a\\udfffb"]) {
              try { _fm.writeString(_fm.documents() + _name, _name); files.push("written") } catch (e) { files.push(e.message) }
            }
            let pair = (() => { _fm.writeString(_fm.documents() + "\\ud83d\\ude00", "pair"); return _fm.readString(_fm.documents() + "\\ud83d\\ude00") })()
            """)
        let out = outputs(report)
        XCTAssertEqual(out["keys"], [])
        XCTAssertEqual(out["got"], ["none", ""])
        let files = out["files"]?.arrayValue?.compactMap(\.stringValue) ?? []
        XCTAssertEqual(files.count, 3)
        for message in files { XCTAssertTrue(message.contains("lone surrogate"), message) }
        XCTAssertEqual(out["pair"], "pair", "a surrogate pair is one character, kept")
        let warnings = report.diagnostics.filter { $0.code == .invalidArgument }
        XCTAssertEqual(warnings.count, 6, "\(report.diagnostics.map(\.message))")
        XCTAssertTrue(warnings.allSatisfy { $0.message.contains("lone surrogate") }, "\(warnings.map(\.message))")
    }

    /// `x/` has an empty last segment: it is refused like `x//y`, not written as `x`. The widget's
    /// folder itself (`fm.documents()`, which ends in `/`) still names the folder.
    func testAPathEndingInASlashIsRefused() {
        let out = outputs(runAPI("""
            const _fm = FileManager.local()
            let messages = []
            for (const _op of ["writeString", "readString", "remove", "fileExists"]) {
              try { _fm[_op](_fm.documents() + "x/", "text"); messages.push("passed") } catch (e) { messages.push(e.message) }
            }
            let exists = _fm.fileExists(_fm.documents())
            """))
        let messages = out["messages"]?.arrayValue?.compactMap(\.stringValue) ?? []
        XCTAssertEqual(messages.count, 4)
        for message in messages { XCTAssertTrue(message.contains("it ends with '/'"), message) }
        XCTAssertEqual(out["exists"], true)
        XCTAssertNil(store.file("LD:\(id)/x"))
    }

    /// The error for a link on the way names the script's path and the link it refused.
    func testTheLinkRefusalNamesThePathAndTheLink() throws {
        let root = try folder()
        defer { Files.removeTree(root) }
        let documents = root + "/state/widgets/\(id)/files/LD"
        for path in [root + "/state", root + "/state/widgets", root + "/state/widgets/\(id)", root + "/state/widgets/\(id)/files", documents, root + "/elsewhere"] {
            mkdir(path, 0o755)
        }
        XCTAssertEqual(symlink(root + "/elsewhere", documents + "/link"), 0)
        let out = outputs(runAPI("""
            const _fm = FileManager.local()
            let message = ""
            try { _fm.readString(_fm.documents() + "link/data.txt") } catch (e) { message = e.message }
            """) { $0.storage = StateStore(directory: root + "/state") })
        let message = out["message"]?.stringValue ?? ""
        XCTAssertTrue(message.contains("\"LD:\(id)/link/data.txt\""), message)
        XCTAssertTrue(message.contains("files/LD/link is a symbolic link"), message)
    }
}
