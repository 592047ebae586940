import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `widgethost studio`'s page driven in Debian's chromium by Playwright for Python
/// (Tests/Browser/studio_test.py): every family light and dark, each control against the CLI,
/// a link that reopens a view, a save with a syntax error and then a good one, the scrubber,
/// bad input, 390 and 1280 px light and dark, no console errors.
/// The Python file starts and stops its studios and browser and removes its folders, also when
/// a test fails; this case fails when Playwright or chromium is missing (Scripts/setup --all installs them).
final class StudioBrowserTests: XCTestCase {
    func testTheStudioPageInChromium() throws {
        try TestTier.allow("chromium")
        try TestTier.allow("playwright")
        let chromium = "/usr/bin/chromium"
        XCTAssertEqual(access(chromium, X_OK), 0, "chromium is not installed; Scripts/setup --all installs it")
        let python = try XCTUnwrap(Program.which("python3"), "python3 is not installed; Scripts/setup installs it")
        let environment = ["PATH=\(ProcessInfoLite.environment("PATH") ?? "/usr/bin:/bin")",
                           "HOME=\(ProcessInfoLite.environment("HOME") ?? "/tmp")", "NO_COLOR=1", "TZ=UTC"]
            + ["WIDGETHOST_KEEP_SCREENSHOTS", "TMPDIR"].compactMap { name in ProcessInfoLite.environment(name).map { "\(name)=\($0)" } }
        let probe = try Program.run([python, "-c", "import playwright.sync_api"], environment: environment)
        XCTAssertEqual(probe.code, 0, "Playwright for Python is not installed for \(python); Scripts/setup --all installs it (pip install playwright)")
        guard probe.code == 0 else { return }
        let result = try Program.run([python, packageRoot + "/Tests/Browser/studio_test.py", BuiltProgram.folder],
                                     environment: environment, timeout: .seconds(900))
        XCTAssertEqual(result.code, 0, result.out + result.err)
        XCTAssertTrue(result.err.contains("\nOK"), result.err)
    }
}
