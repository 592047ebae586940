import JSONKit
import WidgetHost
import TestSupport
import XCTest

/// `Config`, `setConfig`/`getConfig`, `setValue`/`getValue`, `Setting` and the state store (A4, A1, A7).
final class StorageTests: APITestCase {
    func testConfigKeepsJSONTypesAcrossRuns() {
        _ = outputs(runAPI("""
            Config.set("count", 42); Config.set("on", true); Config.set("items", [1, "2", null])
            Config.set("user", {name: "x", tags: ["a"]}); Config.set("when", new Date(0))
            """))
        let out = outputs(runAPI("""
            let values = [Config.get("count"), Config.get("on"), Config.get("items"), Config.get("user"), Config.get("when")]
            let types = [typeof Config.get("count"), typeof Config.get("on")]
            let keys = Config.keys()
            let has = [Config.has("count"), Config.has("missing")]
            """))
        XCTAssertEqual(out["values"], [42, true, [1, "2", nil], ["name": "x", "tags": ["a"]], "1970-01-01T00:00:00.000Z"])
        XCTAssertEqual(out["types"], ["number", "boolean"])
        XCTAssertEqual(out["keys"], ["count", "items", "on", "user", "when"])
        XCTAssertEqual(out["has"], [true, false])
    }

    /// Config keys are the script's own, exactly (O6): "é" as U+00E9 and "e" + U+0301 are two.
    func testConfigKeysThatDifferOnlyInNormalizationAreTwoKeysAcrossRuns() {
        _ = outputs(runAPI(#"""
            Config.set("\u00e9", 1); Config.set("e\u0301", 2); Config.set("\u{1F600}", 3); Config.set("\uff61", 4)
            """#))
        let out = outputs(runAPI(#"""
            let keys = Config.keys().map(k => Array.from(k, c => c.codePointAt(0)))
            let values = [Config.get("\u00e9"), Config.get("e\u0301")]
            """#))
        // JavaScript's default sort order: by UTF-16 code units, so U+1F600 (0xD83D 0xDE00) before U+FF61.
        XCTAssertEqual(out["keys"], [[0x65, 0x301], [0xE9], [0x1F600], [0xFF61]])
        XCTAssertEqual(out["values"], [1, 2])
    }

    func testConfigDefaultsDeletesAndCopies() {
        let out = outputs(runAPI("""
            let missing = [Config.get("page"), Config.get("page", 0), Config.get("recent", [])]
            Config.set("a", 1); Config.set("b", 2); Config.set("c", 3)
            Config.set("a", null); Config.set("b", undefined); Config.delete("c"); Config.delete("never")
            let left = Config.keys()
            Config.set("obj", {n: 1})
            const _copy = Config.get("obj"); _copy.n = 99
            let stored = Config.get("obj").n
            """))
        XCTAssertEqual(out["missing"], .array([.null, 0, []]))
        XCTAssertEqual(out["left"], [])
        XCTAssertEqual(out["stored"], 1, "get returns a fresh copy")
    }

    func testConfigGetWithoutDefaultIsUndefined() {
        let out = outputs(runAPI("let kind = typeof Config.get('nothing'); let fallback = Config.get('nothing', 'd')"))
        XCTAssertEqual(out["kind"], "undefined")
        XCTAssertEqual(out["fallback"], "d")
    }

    func testConfigRefusesValuesJSONCannotHold() {
        let report = runAPI("""
            Config.set("f", function () {})
            const _cyclic = {}; _cyclic.self = _cyclic
            Config.set("c", _cyclic)
            Config.set(7, "x")
            let keys = Config.keys()
            """)
        XCTAssertEqual(outputs(report)["keys"], [])
        let warnings = report.diagnostics.filter { $0.code == .invalidArgument }
        XCTAssertEqual(warnings.count, 3)
        XCTAssertEqual(warnings[0].message, "Config.set(\"f\", value) stores JSON values; got a function, which JSON cannot hold; nothing was stored")
        XCTAssertEqual(warnings[0].line, 1)
        XCTAssertTrue(warnings[1].message.hasPrefix("Config.set(\"c\", value) cannot store this value as JSON"))
        XCTAssertEqual(warnings[2].message, "Config.set expects the key as a string; got 7; the call was ignored")
        let strict = runAPI("Config.set(7, 'x')", strict: true)
        XCTAssertEqual(strict.error?.name, "TypeError")
    }

    func testLegacyConfigKeepsStringsInItsOwnNamespace() {
        let out = outputs(runAPI("""
            setConfig("token", "abcdef"); setConfig("count", 5); setConfig("flag", true)
            Config.set("token", {typed: true})
            let values = [getConfig("token"), getConfig("count"), getConfig("flag"), getConfig("missing")]
            let typed = Config.get("token")
            setConfig("count", null)
            let removed = getConfig("count")
            """))
        XCTAssertEqual(out["values"], ["abcdef", "5", "true", ""])
        XCTAssertEqual(out["typed"], ["typed": true])
        XCTAssertEqual(out["removed"], "")
        let report = runAPI("setConfig('k', {a: 1})")
        XCTAssertEqual(diagnostic(report, .invalidArgument)?.message,
                       "setConfig(key, value) stores strings; got an object; use JSON.stringify(value), or Config.set for typed values; the call was ignored")
    }

    func testValuesAreSharedByKindAndSlot() {
        _ = outputs(runAPI("setValue('database', 'abcdefg')"))
        XCTAssertEqual(value("let v = getValue('database')"), "abcdefg", "same kind, same slot")
        XCTAssertEqual(value("let v = getValue('database')", context: .app), "", "the editor uses slot 999")
        XCTAssertEqual(outputs(runAPI("let v = getValue('database')", kind: .medium))["v"], "", "another kind")
        XCTAssertEqual(outputs(runAPI("let v = getValue('database')", file: "other-widget.js"))["v"], "abcdefg", "shared across widgets")
        XCTAssertEqual(try store.values("small-1"), ["database": "abcdefg"])
    }

    func testConfigIsPerWidget() {
        _ = outputs(runAPI("Config.set('city', 'Shanghai'); setConfig('t', 'x')", file: "a.js"))
        XCTAssertEqual(outputs(runAPI("let v = [Config.get('city'), getConfig('t')]", file: "b.js"))["v"], .array([.null, ""]))
        XCTAssertEqual(outputs(runAPI("let v = [Config.get('city'), getConfig('t')]", file: "a.js"))["v"], ["Shanghai", "x"])
    }

    func testSettingsReadTheProfileAndSettingSet() {
        let profile: JSONValue = ["settings": [
            "city": "Hangzhou", "notify": true, "fontSize": 18, "birthday": "1990-05-01T00:00:00Z", "bg": "background.jpg",
            "rules": "line 1\nline 2", "ratio": "0.5", "flag": "yes",
        ]]
        let out = outputs(runAPI("""
            let strings = [Setting.string("city"), Setting.string("fontSize"), Setting.string("notify"), Setting.string("unset")]
            let bools = [Setting.bool("notify"), Setting.bool("flag"), Setting.bool("city"), Setting.bool("unset")]
            let numbers = [Setting.number("fontSize"), Setting.number("ratio"), Setting.number("city"), Setting.number("unset")]
            let dates = [Setting.date("birthday"), Setting.date("unset")]
            let images = [Setting.image("bg"), Setting.image("unset")]
            let files = [Setting.fileString("rules"), Setting.fileString("unset")]
            Setting.set("uuid-12345", "userId")
            Setting.set("Suzhou", "city")
            let written = [Setting.string("userId"), Setting.string("city")]
            """, profile: profile))
        XCTAssertEqual(out["strings"], ["Hangzhou", "18", "true", ""])
        XCTAssertEqual(out["bools"], [true, true, false, false])
        XCTAssertEqual(out["numbers"], [18, 0.5, 0, 0])
        XCTAssertEqual(out["dates"], [.number(Double(ms("1990-05-01T00:00:00Z"))), 0])
        let id = WidgetIdentity.derived(fromScriptName: "widget.js").id
        XCTAssertEqual(out["images"], [.string("LL:\(id)/background.jpg"), ""])
        XCTAssertEqual(out["files"], ["line 1\nline 2", ""])
        XCTAssertEqual(out["written"], ["uuid-12345", "Suzhou"])
        XCTAssertEqual(outputs(runAPI("let v = Setting.string('city')", profile: profile))["v"], "Suzhou", "Setting.set persists and wins")
    }

    func testSettingSetTakesTwoStringsValueFirst() {
        let report = runAPI("Setting.set(5, 'n'); let v = Setting.string('n')")
        XCTAssertEqual(outputs(report)["v"], "")
        XCTAssertEqual(diagnostic(report, .invalidArgument)?.message,
                       "Setting.set(value, key) takes two strings, the value first; got 5 and the string \"n\"; the call was ignored")
    }

    func testSettingAddTakesEffectOnlyInTheApp() throws {
        let script = """
            Setting.add({key: "city", name: "City", type: "text", icon: "location"})
            Setting.add({key: "theme", name: "Theme", type: "select", options: ["dark", "light"]})
            """
        let widgetRun = runAPI(script)
        XCTAssertEqual(widgetRun.diagnostics.map(\.code), [.appOnlyAPI, .appOnlyAPI])
        XCTAssertEqual(widgetRun.diagnostics[0].severity, .info)
        XCTAssertEqual(widgetRun.diagnostics[0].line, 1)
        XCTAssertEqual(widgetRun.events.map(\.valid), [false, false])
        XCTAssertEqual(try store.widget(WidgetIdentity.derived(fromScriptName: "widget.js").id).declaredSettings, [])

        let appRun = runAPI(script + "\nSetting.add({key: 'city', name: 'Town', type: 'number'})", context: .app)
        XCTAssertEqual(appRun.diagnostics, [])
        XCTAssertEqual(appRun.events.map(\.type), ["Setting.add", "Setting.add", "Setting.add"])
        XCTAssertEqual(appRun.events.map(\.valid), [true, true, true])
        XCTAssertEqual(appRun.events[0].args, [["key": "city", "name": "City", "type": "text", "icon": "location"]])
        let declared = try store.widget(WidgetIdentity.derived(fromScriptName: "widget.js").id).declaredSettings
        XCTAssertEqual(declared, [
            ["key": "city", "name": "Town", "type": "text", "icon": "location"],
            ["key": "theme", "name": "Theme", "type": "select", "icon": "gearshape", "options": ["dark", "light"]],
        ], "merged by key, keeping the original type")
    }

    func testSettingAddChecksItsSpecification() {
        let report = runAPI("""
            Setting.add("city")
            Setting.add({key: "a", type: "text"})
            Setting.add({key: "a", name: "A", type: "slider"})
            Setting.add({key: "a", name: "A", type: "select"})
            """, context: .app)
        XCTAssertEqual(report.diagnostics.map(\.message), [
            "Setting.add({key, name, type, …}): expects an object; got the string \"city\"; the call was ignored",
            "Setting.add({key, name, type, …}): 'name' must be a non-empty string; got undefined; the call was ignored",
            "Setting.add({key, name, type, …}): unknown type \"slider\"; use one of text, number, date, toggle, select, icon, color, image, file; the call was ignored",
            "Setting.add({key, name, type, …}): a select setting needs 'options', an array of strings; the call was ignored",
        ])
        XCTAssertEqual(report.events.map(\.valid), [false, false, false, false])
    }

    func testAStateFolderKeepsStorageAtomicallyPerWidget() throws {
        let parent = try Files.makeTemporaryFolder("widgethost-state")
        defer { Files.removeTree(parent) }
        let directory = parent + "/state"
        let folder = StateStore(directory: directory)
        func runIn(_ script: String, file: String = "counter.js", context: RunContext = .widget) -> RunReport {
            runAPI(script, context: context, file: file) { $0.storage = folder }
        }
        XCTAssertEqual(outputs(runIn("let untouched = 1"))["untouched"], 1)
        XCTAssertFalse(Files.exists(directory), "a run that never touches storage writes nothing")
        for expected in 1...3 {
            XCTAssertEqual(outputs(runIn("Config.set('n', Config.get('n', 0) + 1); let n = Config.get('n')"))["n"], .number(Double(expected)))
        }
        _ = outputs(runIn("setValue('v', 'shared'); setConfig('legacy', 'x'); Setting.set('s', 'k')"))
        let id = WidgetIdentity.derived(fromScriptName: "counter.js").id
        XCTAssertEqual(Files.listing(directory), [
            "values", "values/small-1.json", "values/small-1.lock", "widgets", "widgets/\(id)", "widgets/\(id)/store.json",
            "widgets/\(id)/store.lock",
        ], "no temporary files are left behind; the lock files stay (A12)")
        let stored = try JSONValue.parse(String(decoding: Files.bytes(directory + "/widgets/\(id)/store.json"), as: UTF8.self))
        XCTAssertEqual(stored["config"], ["n": 3])
        XCTAssertEqual(stored["legacyConfig"], ["legacy": "x"])
        XCTAssertEqual(stored["settings"], ["k": "s"])
        XCTAssertEqual(stored["schema"], "widgethost.state/1")
        XCTAssertEqual(try StateStore(directory: directory).widget(id).config, ["n": 3])
        // A run that fails still keeps what it stored, as the device does.
        XCTAssertEqual(runIn("Config.set('n', 10); throw new Error('later')").status, .error)
        XCTAssertEqual(try folder.widget(id).config, ["n": 10])
    }

    /// A run whose widget's lock another holder keeps past the run's time limit ends with
    /// `state-busy` naming the folder and the lock, reads none of the storage and saves nothing;
    /// once the lock is free, the next run counts on from what was stored (A12).
    func testARunWaitsForItsWidgetsLockWithinItsTimeLimitThenEndsStateBusy() throws {
        let parent = try Files.makeTemporaryFolder("widgethost-state")
        defer { Files.removeTree(parent) }
        let directory = parent + "/state"
        let folder = StateStore(directory: directory)
        let script = "Config.set('n', Config.get('n', 0) + 1); setValue('v', 'x'); let n = Config.get('n')"
        func run() -> RunReport {
            runAPI(script, file: "busy.js") { $0.storage = folder; $0.timeLimitSeconds = 0.3 }
        }
        XCTAssertEqual(outputs(run())["n"], 1)
        let id = WidgetIdentity.derived(fromScriptName: "busy.js").id
        var held: StoreLock? = try XCTUnwrap(folder.lock(widget: id, until: .now))
        let busy = run()
        XCTAssertEqual(busy.status, .timeout)
        let found = try XCTUnwrap(diagnostic(busy, .stateBusy))
        XCTAssertEqual(found.severity, .error)
        XCTAssertTrue(found.message.contains("the state folder \(directory) is in use"), found.message)
        XCTAssertTrue(found.message.contains("widgets/\(id)/store.lock"), found.message)
        XCTAssertEqual(try folder.widget(id).config, ["n": 1], "nothing was saved over the stored state")
        XCTAssertNotNil(held)
        held = nil
        XCTAssertEqual(outputs(run())["n"], 2)
        // The slot values' lock is taken after the widget's: a holder of it alone makes the run wait too.
        let values = try XCTUnwrap(folder.lock(values: "small-1", until: .now))
        XCTAssertEqual(diagnostic(run(), .stateBusy)?.severity, .error)
        XCTAssertEqual(try folder.widget(id).config, ["n": 2])
        _ = values
    }

    /// A lock is held for the run, not longer: runs of one widget in one process take turns.
    func testALockIsFreeAgainOnceTheRunEnds() throws {
        let parent = try Files.makeTemporaryFolder("widgethost-state")
        defer { Files.removeTree(parent) }
        let directory = parent + "/state"
        let folder = StateStore(directory: directory)
        for expected in 1...3 {
            let report = runAPI("const _f = FileManager.local(); const _p = _f.documents() + 'n'; let n = Number(_f.fileExists(_p) ? _f.readString(_p) : 0) + 1; _f.writeString(_p, String(n))", file: "turns.js") {
                $0.storage = folder
            }
            XCTAssertEqual(outputs(report)["n"], .number(Double(expected)))
            XCTAssertNotNil(try folder.lock(widget: WidgetIdentity.derived(fromScriptName: "turns.js").id, until: .now))
        }
    }

    func testAStoreThatCannotBeReadIsReportedAndNotOverwritten() throws {
        let parent = try Files.makeTemporaryFolder("widgethost-state")
        defer { Files.removeTree(parent) }
        let directory = parent + "/state"
        let id = WidgetIdentity.derived(fromScriptName: "widget.js").id
        mkdir(directory, 0o755); mkdir(directory + "/widgets", 0o755); mkdir(directory + "/widgets/\(id)", 0o755)
        try Files.write(directory + "/widgets/\(id)/store.json", Array("{not json".utf8))
        let report = runAPI("Config.set('a', 1); let v = Config.get('a')") { $0.storage = StateStore(directory: directory) }
        XCTAssertEqual(outputs(report)["v"], 1)
        XCTAssertEqual(diagnostic(report, .stateUnreadable)?.severity, .warning)
        XCTAssertTrue(diagnostic(report, .stateUnreadable)?.message.contains("store.json is not valid JSON (line 1, column 2") ?? false)
        XCTAssertEqual(Files.bytes(directory + "/widgets/\(id)/store.json"), Array("{not json".utf8), "left as it was")
    }

    func testAStoreCarriesAcrossRunsOfASimulation() throws {
        let shared = StateStore()
        var configuration = RunConfiguration()
        configuration.storage = shared
        configuration.network = .replay(NetworkFixtures())
        configuration.zone = zone("UTC")
        let script = ScriptSource(text: "Config.set('runs', Config.get('runs', 0) + 1); let runs = Config.get('runs')", name: "sim.js")
        for index in 1...3 {
            configuration.now = Self.fixedNow + Int64(index) * 1_800_000
            XCTAssertEqual(host.run(script, configuration: configuration).outputs["runs"], .number(Double(index)))
        }
        XCTAssertEqual(try shared.widget(WidgetIdentity.derived(fromScriptName: "sim.js").id).config, ["runs": 3])
        configuration.storage = nil
        XCTAssertEqual(host.run(script, configuration: configuration).outputs["runs"], 1, "without a store each run starts empty")
        XCTAssertEqual(host.run(script, configuration: configuration).outputs["runs"], 1)
    }
}

// MARK: File helpers (no Foundation)

