import ScriptSyntax
import XCTest

/// Where each top-level name stands in its declaration, which the HarmonyOS edition's bindings
/// are decided from (H2): the keyword's position, the declarator of a comma list, a pattern.
final class DeclarationPlaceTests: XCTestCase {
    func places(_ source: String) -> [String] {
        ScriptScanner.scan(source).bindings.map { binding in
            "\(binding.name)@\(binding.keyword.line):\(binding.keyword.column) d\(binding.declarator)\(binding.inPattern ? " pattern" : "")\(binding.keywordStartsLine ? " start" : "")"
        }
    }

    func testTheKeywordsPositionDeclaratorAndPatternAreRecorded() {
        XCTAssertEqual(places("let a = 1, b = 2\n  const c = 3\nvar {d, e: [f]} = x, g = 4\n"), [
            "a@1:1 d0 start", "b@1:1 d1 start", "c@2:3 d0", "d@3:1 d0 pattern start", "f@3:1 d0 pattern start", "g@3:1 d1 start",
        ])
    }

    func testAKeywordAfterOtherCodeOnItsLineDoesNotStartIt() {
        XCTAssertEqual(places("x(); let a = 1\n/* note */ let b = 2\n\tlet c = 3\n"), ["a@1:6 d0", "b@2:12 d0", "c@3:2 d0"])
    }

    func testAnInitializerWithCommasInsideBracketsStaysOneDeclarator() {
        XCTAssertEqual(places("let a = f(1, 2), b = [3, 4]\n"), ["a@1:1 d0 start", "b@1:1 d1 start"])
    }

    func testDeclarationsInsideBlocksAreNotTopLevel() {
        XCTAssertEqual(places("if (x) {\nlet a = 1\n}\nfunction f() {\nvar b\n}\n"), [])
    }
}
