import JSONKit
import RenderCLI
import TestSupport
import WidgetHost
import WidgetHostCLI
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `widgethost render`: the `widgethost-render` program, in process and through the tool.
final class RenderCommandTests: RenderToolTestCase {
    func testRendersTheRingAndReportsWhatItDrew() throws {
        let out = folder + "/ring.png"
        let result = render([example("progress-ring.js"), "--size", "120x120", "--scale", "3", "--out", out, "--format", "json", "--now", "2026-11-29T08:00:00Z"])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertEqual(result.err, "")
        let report = try JSONValue.parse(result.out)
        XCTAssertEqual(report["schema"], "widgethost.render/1")
        XCTAssertEqual(report["status"], "ok")
        XCTAssertEqual(report["drawn"], true)
        XCTAssertEqual(report["files"], [.string(out)])
        XCTAssertEqual(report["pixels"], ["width": 360, "height": 360])
        XCTAssertEqual(report["size"], ["width": 120, "height": 120])
        XCTAssertEqual(report["commands"], ["given": 3, "drawn": 3])
        XCTAssertEqual(report["scale"], 3)
        XCTAssertEqual(report["run"]?["schema"], "widgethost.run/1")
        XCTAssertEqual(Array(bytes(out).prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        // The same inputs give the same bytes.
        let again = folder + "/again.png"
        XCTAssertEqual(render([example("progress-ring.js"), "--size", "120x120", "--scale", "3", "--out", again]).code, 0)
        XCTAssertEqual(bytes(again), bytes(out))
    }

    func testSVGAndTheDefaultOutputName() throws {
        let path = script(##"const drawing = [{ op: "circle", x: 50, y: 50, radius: 40, fill: "#0A59F7" }]"##)
        let out = folder + "/widget.svg"
        let result = render([path, "--format", "svg", "--out", out])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.out.hasPrefix(out + ": 340×340 px, 1 of 1 commands drawn"), result.out)
        XCTAssertTrue(String(decoding: bytes(out), as: UTF8.self).contains("<svg"))
    }

    func testCommandDiagnosticsNameTheIndexAndField() {
        let path = script(##"const drawing = [{ op: "rect", x: 0, y: 0, width: 10, height: 10, fill: "bleu" }, { op: "star" }]"##)
        let result = render([path, "--out", folder + "/x.png"])
        XCTAssertEqual(result.code, 0, "warnings do not fail the drawing")
        XCTAssertEqual(result.err.split(separator: "\n").map(String.init), [
            "warning: \(path): command 0, fill: rect: fill must be #RGB, #RRGGBB, #RRGGBBAA, {light, dark}, a gradient or \"none\", got the string \"bleu\"; nothing is painted with it [canvas-invalid-command]",
            "warning: \(path): command 1, op: unknown op the string \"star\" (the ops are rect, roundRect, circle, arc, line, polyline, path, text, clear, save, restore, translate, rotate, scale, clipRect, clipCircle); skipped [canvas-invalid-command]",
        ])
    }

    func testARunThatFailsDrawsNothing() throws {
        let path = script("const drawing = []\nthrow new Error('no data')")
        let out = folder + "/x.png"
        let result = render([path, "--out", out, "--format", "json"])
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(result.err.contains("error: \(path): the run ended error, so nothing is drawn"), result.err)
        XCTAssertEqual(access(out, F_OK), -1, "no picture is written")
        let report = try JSONValue.parse(result.out)
        XCTAssertEqual(report["drawn"], false)
        XCTAssertEqual(report["files"], [])
    }

    func testAMissingOutputOrOneThatIsNotAListExits1() {
        let missing = render([script("const other = 1"), "--canvas", "chart", "--out", folder + "/x.png"])
        XCTAssertEqual(missing.code, 1)
        XCTAssertTrue(missing.err.contains("the run has no output 'chart'; its outputs are other"), missing.err)
        let notList = render([script("const drawing = 'circle'"), "--out", folder + "/y.png"])
        XCTAssertEqual(notList.code, 1)
        XCTAssertTrue(notList.err.contains("must be a JSON array"), notList.err)
    }

    func testALayoutWhoseRootIsACanvas() throws {
        let layout = script(##"{"type": "canvas", "width": 200, "height": 100, "coordinateWidth": 100, "coordinateHeight": 100, "scalingMode": "stretch", "content": "${drawing}"}"##, name: "layout.json")
        let path = script(##"const drawing = [{ op: "rect", x: 0, y: 0, width: 100, height: 100, fill: "#0A59F7" }]"##)
        let result = render([path, "--layout", layout, "--scale", "1", "--format", "json", "--out", folder + "/l.png"])
        XCTAssertEqual(result.code, 0, result.err)
        let report = try JSONValue.parse(result.out)
        XCTAssertEqual(report["pixels"], ["width": 200, "height": 100])
        XCTAssertEqual(report["source"], JSONValue.object(["layout": .string(layout)]))
        let text = script(##"{"type": "text", "content": "hi"}"##, name: "text.json")
        let notCanvas = render([path, "--layout", text, "--out", folder + "/t.png"])
        XCTAssertEqual(notCanvas.code, 1)
        XCTAssertTrue(notCanvas.err.contains("is not a canvas"), notCanvas.err)
    }

    /// D19 for a layout drawn as a canvas: a misspelt member of the canvas is named, beside the
    /// commands' own findings, and the rest is drawn.
    func testAMisspeltFieldOfACanvasLayoutIsNamed() throws {
        let layout = script(##"{"type": "canvas", "width": 200, "height": 100, "coordinateWidht": 100, "content": "${drawing}"}"##, name: "misspelt.json")
        let path = script(##"const drawing = [{ op: "rect", x: 0, y: 0, width: 100, height: 100, fill: "#0A59F7", colour: "red" }]"##)
        let result = render([path, "--layout", layout, "--scale", "1", "--format", "json", "--out", folder + "/m.png"])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.err.contains("warning: \(path): /coordinateWidht: \"coordinateWidht\" is not a field of a canvas component; did you mean \"coordinateWidth\"? It is ignored. [layout-unknown-field]"), result.err)
        let diagnostics = try JSONValue.parse(result.out)["diagnostics"]?.arrayValue ?? []
        XCTAssertEqual(diagnostics.compactMap { $0["code"]?.stringValue }, ["layout-unknown-field", "canvas-unknown-field"])
        XCTAssertEqual(diagnostics.first?["field"], "/coordinateWidht")
        XCTAssertEqual(diagnostics.first?["severity"], "warning")
    }

    func testUsageErrors() {
        let path = script("const drawing = []")
        for (arguments, message) in [
            (["--size", "100"], "bad --size '100'"), (["--size", "0x10"], "bad --size"), (["--scale", "4"], "bad --scale '4'"),
            (["--scheme", "dim"], "unknown scheme 'dim'"), (["--format", "gif"], "unknown format 'gif'"),
            (["--canvas", "a", "--layout", "b"], "give one"),
        ] {
            let result = render([path] + arguments)
            XCTAssertEqual(result.code, 64, "\(arguments)")
            XCTAssertTrue(result.err.contains(message) && result.err.contains("(see 'widgethost render --help')"), result.err)
        }
        XCTAssertEqual(render([folder + "/none.js"]).code, 66)
        XCTAssertEqual(render([path, "--layout", folder + "/none.json"]).code, 66)
    }

    func testTheToolListsRenderAndExecsTheDrawingProgram() throws {
        XCTAssertTrue(tool("--help").out.contains("  render "), tool("--help").out)
        let help = try binary(["render", "--help"])
        XCTAssertEqual(help.code, 0, help.err)
        XCTAssertTrue(help.out.hasPrefix("OVERVIEW: Run a script and draw its canvas"), help.out)
        let out = folder + "/ring.png"
        let drawn = try binary(["render", example("progress-ring.js"), "--out", out])
        XCTAssertEqual(drawn.code, 0, drawn.err)
        XCTAssertEqual(Array(bytes(out).prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }

    func testRunDoesNotLoadTheDrawingLibraries() throws {
        let result = try binary(["run", example("progress-ring.js"), "--now", "2026-11-29T08:00:00Z"], environment: ["NO_COLOR=1", "TZ=UTC", "LD_DEBUG=files"])
        XCTAssertEqual(result.code, 0)
        XCTAssertTrue(result.err.contains("libjavascriptcoregtk"), "LD_DEBUG lists what is loaded")
        for library in ["libcairo", "libpango", "libfontconfig", "libharfbuzz", "libjpeg", "librsvg", "libgdk_pixbuf"] {
            XCTAssertFalse(result.err.contains(library), "widgethost run loads \(library)")
        }
    }

    func testEveryDrawingFixtureRunsInOneTestWorker() throws {
        // Bad input of every kind, one fixture after another in one worker process: each ends as
        // its fixture says, and the worker keeps serving.
        let result = try binary(["test", packageRoot + "/Fixtures/Conformance/D", "--jobs", "1"], environment: ["NO_COLOR=1", "TZ=UTC", "WIDGETHOST_TEST_PICTURES=" + folder])
        XCTAssertEqual(result.code, 0, result.out)
        XCTAssertTrue(result.out.hasSuffix(" passed, 0 failed\n"), result.out)
    }

    func testAFailingPictureWritesTheActualAndTheDifference() throws {
        let path = script(##"""
            /*---
            description: a picture that changed
            render: { size: 20x20 }
            expect: { status: ok }
            ---*/
            const drawing = [{ op: "rect", x: 0, y: 0, width: 10, height: 10, fill: "#0A59F7" }]
            """##, name: "changed.js")
        XCTAssertEqual(try binary(["test", path, "--update"], environment: ["NO_COLOR=1"]).code, 0)
        let refused = try binary(["test", path, "--update"], environment: ["NO_COLOR=1", "CI=true"])
        XCTAssertEqual(refused.code, 64)
        _ = script(##"""
            /*---
            description: a picture that changed
            render: { size: 20x20 }
            expect: { status: ok }
            ---*/
            const drawing = [{ op: "rect", x: 0, y: 0, width: 10, height: 12, fill: "#0A59F7" }]
            """##, name: "changed.js")
        let result = try binary(["test", path, "--reporter", "json", "--output", folder + "/report.json"], environment: ["NO_COLOR=1"])
        XCTAssertEqual(result.code, 1)
        let report = String(decoding: bytes(folder + "/report.json"), as: UTF8.self)
        XCTAssertTrue(report.contains("20 pixels differ from"), report)
        XCTAssertTrue(report.contains(folder + "/changed.actual.png") && report.contains(folder + "/changed.diff.png"), report)
        XCTAssertEqual(Array(bytes(folder + "/changed.diff.png").prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertEqual(Array(bytes(folder + "/changed.actual.png").prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }
}

/// The canvas pictures in docs/images are what the examples draw today (the dark ones are in
/// the widget gallery, on the widget's background: ExampleGalleryTests).
final class RenderExampleTests: RenderToolTestCase {
    func testTheDocumentedPicturesAreWhatTheExamplesDraw() throws {
        for (name, size, extra) in [
            ("progress-ring", "120x120", [String]()), ("polyline-chart", "100x100", []), ("path-shape", "100x100", []),
            ("bar-chart", "160x100", ["--fixtures", example("bar-chart.fixtures.json")]),
        ] {
            let out = folder + "/\(name).png"
            let result = render([example(name + ".js"), "--size", size, "--out", out, "--now", "2026-11-29T08:00:00Z"] + extra)
            XCTAssertEqual(result.code, 0, result.err)
            assertSamePicture(out, golden: packageRoot + "/docs/images/\(name).png", "render \(name).js again and look at it")
        }
    }
}
