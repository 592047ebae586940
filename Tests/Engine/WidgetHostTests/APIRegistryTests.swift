import JSONKit
import TestSupport
import WidgetHost
import XCTest

/// The registry, the installed API and docs/api.md agree.
final class APIRegistryTests: APITestCase {
    func testTheReferencePageIsGeneratedFromTheRegistry() throws {
        let path = packageRoot
        guard let page = Files.text(path + "/docs/api.md") else { return XCTFail("docs/api.md is missing") }
        XCTAssertEqual(page, APIReference.markdown(), "docs/api.md is out of date: run 'widgethost api --markdown > docs/api.md'")
        XCTAssertTrue(page.contains("\(APIRegistry.members.count) entry points in \(APIRegistry.globals.count) globals."))
    }

    func testTheRegistryCoversTheDocumentedAPI() {
        let names = Set(APIRegistry.globals.map(\.name))
        for name in ["Request", "Config", "setConfig", "getConfig", "setValue", "getValue", "Setting", "Widget", "$params",
                     "isDebug", "Device", "Location", "Weather", "Health", "Calendar", "FileManager", "HTMLDoc", "console", "http",
                     "setUpdateFreq", "setUpdateTime", "endLiveActivity"] {
            XCTAssertTrue(names.contains(name), name)
        }
        XCTAssertEqual(Set(APIRegistry.members.map(\.path)).count, APIRegistry.members.count, "entry points are unique")
        XCTAssertGreaterThanOrEqual(APIRegistry.members.count, 90)
    }

    /// Every global exists with its kind, and objects have exactly the registry's members.
    func testEveryGlobalIsInstalledWithItsKindAndMembers() throws {
        var checks: [String] = []
        for global in APIRegistry.globals {
            let expected = global.kind == .object || global.kind == .value ? "object" : "function"
            checks.append("check(\(quote(global.name)), typeof globalThis[\(quote(global.name))], \(quote(expected)))")
            let own = global.members.filter { !$0.isInstanceMember && $0.kind != .constructor && $0.path != global.name }
            if global.kind == .object, global.implementation != .host {
                let names = own.map(\.name).sorted().map(quote).joined(separator: ",")
                checks.append("check(\(quote(global.name + " members")), Object.getOwnPropertyNames(globalThis[\(quote(global.name))]).sort().join(','), [\(names)].join(','))")
            }
            for member in own {
                let expectedType = member.kind == .property ? "defined" : "function"
                checks.append("check(\(quote(member.path)), kindOf(globalThis[\(quote(global.name))][\(quote(member.name))]), \(quote(expectedType)))")
            }
        }
        let instances = ["Request": "new Request('https://example.com/')", "FileManager": "FileManager.local()", "HTMLDoc": "new HTMLDoc('<p>x</p>')"]
        for member in APIRegistry.members where member.isInstanceMember {
            let global = String(member.path.split(separator: "#")[0])
            guard let make = instances[global] else { XCTFail("no instance for \(member.path)"); continue }
            let expectedType = member.kind == .property ? "defined" : "function"
            let probe = member.kind == .property
                ? "(\(quote(member.name)) in (\(make)) ? 'defined' : 'missing')" : "kindOf((\(make))[\(quote(member.name))])"
            checks.append("check(\(quote(member.path)), \(probe), \(quote(expectedType)))")
        }
        let script = """
            const _problems = []
            function check(what, got, expected) { if (got !== expected) _problems.push(what + ': ' + got + ' (expected ' + expected + ')') }
            function kindOf(value) { return typeof value === 'function' ? 'function' : value === undefined ? 'undefined' : 'defined' }
            \(checks.joined(separator: "\n"))
            let problems = _problems
            """
        let report = runAPI(script)
        XCTAssertEqual(outputs(report)["problems"], [])
        XCTAssertGreaterThan(checks.count, 110)
    }

