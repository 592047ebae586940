import JSONKit
import WidgetHost
import XCTest

/// Parsing is part of the run, and its memory limit bounds it (S6): a script of more bytes than
/// a sixteenth of the limit is refused before anything parses it, and the host's scan stops at
/// the token past one for each 128 bytes of the limit, before the engine parses anything. Both
/// end `memory` with `script-too-large`; a scan that outlasts the time ends `timeout`.
final class ScriptSizeTests: HostTestCase {
    func testTheBoundsFollowTheMemoryLimit() {
        var configuration = RunConfiguration()
        XCTAssertEqual(configuration.maximumScriptBytes, 1_966_080, "1.875 MiB at 30 MB")
        XCTAssertEqual(configuration.maximumScriptTokens, 245_760)
        configuration.memoryLimitMB = 8
        XCTAssertEqual(configuration.maximumScriptBytes, 524_288)
        XCTAssertEqual(configuration.maximumScriptTokens, 65_536)
        configuration.memoryLimitMB = .nan
        XCTAssertEqual(configuration.maximumScriptBytes, 0)
    }

    /// At the bound a script runs; a byte more and it is refused from its size, unscanned.
    func testAScriptOfMoreBytesThanItsLimitParsesIsRefused() throws {
        let limits: (inout RunConfiguration) -> Void = { $0.memoryLimitMB = 8 }
        let head = "let fits = true\n//"
        let padding = 524_288 - head.utf8.count
        let atBound = run(head + String(repeating: "x", count: padding), limits)
        XCTAssertEqual(atBound.status, .ok, "\(atBound.diagnostics.map(\.message))")
        XCTAssertEqual(atBound.outputs["fits"], true)

        let over = run(head + String(repeating: "x", count: padding + 1), limits)
        XCTAssertEqual(over.status, .memory)
        XCTAssertEqual(codes(over), ["script-too-large"])
        let message = try XCTUnwrap(diagnostic(over, .scriptTooLarge)?.message)
        XCTAssertTrue(message.contains("more than the 0.5 MB a run parses under its memory limit of 8 MB"), message)
        XCTAssertTrue(message.contains("--memory-limit"), message)
        XCTAssertEqual(over.outputs, [:])
        XCTAssertNil(over.error)
    }

    /// One token for each 128 bytes of the limit: 65,536 at 8 MB. A script with one more is
    /// stopped by the scan; the same script scanned before under a larger limit (and kept) is
    /// held to the smaller one too.
    func testAScriptOfMoreTokensThanItsLimitParsesIsRefused() throws {
        // `let a = [`, `]` and `let n = a.length` are 11 tokens; each `0` and `,` one.
        func array(zeros: Int) -> String { "let a = [" + Array(repeating: "0", count: zeros).joined(separator: ",") + "]\nlet n = a.length" }
        let limits: (inout RunConfiguration) -> Void = { $0.memoryLimitMB = 8 }
        let fits = run(array(zeros: 32_763), limits)  // 65,536 tokens
        XCTAssertEqual(fits.status, .ok, "\(fits.diagnostics.map(\.message))")
        XCTAssertEqual(fits.outputs["n"], 32_763)

        let more = array(zeros: 32_764)  // 65,538 tokens
        XCTAssertLessThan(more.utf8.count, 524_288, "within the bytes an 8 MB limit parses")
        let over = run(more, limits)
        XCTAssertEqual(over.status, .memory)
        XCTAssertEqual(codes(over), ["script-too-large"])
        let message = try XCTUnwrap(diagnostic(over, .scriptTooLarge)?.message)
        XCTAssertTrue(message.contains("more than 65536 tokens"), message)

        XCTAssertEqual(run(more, { $0.memoryLimitMB = 64 }).status, .ok, "a larger limit parses it")
        XCTAssertEqual(run(more, limits).status, .memory, "kept from the larger limit's run, still refused under the smaller")
    }

    /// The host's scan stops when the run's time is up, before the engine parses anything.
    func testAScanThatOutlastsTheTimeLimitIsStopped() throws {
        let report = run("let a = [" + String(repeating: "0,", count: 20_000) + "0]", { $0.timeLimitSeconds = 1e-9 })
        XCTAssertEqual(report.status, .timeout)
        XCTAssertEqual(codes(report), ["time-limit"])
        let message = try XCTUnwrap(diagnostic(report, .timeLimit)?.message)
        XCTAssertTrue(message.hasPrefix("reading the script took more than its "), message)
        XCTAssertTrue(message.contains("stopped before it ran"), message)
    }
}
