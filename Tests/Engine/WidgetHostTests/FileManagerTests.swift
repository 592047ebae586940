import JSONKit
import WidgetHost
import TestSupport
import XCTest

/// `FileManager` (A5): per-widget folders inside the state folder, and nothing outside it.
final class FileManagerTests: APITestCase {
    var id: String { WidgetIdentity.derived(fromScriptName: "widget.js").id }

    func testFoldersAndTheirPrefixes() {
        XCTAssertEqual(value("let v = [FileManager.local().documents(), FileManager.local().library(), FileManager.iCloud().documents(), FileManager.iCloud().library()]"),
                       [.string("LD:\(id)/"), .string("LL:\(id)/"), .string("ID:\(id)/"), .string("IL:\(id)/")])
    }

    func testWriteReadExistsAndRemove() {
        let out = outputs(runAPI("""
            const _fm = FileManager.local()
            const _path = _fm.documents() + "notes/greeting.txt"
            let before = [_fm.fileExists(_path), _fm.readString(_path)]
            _fm.writeString(_path, "Hello, Omni! 你好")
            let after = [_fm.fileExists(_path), _fm.readString(_path), _fm.fileExists(_fm.documents())]
            _fm.remove(_path)
            _fm.remove(_path)
            let removed = [_fm.fileExists(_path), _fm.readString(_path)]
            _fm.writeString(_fm.library() + "private.json", "{}")
            let separate = [FileManager.iCloud().fileExists(FileManager.iCloud().library() + "private.json"), _fm.fileExists(_fm.library() + "private.json")]
            """))
        XCTAssertEqual(out["before"], [false, ""])
        XCTAssertEqual(out["after"], [true, "Hello, Omni! 你好", true])
        XCTAssertEqual(out["removed"], [false, ""])
        XCTAssertEqual(out["separate"], [false, true])
        XCTAssertEqual(store.file("LL:\(id)/private.json"), Array("{}".utf8))
    }

