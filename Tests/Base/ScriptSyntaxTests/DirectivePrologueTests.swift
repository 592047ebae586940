import ScriptSyntax
import XCTest

final class DirectivePrologueTests: XCTestCase {
    func testUseStrictWithSemicolon() {
        XCTAssertEqual(ScriptScanner.scan("\"use strict\";\nlet a").directivePrologueEnd, 13)
    }

    func testUseStrictEndedByNewline() {
        XCTAssertEqual(ScriptScanner.scan("'use strict'\nlet a").directivePrologueEnd, 12)
    }

    func testTwoDirectivesAfterCommentsAndHashbang() {
        let source = "#!/bin/x\n// note\n'use strict'; /* c */ \"another\"\nfoo()"
        // 9 + 8 bytes of header lines, then 'use strict'; (13) + " /* c */ " (9) + "another" (9)
        XCTAssertEqual(ScriptScanner.scan(source).directivePrologueEnd, 48)
    }

    func testNoDirective() {
        XCTAssertEqual(ScriptScanner.scan("let a = 'use strict'").directivePrologueEnd, 0)
        XCTAssertEqual(ScriptScanner.scan("").directivePrologueEnd, 0)
    }

    func testStringStartingAnExpressionIsNotADirective() {
        XCTAssertEqual(ScriptScanner.scan("\"x\".length").directivePrologueEnd, 0)
        XCTAssertEqual(ScriptScanner.scan("'a' + b").directivePrologueEnd, 0)
        XCTAssertEqual(ScriptScanner.scan("'use strict'\n.length").directivePrologueEnd, 0)
    }

    func testDirectiveFollowedByNonDirectiveString() {
        // The second string is an expression statement `"x".length`: only the first counts.
        XCTAssertEqual(ScriptScanner.scan("'use strict';\"x\".length").directivePrologueEnd, 13)
    }

    func testDirectiveAloneAtEndOfInput() {
        XCTAssertEqual(ScriptScanner.scan("  'use strict'").directivePrologueEnd, 14)
    }
}
