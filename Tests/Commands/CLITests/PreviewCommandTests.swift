import JSONKit
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

final class PreviewCommandTests: XCTestCase {
    private let now = "2026-11-29T08:00:00Z"

    func testAPreviewOfAnExampleShowsItsOutputsAndStrip() {
        let result = tool("preview", example("every-30-minutes.js"), "--now", now, "--tz", "UTC")
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.out.contains("\n  greeting  string  \"Good morning\"\n"), result.out)
        XCTAssertTrue(result.out.contains("\n  48 refreshes; longest gap 30 min.\n"), result.out)
        XCTAssertEqual(result.err, "")
    }

    /// The layout check in the preview reports a colour given a Boolean (`layout-type`).
    func testAColourFromABooleanIsReportedInTheLayoutSection() throws {
        let folder = try Files.makeTemporaryFolder("widgethost-preview-colour")
        defer { Files.removeTree(folder) }
        writeFile(folder + "/board.js", Array("const rows = [{ dest: \"Leipzig\", late: true }]\n".utf8))
        writeFile(folder + "/board.layout.json", Array(#"{"type": "vstack", "dataSource": "${rows[row]}", "children": [{"type": "text", "content": "${row.dest}", "color": "${row.late}"}]}"#.utf8))
        let result = tool("preview", folder + "/board.js", "--layout", folder + "/board.layout.json", "--now", now, "--tz", "UTC",
                          "--format", "json")
        XCTAssertEqual(result.code, 0, result.err)
        let findings = try JSONValue.parse(result.out)["layout"]?["findings"]?.arrayValue ?? []
        XCTAssertEqual(findings.map { $0["code"] }, ["layout-type"], result.out)
        XCTAssertEqual(findings.first?["pointer"], "/children/0/color")
        XCTAssertTrue(findings.first?["message"]?.stringValue?.hasPrefix("color needs a colour") ?? false, result.out)
    }

    func testAFailingScriptExitsOneWithItsErrorLocated() {
        let result = tool("preview", example("mistake.js"), "--now", now)
        XCTAssertEqual(result.code, 1)
        // The view wraps at 80 columns and the path is absolute, so where the line breaks depends on
        // the checkout's folder: compare with the wrapped lines joined.
        let joined = result.out.split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: " ")
        XCTAssertTrue(joined.contains("mistake.js:17:33: uncaught TypeError"), result.out)
        XCTAssertTrue(result.out.contains("    17 | let temperature = answer.current.temperature\n"), result.out)
    }

    func testTapsOnTheStripRunTheButtonsAction() throws {
        let folder = try Files.makeTemporaryFolder("widgethost-preview-action")
        defer { Files.removeTree(folder) }
        let result = tool("preview", example("liked-toggle.js"), "--now", now, "--tz", "UTC", "--state", folder,
                          "--tap", "+1h", "--action", example("liked-toggle.button.js"), "--format", "json")
        XCTAssertEqual(result.code, 0, result.err)
        let json = try? JSONValue.parse(result.out)
        // The single run shows what is stored; the strip's tap flips it (the action ran first).
        XCTAssertEqual(json?["runs"]?[0]?["outputs"]?["state"], "heart")
        XCTAssertEqual(json?["timeline"]?["outputs"]?["state"], "heart.fill")
        let noTap = tool("preview", example("liked-toggle.js"), "--action", example("liked-toggle.button.js"))
        XCTAssertEqual(noTap.code, 64)
    }

    func testUsageMistakesAreOneLineAndExit64() {
        for arguments in [
            ["preview"],
            ["preview", example("outputs.js"), "--kind", "small", "--all-kinds"],
            ["preview", example("outputs.js"), "--watch", "--format", "json"],
            ["preview", example("outputs.js"), "--format", "yaml"],
            ["preview", example("outputs.js"), "--hours", "-3"],
            ["preview", example("outputs.js"), "--budget", "lots"],
            ["preview", example("outputs.js"), "--html", ""],
            ["preview", example("outputs.js"), "--watch", "--context", "bogus"],
            ["preview", example("outputs.js"), "--watch", "--param", "novalue"],
        ] {
            let result = tool(arguments)
            XCTAssertEqual(result.code, 64, "\(arguments)")
            XCTAssertEqual(result.err.split(separator: "\n").count, 1, "\(arguments): \(result.err)")
            XCTAssertTrue(result.err.hasPrefix("error: "), result.err)
            XCTAssertEqual(result.out, "")
        }
    }

    func testAMissingScriptOrLayoutExits66() {
        let script = tool("preview", "/nonexistent/script.js")
        XCTAssertEqual(script.code, 66)
        XCTAssertTrue(script.err.hasPrefix("error: "), script.err)
        let layout = tool("preview", example("outputs.js"), "--layout", "/nonexistent/layout.txt")
        XCTAssertEqual(layout.code, 66)
        XCTAssertTrue(layout.err.contains("/nonexistent/layout.txt"), layout.err)
    }

    func testJSONHasTheSchemaAndOneRunPerKind() throws {
        let result = tool("preview", example("outputs.js"), "--now", now, "--all-kinds", "--format", "json")
        let json = try JSONValue.parse(result.out)
        XCTAssertEqual(json["schema"], "widgethost.preview/1")
        XCTAssertEqual(json["runs"]?.arrayValue?.count, 8)
        XCTAssertEqual(json["runs"]?[0]?["schema"], "widgethost.run/1")
        XCTAssertEqual(json["timeline"]?["schema"], "widgethost.timeline/1")
        XCTAssertEqual(json["layout"], .null)
    }

    func testHTMLIsWrittenBesideTheView() throws {
        let folder = try Files.makeTemporaryFolder("widgethost-preview")
        defer { Files.removeTree(folder) }
        let result = tool("preview", example("live-countdown.js"), "--kind", "live", "--now", "2026-11-29T18:55:00Z",
                          "--html", folder + "/report.html")
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.out.hasSuffix("wrote \(folder)/report.html\n"), result.out)
        let html = try XCTUnwrap(Files.text(folder + "/report.html"))
        XCTAssertTrue(html.contains("<td class=\"name\">title</td>"))
        XCTAssertTrue(html.contains("id=\"live-activity\""))
    }

    /// X2: an HTML file that cannot be written is 73 (cannot create), not a missing input.
    func testAnHTMLFileThatCannotBeWrittenExits73() throws {
        let folder = try Files.makeTemporaryFolder("widgethost-preview")
        defer { Files.removeTree(folder) }
        let result = tool("preview", example("outputs.js"), "--now", "2026-11-29T08:00:00Z", "--html", folder)
        XCTAssertEqual(result.code, 73, result.err)
        XCTAssertTrue(result.err.hasPrefix("error: cannot write \(folder): "), result.err)
    }

    /// Acceptance: the terminal view of every example fits 80 columns, with the flags its
    /// own comment gives (and as every widget kind).
    func testEveryExampleFitsEightyColumns() throws {
        let folder = packageRoot + "/Fixtures/Examples"
        let names = try listFolder(folder).filter { $0.hasSuffix(".js") && !$0.hasSuffix(".button.js") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 15)
        let stateFolder = try Files.makeTemporaryFolder("widgethost-preview-state")
        defer { Files.removeTree(stateFolder) }
        for name in names {
            let flags = exampleFlags(name, text: try XCTUnwrap(Files.text(folder + "/" + name)), stateFolder: stateFolder)
            let variants: [[String]] = name.hasPrefix("live") ? [[]] : [[], ["--all-kinds"]]
            for extra in variants {
                let result = tool(["preview", folder + "/" + name, "--network", "replay", "--fixtures", fixturesFor(name, scratch: stateFolder)]
                                  .filter { !$0.isEmpty } + flags + extra)
                XCTAssertTrue(result.code == 0 || result.code == 1, "\(name): \(result.err)")
                XCTAssertGreaterThan(result.out.count, 200, name)
                for line in result.out.split(separator: "\n") where line.count > 80 {
                    XCTFail("\(name) \(extra): \(line.count) columns: \(line)")
                }
            }
        }
    }

    /// The flags of the `Scripts/widgethost run Fixtures/Examples/NAME` line in the example's comment.
    private func exampleFlags(_ name: String, text: String, stateFolder: String) -> [String] {
        let marker = "Scripts/widgethost run Fixtures/Examples/\(name)"
        guard let line = text.split(separator: "\n").first(where: { $0.contains(marker) }) else {
            return name.hasPrefix("live") ? ["--kind", "live"] : []
        }
        var words = line[line.range(of: marker)!.upperBound...].split(separator: " ").map(String.init)
        if let comment = words.firstIndex(where: { $0.hasPrefix("(") }) { words = Array(words[..<comment]) }
        var flags: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if ["--action", "--fixtures"].contains(word) { index += 2; continue }
            if word == "--state" { flags += ["--state", stateFolder]; index += 2; continue }
            flags.append(word.hasPrefix("Fixtures/") ? packageRoot + "/" + word : word)
            index += 1
        }
        return flags
    }

    /// The example's recorded answers, or an empty fixture file so that nothing leaves the machine.
    private func fixturesFor(_ name: String, scratch: String) -> String {
        let own = packageRoot + "/Fixtures/Examples/" + name.dropLast(3) + ".fixtures.json"
        if access(own, R_OK) == 0 { return own }
        let empty = scratch + "/empty-fixtures.json"
        writeFile(empty, Array("{\"fixtures\": []}\n".utf8))
        return empty
    }
}

func listFolder(_ path: String) throws -> [String] {
    guard let directory = opendir(path) else { throw HarnessError("cannot list \(path)") }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        if name != "." && name != ".." { names.append(name) }
    }
    return names
}
