import JSONKit
import WidgetHost
import XCTest

/// `Widget`, `$params`, `isDebug` and button actions (S3, A1, A7, A8).
final class ContextTests: APITestCase {
    func testWidgetPropertiesDefaultToTheScriptsIdentity() {
        let id = WidgetIdentity.derived(fromScriptName: "weather-card.js").id
        let out = outputs(runAPI("""
            let v = [Widget.id, Widget.name, Widget.type, Widget.urlscheme]
            Widget.id = "changed"
            let still = Widget.id
            """, kind: .medium, file: "scripts/weather-card.js"))
        XCTAssertEqual(out["v"], [.string(id), "weather-card", "medium", .string("awidget://runjs/medium/\(id)")])
        XCTAssertEqual(out["still"], .string(id), "read-only")
        let uuid = try? Regex("[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}")
        XCTAssertNotNil(uuid.flatMap { try? $0.wholeMatch(in: id) }, id)
        XCTAssertNotEqual(id, WidgetIdentity.derived(fromScriptName: "other.js").id)
    }

    func testTheProfileAndTheConfigurationNameTheWidget() {
        XCTAssertEqual(value("let v = [Widget.id, Widget.name]", profile: ["widget": ["id": "ABCD-1234", "name": "My Weather Widget"]]),
                       ["ABCD-1234", "My Weather Widget"])
        let report = runAPI("let v = [Widget.id, Widget.name]") { $0.widget = WidgetIdentity(id: "X-1", name: "Named") }
        XCTAssertEqual(outputs(report)["v"], ["X-1", "Named"])
    }

    func testOpenUrlAndReloadTakeEffectOnlyInTheApp() {
        let script = "Widget.openUrl('weixin://')\nWidget.reload()\nlet debug = isDebug()"
        let widgetRun = runAPI(script)
        XCTAssertEqual(outputs(widgetRun)["debug"], false)
        XCTAssertEqual(widgetRun.events.map(\.type), ["Widget.openUrl", "Widget.reload"])
        XCTAssertEqual(widgetRun.events.map(\.valid), [false, false])
        XCTAssertEqual(widgetRun.diagnostics.map(\.code), [.appOnlyAPI, .appOnlyAPI])
        XCTAssertEqual(widgetRun.diagnostics.map(\.line), [1, 2])
        XCTAssertEqual(widgetRun.diagnostics[0].message,
                       "Widget.openUrl only takes effect in the app (the editor or a runjs URL); in a widget refresh it does nothing, as on the device (try --context app)")

        let appRun = runAPI(script, context: .app)
        XCTAssertEqual(outputs(appRun)["debug"], true)
        XCTAssertEqual(appRun.events.map(\.valid), [true, true])
        XCTAssertEqual(appRun.events[0].args, ["weixin://"])
        XCTAssertEqual(appRun.events[0].at, Self.fixedNow)
        XCTAssertEqual(appRun.diagnostics, [])
    }

    func testOpenUrlNeedsAURL() {
        let report = runAPI("Widget.openUrl(42)", context: .app)
        XCTAssertEqual(report.events.map(\.valid), [false])
        XCTAssertEqual(diagnostic(report, .invalidArgument)?.message, "Widget.openUrl(url) expects a URL string; got 42; the call was ignored")
    }

    func testParamsAreStringsFromTheProfileAndTheConfiguration() {
        let report = runAPI("let v = $params; let city = $params.city; let none = $params.missing === undefined",
                            profile: ["params": ["city": "Beijing", "count": "10"]]) { $0.params = ["city": "Shanghai", "mode": "night"] }
        let out = outputs(report)
        XCTAssertEqual(out["v"], ["city": "Shanghai", "count": "10", "mode": "night"])
        XCTAssertEqual(out["city"], "Shanghai")
        XCTAssertEqual(out["none"], true)
        XCTAssertEqual(value("let v = $params"), [:])
    }

    func testAButtonActionRunsInItsOwnContextThenTheWidgetRefreshes() throws {
        let widget = ScriptSource(text: "this.state = getValue('liked') || 'heart'\nlet leaked = typeof previous", name: "liked.js")
        let action = ScriptSource(text: """
            const previous = getValue('liked') || 'heart'
            setValue('liked', previous === 'heart' ? 'heart.fill' : 'heart')
            await sleep(1500)
            """, name: "liked-button.js")
        var configuration = RunConfiguration()
        configuration.now = Self.fixedNow
        configuration.zone = zone("UTC")
        configuration.network = .replay(NetworkFixtures())
        let first = host.runAction(action, widget: widget, configuration: configuration)
        XCTAssertTrue(first.isOK)
        XCTAssertEqual(first.action?.outputs["previous"], "heart")
        XCTAssertEqual(first.refresh.outputs["state"], "heart.fill")
        XCTAssertEqual(first.refresh.outputs["leaked"], "undefined", "each run has its own context")
        XCTAssertEqual(first.refresh.startedAt, Self.fixedNow + 1500, "the refresh follows the action")
        XCTAssertEqual(first.action?.script, "liked-button.js")

        configuration.storage = store
        _ = host.runAction(action, widget: widget, configuration: configuration)
        let again = host.runAction(action, widget: widget, configuration: configuration)
        XCTAssertEqual(again.refresh.outputs["state"], "heart", "two taps on a shared store flip it back")
        let json = again.json
        XCTAssertEqual(json["schema"], "widgethost.action/1")
        XCTAssertEqual(json["action"]?["schema"], "widgethost.run/1")
        XCTAssertEqual(json["refresh"]?["outputs"], ["state": "heart", "leaked": "undefined"])
    }

    func testTheActionUsesTheWidgetsIdentity() {
        var configuration = RunConfiguration()
        configuration.now = Self.fixedNow
        configuration.storage = store
        let report = host.runAction(
            ScriptSource(text: "Config.set('tapped', Widget.id)", name: "button.js"),
            widget: ScriptSource(text: "let v = [Config.get('tapped'), Widget.id, Widget.name]", name: "card.js"), configuration: configuration)
        let id = WidgetIdentity.derived(fromScriptName: "card.js").id
        XCTAssertEqual(report.refresh.outputs["v"], [.string(id), .string(id), "card"])
    }
}
