import JSONKit
import WidgetHost
import XCTest
import ZonedTime

/// Shared helpers: one host per test, a fixed virtual now, and report accessors.
class HostTestCase: XCTestCase {
    /// 2025-11-29T08:00:00Z.
    static let fixedNow: Int64 = 1_764_403_200_000
    var host: ScriptHost!

    override func setUp() {
        super.setUp()
        host = ScriptHost()
    }

    func zone(_ identifier: String) -> Zone {
        // Swift 6 typed throws: unwrap for tests.
        do { return try Zone(identifier: identifier) } catch { fatalError("\(error)") }
    }

    func run(
        _ script: String, kind: ScriptKind = .small, file: String = "widget.js",
        _ configure: (inout RunConfiguration) -> Void = { _ in }
    ) -> RunReport {
        var configuration = RunConfiguration()
        configuration.now = Self.fixedNow
        configuration.zone = zone("UTC")
        configuration.kind = kind
        configure(&configuration)
        return host.run(ScriptSource(text: script, name: file), configuration: configuration)
    }

    func codes(_ report: RunReport) -> [String] { report.diagnostics.map(\.code.rawValue) }

    func diagnostic(_ report: RunReport, _ code: DiagnosticCode) -> Diagnostic? {
        report.diagnostics.first { $0.code == code }
    }
}