    /// Every documented entry point: sync ones return their documented type; async ones return
    /// a real promise that the host loop resolves to the documented type.
    func testEveryEntryPointHasItsDocumentedShape() throws {
        var lines: [String] = []
        var covered: Set<String> = []
        for member in APIRegistry.members {
            guard let call = Self.calls[member.path] else { continue }
            covered.insert(member.path)
            let (isAsync, type) = expectedShape(member)
            lines.append("await shape(\(quote(member.path)), () => \(call), \(isAsync), \(quote(type)))")
        }
        XCTAssertEqual(Set(APIRegistry.members.map(\.path)).subtracting(covered), [], "entry points without a shape check")
        let script = """
            const _problems = []
            const _Promise = Promise
            async function shape(what, make, isAsync, type) {
              let result
              try { result = make() } catch (e) { _problems.push(what + ' threw ' + e); return }
              const promised = result instanceof _Promise
              if (promised !== isAsync) _problems.push(what + (isAsync ? ' is not async' : ' returned a promise'))
              if (promised) { try { result = await result } catch (e) { _problems.push(what + ' rejected: ' + e.message); return } }
              const got = Array.isArray(result) ? 'array' : result instanceof Uint8Array ? 'bytes' : result === null ? 'null' : typeof result
              if (type !== 'any' && got !== type) _problems.push(what + ' gave ' + got + ', expected ' + type)
            }
            const req = new Request('https://api.example.com/data')
            const fm = FileManager.local()
            fm.writeString(fm.documents() + 'f.txt', 'x')
            const doc = new HTMLDoc('<h1>x</h1>')
            \(lines.joined(separator: "\n"))
            let problems = _problems
            """
        let fixtures = [
            NetworkFixture(url: "https://api.example.com/data", body: Array("{\"a\":1}".utf8)),
            NetworkFixture(method: "POST", url: "https://api.example.com/data", body: Array("ok".utf8)),
        ]
        let report = runAPI(script, fixtures: fixtures, context: .app)
        XCTAssertEqual(outputs(report)["problems"], [])
    }

    /// A9: no browser or module globals.
    func testNoWindowDocumentFetchOrRequire() {
        let report = runAPI("let kinds = [typeof window, typeof document, typeof fetch, typeof require, typeof module, typeof process]")
        XCTAssertEqual(outputs(report)["kinds"], ["undefined", "undefined", "undefined", "undefined", "undefined", "undefined"])
    }

    /// A global a script never touches is never built: its getter is still in place.
    func testGlobalsAreBuiltOnFirstUse() {
        let report = runAPI("""
            const _before = typeof Object.getOwnPropertyDescriptor(globalThis, 'Config').get
            Config.has('x')
            let built = [_before, typeof Object.getOwnPropertyDescriptor(globalThis, 'Config').get, Object.keys(globalThis).includes('Config')]
            """)
        XCTAssertEqual(outputs(report)["built"], ["function", "function", false])
    }

    private func expectedShape(_ member: APIMember) -> (Bool, String) {
        let returns = member.returns
        let isAsync = returns.hasPrefix("Promise<")
        let inner = isAsync ? String(returns.dropFirst(8).dropLast()) : returns
        switch inner {
        case "string", "JSON string": return (isAsync, "string")
        case "number": return (isAsync, "number")
        case "boolean": return (isAsync, "boolean")
        case "undefined": return (isAsync, "undefined")
        case "Uint8Array": return (isAsync, "bytes")
        case "string[]": return (isAsync, "array")
        case "any": return (isAsync, "any")
        default: return (isAsync, "object")
        }
    }

    private func quote(_ text: String) -> String { JSONValue.string(text).serialized() }

