import CLIOptions
import Canvas
import HostSystem
import JSONKit
import WidgetHost
import WidgetPictures
import ZonedTime

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Runs fixtures in this process and checks their expectations.
public final class FixtureRunner {
    /// Virtual now and zone of a fixture that names none, so every fixture is reproducible.
    public static let defaultNow = "2026-11-29T08:00:00Z"
    public static let defaultZone = "UTC"

    let host = ScriptHost()
    /// Write golden files instead of comparing with them.
    public var updateGoldens = false
    /// What draws the pictures `render:` pins; nil in a program that does not link `Render`.
    public var drawer: (any CanvasDrawing)?
    /// What draws a widget family's picture (`render: { family: … }`); nil where `Render` is not linked.
    public var widgets: (any WidgetDrawing)?
    /// The edition of a fixture whose front matter names none (`widgethost test --edition`); nil
    /// for the default, iOS. A fixture's own `edition:` wins.
    public var defaultEdition: Edition?

    public init() {}

    /// Runs one fixture file; never throws: a malformed fixture is a failed result.
    public func run(path: String) -> FixtureResult {
        guard let file = try? FileSystem.location(ofUserPath: path) else {
            return FixtureResult(path: path, description: "", rules: [], outcome: .failed, failures: ["malformed fixture: \(path): names a folder, not a file"], durationMs: 0)
        }
        return run(file)
    }

    /// Runs the fixture file at `file`, read by the bytes of its path; never throws: a
    /// malformed fixture is a failed result.
    public func run(_ file: FileSystem.Location) -> FixtureResult {
        let path = file.display
        let start = ContinuousClock.now
        do {
            let fixture = try Fixture.load(file)
            var result = run(fixture)
            result.durationMs = start.duration(to: .now).milliseconds
            return result
        } catch {
            return FixtureResult(
                path: path, description: "", rules: [], outcome: .failed,
                failures: ["malformed fixture: \(error.description)"], durationMs: start.duration(to: .now).milliseconds)
        }
    }

    public func run(_ fixture: Fixture) -> FixtureResult {
        func result(_ outcome: FixtureResult.Outcome, _ failures: [String]) -> FixtureResult {
            FixtureResult(
                path: fixture.path, description: fixture.description, rules: fixture.rules, outcome: outcome,
                failures: failures, durationMs: 0)
        }
        if let reason = fixture.settings["skip"], reason != .bool(false), reason != .null {
            return result(.skipped, [reason.stringValue ?? "skipped"])
        }
        if let fault = fixture.settings["inject"]?.stringValue {
            // Fault injection for the runner's own tests: a fixture that crashes or hangs its worker.
            guard getenv("WIDGETHOST_FAULT_INJECTION") != nil else {
                return result(.failed, ["malformed fixture: 'inject' works only with WIDGETHOST_FAULT_INJECTION=1 (the runner's own tests)"])
            }
            if fault == "crash" { abort() }
            if fault == "hang" { while true { sleep(1) } }
        }
        let configuration: RunConfiguration
        do {
            configuration = try Self.configuration(for: fixture, defaultEdition: defaultEdition)
        } catch {
            return result(.failed, ["malformed fixture: \(error.description)"])
        }
        let layout: LayoutFixtureCheck?
        do {
            layout = try LayoutFixtureCheck.load(fixture)
        } catch {
            return result(.failed, ["malformed fixture: \(error.description)"])
        }
        var failures: [String] = []
        // The file's base name, so locations and stack frames do not depend on where the suite runs from.
        var source = fixture.source
        source.name = SystemPath.escape(fixture.file.name)
        let report: RunReport
        let interface: InterfaceCheck
        // The refresh run's `widgethost.run/1` JSON, which `expect` is checked against.
        let reportJSON: JSONValue
        if let action = fixture.settings["action"] {
            // A8: the button's action script, then the widget's refresh (the fixture's script).
            guard let text = action.stringValue else {
                return result(.failed, ["malformed fixture: 'action' is the button's action script as a block string (action: |)"])
            }
            let run = host.runAction(ScriptSource(text: text, name: "action.js"), widget: source, configuration: configuration)
            report = run.refresh
            interface = InterfaceCheck(action: run)
            reportJSON = report.json
            if let want = fixture.expect["action"] {
                // H14: a HarmonyOS tap is one run, which the other keys check.
                guard let actionRun = run.action else {
                    return result(.failed, ["malformed fixture: 'expect.action': in the harmony edition the button's snippet runs inside the refresh (H14); check it with the other keys"])
                }
                failures += Expectation.subsetDifferences(want, actionRun.json, at: "action")
            }
        } else {
            if fixture.expect["action"] != nil {
                return result(.failed, ["malformed fixture: 'expect.action' needs an 'action:' script"])
            }
            report = host.run(source, configuration: configuration)
            interface = InterfaceCheck(run: report)
            reportJSON = interface.report
        }
        failures += Self.check(fixture.expect, report: reportJSON)
        failures += interface.check(fixture.expect)
        if let layout {
            // A10: the layout is rendered against the outputs the (refresh) run published.
            failures += layout.check(outputs: report.outputs)
        }
        if fixture.settings["simulate"] != nil {
            failures += SimulationCheck.run(fixture, configuration: configuration)
        }
        if fixture.settings["pushes"] != nil || fixture.settings["registry"] != nil {
            failures += PushCheck.run(fixture, now: configuration.now ?? 0, zone: configuration.zone)
        }
        failures += RenderFixtureCheck.run(fixture, report: report, drawer: drawer, widgets: widgets, update: updateGoldens)
        failures += checkGolden(fixture, interface.report)
        return result(failures.isEmpty ? .passed : .failed, failures)
    }

