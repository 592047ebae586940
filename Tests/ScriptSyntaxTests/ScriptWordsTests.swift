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

    func testTokensSeparateTheWordsOfCodeFromThoseOfLiterals() {
        let text = "let a = globalThis['Intl'] // uses Calendar\nconst é = `x${Request}y` + /Device/.source"
        let scan = ScriptWords(tokens: Tokenizer.tokenize(text).tokens)
        XCTAssertEqual(scan.words, ["let", "a", "globalThis", "const", "é", "Request", "Device", "source"])
        XCTAssertEqual(scan.literalWords, ["Intl", "x", "y"])
        XCTAssertFalse(scan.hasEscapes)
        XCTAssertFalse(scan.usesThisAsAValue)
    }

    func testTokensFindThisAsAValueOnlyInCode() {
        let words = { (text: String) in ScriptWords(tokens: Tokenizer.tokenize(text).tokens) }
        XCTAssertFalse(words("this.x = 'do this'; this .y = `this ${1}`; thisOne = 3 // this").usesThisAsAValue)
        for text in ["const g = this", "this[name] = 1", "f(this)", "`${this}`", "this?.[k]"] {
            XCTAssertTrue(words(text).usesThisAsAValue, text)
        }
    }

    func testTokensFindEscapesThatMayStandForLetters() {
        let words = { (text: String) in ScriptWords(tokens: Tokenizer.tokenize(text).tokens) }
        for text in [#"let s = 'a\nb\t\'\"\\\0c'"#, #"let r = /\d+\s/"#, "let s = 'a\\\nb'"] {
            XCTAssertFalse(words(text).hasEscapes, text)
        }
        for text in [#"let s = '\x63'"#, #"let s = "\u0063""#, #"let s = '\143'"#, #"let s = '\01'"#, #"let s = '\c'"#, #"let \u0061 = 1"#] {
            XCTAssertTrue(words(text).hasEscapes, text)
        }
        XCTAssertEqual(words(#"let s = 'a\nconstructor'"#).literalWords, ["a", "constructor"])
    }
}
