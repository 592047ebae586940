import HostSystem
import JSONKit
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The app's own VS Code extension (Omni Widgets 0.1.1), its extension.js unmodified, run under
/// node with a stand-in for the `vscode` module (Extension/vscode.js) and driven as an author
/// drives it (Extension/drive.js) against `widgethost studio`: a wrong code refused, pairing,
/// the script opened, run (the panel's four sections), a save reaching the file on disk, an edit
/// on disk reaching the open document, a broken script explained; then the same for every
/// example script.
///
/// The extension is another publisher's code, which the repository cannot ship: the package is
/// named by `OMNI_VSCODE_VSIX` (a path, relative to the checkout or absolute; .ci/run sets it
/// when the package is there), and without it these tests are skipped, saying so. The protocol's
/// own tests (StudioProtocolTests) always run.
final class StudioExtensionTests: XCTestCase {
    func testTheExtensionPairsOpensRunsSavesAndFollowsEditsOnDisk() throws {
        let (unpacked, node) = try Self.unpackedExtension()
        let example = try ExampleCopy("weather.js")
        let original = try XCTUnwrap(Files.text(example.script))
        let studio = try StudioProcess([example.script] + example.flags)
        defer { studio.stop() }
        let wrong = studio.code == "000000" ? "000001" : "000000"
        let report = try Self.drive(node: node, extension: unpacked, studio: studio, script: example.script, work: example.folder,
                                    extra: ["wrongCode": .string(wrong), "broken": "this.title = 'half'\nconst parts = (\n"])
        XCTAssertEqual(report["failures"], [], Self.summary(report))
        let steps = try XCTUnwrap(report["steps"]?.arrayValue)
        XCTAssertEqual(steps.compactMap { $0["step"]?.stringValue }, ["wrong code", "pair and open", "run", "save", "edit on disk", "broken run"])

        // A wrong code: refused with the studio's reason, nothing opened.
        XCTAssertEqual(steps[0]["errors"], [.string("wrong pairing code: give the six digits the studio printed (4 more wrong and it makes a new one)")])
        XCTAssertEqual(steps[0]["opened"], 0)

        // Paired, and the script opened as a local file named by the widget and the session.
        XCTAssertEqual(steps[1]["errors"], [])
        XCTAssertEqual(steps[1]["info"], ["Connected to the active Omni Widgets editor."])
        let opened = try XCTUnwrap(steps[1]["opened"])
        XCTAssertNotNil(opened["file"]?.stringValue?.wholeMatch(of: /weather__[0-9a-f]{16}\.js/), "\(opened)")
        XCTAssertEqual(opened["text"]?.stringValue, original)

        // Run: the panel's Variables, Structured Data, Data JSON and Logs.
        let panel = try XCTUnwrap(steps[2]["panel"])
        XCTAssertEqual(panel["panelTitle"], "Omni Widgets: weather")
        XCTAssertEqual(try JSONValue.parse(XCTUnwrap(panel["Variables"]?.stringValue)), ["icon": "cloud.rain", "temp": 17, "text": "rain"])
        XCTAssertEqual(try JSONValue.parse(XCTUnwrap(panel["Data JSON"]?.stringValue)), ["icon": "cloud.rain", "temp": 17, "text": "rain"])
        let structured = try JSONValue.parse(XCTUnwrap(panel["Structured Data"]?.stringValue))
        XCTAssertEqual(structured["schema"], "widgethost.run/1")
        XCTAssertEqual(structured["status"], "ok")
        XCTAssertEqual(structured["nextRefresh"]?["frequencyMinutes"], 30)
        XCTAssertEqual(panel["Logs"], "")

        // A save reaches the file; an edit on disk reaches the document (and its local file).
        XCTAssertEqual(steps[3]["reached"], true)
        XCTAssertEqual(steps[3]["disk"]?.stringValue, original + "\n// saved in VS Code\n")
        XCTAssertEqual(steps[4]["reached"], true)
        XCTAssertEqual(steps[4]["document"]?.stringValue, original + "\n// saved in VS Code\n// edited on disk\n")
        XCTAssertEqual(steps[4]["localFile"], steps[4]["document"])

        // A broken script: sent (Run saves first), run, and explained with its line and column.
        let broken = try XCTUnwrap(steps[5]["panel"])
        XCTAssertEqual(steps[5]["errors"], [])
        XCTAssertEqual(steps[5]["disk"], "this.title = 'half'\nconst parts = (\n")
        XCTAssertEqual(broken["Variables"], "{}")
        XCTAssertEqual(broken["Logs"]?.stringValue, """
            error: \(example.script):2:15: SyntaxError: '(' is never closed [syntax-error]
              2 | const parts = (
                |               ^
            The run ended with error: SyntaxError: '(' is never closed.
            """)
        XCTAssertEqual(example.scriptFolder, ["weather.js", "weather.layout.json", "weather.profile.json"], "nothing but the script was written")
        XCTAssertEqual(studio.stop(), 0)
    }

