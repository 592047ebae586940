import ScriptSyntax
import XCTest

/// A scan within limits (``ScanLimits``): it reads at most the tokens it may, and stops once its
/// clock says the time is up, whichever loop it is in.
final class ScanLimitTests: XCTestCase {
    private func scan(_ source: String, tokens: Int, pastDeadline: @escaping () -> Bool = { false }) -> ScanOutcome {
        ScriptScanner.scan(source, limits: ScanLimits(maximumTokens: tokens, isPastDeadline: pastDeadline))
    }

    func testAScanReadsAtMostItsTokens() {
        // `let a = [0,0,0]` is 10 tokens; the comment is none.
        let source = "let a = [0,0,0] // ten tokens"
        guard case .scanned(let whole) = scan(source, tokens: 10) else { return XCTFail("ten tokens fit a limit of ten") }
        XCTAssertEqual(whole.tokenCount, 10)
        XCTAssertEqual(whole.bindings.map(\.name), ["a"])
        XCTAssertEqual(whole, ScriptScanner.scan(source), "the same scan as one without limits")
        guard case .tooManyTokens = scan(source, tokens: 9) else { return XCTFail("ten tokens pass a limit of nine") }
        XCTAssertEqual(ScriptScanner.scan("// only a comment").tokenCount, 0)
    }

    /// The clock is asked every ``ScanLimits/checkInterval`` steps, in the tokenizer's loop, the
    /// pass's, and a declaration's that skips a long initializer.
    func testAScanStopsWhenItsTimeIsUp() {
        let long = "let a = [" + String(repeating: "0,", count: 50_000) + "0]\nlet b = 1"
        var asked = 0
        guard case .scanned = scan(long, tokens: .max, pastDeadline: { asked += 1; return false }) else { return XCTFail("in time") }
        XCTAssertGreaterThan(asked, 2 * 100_000 / ScanLimits.checkInterval, "asked in every loop")

        // Up at once: the first look stops it, in the tokenizer.
        asked = 0
        guard case .pastDeadline = scan(long, tokens: .max, pastDeadline: { asked += 1; return true }) else { return XCTFail("stopped") }
        XCTAssertEqual(asked, 1)

        // Up once the tokens are read: the pass stops, and the declaration's skip of the
        // initializer with it.
        for looks in [26, 40, 55] {
            asked = 0
            let outcome = scan(long, tokens: .max, pastDeadline: { asked += 1; return asked >= looks })
            guard case .pastDeadline = outcome else { return XCTFail("stopped at look \(looks)") }
            XCTAssertEqual(asked, looks, "no look after the one that stopped it")
        }
    }
}
