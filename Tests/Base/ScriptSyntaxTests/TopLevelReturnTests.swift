import ScriptSyntax
import XCTest

final class TopLevelReturnTests: XCTestCase {
    func testReturnAtDepthZeroAndInsideBlocks() {
        let source = """
        if (done) return
        if (x) { return 1 } else { while (y) { return 2 } }
        switch (k) { case 1: { return 3 } default: return 4 }
        try { return 5 } finally {}
        return
        """
        XCTAssertEqual(returnLocations(source), [[1, 11], [2, 10], [2, 40], [3, 24], [3, 44], [4, 7], [5, 1]])
    }

    func testReturnInsideFunctionsIsNotTopLevel() {
        let source = """
        function f() { return 1 }
        function* g() { return }
        async function h() { if (a) { return } }
        const e = function named(p = () => {}) { return 2 }
        const k = (function () { return 3 })()
        """
        XCTAssertEqual(returnLocations(source), [])
    }

    func testReturnInsideArrowsIsNotTopLevel() {
        let source = "items.forEach(item => { return item })\nconst g = async (a, b) => { if (a) { return b } }"
        XCTAssertEqual(returnLocations(source), [])
    }

    func testReturnInsideMethodsIsNotTopLevel() {
        let source = """
        const o = {
          m() { return 1 },
          get x() { return 2 },
          set x(v) { return },
          async *gen() { return 3 },
          [computed]() { return 4 },
          'quoted'(a) { return 5 },
          nested: { deeper(b) { return 6 } },
        }
        class C extends Base {
          static { return }
          static s() { return 7 }
          #p() { return 8 }
          get y() { return 9 }
          field = () => { return 10 }
        }
        return o
        """
        XCTAssertEqual(returnLocations(source), [[17, 1]])
    }

    func testReturnAfterFunctionsAndClassesBackAtTopLevel() {
        let source = "function f() { return 1 }\nclass A { m() { return 2 } }\nif (c) { return 3 }"
        XCTAssertEqual(returnLocations(source), [[3, 10]])
    }

    func testReturnAsPropertyNameIsNotAStatement() {
        XCTAssertEqual(returnLocations("x.return(1); y = { return: 2 }; class K { return() {} }"), [])
    }

    func testLabelsAndConditionalsBeforeBlocks() {
        let source = "outer: { return 1 }\nconst v = a ? { k: 1 } : { k: 2 }\ncase1: for (;;) { return 2 }"
        XCTAssertEqual(returnLocations(source), [[1, 10], [3, 19]])
    }

    func testClassFieldsLoopsAndCurriedArrows() {
        let source = """
        class K { handler = async (e) => { return e }; static count = 0 }
        for await (const x of xs) { return x }
        let q = x => y => { return z }
        do { return } while (0)
        register(class extends Base { m() { return 1 } })
        """
        XCTAssertEqual(returnLocations(source), [[2, 29], [4, 6]])
    }

    func testFunctionDeclaredInsideSwitchCase() {
        let source = "switch (v) { case 1: function q() { return 1 }; return 2 }"
        XCTAssertEqual(returnLocations(source), [[1, 49]])
    }
}