    /// The run configuration a fixture's front matter asks for; `defaultEdition` is the edition of
    /// one that names none.
    static func configuration(for fixture: Fixture, defaultEdition: Edition? = nil) throws(FixtureError) -> RunConfiguration {
        let settings = fixture.settings
        func bad(_ key: String, _ message: String) -> FixtureError {
            FixtureError(
                path: fixture.path, line: Fixture.lineOf(key, in: fixture.source.text, from: fixture.frontMatterLine),
                message: message)
        }
        // The front matter's run options, decoded by the declarations the command line's are
        // (`RunOptions`), with the suite's zone and time when the fixture names none.
        if let limits = settings["limits"] {
            guard case .object(let values) = limits else { throw bad("limits", "'limits' is a map: { timeout: 1, memory: 64 }") }
            let known = RunOptions.declarations.compactMap { $0.key }.filter { $0.hasPrefix("limits.") }.map { String($0.dropFirst(7)) }
            for key in values.keys where !known.contains(key) {
                throw bad("limits", "unknown limit '\(key)'; the limits are \(known.joined(separator: ", "))")
            }
        }
        var current = ""
        let options: RunOptions
        do {
            options = try RunOptions.decode { declaration in
                guard let key = declaration.key else { return [] }
                // `limits.timeout` is `timeout` in the `limits` map.
                let value: JSONValue?
                if let dot = key.firstIndex(of: ".") {
                    value = settings[String(key[..<dot])]?[String(key[key.index(after: dot)...])]
                } else {
                    value = settings[key]
                }
                let text: String
                switch (key, value) {
                case ("tz", nil): text = defaultZone
                case ("now", nil): text = defaultNow
                case ("edition", nil):
                    guard let defaultEdition else { return [] }
                    text = defaultEdition.rawValue
                case (_, nil): return []
                case (_, .string(let string)?): text = string
                case (_, .number(let number)?): text = JSONValue.formatNumber(number)
                case (_, .bool(let flag)?): text = flag ? "true" : "false"
                case (_, let other?): text = other.serialized()
                }
                current = key
                return [text]
            }
        } catch {
            throw bad(String(current.split(separator: ".").first ?? ""), error.message)
        }
        var configuration = options.configuration
        // Fixtures never touch the network: requests are answered only from a `fixtures:` file.
        configuration.network = .replay(NetworkFixtures())
        for key in ["profile", "params", "fixtures"] where settings[key] != nil {
            try APISettings.apply(key, settings[key]!, to: &configuration, fixture: fixture)
        }
        return configuration
    }

