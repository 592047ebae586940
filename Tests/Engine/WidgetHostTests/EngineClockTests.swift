import HostSystem
import JSONKit
import ScriptCore
import WidgetHost
import XCTest
import ZonedTime

/// The engine's own `Date` and `Intl` read the run's virtual now (T1) and locale (T5) on
/// every route a script can take to them, and stay exactly the engine's built-ins.
final class EngineClockTests: HostTestCase {
    /// 2026-01-01T00:00:00Z.
    let newYear: Int64 = 1_767_225_600_000

    private func outputs(_ script: String, _ configure: (inout RunConfiguration) -> Void = { _ in }) -> JSONObject {
        let report = run(script) {
            $0.now = self.newYear
            configure(&$0)
        }
        XCTAssertEqual(report.status, .ok, "\(report.error?.message ?? "") \(codes(report))")
        return report.outputs
    }

    func testT1EveryRouteToTheClockReadsVirtualNow() {
        let iso = JSONValue.string("2026-01-01T00:00:00.000Z")
        let routes = [
            // A name made at run time, in code made from a string: no word of the text names Date.
            "let v = [].flat[decodeURIComponent('%63onstructor')](decodeURIComponent('return new %44ate().toISOString()'))()",
            "let v = globalThis[['Da', 'te'].join('')].prototype.toISOString.call(new globalThis[['Da', 'te'].join('')]())",
            "let v = (0, eval)('new (this[String.fromCharCode(68, 97, 116, 101)])().toISOString()')",
            "let v = Reflect.construct(Reflect.get(globalThis, 'D' + 'ate'), []).toISOString()",
            "let v; with ({}) { v = new Date().toISOString() }",
            "let v = Function('return new Date(Date.now()).toISOString()')()",
            "let v = new (Object.getOwnPropertyDescriptor(globalThis, 'Da' + 'te').value)().toISOString()",
        ]
        for route in routes {
            XCTAssertEqual(outputs(route)["v"], iso, route)
        }
        XCTAssertEqual(
            outputs("let v = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'medium' }).format()")["v"],
            "Jan 1, 2026, 12:00:00 AM")
        XCTAssertEqual(outputs("let v = this['Intl'].DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric' }).formatToParts()[0].value")["v"], "12")
        XCTAssertEqual(outputs("let v = Date()")["v"], "Thu Jan 01 2026 00:00:00 GMT+0000 (协调世界时)")
    }

    /// A run's zone is the run's alone (T2): the process's `TZ` is as it was once the run
    /// ends, so a later run (or configuration) that takes the process's zone is not in the
    /// zone of the run before it.
    func testT2ARunLeavesTheProcessZoneAsItWas() throws {
        let before = getenv("TZ").map { String(cString: $0) }
        let processZone = Zone.current().identifier
        let tokyo = try Zone(identifier: "Asia/Tokyo")
        XCTAssertEqual(outputs("let h = new Date().getHours()") { $0.zone = tokyo }["h"], 9)
        XCTAssertEqual(getenv("TZ").map { String(cString: $0) }, before)
        XCTAssertEqual(Zone.current().identifier, processZone)
        XCTAssertEqual(RunConfiguration().zone.identifier, processZone)
    }

    func testT1TheClockMovesWithVirtualTimers() {
        let out = outputs("let a = Date.now()\nawait sleep(90000)\nlet b = Date.now()\nawait new Promise(r => setTimeout(r, 500))\nlet c = new Date().getTime()")
        XCTAssertEqual(out["a"], .number(Double(newYear)))
        XCTAssertEqual(out["b"], .number(Double(newYear + 90_000)))
        XCTAssertEqual(out["c"], .number(Double(newYear + 90_500)))
    }

    func testT1TheHostsClockAnswersTheEngineOnlyInsideARun() {
        XCTAssertTrue(VirtualClock.isInPlace, "the engine's wall-clock calls must reach the host's definitions")
        // Outside a run the program reads the real clock: far from the fixed 2026 instant of a run.
        _ = outputs("let v = 1")
        XCTAssertGreaterThan(abs(WallClock.nowMilliseconds() - newYear), 1000)
    }

