import TestSupport
import WidgetHostCLI
import XCTest

/// `widgethost types`: the declarations, and TypeScript's checker over scripts as the host runs them.
final class TypesCommandTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws { folder = try Files.makeTemporaryFolder("widgethost-types") }
    override func tearDown() { Files.removeTree(folder) }

    func testTypesPrintsTheCommittedFileAndOutWritesIt() throws {
        let printed = tool("types")
        XCTAssertEqual(printed.code, 0, printed.err)
        XCTAssertEqual(printed.out, Files.text(packageRoot + "/docs/omni.d.ts"), "regenerate docs/omni.d.ts with 'widgethost types --out docs/omni.d.ts'")
        let written = tool("types", "--out", folder + "/omni.d.ts")
        XCTAssertEqual(written.code, 0, written.err)
        XCTAssertEqual(written.out, "wrote the script API's declarations to \(folder)/omni.d.ts\n")
        XCTAssertEqual(Files.text(folder + "/omni.d.ts"), printed.out)
        let intoFolder = tool("types", "--out", folder)
        XCTAssertEqual(intoFolder.code, 73)
        XCTAssertTrue(intoFolder.err.hasSuffix("[cannot-write]\n"), intoFolder.err)
        XCTAssertEqual(tool("types", "stray.js").code, 64)
    }

    /// Every example, copied into a project `init` made, passes tsc with checkJs, read as the host
    /// runs it; the project's own jsconfig.json (for editors) reads them without an error too.
    func testEveryExampleTypeChecksInAProjectMadeByInit() throws {
        let tsc = try Program.required("tsc")
        let project = folder + "/project"
        XCTAssertEqual(tool("init", project).code, 0)
        let examples = try spawn(["/bin/sh", "-c", "cp \"$1\"/*.js \"$2\"/ && ls \"$2\"/*.js | wc -l", "sh", packageRoot + "/Fixtures/Examples", project], environment: [])
        XCTAssertEqual(examples.code, 0, examples.err)
        XCTAssertEqual(Int(examples.out.filter(\.isNumber)), 24, "23 examples and widget.js")
        let wrap = try sh("widgethost types --wrap .widgethost/typecheck *.js", in: project)
        XCTAssertEqual(wrap.code, 0, wrap.err)
        XCTAssertEqual(wrap.out, "wrote 24 scripts for the checker to .widgethost/typecheck/; check them with: tsc -p .widgethost/typecheck/jsconfig.json\n")
        let check = try sh("\(tsc) -p .widgethost/typecheck/jsconfig.json", in: project)
        XCTAssertEqual(check.out + check.err, "")
        XCTAssertEqual(check.code, 0)
        let editor = try sh("\(tsc) -p jsconfig.json", in: project)
        XCTAssertEqual(editor.out + editor.err, "")
        XCTAssertEqual(editor.code, 0)
        // Unwrapped, with checkJs, the one thing tsc cannot be told is that `this` is the global
        // object in a module: why the check wraps (docs/editors.md).
        let raw = try sh("\(tsc) -p jsconfig.json --checkJs", in: project)
        XCTAssertEqual(raw.code, 2)
        var codes: Set<String> = []
        for line in raw.out.split(separator: "\n") {
            guard let range = line.firstRange(of: "error TS") else { continue }
            codes.insert(String(line[range.upperBound...].prefix(4)))
        }
        XCTAssertEqual(codes, ["2532"], raw.out)
    }

    /// The check is real: mistakes are reported on the script's own lines; await, return and
    /// `this` at top level are not mistakes.
    func testTheCheckerReportsMistakesOnTheScriptsLines() throws {
        let tsc = try Program.required("tsc")
        writeFile(folder + "/mistakes.js", Array("""
            const weather = await Weather.getCurrent()
            this.icon = weather.symbolName
            Config.sett("key", 1)
            setUpdateFreq("30")
            /** @type {Omni.CurrentWeather} */
            const parsed = JSON.parse(weather)
            this.temp = parsed.temperature.valu
            const fm = FileManager.local()
            fm.writeString(fm.documents() + "a.txt", 3)
            if (parsed.isDaylight) return
            this.sleep = "an output"
            window.alert("no DOM")

            """.utf8))
        let wrap = try sh("widgethost types --wrap check mistakes.js", in: folder)
        XCTAssertEqual(wrap.code, 0, wrap.err)
        let check = try sh("\(tsc) -p check/jsconfig.json", in: folder)
        XCTAssertEqual(check.code, 2)
        let lines = check.out.split(separator: "\n").filter { $0.hasPrefix("check/") }.map { line in
            String(line.prefix { $0 != ":" })
        }
        XCTAssertEqual(lines, [
            "check/mistakes.js(2,21)", "check/mistakes.js(3,8)", "check/mistakes.js(4,15)",
            "check/mistakes.js(7,32)", "check/mistakes.js(9,42)", "check/mistakes.js(12,1)",
        ], check.out)
        XCTAssertTrue(check.out.contains("Property 'symbolName' does not exist on type 'string'"), check.out)
        XCTAssertTrue(check.out.contains("Property 'sett' does not exist"), check.out)
        XCTAssertTrue(check.out.contains("Property 'valu' does not exist on type 'Measurement'"), check.out)
        XCTAssertTrue(check.out.contains("Cannot find name 'window'"), check.out)
    }

    /// The wrapper shifts none of the script's columns: errors on the first line are at the
    /// script's own column, whether that line is code (`this.x = …` too), a comment or the
    /// front matter's opening.
    func testErrorsOnTheFirstLineAreAtTheScriptsOwnColumns() throws {
        let tsc = try Program.required("tsc")
        let scripts: [(String, String)] = [
            ("typo.js", "const data = await new Request(url).fetchJSN()\nthis.count = data.length\n"),
            ("commented.js", "// the departures board\nconst answer = await new Request(\"u\").fetchJSN()\nthis.a = answer\n"),
            ("fixture.js", "/*---\nexpect: { status: ok }\n---*/ const w = await Weather.getCurent()\nthis.w = w\n"),
            ("crlf.js", "let place = await Location.getPlacemark(); place.twn\r\nthis.city = place.town\r\n"),
            ("this.js", "this.city = (await Location.getPlacemark()).town\nif (!this.city) return\n"),
            ("liked.js", "this.state = getValue(\"liked\") || \"heart\"\nsetUpdateFreq(\"30\")\n"),
        ]
        for (name, text) in scripts { writeFile(folder + "/" + name, Array(text.utf8)) }
        let wrap = try sh("widgethost types --wrap check typo.js commented.js fixture.js crlf.js this.js liked.js", in: folder)
        XCTAssertEqual(wrap.code, 0, wrap.err)
        let check = try sh("\(tsc) -p check/jsconfig.json", in: folder)
        XCTAssertEqual(check.code, 2)
        let lines = check.out.split(separator: "\n").filter { $0.hasPrefix("check/") }.map { String($0.prefix { $0 != ":" }) }
        XCTAssertEqual(lines, [
            "check/commented.js(2,39)", "check/crlf.js(1,50)", "check/crlf.js(2,19)", "check/fixture.js(3,31)",
            "check/liked.js(2,15)", "check/this.js(1,45)", "check/typo.js(1,32)", "check/typo.js(1,37)",
        ], check.out)
        XCTAssertTrue(check.out.contains("check/typo.js(1,32): error TS2304: Cannot find name 'url'"), check.out)
        XCTAssertTrue(check.out.contains("check/typo.js(1,37): error TS2551: Property 'fetchJSN' does not exist on type 'Request'"), check.out)
        XCTAssertTrue(check.out.contains("check/this.js(1,45): error TS2339: Property 'town' does not exist on type 'Placemark'"), check.out)
    }

    /// A first line that reads otherwise outside the function (it calls a function declared
    /// below) keeps the opening in front of it, as before: its columns are then the wrapper's.
    func testAFirstLineThatCannotStandAloneIsWrappedWhole() throws {
        writeFile(folder + "/later.js", Array("show()\nfunction show() { this.title = 1 }\n".utf8))
        XCTAssertEqual(try sh("widgethost types --wrap check later.js", in: folder).code, 0)
        XCTAssertEqual(Files.text(folder + "/check/later.js"),
                       ";/** @this {Omni.ScriptThis} */ async function widgetScript() {show()\nfunction show() { this.title = 1 }\n}\n")
    }

    /// `new Date(x) - Date.now()` is a number in the app's JavaScript, and the checker agrees.
    func testDatesSubtractAsInJavaScript() throws {
        let tsc = try Program.required("tsc")
        writeFile(folder + "/countdown.js", Array("""
            const _departure = new Date("2026-11-29T19:00:00Z")
            const minutesLeft = Math.ceil((_departure - Date.now()) / 60000)
            const _elapsed = Date.now() - new Date(2026, 10, 29)
            const since = new Date(_departure) - new Date()
            this.label = `${minutesLeft} min, ${_departure.toISOString()}`
            const wrong = new Date() - "soon"

            """.utf8))
        XCTAssertEqual(try sh("widgethost types --wrap check countdown.js", in: folder).code, 0)
        let check = try sh("\(tsc) -p check/jsconfig.json", in: folder)
        let errors = check.out.split(separator: "\n").filter { $0.contains("error TS") }
        XCTAssertEqual(errors.map { String($0.prefix { $0 != ":" }) }, ["check/countdown.js(6,28)"], check.out)
        XCTAssertTrue(errors.first?.contains("TS2363") ?? false, check.out)
    }

    /// The README's check of a project: one command wraps every script of the folder (a helper
    /// without front matter too) and removes the copies of deleted ones; tsc then checks them.
    func testTheReadmesCheckOfAProjectCoversEveryScriptAndForgetsDeletedOnes() throws {
        let tsc = try Program.required("tsc")
        let project = folder + "/p"
        XCTAssertEqual(tool("init", project).code, 0)
        writeFile(project + "/helper.js", Array("const total = [1, 2].reduce((a, b) => a + b, 0)\nconsole.log(`total ${total}`)\nthis.total = total\n".utf8))
        writeFile(project + "/broken.js", Array("const place = await Location.getPlacemark()\nthis.city = place.town\n".utf8))
        let readme = try XCTUnwrap(Files.text(packageRoot + "/README.md"))
        let check = "widgethost types --wrap .widgethost/typecheck && tsc -p .widgethost/typecheck/jsconfig.json"
        XCTAssertTrue(readme.contains("\n\(check)\n"), "the README's types section shows the check")
        let first = try sh(check.replacing("tsc ", with: tsc + " "), in: project)
        XCTAssertEqual(first.code, 2, first.out + first.err)
        XCTAssertTrue(first.out.hasPrefix("wrote 3 scripts for the checker to .widgethost/typecheck/; check them with"), first.out)
        let errors = first.out.split(separator: "\n").filter { $0.contains("error TS") }
        XCTAssertEqual(errors.count, 1, first.out)
        XCTAssertTrue(errors.first?.hasPrefix(".widgethost/typecheck/broken.js(2,19): error TS2339: Property 'town' does not exist") ?? false, first.out)
        // The script is deleted: its copy goes with the next check, which then passes.
        unlink(project + "/broken.js")
        let second = try sh(check.replacing("tsc ", with: tsc + " "), in: project)
        XCTAssertEqual(second.code, 0, second.out + second.err)
        XCTAssertEqual(second.out, "wrote 2 scripts for the checker to .widgethost/typecheck/, removed the stale copy broken.js; check them with: tsc -p .widgethost/typecheck/jsconfig.json\n")
        XCTAssertNil(Files.text(project + "/.widgethost/typecheck/broken.js"))
        XCTAssertNotNil(Files.text(project + "/.widgethost/typecheck/helper.js"))
        // Without the wrapping, the DOM's Request, Location and console would clash with the
        // host's: the configuration's library is the language alone.
        XCTAssertTrue(Files.text(project + "/.widgethost/typecheck/jsconfig.json")?.contains("\"lib\": [\"es2022\"]") ?? false)
    }

    func testWrapReplacesOnlyWhatItWrote() throws {
        writeFile(folder + "/a.js", Array("this.a = 1\n".utf8))
        XCTAssertEqual(try sh("widgethost types --wrap out a.js", in: folder).code, 0)
        XCTAssertEqual(Files.text(folder + "/out/a.js"), "$$th.a = 1;/** @type {Omni.ScriptThis} */ var $$th = globalThis;/** @this {Omni.ScriptThis} */ async function widgetScript() {\n}\n")
        // Again: its own files are replaced.
        writeFile(folder + "/a.js", Array("this.a = 2".utf8))
        XCTAssertEqual(try sh("widgethost types --wrap out a.js", in: folder).code, 0)
        XCTAssertEqual(Files.text(folder + "/out/a.js"), "$$th.a = 2;/** @type {Omni.ScriptThis} */ var $$th = globalThis;/** @this {Omni.ScriptThis} */ async function widgetScript() {\n}\n")
        // A copy an earlier version wrote (its opening in front of the first line) is replaced too.
        writeFile(folder + "/out/a.js", Array("/** @this {Omni.ScriptThis} */ async function widgetScript() {this.a = 0\n}\n".utf8))
        XCTAssertEqual(try sh("widgethost types --wrap out a.js", in: folder).code, 0)
        // The folder of the script itself: the script is not the wrapper's, so nothing is written.
        let onItself = try sh("widgethost types --wrap . a.js", in: folder)
        XCTAssertEqual(onItself.code, 73)
        XCTAssertTrue(onItself.err.contains("./a.js already exists and was not written by --wrap"), onItself.err)
        XCTAssertTrue(onItself.err.hasSuffix("[file-exists]\n"), onItself.err)
        XCTAssertEqual(Files.text(folder + "/a.js"), "this.a = 2")
        XCTAssertNil(Files.text(folder + "/omni.d.ts"))

        XCTAssertEqual(try sh("mkdir b && cp a.js b/ && widgethost types --wrap out a.js b/a.js", in: folder).code, 64)
        let none = try sh("mkdir empty && cd empty && widgethost types --wrap out", in: folder)
        XCTAssertEqual(none.code, 66)
        XCTAssertTrue(none.err.hasSuffix("[no-scripts]\n"), none.err)
        XCTAssertEqual(try sh("widgethost types --wrap out missing.js", in: folder).code, 66)
        writeFile(folder + "/latin1.js", [0x61, 0xE9, 0x0A])
        let latin1 = try sh("widgethost types --wrap out latin1.js", in: folder)
        XCTAssertEqual(latin1.code, 65)
        XCTAssertTrue(latin1.err.hasSuffix("[not-utf8]\n"), latin1.err)
    }
}