    func testEveryExampleScriptPairsOpensRunsAsWidgethostRunSavesAndFollowsEditsOnDisk() throws {
        let (unpacked, node) = try Self.unpackedExtension()
        let names = Files.list(packageRoot + "/Fixtures/Examples").filter { $0.hasSuffix(".js") }
        XCTAssertGreaterThan(names.count, 20)
        for name in names {
            let example = try ExampleCopy(name)
            let original = try XCTUnwrap(Files.text(example.script))
            let studio = try StudioProcess([example.script] + example.flags)
            defer { studio.stop() }
            // The studio's start runs the script and then its day of refreshes, which store what
            // they store too: the state is copied once the day is done (the view is complete).
            let done = try Wait.until(.seconds(120), poll: .milliseconds(20)) {
                let view = try HTTPExchange.send("GET", "/api/view", port: studio.port, host: "127.0.0.1:\(studio.port)").json
                return view?["complete"] == true
            }
            XCTAssertTrue(done, "\(name): the studio's day was not done within 120 s")
            // What `widgethost run` gives for the same flags, from a copy of the state the studio started with.
            let state = example.folder.file("state")
            let copy = example.folder.file("state-for-run")
            try Self.copyTree(state, to: copy)
            var flags = example.flags
            if let index = flags.firstIndex(of: "--state") { flags[index + 1] = copy }
            let run = try Program.run([try BuiltProgram.path("widgethost"), "run", example.script, "--format", "json"] + flags,
                                      environment: StudioProcess.environment)
            guard let expected = try? JSONValue.parse(run.out) else {
                XCTFail("\(name): widgethost run \(flags.joined(separator: " ")) gave no report (exit \(run.code)): \(run.err)")
                continue
            }

            let report = try Self.drive(node: node, extension: unpacked, studio: studio, script: example.script, work: example.folder)
            let steps = report["steps"]?.arrayValue ?? []
            XCTAssertEqual(report["failures"], [], "\(name): \(Self.summary(report))")
            guard steps.count == 4 else {
                XCTFail("\(name): \(Self.summary(report))")
                continue
            }
            XCTAssertEqual(steps[0]["errors"], [], name)
            XCTAssertEqual(steps[0]["opened"]?["text"]?.stringValue, original, name)
            let panel = steps[1]["panel"]
            XCTAssertEqual(try panel?["Variables"]?.stringValue.map { try JSONValue.parse($0) }, expected["outputs"], name)
            let structured = try panel?["Structured Data"]?.stringValue.map { try JSONValue.parse($0) }
            XCTAssertEqual(structured?["status"], expected["status"], name)
            XCTAssertEqual(structured?["console"], expected["console"], name)
            XCTAssertEqual(steps[2]["reached"], true, name)
            XCTAssertEqual(steps[3]["reached"], true, name)
            XCTAssertEqual(Files.text(example.script), original + "\n// saved in VS Code\n// edited on disk\n", name)
            XCTAssertEqual(studio.stop(), 0, name)
        }
    }