    func testSaveImageKeepsTheFetchedBytes() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 255]
        let out = outputs(runAPI("""
            const _fm = FileManager.local()
            this.img = _fm.documents() + "avatar.png"
            _fm.saveImage(this.img, await new Request("https://example.com/avatar.png").fetch())
            _fm.saveImage(_fm.documents() + "buffer.bin", new Uint8Array([1, 2, 3]).buffer)
            let saved = _fm.fileExists(this.img)
            let failure; try { _fm.saveImage(_fm.documents() + "x.png", "not bytes") } catch (e) { failure = [e.name, e.message] }
            """, fixtures: [NetworkFixture(url: "https://example.com/avatar.png", body: png)]))
        XCTAssertEqual(out["saved"], true)
        XCTAssertEqual(out["img"], .string("LD:\(id)/avatar.png"))
        XCTAssertEqual(store.file("LD:\(id)/avatar.png"), png)
        XCTAssertEqual(store.file("LD:\(id)/buffer.bin"), [1, 2, 3])
        XCTAssertEqual(out["failure"], ["TypeError", "fm.saveImage(path, bytes) expects the image bytes (the Uint8Array from await req.fetch()); got the string \"not bytes\""])
    }

    func testPathsThatLeaveTheFolderAreRefused() {
        let attempts: [(String, String)] = [
            ("LD:\(id)/../escape.txt", "it contains a '..' segment, which would leave the widget's folder"),
            ("LD:\(id)/a/../../escape.txt", "it contains a '..' segment, which would leave the widget's folder"),
            ("LD:../\(id)/x.txt", "it contains a '..' segment, which would leave the widget's folder"),
            ("/etc/passwd", "it is an absolute path; build paths from fm.documents() or fm.library(), e.g. fm.documents() + \"data.json\""),
            ("~/x", "it is an absolute path; build paths from fm.documents() or fm.library(), e.g. fm.documents() + \"data.json\""),
            ("LD:\(id)/a\u{0}b.txt", "it contains a NUL character"),
            ("LD:\(id)//x.txt", "it contains an empty segment ('//')"),
            ("LD:\(id)/./x.txt", "it contains a '.' segment"),
            ("LD:\(id)/a\\b.txt", "it contains a backslash"),
            ("LD:OTHER-WIDGET/x.txt", "it names the folder of another widget ('OTHER-WIDGET'); this widget's folder is LD:\(id)/"),
            ("notes.txt", "it does not start with LD:, LL:, ID: or IL:; build paths from fm.documents() or fm.library(), e.g. fm.documents() + \"data.json\""),
            ("XX:\(id)/x.txt", "it does not start with LD:, LL:, ID: or IL:; build paths from fm.documents() or fm.library(), e.g. fm.documents() + \"data.json\""),
        ]
        for (path, reason) in attempts {
            let literal = JSONValue.string(path).serialized()
            let out = outputs(runAPI("""
                const _fm = FileManager.local()
                let results = []
                for (const _op of ["writeString", "readString", "fileExists", "remove", "saveImage"]) {
                  try { _fm[_op](\(literal), _op === "saveImage" ? new Uint8Array([1]) : "x"); results.push(_op + " did not throw") }
                  catch (e) { results.push(e instanceof Error ? e.message : String(e)) }
                }
                """))
            let messages = out["results"]?.arrayValue?.compactMap(\.stringValue) ?? []
            XCTAssertEqual(messages.count, 5, path)
            for (operation, message) in zip(["writeString", "readString", "fileExists", "remove", "saveImage"], messages) {
                XCTAssertTrue(message.hasPrefix("fm.\(operation): the path "), "\(path): \(message)")
                XCTAssertTrue(message.hasSuffix(" was refused: \(reason)"), "\(path): \(message)")
            }
        }
        let out = outputs(runAPI("""
            const _fm = FileManager.local()
            let folder; try { _fm.writeString(_fm.documents(), "x") } catch (e) { folder = e.message }
            let notString; try { _fm.readString(42) } catch (e) { notString = e.name }
            let notText; try { _fm.writeString(_fm.documents() + "a.txt", {a: 1}) } catch (e) { notText = e.name }
            """))
        XCTAssertEqual(out["folder"], .string("fm.writeString: the path \"LD:\(id)/\" names the widget's folder, not a file; add a file name"))
        XCTAssertEqual(out["notString"], "TypeError")
        XCTAssertEqual(out["notText"], "TypeError")
    }

    /// Lists the file system around the state folder before and after a hostile script:
    /// only the widget's own files change, and nothing outside the state folder.
    func testNothingOutsideTheStateFolderChanges() throws {
        let root = try Files.makeTemporaryFolder("widgethost-confine")
        defer { Files.removeTree(root) }
        mkdir(root + "/state", 0o755)
        mkdir(root + "/elsewhere", 0o755)
        try Files.write(root + "/outside.txt", Array("keep".utf8))
        try Files.write(root + "/elsewhere/secret.txt", Array("secret".utf8))
        // A symbolic link planted inside the widget's folder that points outside.
        let files = root + "/state/widgets/\(id)/files"
        mkdir(root + "/state/widgets", 0o755); mkdir(root + "/state/widgets/\(id)", 0o755); mkdir(files, 0o755); mkdir(files + "/LD", 0o755)
        symlink(root + "/elsewhere", files + "/LD/link")
        let before = Files.listing(root)

        let folder = StateStore(directory: root + "/state")
        let report = runAPI("""
            const _fm = FileManager.local()
            const _docs = _fm.documents()
            let refused = 0
            const _attempts = [
              _docs + "../../../../outside.txt", _docs + "../../../../elsewhere/secret.txt", "\(root)/outside.txt",
              "LD:\(id)/../\(id)/x", "LD:other/x", _docs + "a\\u0000b", _docs + "link/secret.txt", _docs + "link/new.txt",
              "LL:\(id)/../../../../outside.txt", "ID:..", "IL:\(id)/..",
            ]
            for (const _path of _attempts) {
              for (const _op of ["writeString", "readString", "remove", "saveImage"]) {
                try { _fm[_op](_path, _op === "saveImage" ? new Uint8Array([1]) : "overwritten") } catch (e) { refused++ }
              }
            }
            _fm.writeString(_docs + "ok.txt", "mine")
            let ok = _fm.readString(_docs + "ok.txt")
            """) { $0.storage = folder }
        let out = outputs(report)
        XCTAssertEqual(out["refused"], 44, "every attempt is refused")
        XCTAssertEqual(out["ok"], "mine")
        let after = Files.listing(root)
        XCTAssertEqual(Set(after).subtracting(before), ["state/widgets/\(id)/files/LD/ok.txt", "state/widgets/\(id)/store.lock"])
        XCTAssertEqual(Set(before).subtracting(after), [])
        XCTAssertEqual(Files.bytes(root + "/outside.txt"), Array("keep".utf8))
        XCTAssertEqual(Files.bytes(root + "/elsewhere/secret.txt"), Array("secret".utf8))
        XCTAssertEqual(Files.listing(root + "/elsewhere"), ["secret.txt"])
    }
}
