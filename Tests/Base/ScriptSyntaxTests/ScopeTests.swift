import ScriptSyntax
import XCTest

final class ScopeTests: XCTestCase {
    func testForLoopHeadIsNotTopLevel() {
        XCTAssertEqual(bindingNames("for (let i = 0; i < 3; i++) {}\nfor (const k of keys) { let inner }\nlet after"), ["after"])
    }

    func testBlocksAreNotTopLevel() {
        XCTAssertEqual(bindingNames("if (x) { let y = 1 }\n{ var z }\ntry { const t = 1 } catch (e) { var u }\nlet w"), ["w"])
    }

    func testFunctionsAndArrowsAreNotTopLevel() {
        let source = """
        function f() { let inner = 1; var v }
        const g = async () => { const hidden = 2 }
        const h = x => { let deeper }
        """
        XCTAssertEqual(bindingNames(source), ["g", "h"])
    }

    func testClassBodiesAndObjectLiteralsAreNotTopLevel() {
        let source = """
        class C { m() { var v = 1 } static { let s } field = 1 }
        const o = { method() { let q }, get x() { const r = 1; return r } }
        """
        XCTAssertEqual(bindingNames(source), ["o"])
    }

    func testDeclarationAfterBlocksAndFunctionsOnSameLine() {
        XCTAssertEqual(bindingNames("function f(){ let a } let b = 1; { let c } const d = 2"), ["b", "d"])
    }

    func testVarWithoutBracesAfterIfIsStillAtDepthZero() {
        XCTAssertEqual(bindingNames("if (ready) var flag = true"), ["flag"])
    }
}
