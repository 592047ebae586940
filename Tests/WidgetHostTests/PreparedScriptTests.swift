import JSONKit
@testable import WidgetHost
import XCTest

/// What a script can reach, read once from its text (``PreparedScript``): the prelude
/// installs only the host globals the script's code names, unless it may compute names.
final class PreparedScriptTests: HostTestCase {
    private func prepared(_ text: String) -> PreparedScript { PreparedScript(ScriptSource(text: text, name: "t.js")) }

    private func installed(_ text: String) -> [String] {
        zip(Prelude.installedGlobals, prepared(text).preludeGlobals).filter { $0.1 == "1" }.map(\.0)
    }

    func testWordsInsideLiteralsAndCommentsNameNoGlobal() {
        XCTAssertEqual(installed("let title = \"Weather\", note = `Calendar ${1 + 1} Device` // uses Request\n/* HTMLDoc */"), [])
        XCTAssertEqual(installed("let t = `now ${Weather} and 'Calendar'`"), ["Weather"])
        XCTAssertEqual(installed("let s = 'tap this to see the weather'\nlet t = 'line\\nbreak'"), [])
        XCTAssertFalse(prepared("let s = 'Date: ' + 1").readsBuiltInsFirst)
        XCTAssertTrue(prepared("let s = Date.now()").readsBuiltInsFirst)
    }

    func testALiteralThatMayReachGlobalsStillCountsAsComputingNames() {
        let all = Prelude.installedGlobals.filter { !RunSession.controlBindingNames.contains($0) }
        for text in [
            "let f = []['constructor']['constructor']", "let s = '\\x63onstructor'", "let s = `\\u0057eather`",
            "let s = 'x' + this['y']", "let s = 'eval'",
        ] {
            XCTAssertEqual(installed(text), all, text)
            XCTAssertTrue(prepared(text).readsBuiltInsFirst, text)
        }
    }

    func testATextThatDoesNotTokenizeCountsEveryWord() {
        XCTAssertEqual(installed("let s = 'Weather\n"), ["Weather"])
    }

    func testAGlobalReachedThroughAStringKeyIsThere() {
        let report = run("let t = []['constructor']['constructor']('return typeof Calendar + typeof Weather')()")
        XCTAssertEqual(report.outputs["t"], "objectobject")
        let named = run("let title = 'Weather'\nlet t = typeof Weather")
        XCTAssertEqual(named.outputs, ["title": "Weather", "t": "object"])
    }
}
