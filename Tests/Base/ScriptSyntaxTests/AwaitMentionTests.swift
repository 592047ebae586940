import ScriptSyntax
import XCTest

/// `mentionsAwait`: whether a script may wait at top level (its body must then be async).
final class AwaitMentionTests: XCTestCase {
    func testAwaitAnywhereIsAMention() {
        for source in [
            "const v = await fetch()",
            "for await (const x of xs) {}",
            "async function f() { await g() }",
            "const o = { await: 1 }",
            "if (a) { b(await c) }",
        ] {
            XCTAssertTrue(ScriptScanner.scan(source).mentionsAwait, source)
        }
    }

    func testAwaitInStringsCommentsTemplatesAndPropertyNamesIsNot() {
        for source in [
            "let a = 'await'",
            "// await later\nlet a = 1",
            "/* await */ let a = 1",
            "let t = `await ${x}`",
            "let r = /await/",
            "promise.await(1)",
            "let awaitable = 1",
        ] {
            XCTAssertFalse(ScriptScanner.scan(source).mentionsAwait, source)
        }
    }
}