    /// What the bare engine says of `Date` and `Intl`, compared with a run's answers.
    func testT1DateAndIntlAreTheEnginesOwnBuiltIns() throws {
        let probe = """
            [typeof Date, String(Date), String(Date.now), String(Intl.DateTimeFormat.prototype.formatToParts),
             JSON.stringify(Object.getOwnPropertyDescriptor(globalThis, 'Date'), (k, v) => typeof v === 'function' ? String(v) : v),
             JSON.stringify(Object.getOwnPropertyDescriptor(globalThis, 'Intl'), (k, v) => typeof v === 'object' && k ? String(v) : v),
             JSON.stringify(Object.getOwnPropertyDescriptor(Date, 'prototype')),
             String(Object.getOwnPropertyDescriptor(Intl.DateTimeFormat.prototype, 'format').get),
             Reflect.ownKeys(Date).map(String).join(), Reflect.ownKeys(Date.now).join(), Reflect.ownKeys(Intl).map(String).join(),
             (() => { try { new Date.now(); return 'constructed' } catch (e) { return e.constructor.name } })(),
             (() => { const f = new Intl.DateTimeFormat(); return f.format === f.format })()].join('\\n')
            """
        let bare = ScriptRuntime().makeContext(name: "bare")
        let expected = try bare.evaluate(probe, sourceURL: "bare.js").toString()
        XCTAssertEqual(outputs("let v = \(probe)")["v"], .string(expected))
    }

    func testT5LocaleSetsEveryFormatterAndDeviceLanguage() {
        let script = """
            let v = [new Date().toLocaleString(undefined, { timeZone: 'Asia/Shanghai' }), Intl.DateTimeFormat().resolvedOptions().locale,
              (1234.5).toLocaleString(), new Intl.NumberFormat().resolvedOptions().locale, ['b', 'a', 'ä'].sort((x, y) => x.localeCompare(y)).join(''),
              new Date().toLocaleDateString(undefined, { timeZone: 'UTC', month: 'long' }), Device.language()]
            """
        let expected: [String: [JSONValue]] = [
            "zh-CN": ["2026/1/1 08:00:00", "zh-CN", "1,234.5", "zh-CN", "aäb", "一月", "zh"],
            "en-US": ["1/1/2026, 8:00:00 AM", "en-US", "1,234.5", "en-US", "aäb", "January", "en"],
            "de-DE": ["1.1.2026, 08:00:00", "de-DE", "1.234,5", "de-DE", "aäb", "Januar", "de"],
            "ja-JP": ["2026/1/1 8:00:00", "ja-JP", "1,234.5", "ja-JP", "aäb", "1月", "ja"],
        ]
        // Alternating in one host: one run's locale never leaks into the next.
        for _ in 0..<2 {
            for (tag, values) in expected.sorted(by: { $0.key < $1.key }) {
                XCTAssertEqual(outputs(script) { $0.locale = tag }["v"], .array(values), tag)
            }
        }
        XCTAssertEqual(outputs(script)["v"], .array(expected[LocaleTag.builtIn]!), "the built-in profile's locale")
    }

    func testT5ContextsMadeAheadTakeTheRunsLocale() {
        host = ScriptHost(preparesContextsAhead: true)
        for tag in ["de-DE", "en-US", "ja-JP", "de-DE"] {
            XCTAssertEqual(outputs("let v = Intl.NumberFormat().resolvedOptions().locale") { $0.locale = tag }["v"], .string(tag))
        }
    }

    func testT5TheProfilesLocale() throws {
        let profile = try DeviceProfile(json: ["device": ["locale": "en-GB"]])
        XCTAssertEqual(outputs("let v = [Intl.DateTimeFormat().resolvedOptions().locale, Device.language()]") { $0.profile = profile }["v"], ["en-GB", "en"])
        let legacy = try DeviceProfile(json: ["device": ["language": "ja"]])
        XCTAssertEqual(outputs("let v = [Intl.DateTimeFormat().resolvedOptions().locale, Device.language()]") { $0.profile = legacy }["v"], ["ja", "ja"])
        XCTAssertThrowsError(try DeviceProfile(json: ["device": ["locale": "not a tag"]]))
        XCTAssertThrowsError(try DeviceProfile(json: ["device": ["locale": "de-DE", "language": "fr"]]))
    }

    func testT5TagShapes() {
        for good in ["zh-CN", "en", "zh-Hans-CN", "de-DE-u-co-phonebk", "ja-JP", "es-419", "sr-Latn"] {
            XCTAssertTrue(LocaleTag.isWellFormed(good), good)
        }
        for bad in ["", "e", "zh_CN", "en-", "-en", "toolongtag", "en--US", "日本", "en-US-abcdefghi", "1en"] {
            XCTAssertFalse(LocaleTag.isWellFormed(bad), bad)
        }
        XCTAssertEqual(LocaleTag.language(of: "ZH-Hans-CN"), "zh")
    }
}
