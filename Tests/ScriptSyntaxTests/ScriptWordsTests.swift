import ScriptSyntax
import XCTest

final class ScriptWordsTests: XCTestCase {
    func testWordsComeFromCodeStringsAndComments() {
        let scan = ScriptWords("let a = globalThis['Intl'] // uses Calendar\nconst é = `x${Request}`")
        XCTAssertEqual(scan.words, ["let", "a", "globalThis", "Intl", "uses", "Calendar", "const", "é", "x$", "Request"])
        XCTAssertFalse(scan.hasEscapes)
    }

    func testThisAsAValueButNotAsThisDotName() {
        XCTAssertFalse(ScriptWords("this.x = 1; this .y = 2; thisOne = 3").usesThisAsAValue)
        for text in ["const g = this", "this[name] = 1", "return this", "f(this)", "this...", "this?.[k]"] {
            XCTAssertTrue(ScriptWords(text).usesThisAsAValue, text)
        }
    }

    func testABackslashMayEscapeAnIdentifier() {
        XCTAssertTrue(ScriptWords("let t = typeof \\u0049ntl").hasEscapes)
    }
}
