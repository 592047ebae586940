import Conformance
import JSONKit
import TestSupport
import WidgetHostCLI
import XCTest

/// X4 from the other side: what the interface fixtures expect of a run (exit code, stderr
/// lines, report schema), worked out by the library, is what `widgethost run` prints.
final class FixtureAgreementTests: XCTestCase {
    func testTheToolShowsWhatInterfaceFixturesExpect() throws {
        let folder = packageRoot + "/Fixtures/Conformance/X"
        let names = ["stderr-diagnostic-lines.js", "stderr-uncaught-error.js", "run-report-schema.js", "exit-code-ok-despite-warnings.js"]
        for name in names {
            let path = folder + "/" + name
            let fixture = try Fixture.load(path: path)
            XCTAssertEqual(FixtureRunner().run(fixture).failures, [], name)
            var arguments = ["run", path, "--now", fixture.settings["now"]?.stringValue ?? FixtureRunner.defaultNow,
                             "--tz", fixture.settings["tz"]?.stringValue ?? FixtureRunner.defaultZone]
            if let seed = fixture.settings["seed"]?.doubleValue { arguments += ["--seed", String(Int(seed))] }

            let text = tool(arguments)
            XCTAssertEqual(fixture.expect["exitCode"]?.doubleValue, Double(text.code), name)
            // The tool names the file as it was given; the fixture runs under its base name.
            let headlines = text.err.split(separator: "\n").map { $0.replacing(folder + "/", with: "") }
                .filter { $0.hasPrefix("error: ") || $0.hasPrefix("warning: ") || $0.hasPrefix("info: ") }
            let expected = fixture.expect["stderr"]?.arrayValue?.compactMap(\.stringValue) ?? []
            XCTAssertEqual(headlines.count, expected.count, "\(name): \(headlines)")
            for (line, part) in zip(headlines, expected) {
                XCTAssertTrue(line.contains(part), "\(name): \(line) does not contain \(part)")
            }

            let json = tool(arguments + ["--format", "json"])
            XCTAssertEqual(json.code, text.code, name)
            XCTAssertEqual(try JSONValue.parse(json.out)["schema"], "widgethost.run/1", name)
            if let schema = fixture.expect["report"]?["schema"] {
                XCTAssertEqual(try JSONValue.parse(json.out)["schema"], schema, name)
            }
        }
    }
}
