import JSONKit
import TestSupport
import WidgetHost
import XCTest

/// A store that reads a state folder and keeps what is written in memory
/// (`StateStore(readingFrom:)`, the studio's `/run`): a run sees the folder's config, values and
/// files, and the folder is byte for byte as it was afterwards, with no lock file.
final class ReadOnlyStoreTests: APITestCase {
    var id: String { WidgetIdentity.derived(fromScriptName: "widget.js").id }

    func testARunSeesTheFolderAndWritesNothingThere() throws {
        let folder = try TemporaryFolder("read-only-store")
        store = StateStore(directory: folder.path)
        _ = outputs(runAPI("""
            setConfig('seen', 'first'); setValue('count', '1')
            const fm = FileManager.local()
            fm.writeString(fm.documents() + 'note.txt', 'kept'); fm.writeString(fm.documents() + 'gone.txt', 'here')
            """))
        let listing = Files.listing(folder.path)
        let contents = listing.map { Files.bytes(folder.path + "/" + $0) }
        XCTAssertTrue(listing.contains("widgets/\(id)/files/LD/note.txt"), "\(listing)")

        store = StateStore(readingFrom: folder.path)
        let script = """
            const fm = FileManager.local()
            let before = [getConfig('seen'), getValue('count'), fm.readString(fm.documents() + 'note.txt'), fm.fileExists(fm.documents() + 'gone.txt')]
            setConfig('seen', 'second'); setValue('count', '2')
            fm.writeString(fm.documents() + 'note.txt', 'changed'); fm.remove(fm.documents() + 'gone.txt')
            let after = [getConfig('seen'), getValue('count'), fm.readString(fm.documents() + 'note.txt'), fm.fileExists(fm.documents() + 'gone.txt')]
            """
        let first = outputs(runAPI(script))
        XCTAssertEqual(first["before"], ["first", "1", "kept", true])
        XCTAssertEqual(first["after"], ["second", "2", "changed", false])
        // The same store carries its writes to the next run, in memory; the folder is untouched.
        XCTAssertEqual(outputs(runAPI(script))["before"], ["second", "2", "changed", false])
        XCTAssertEqual(Files.listing(folder.path), listing)
        XCTAssertEqual(listing.map { Files.bytes(folder.path + "/" + $0) }, contents)
        XCTAssertEqual(store.file("LD:\(id)/note.txt"), Array("changed".utf8))
        XCTAssertEqual(StateStore(directory: folder.path).file("LD:\(id)/note.txt"), Array("kept".utf8))
    }
}
