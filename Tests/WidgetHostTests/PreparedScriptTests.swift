import JSONKit
import WidgetHost
import XCTest

/// The host globals a script can reach are installed, however it reaches them: the prelude
/// installs those whose names appear anywhere in the text (strings and comments included),
/// or all of them when the text may compute names.
final class PreparedScriptTests: HostTestCase {
    func testAGlobalNamedOnlyInAStringThatBecomesCodeIsThere() {
        let report = run("var f = [].flat['constr' + 'uctor']\nlet out = f('return typeof Calendar + typeof Weather')()")
        XCTAssertEqual(report.outputs["out"], "objectobject")
        let template = run("let out = [].flat[`constr${''}uctor`]('return typeof Weather')()")
        XCTAssertEqual(template.outputs["out"], "object")
        let continued = run("let out = [].flat['constr\\\nuctor']('return typeof Calendar')()")
        XCTAssertEqual(continued.outputs["out"], "object")
    }

    func testAGlobalNamedInCodeTheTokenizerMayMistakeForACommentIsThere() {
        // (`this.out`: the output scan misreads these texts, which the tokenizer gets wrong.)
        let report = run("var x = 1\n<!-- `\nthis.out = typeof Calendar\n//`")
        XCTAssertEqual(report.outputs["out"], "object")
        let division = run("var a = function(){} / \"/\"; this.out = typeof Calendar // \"")
        XCTAssertEqual(division.outputs["out"], "object")
    }

    func testTheGlobalObjectFromThisValueOfReachesComputedNames() {
        let report = run("const _g = this.valueOf()\nlet out = typeof _g['Cal' + 'endar'] + typeof _g['Wea' + 'ther']")
        XCTAssertEqual(report.outputs["out"], "objectobject")
    }
}

/// API globals made natively are defined by the host itself when the script reaches nothing
/// else the prelude installs; they behave as the prelude's accessors do.
final class NativeAccessorTests: HostTestCase {
    func testNativeAccessorsBehaveAsThePreludesDo() {
        let body = """
            let before = typeof Weather + typeof Device
            let enumerable = this.propertyIsEnumerable('Weather')
            let own = this.hasOwnProperty('Weather')
            let same = Weather === Weather
            Weather = 5
            let after = Weather
            let deleted = delete Device
            let gone = typeof Device
            """
        // Alone, or naming built-ins the prelude keeps, the script needs no prelude; with
        // `console` named, the prelude defines them.
        for script in [body, body + "\nlet kinds = typeof Error + typeof Object", body + "\nconsole.log(after)"] {
            let report = run(script)
            XCTAssertEqual(report.status, .ok, script)
            XCTAssertEqual(report.outputs["before"], "objectobject", script)
            XCTAssertEqual(report.outputs["enumerable"], false, script)
            XCTAssertEqual(report.outputs["own"], true, script)
            XCTAssertEqual(report.outputs["same"], true, script)
            XCTAssertEqual(report.outputs["after"], 5, script)
            XCTAssertEqual(report.outputs["deleted"], true, script)
            XCTAssertEqual(report.outputs["gone"], "undefined", script)
            XCTAssertEqual(report.diagnostics.filter { $0.code == .hostGlobalReplaced }.map(\.message),
                ["the script replaced the host's 'Weather'; the script's replacement is used instead of the host's"], script)
        }
    }
}
