import TestSupport
import WidgetHost
import JSONKit
import Render
import RenderCLI
import WidgetHostCLI
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `widgethost render --layout FILE --family F|--all-families`: layouts drawn as widgets,
/// through the `widgethost-render` program in process.
final class RenderWidgetCommandTests: RenderToolTestCase {
    func raster(_ path: String) -> Raster? { CanvasRenderer.raster(png: bytes(path)) }

    func testALayoutDrawnAsAWidgetOfOneFamily() throws {
        let layout = script(##"{"type": "vstack", "children": [{"type": "text", "content": "${title}", "fontSize": 20, "lineLimit": 1, "color": "#FF0000"}]}"##, name: "widget.json")
        let path = script(##"const title = "A title far too long to fit on one line of a small widget""##)
        let out = folder + "/small.png"
        let result = render([path, "--layout", layout, "--family", "small", "--scale", "1", "--out", out, "--format", "json"])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.err.contains("warning: \(path): root.children[0]: "), result.err)
        XCTAssertTrue(result.err.contains("(small widget) [render-text-truncated]"), result.err)
        let report = try JSONValue.parse(result.out)
        XCTAssertEqual(report["schema"], "widgethost.render/1")
        XCTAssertEqual(report["files"], JSONValue.array([.string(out)]))
        let widget = try XCTUnwrap(report["widgets"]?.arrayValue?.first)
        XCTAssertEqual(widget["family"], "small")
        XCTAssertEqual(widget["pixels"], ["width": 158, "height": 158])
        XCTAssertEqual(widget["diagnostics"]?.arrayValue?.first?["code"], "render-text-truncated")
        XCTAssertEqual(widget["diagnostics"]?.arrayValue?.first?["field"], "/children/0/content")
        let picture = try XCTUnwrap(raster(out))
        XCTAssertEqual(picture.width, 158)
        XCTAssertEqual(picture.pixel(0, 0)[3], 0, "outside the rounded corner")
        XCTAssertEqual(picture.pixel(79, 4), [255, 255, 255, 255], "the widget's light background")
        XCTAssertTrue((0..<158).contains { x in picture.pixel(x, 79)[0] > 200 && picture.pixel(x, 79)[1] < 80 }, "red text across the middle")
    }

    /// D19: misspelt fields are warnings naming the component, the field and the closest one.
    func testMisspeltFieldsAreNamedWithTheClosestField() throws {
        let layout = script(##"{"type": "vstack", "children": [{"type": "text", "contents": "${title}"}, {"type": "text", "content": "${title}", "fontWieght": "bold", "colour": "#FF0000"}]}"##, name: "misspelt.json")
        let path = script(##"const title = "Inbox""##)
        let result = render([path, "--layout", layout, "--family", "small", "--scale", "1", "--out", folder + "/misspelt.png", "--format", "json"])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.err.contains("warning: \(path): root.children[0]: \"contents\" is not a field of a text component; did you mean \"content\"? It is ignored. (small widget) [render-unknown-field]"), result.err)
        let diagnostics = try JSONValue.parse(result.out)["widgets"]?[0]?["diagnostics"]?.arrayValue ?? []
        XCTAssertEqual(diagnostics.compactMap { $0["code"]?.stringValue }, Array(repeating: "render-unknown-field", count: 3))
        XCTAssertEqual(diagnostics.compactMap { $0["field"]?.stringValue }, ["/children/0/contents", "/children/1/colour", "/children/1/fontWieght"])
        XCTAssertEqual(diagnostics.compactMap { $0["path"]?.stringValue }, ["root.children[0]", "root.children[1]", "root.children[1]"])
    }

    /// A `font` that is not installed is named once, with the family drawn instead; an installed one is not.
    func testAFontThatIsNotInstalledIsNamed() throws {
        let layout = script(##"{"type": "vstack", "children": [{"type": "text", "content": "One", "font": "Nonexistent Grotesk"}, {"type": "text", "content": "Two", "font": "Inter"}, {"type": "tstack", "children": [{"type": "text", "content": "Three", "font": "nonexistent grotesk"}]}]}"##, name: "fonts.json")
        let path = script("const a = 1")
        let result = render([path, "--layout", layout, "--family", "medium", "--scale", "1", "--out", folder + "/fonts.png", "--format", "json"])
        XCTAssertEqual(result.code, 0, result.err)
        let diagnostics = try JSONValue.parse(result.out)["widgets"]?[0]?["diagnostics"]?.arrayValue ?? []
        XCTAssertEqual(diagnostics.compactMap { $0["code"]?.stringValue }, ["render-font-fallback"], "\(diagnostics)")
        XCTAssertEqual(diagnostics.first?["field"], "/children/0/font")
        XCTAssertEqual(diagnostics.first?["severity"], "warning")
        let message = diagnostics.first?["message"]?.stringValue ?? ""
        XCTAssertTrue(message.hasPrefix("the font \"Nonexistent Grotesk\" is not installed; the text is drawn with "), message)
        XCTAssertTrue(message.hasSuffix("(install the font, or name one that is) (medium widget)"), message)
        XCTAssertTrue(result.err.contains("[render-font-fallback]"), result.err)
    }

    /// A finding every family has alike is one line naming the families, not one line each;
    /// one that differs by family (the sizes of an overflow) stays a line of its own.
    func testAFindingOfSeveralFamiliesIsOneLineNamingThem() throws {
        let layout = script(##"{"type": "vstack", "children": [{"type": "text", "content": "Hi"}, {"type": "blink"}]}"##, name: "widget.json")
        let path = script(##"const title = "Hi""##)
        let result = render([path, "--layout", layout, "--all-families", "--out", folder + "/pictures"])
        XCTAssertEqual(result.code, 0, result.err)
        let unknown = result.err.split(separator: "\n").filter { $0.contains("[render-unknown-component]") }
        XCTAssertEqual(unknown.count, 1, result.err)
        XCTAssertTrue(unknown.first?.hasPrefix("warning: \(path): root.children[1]: ") ?? false, result.err)
        XCTAssertTrue(unknown.first?.hasSuffix(" (small, medium, large, circular, rectangular and inline widgets and Live Activity) [render-unknown-component]") ?? false,
                      result.err)
        XCTAssertFalse(result.err.contains("(small widget)"), result.err)
        _ = try? spawn(["/bin/rm", "-rf", folder + "/pictures"], environment: [])
    }

    func testEveryFamilyIntoAFolderAndTheFlagErrors() throws {
        let layout = script(##"{"type": "text", "content": "${title}"}"##, name: "widget.json")
        let path = script(##"const title = "Hi""##)
        let result = render([path, "--layout", layout, "--all-families", "--scheme", "dark", "--out", folder + "/pictures"])
        XCTAssertEqual(result.code, 0, result.err)
        // The Live Activity is as tall as its content: one line of 17 pt text (about 20.5 pt in Inter)
        // and the 14 pt margins, about 48.5 pt, rounded up to 49: 98 px at 2x.
        let sizes: [(String, Int, Int)] = [("small", 316, 316), ("medium", 676, 316), ("large", 676, 708), ("circular", 144, 144),
                                           ("rectangular", 320, 144), ("inline", 468, 52), ("live-activity", 742, 98)]
        for (family, width, height) in sizes {
            let file = folder + "/pictures/widget-\(family).png"
            XCTAssertTrue(result.out.contains(file + ": \(family), \(width)×\(height) px"), result.out)
            let picture = try XCTUnwrap(raster(file), file)
            XCTAssertEqual([picture.width, picture.height], [width, height], family)
            unlink(file)
        }
        rmdir(folder + "/pictures")
        let usage: [([String], String)] = [
            (["--layout", layout, "--family", "huge"], "unknown family 'huge'"),
            (["--family", "small"], "give --layout FILE"),
            (["--layout", layout, "--family", "small", "--all-families"], "give one"),
            (["--layout", layout, "--family", "small", "--device", "nokia"], "unknown device 'nokia'"),
            (["--device", "iphone-se"], "--device needs --family"),
        ]
        for (arguments, message) in usage {
            let failed = render([path] + arguments)
            XCTAssertEqual(failed.code, 64, "\(arguments)")
            XCTAssertTrue(failed.err.contains(message), failed.err)
        }
        let svg = render([path, "--layout", layout, "--family", "small", "--format", "svg", "--out", folder + "/small.svg"])
        XCTAssertEqual(svg.code, 0, svg.err)
        XCTAssertTrue(String(decoding: bytes(folder + "/small.svg"), as: UTF8.self).contains("<svg"))
        unlink(folder + "/small.svg")
        let lines = script("Temperature ${title}\n", name: "lines.txt")
        let text = render([path, "--layout", lines, "--family", "small", "--out", folder + "/small.png"])
        XCTAssertEqual(text.code, 1, text.err)
        XCTAssertTrue(text.err.contains("is a text layout (lines), which has no components to draw"), text.err)
        let se = render([path, "--layout", layout, "--family", "medium", "--device", "iphone-se", "--scale", "1", "--out", folder + "/se.png", "--format", "json"])
        XCTAssertEqual(se.code, 0, se.err)
        XCTAssertEqual(try JSONValue.parse(se.out)["widgets"]?.arrayValue?.first?["pixels"], ["width": 321, "height": 148])
    }

    /// The pictures are written while the next family is drawn: a picture that cannot be
    /// written is the command's error (the first such family's, exit 73) once every write has
    /// ended, and the families that could be written are.
    func testAPictureThatCannotBeWrittenIsTheErrorAndTheOthersAreWritten() throws {
        let layout = script(##"{"type": "text", "content": "${title}"}"##, name: "widget.json")
        let path = script(##"const title = "Hi""##)
        let pictures = folder + "/pictures"
        XCTAssertEqual(mkdir(pictures, 0o755), 0)
        for family in ["medium", "inline"] { XCTAssertEqual(mkdir(pictures + "/widget-\(family).png", 0o755), 0) }
        let result = render([path, "--layout", layout, "--all-families", "--out", pictures])
        XCTAssertEqual(result.code, 73, result.err)
        XCTAssertTrue(result.err.contains("cannot write the picture to \(pictures)/widget-medium.png: is a folder; name a file"), result.err)
        XCTAssertFalse(result.err.contains("widget-inline.png"), result.err)
        XCTAssertEqual(result.out, "")
        for family in ["small", "large", "circular", "rectangular", "live-activity"] {
            let file = pictures + "/widget-\(family).png"
            XCTAssertNotNil(raster(file), file)
            unlink(file)
        }
        for family in ["medium", "inline"] { rmdir(pictures + "/widget-\(family).png") }
        rmdir(pictures)
    }

    func testTheDocumentedWidgetPicturesAreWhatTheWeatherExampleDraws() throws {
        for (family, scheme) in [("small", "light"), ("medium", "light"), ("large", "light"), ("small", "dark"), ("medium", "dark")] {
            let out = folder + "/weather.png"
            let result = render([example("weather.js"), "--profile", example("weather.profile.json"), "--layout", example("weather.layout.json"),
                                 "--family", family, "--scheme", scheme, "--out", out, "--now", "2026-11-29T14:30:00Z", "--tz", "UTC"])
            XCTAssertEqual(result.code, 0, result.err)
            XCTAssertFalse(result.err.contains("warning"), "the example fits the \(family) widget: \(result.err)")
            let documented = packageRoot + "/docs/images/weather-" + family + (scheme == "dark" ? "-dark" : "") + ".png"
            assertSamePicture(out, golden: documented, "render weather.js \(family) \(scheme) again and look at it")
            unlink(out)
        }
    }
}