    /// A call of every entry point, with arguments that succeed.
    static let calls: [String: String] = [
        "Request": "new Request('https://api.example.com/data')",
        "Request#url": "req.url", "Request#method": "req.method", "Request#headers": "req.headers", "Request#body": "req.body",
        "Request#fetch": "req.fetch()", "Request#fetchJSON": "req.fetchJSON()", "Request#fetchString": "req.fetchString()",
        "http.get": "http.get('https://api.example.com/data')", "http.post": "http.post('https://api.example.com/data', {body: 'x'})",
        "Config.set": "Config.set('k', {a: 1})", "Config.get": "Config.get('k')", "Config.has": "Config.has('k')",
        "Config.delete": "Config.delete('other')", "Config.keys": "Config.keys()",
        "setConfig": "setConfig('k', 'v')", "getConfig": "getConfig('k')", "setValue": "setValue('k', 'v')", "getValue": "getValue('k')",
        "Setting.string": "Setting.string('city')", "Setting.bool": "Setting.bool('on')", "Setting.number": "Setting.number('n')",
        "Setting.date": "Setting.date('d')", "Setting.image": "Setting.image('bg')", "Setting.fileString": "Setting.fileString('f')",
        "Setting.set": "Setting.set('v', 'k')", "Setting.add": "Setting.add({key: 'city', name: 'City', type: 'text'})",
        "Widget.id": "Widget.id", "Widget.name": "Widget.name", "Widget.type": "Widget.type", "Widget.urlscheme": "Widget.urlscheme",
        "Widget.openUrl": "Widget.openUrl('https://example.com')", "Widget.reload": "Widget.reload()",
        "$params": "$params", "isDebug": "isDebug()",
        "Device.systemVersion": "Device.systemVersion()", "Device.name": "Device.name()", "Device.model": "Device.model()",
        "Device.language": "Device.language()", "Device.isdarkmode": "Device.isdarkmode()", "Device.screen": "Device.screen()",
        "Device.battery": "Device.battery()", "Device.network": "Device.network()", "Device.connectivity": "Device.connectivity()",
        "Location.getLocation": "Location.getLocation()", "Location.getPlacemark": "Location.getPlacemark()",
        "Weather.getCurrent": "Weather.getCurrent()", "Weather.getToday": "Weather.getToday()",
        "Health.getStepsToday": "Health.getStepsToday()", "Health.getActiveEnergyToday": "Health.getActiveEnergyToday()",
        "Health.getDistanceToday": "Health.getDistanceToday()", "Health.getFlightsClimbedToday": "Health.getFlightsClimbedToday()",
        "Health.getStepsBetween": "Health.getStepsBetween(Date.now() - 3600000, Date.now())",
        "Health.getLatestHeartRate": "Health.getLatestHeartRate()", "Health.getRestingHeartRate": "Health.getRestingHeartRate()",
        "Health.getLatestBodyMass": "Health.getLatestBodyMass()", "Health.getActivitySummaryToday": "Health.getActivitySummaryToday()",
        "Health.getRecentWorkouts": "Health.getRecentWorkouts(7)", "Health.getLastSleepDetail": "Health.getLastSleepDetail()",
        "Health.getSleepData": "Health.getSleepData()",
        "Calendar.lunarDate": "Calendar.lunarDate()", "Calendar.getLunarDate": "Calendar.getLunarDate()",
        "Calendar.lunarYear": "Calendar.lunarYear()", "Calendar.lunarMonth": "Calendar.lunarMonth()", "Calendar.lunarDay": "Calendar.lunarDay()",
        "Calendar.isLunarLeapMonth": "Calendar.isLunarLeapMonth()", "Calendar.zodiac": "Calendar.zodiac()", "Calendar.ganZhi": "Calendar.ganZhi()",
        "Calendar.daysUntilLunar": "Calendar.daysUntilLunar(1, 1)", "Calendar.daysUntilSolar": "Calendar.daysUntilSolar(12, 25)",
        "Calendar.daysFromNow": "Calendar.daysFromNow('2026-10-01')", "Calendar.daysBetween": "Calendar.daysBetween('2026-01-01', '2026-05-15')",
        "Calendar.lunarFromSolar": "Calendar.lunarFromSolar('2026-02-17')", "Calendar.getEvents": "Calendar.getEvents()",
        "FileManager.local": "FileManager.local()", "FileManager.iCloud": "FileManager.iCloud()",
        "FileManager#documents": "fm.documents()", "FileManager#library": "fm.library()",
        "FileManager#writeString": "fm.writeString(fm.documents() + 'a.txt', 'hello')", "FileManager#readString": "fm.readString(fm.documents() + 'f.txt')",
        "FileManager#saveImage": "fm.saveImage(fm.documents() + 'a.png', new Uint8Array([1, 2]))",
        "FileManager#fileExists": "fm.fileExists(fm.documents() + 'f.txt')", "FileManager#remove": "fm.remove(fm.documents() + 'gone.txt')",
        "HTMLDoc": "new HTMLDoc('<p>x</p>')", "HTMLDoc#xpath": "doc.xpath('//h1')",
        "setUpdateFreq": "setUpdateFreq(30)", "setUpdateTime": "setUpdateTime(Date.now() + 3600000)", "endLiveActivity": "undefined",
        "console.log": "console.log('x')", "console.info": "console.info('x')", "console.warn": "console.warn('x')",
        "console.error": "console.error('x')", "console.debug": "console.debug('x')",
        "sleep": "sleep(10)", "setTimeout": "setTimeout(() => {}, 1)", "setInterval": "(() => { const id = setInterval(() => {}, 1); clearInterval(id); return id })()",
        "clearTimeout": "clearTimeout(0)", "clearInterval": "clearInterval(0)",
    ]
}