    /// Checks a run report (its `widgethost.run/1` JSON) against `expect`.
    static func check(_ expect: JSONObject, report: JSONValue) -> [String] {
        var failures: [String] = []
        for key in expect.keys {
            let want = expect[key]!
            switch key {
            case "status", "nextRefresh", "error", "liveActivity":
                failures += Expectation.subsetDifferences(want, report[key], at: key)
            case "outputs":
                failures += Expectation.exactDifferences(want, report["outputs"], at: "outputs")
            case "outputsInclude":
                failures += Expectation.subsetDifferences(want, report["outputs"], at: "outputs")
            case "absent":
                for name in want.arrayValue?.compactMap(\.stringValue) ?? [] where report["outputs"]?[name] != nil {
                    failures.append("outputs.\(name): expected no such output, got \(report["outputs"]![name]!.serialized())")
                }
            case "events":
                failures += Expectation.subsetDifferences(want, report["events"], at: "events")
            case "console":
                let actual = report["console"]?.arrayValue ?? []
                let expected = (want.arrayValue ?? []).map { item -> JSONValue in
                    item.stringValue.map { .object(["message": .string($0)]) } ?? item
                }
                failures += Expectation.subsetDifferences(.array(expected), .array(actual), at: "console")
            case "diagnostics", "diagnosticsExact":
                let diagnostics = report["diagnostics"]?.arrayValue ?? []
                let actual = diagnostics.compactMap { $0["code"]?.stringValue }
                if key == "diagnosticsExact" {
                    let expected = want.arrayValue?.compactMap(\.stringValue) ?? []
                    if actual != expected { failures.append("diagnostics: expected exactly \(expected), got \(actual)") }
                    continue
                }
                for item in want.arrayValue ?? [] {
                    // A code, or an object matched as a subset (`message` as a substring).
                    if let code = item.stringValue {
                        if !actual.contains(code) {
                            failures.append("diagnostics: expected a '\(code)' diagnostic, got \(actual.isEmpty ? "none" : actual.joined(separator: ", "))")
                        }
                    } else if !diagnostics.contains(where: { diagnosticMatches(item, $0) }) {
                        failures.append("diagnostics: expected one matching \(item.serialized()), got \(JSONValue.array(diagnostics).serialized())")
                    }
                }
            case "timeline":
                break  // checked by SimulationCheck
            case "pushes", "activities", "stored":
                break  // checked by PushCheck
            case "action", "report", "exitCode", "stderr":
                break  // checked in run(_:) and by InterfaceCheck
            case "layout":
                break  // checked by LayoutFixtureCheck
            case "canvas":
                break  // checked by RenderFixtureCheck
            default:
                break
            }
        }
        return failures
    }

    /// A diagnostic matches an expected object: every key equal, `message` as a substring.
    static func diagnosticMatches(_ expected: JSONValue, _ actual: JSONValue) -> Bool {
        guard case .object(let want) = expected else { return false }
        return want.allSatisfy { key, value in
            if key == "message", let part = value.stringValue, let message = actual["message"]?.stringValue {
                return message.contains(part)
            }
            return actual[key].map { Expectation.equal(value, $0) } ?? false
        }
    }

    /// `NAME.expected.json` beside the script holds a full report, when present. `--update`
    /// rewrites one that exists and makes none: a fixture pins its whole report only when its
    /// author put the file there (an empty one will do).
    /// The file is written only there, beside the fixture inside the suite's folder: a link at
    /// its name is replaced, and one on the way refused (``GoldenFile``).
    func checkGolden(_ fixture: Fixture, _ report: JSONValue) -> [String] {
        guard fixture.stem != fixture.file.name else { return [] }
        let golden = fixture.sibling(fixture.stem + Array(".expected.json".utf8))
        let bytes: [UInt8]
        switch GoldenFile.read(golden) {
        case .unreadable(let message): return [message]
        case .missing: return []
        case .file(let found): bytes = found
        }
        let text = report.serialized(pretty: true) + "\n"
        if updateGoldens {
            do { try GoldenFile.write(text, to: golden) } catch { return ["cannot write \(golden.display): \(error.message)"] }
            return []
        }
        let expected = String(decoding: bytes, as: UTF8.self)
        if expected == text { return [] }
        return ["the report differs from \(golden.display) (run with --update to accept it):"] + TextDiff.lines(expected, text)
    }
}