    // MARK: The extension

    /// The extension's package unpacked into a temporary folder (`extension/` in it), and node;
    /// skipped when `OMNI_VSCODE_VSIX` is not set, a failure when it names no file or node is not 20.
    static func unpackedExtension() throws -> (TemporaryFolder, String) {
        guard let named = getenv("OMNI_VSCODE_VSIX").map({ String(cString: $0) }), !named.isEmpty else {
            throw XCTSkip("""
                OMNI_VSCODE_VSIX is not set, so the app's VS Code extension is not run: it is another publisher's \
                code, which the repository cannot ship. Set it to the package's path (.ci/run sets it to \
                ../shared/clients/omni-widgets-0.1.1.vsix when that file is there).
                """)
        }
        let package = named.hasPrefix("/") ? named : packageRoot + "/" + named
        guard Files.exists(package) else { throw HarnessError("OMNI_VSCODE_VSIX names \(named), and there is no file at \(package)") }
        let node = try Program.required("node")
        let version = try Program.run([node, "--version"]).out
        guard let major = Int(version.dropFirst().prefix { $0 != "." }), major >= 20 else {
            throw HarnessError("the extension is run under node 20 or later; \(node) is \(version)")
        }
        let folder = try TemporaryFolder("vsix")
        let unzip = try Program.run([try Program.required("unzip"), "-q", package, "extension/*", "-d", folder.path])
        guard unzip.code == 0, Files.exists(folder.file("extension/out/extension.js")) else {
            throw HarnessError("cannot unpack \(package): \(unzip.err)")
        }
        return (folder, node)
    }

    /// Runs Extension/drive.js against `studio` with the scenario's `extra` fields; its report.
    static func drive(node: String, extension unpacked: TemporaryFolder, studio: StudioProcess, script: String,
                      work: TemporaryFolder, extra: JSONObject = [:], connect: String = "manual") throws -> JSONValue {
        var scenario: JSONObject = [
            "extension": .string(unpacked.file("extension")), "storage": .string(work.file("vscode-storage")),
            "connect": .string(connect), "endpoint": .string("http://127.0.0.1:\(studio.port)"), "codes": [.string(studio.code)],
            "script": .string(script), "timeoutMs": 20000,
        ]
        for (key, value) in extra { scenario[key] = value }
        try Files.write(work.file("scenario.json"), JSONValue.object(scenario).serialized())
        let driver = packageRoot + "/Tests/Programs/StudioTests/Extension/drive.js"
        let result = try Program.run([node, driver, work.file("scenario.json")], environment: ["PATH=/usr/bin:/bin"], timeout: .seconds(120))
        guard let line = result.out.split(separator: "\n").last, let report = try? JSONValue.parse(String(line)) else {
            throw HarnessError("the driver printed no report (exit \(result.code)): \(result.out) \(result.err)")
        }
        return report
    }

    /// The driver's failures, each step's name and the errors the extension showed: what a failure says.
    static func summary(_ report: JSONValue) -> String {
        let steps = (report["steps"]?.arrayValue ?? []).map { step in
            "\(step["step"]?.stringValue ?? "?") (errors: \(step["errors"]?.serialized() ?? "none"), reached: \(step["reached"]?.serialized() ?? "-"))"
        }
        return "failures: \(report["failures"]?.serialized() ?? "none"); steps: \(steps.joined(separator: "; ")); output: \(report["output"]?.serialized() ?? "")"
    }

    /// Copies the folder `source` (its files and folders) to `target`.
    static func copyTree(_ source: String, to target: String) throws {
        XCTAssertEqual(mkdir(target, 0o755), 0)
        for relative in Files.listing(source) {
            var info = stat()
            guard lstat(source + "/" + relative, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                XCTAssertEqual(mkdir(target + "/" + relative, 0o755), 0)
            } else {
                try Files.write(target + "/" + relative, Files.bytes(source + "/" + relative))
            }
        }
    }
}
