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
