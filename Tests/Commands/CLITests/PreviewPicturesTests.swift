import HostSystem
import JSONKit
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `preview --layout` with a component tree: every family drawn light and dark by
/// `widgethost-render pictures`, named in the terminal view, embedded in the HTML report, listed
/// in JSON; and layouts that are hostile give findings, never a crash.
final class PreviewPicturesTests: XCTestCase {
    static let families = ["small", "medium", "large", "circular", "rectangular", "inline", "live-activity"]

    private func weather(_ folder: TemporaryFolder, _ extra: [String]) -> ToolResult {
        tool(["preview", example("weather.js"), "--profile", example("weather.profile.json"), "--layout", example("weather.layout.json"),
              "--now", "2026-11-29T14:30:00Z", "--tz", "UTC"] + extra)
    }

    func testEveryFamilyIsDrawnLightAndDarkNamedAndEmbedded() throws {
        let folder = try TemporaryFolder("pictures")
        let run = weather(folder, ["--html", folder.file("report.html")])
        XCTAssertEqual(run.code, 0, run.err)
        // Beside the report, named after it: report.html → report-pictures/.
        let files = Files.list(folder.file("report-pictures")).sorted()
        let expected = Self.families.flatMap { ["weather-\($0)-dark.png", "weather-\($0)-light.png"] }.sorted()
        XCTAssertEqual(files, expected)
        for name in files {
            let bytes = Files.read(folder.file("report-pictures/" + name)) ?? []
            XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47], name)
        }
        // The terminal names every file, and the circular family's findings.
        XCTAssertTrue(run.out.contains("Pictures iphone-15-pro, 2x, light and dark, in\n  \(folder.file("report-pictures"))/\n"), run.out)
        XCTAssertTrue(run.out.contains("  small         158×158  weather-small-light.png, weather-small-dark.png"), run.out)
        XCTAssertTrue(run.out.contains("[render-text-truncated]"), run.out)
        // The page embeds the same bytes as data: addresses (its policy allows no other images).
        let html = String(decoding: Files.read(folder.file("report.html")) ?? [], as: UTF8.self)
        XCTAssertEqual(html.components("<img src=\"data:image/png;base64,"), 14)
        let small = Files.read(folder.file("report-pictures/weather-small-light.png")) ?? []
        XCTAssertTrue(html.contains("data:image/png;base64,\(Base64Text.encode(small))\""), "the small light picture is not the file's bytes")
        XCTAssertTrue(html.contains("<div class=\"family\" id=\"family-circular\">"))
        XCTAssertTrue(html.contains("<code>render-text-truncated</code>"))
    }

    /// Without --html the pictures are drawn for their findings and written nowhere.
    func testWithoutHTMLNothingIsWritten() throws {
        let folder = try TemporaryFolder("pictures")
        let tools = try toolFolder()
        let run = try spawn(["/bin/sh", "-c", "cd \"$1\" && exec widgethost preview \"$2\" --profile \"$3\" --layout \"$4\" --now 2026-11-29T14:30:00Z --tz UTC",
                             "sh", folder.path, example("weather.js"), example("weather.profile.json"), example("weather.layout.json")],
                            environment: ["NO_COLOR=1", "TZ=UTC", "PATH=\(tools):/usr/bin:/bin"])
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertEqual(Files.list(folder.path), [], "preview without --html writes nothing")
        XCTAssertTrue(run.out.contains("Pictures iphone-15-pro, 2x, light and dark, not written\n  (--html FILE writes them beside the page)\n  small         158×158\n"), run.out)
        XCTAssertTrue(run.out.contains("[render-text-truncated]"), run.out)
        let truncated = run.out.split(separator: "\n").filter { $0.contains("[render-text-truncated]") }
        XCTAssertEqual(truncated.count, Set(truncated).count, "each finding once: \(truncated)")
    }

    /// The drawing happens in `widgethost-render`: `widgethost` itself maps no drawing library.
    func testThePreviewProcessLoadsNoDrawingLibrary() throws {
        let folder = try TemporaryFolder("pictures")
        let result = try binary(["preview", example("weather.js"), "--profile", example("weather.profile.json"), "--layout",
                                 example("weather.layout.json"), "--html", folder.file("r.html")],
                                environment: ["NO_COLOR=1", "TZ=UTC", "LD_DEBUG=files"])
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(Files.list(folder.file("r-pictures")).count, 14)
        XCTAssertTrue(result.err.contains("libjavascriptcoregtk"), "LD_DEBUG lists what is loaded")
        for library in ["libcairo", "libpango", "libfontconfig", "libharfbuzz"] {
            XCTAssertFalse(result.err.contains(library), "widgethost preview loads \(library)")
        }
    }

    func testJSONListsTheFamiliesWithTheirFilesAndFindings() throws {
        let folder = try TemporaryFolder("pictures")
        let run = weather(folder, ["--html", folder.file("p.html"), "--format", "json"])
        XCTAssertEqual(run.code, 0, run.err)
        let json = try JSONValue.parse(run.out)
        let pictures = json["pictures"]
        XCTAssertEqual(pictures?["folder"]?.stringValue, folder.file("p-pictures"))
        XCTAssertEqual(pictures?["device"]?.stringValue, "iphone-15-pro")
        XCTAssertEqual(pictures?["scale"]?.doubleValue, 2)
        XCTAssertEqual(pictures?["problem"], .null)
        let families = pictures?["families"]?.arrayValue ?? []
        XCTAssertEqual(families.compactMap { $0["family"]?.stringValue }, Self.families)
        XCTAssertEqual(families.first?["size"], ["width": 158, "height": 158])
        XCTAssertEqual(families.first?["files"]?["dark"]?.stringValue, folder.file("p-pictures/weather-small-dark.png"))
        let circular = families.first { $0["family"]?.stringValue == "circular" }
        XCTAssertEqual(circular?["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue },
                       ["render-icon-placeholder", "render-text-truncated", "render-overflow"])
        // The weather icon is a symbol: without SF Symbols, its placeholder (info) is the small widget's one finding.
        XCTAssertEqual(families.first?["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue }, ["render-icon-placeholder"])
        XCTAssertEqual(families.first?["diagnostics"]?[0]?["severity"], "info")
        // Every family lists its components' frames as `render --format json` does: the root
        // first, at the pointer "", then depth first; the small widget's root fills its margins.
        for family in families {
            let components = family["components"]?.arrayValue ?? []
            XCTAssertFalse(components.isEmpty, "\(family["family"] ?? .null)")
            XCTAssertEqual(components.first?["path"], "")
            XCTAssertTrue(components.allSatisfy { c in ["x", "y", "width", "height"].allSatisfy { c[$0]?.doubleValue != nil } })
        }
        let small = families.first?["components"]?.arrayValue ?? []
        XCTAssertEqual(small.first?["x"], 16)
        XCTAssertEqual(small.first?["width"], 126)
        XCTAssertTrue(small.contains { $0["type"] == "text" && $0["lines"] == 1 && $0["scale"]?.doubleValue != nil })
    }

    func testATextLayoutDrawsNoPictures() throws {
        let folder = try TemporaryFolder("pictures")
        try Files.write(folder.file("l.txt"), "${temp}°\n")
        let run = tool("preview", example("weather.js"), "--profile", example("weather.profile.json"), "--layout", folder.file("l.txt"),
                       "--html", folder.file("r.html"), "--format", "json")
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertEqual(try JSONValue.parse(run.out)["pictures"], .null)
        XCTAssertNil(Files.read(folder.file("r-pictures")))
    }

    /// D19: misspelt fields are findings of the layout check (terminal, JSON) and beside every picture.
    func testMisspeltFieldsAreFindingsOfTheCheckAndOfThePictures() throws {
        let folder = try TemporaryFolder("pictures")
        try Files.write(folder.file("w.js"), "const title = \"Inbox\"\n")
        try Files.write(folder.file("l.json"), ##"{"type": "vstack", "children": [{"type": "text", "contents": "${title}"}, {"type": "text", "content": "${title}", "fontWieght": "bold", "colour": "#FF0000"}]}"##)
        let view = tool("preview", folder.file("w.js"), "--layout", folder.file("l.json"), "--html", folder.file("v.html"))
        XCTAssertEqual(view.code, 0, view.err)
        XCTAssertTrue(view.out.contains("(2 placeholders, 3 warnings)"), view.out)
        XCTAssertTrue(view.out.contains("  warning: /children/0/contents: \"contents\" is not a field of a text component;\n    did you mean \"content\"? It is ignored. [layout-unknown-field]"), view.out)
        let run = tool("preview", folder.file("w.js"), "--layout", folder.file("l.json"), "--html", folder.file("r.html"), "--format", "json")
        XCTAssertEqual(run.code, 0, run.err)
        let json = try JSONValue.parse(run.out)
        let findings = json["layout"]?["findings"]?.arrayValue ?? []
        XCTAssertEqual(findings.compactMap { $0["code"]?.stringValue }, Array(repeating: "layout-unknown-field", count: 3))
        XCTAssertEqual(findings.compactMap { $0["suggestion"]?.stringValue }, ["content", "color", "fontWeight"])
        let families = json["pictures"]?["families"]?.arrayValue ?? []
        XCTAssertEqual(families.count, 7)
        for family in families {
            let codes = family["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
            XCTAssertEqual(codes.filter { $0 == "render-unknown-field" }.count, 3, "\(family["family"] ?? .null): \(codes)")
        }
    }

    /// Unknown types, 10,000 children and a font size of 1e9: findings beside each picture, exit 0.
    func testHostileLayoutsGiveFindingsNotACrash() throws {
        let folder = try TemporaryFolder("pictures")
        try Files.write(folder.file("w.js"), "const huge = 1e9\nconst rows = Array.from({ length: 10000 }, (_, i) => i)\n")
        let child = #"{"type": "text", "content": "row", "fontSize": 10}"#
        let cases: [(String, String, [String])] = [
            ("unknown", #"{"type": "vstack", "children": [{"type": "hologram"}, {"type": 7}, 5, {"type": "text", "content": "ok"}]}"#,
             ["render-unknown-component"]),
            ("many", #"{"type": "vstack", "children": ["# + Array(repeating: child, count: 10_000).joined(separator: ",") + "]}",
             ["render-limit", "render-overflow"]),
            ("huge", #"{"type": "text", "content": "Big", "fontSize": "${huge}"}"#, ["render-invalid-value", "render-text-truncated"]),
        ]
        for (name, layout, codes) in cases {
            try Files.write(folder.file("\(name).json"), layout)
            let run = tool("preview", folder.file("w.js"), "--layout", folder.file("\(name).json"), "--html", folder.file("\(name).html"),
                           "--format", "json")
            XCTAssertEqual(run.code, 0, "\(name): \(run.err)")
            let families = try JSONValue.parse(run.out)["pictures"]?["families"]?.arrayValue ?? []
            XCTAssertEqual(families.count, 7, name)
            for family in families {
                let found = Set(family["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? [])
                for code in codes where !(family["family"]?.stringValue == "inline" && code != "render-invalid-value" && code != "render-unknown-component") {
                    XCTAssertTrue(found.contains(code), "\(name), \(family["family"]?.stringValue ?? ""): \(found)")
                }
            }
            XCTAssertEqual(Files.list(folder.file("\(name)-pictures")).count, 14, name)
        }
    }

    /// `--icons DIR` draws the weather's symbols from SVG files, `--device` sizes the families.
    func testIconsAndDeviceReachThePictures() throws {
        let folder = try TemporaryFolder("pictures")
        let plain = weather(folder, ["--html", folder.file("plain.html"), "--format", "json"])
        let drawn = weather(folder, ["--html", folder.file("icons.html"), "--format", "json", "--icons", example("icons"),
                                     "--device", "iphone-se"])
        XCTAssertEqual(plain.code, 0, plain.err)
        XCTAssertEqual(drawn.code, 0, drawn.err)
        let pictures = try JSONValue.parse(drawn.out)["pictures"]
        XCTAssertEqual(pictures?["device"]?.stringValue, "iphone-se")
        let small = pictures?["families"]?.arrayValue?.first
        // The iPhone SE's small widget is 148 points a side, 116 inside its margins, where the weather's
        // column (124 points tall) overflows; the symbol is an SVG now, so no placeholder finding.
        XCTAssertEqual(small?["size"], ["width": 148, "height": 148])
        XCTAssertEqual(small?["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue }, ["render-overflow"])
        let before = try JSONValue.parse(plain.out)["pictures"]?["families"]?.arrayValue?.first
        XCTAssertEqual(before?["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue }, ["render-icon-placeholder"])
    }

    func testIconsAndDeviceAreCheckedBeforeTheRun() throws {
        let folder = try TemporaryFolder("pictures")
        let missing = weather(folder, ["--icons", folder.file("no-such-folder")])
        XCTAssertEqual(missing.code, 66)
        XCTAssertTrue(missing.err.contains("cannot open the icons folder \(folder.file("no-such-folder"))"), missing.err)
        let device = weather(folder, ["--device", "iphone-sx"])
        XCTAssertEqual(device.code, 64)
        XCTAssertTrue(device.err.contains("unknown device 'iphone-sx'"), device.err)
        let alone = tool("preview", example("weather.js"), "--icons", example("icons"))
        XCTAssertEqual(alone.code, 64)
        XCTAssertTrue(alone.err.contains("--icons is for the pictures of a layout; add --layout FILE"), alone.err)
    }

    /// Without `widgethost-render` beside it, the preview still works and says how to get pictures.
    func testWithoutTheDrawingProgramThePreviewSaysSo() throws {
        let folder = try TemporaryFolder("pictures")
        let copy = folder.file("widgethost")
        let cp = try Program.run(["cp", try BuiltProgram.path("widgethost"), copy], searchPath: true)
        XCTAssertEqual(cp.code, 0, cp.err)
        let run = try spawn([copy, "preview", example("weather.js"), "--profile", example("weather.profile.json"), "--layout",
                             example("weather.layout.json"), "--html", folder.file("r.html")], environment: ["NO_COLOR=1", "TZ=UTC"])
        XCTAssertEqual(run.code, 0, run.err)
        // The view wraps the warning at its width.
        let words = run.out.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        XCTAssertTrue(words.contains("warning: no pictures: they are drawn by the widgethost-render program, which is in neither \(folder.path) nor \(folder.path[..<folder.path.lastIndex(of: "/")!])/libexec/widgethost;"), run.out)
        XCTAssertTrue(run.out.contains("  temp  number  17\n"), "the rest of the preview is there: \(run.out.prefix(400))")
        XCTAssertNil(Files.read(folder.file("r-pictures")))
        XCTAssertNotNil(Files.read(folder.file("r.html")))
    }

    /// A run that does not end ok draws nothing, and the view says why.
    func testAFailedRunDrawsNothingAndSaysSo() throws {
        let folder = try TemporaryFolder("pictures")
        try Files.write(folder.file("bad.js"), "throw new Error('no data')\n")
        let run = tool("preview", folder.file("bad.js"), "--layout", example("weather.layout.json"), "--html", folder.file("bad.html"))
        XCTAssertEqual(run.code, 1)
        XCTAssertTrue(run.out.contains("warning: no pictures: the run ended error, so the widget keeps its last"), run.out)
        XCTAssertNil(Files.read(folder.file("bad-pictures")))
    }
}

/// Base64 written here independently of the tool's, to check what the page embeds.
enum Base64Text {
    static func encode(_ bytes: [UInt8]) -> String {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var out = ""
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let chunk = Array(bytes[start..<min(start + 3, bytes.count)])
            let n = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for i in 0..<4 { out.append(i <= chunk.count ? table[n >> (18 - 6 * i) & 63] : "=") }
        }
        return out
    }
}

extension String {
    /// How many times `part` occurs.
    fileprivate func components(_ part: String) -> Int {
        var count = 0
        var rest = self[...]
        while let range = rest.range(of: part) {
            count += 1
            rest = rest[range.upperBound...]
        }
        return count
    }
}
