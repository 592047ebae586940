import JSONKit
import WidgetHost
import TestSupport
import XCTest

/// Device profiles (A1): the built-in default, overlays, and clear refusals.
final class ProfileTests: APITestCase {
    /// How a profile message shows a string.
    func shown(_ text: String) -> String {
        "the string " + JSONValue.quote(text.count > 40 ? String(text.prefix(40)) + "…" : text)
    }

    func refusal(_ json: JSONValue) -> String? {
        do {
            _ = try DeviceProfile(json: json, source: "p.json")
            return nil
        } catch {
            XCTAssertEqual(error.kind, .malformed)
            return error.description
        }
    }

    func testAProfileThatIsWrongIsRefusedNamingTheKey() {
        XCTAssertEqual(refusal(["device": ["scren": [:]]]), "p.json: unknown key 'device.scren' (did you mean 'device.screen'?); see docs/profile.md")
        XCTAssertEqual(refusal(["device": ["battery": ["level": "high"]]]),
                       "p.json: device.battery.level must be a number from 0 to 1; got the string \"high\"; see docs/profile.md")
        XCTAssertEqual(refusal(["device": ["battery": ["state": "dead"]]]),
                       "p.json: device.battery.state must be one of \"unknown\", \"charging\", \"full\", \"unplugged\"; got the string \"dead\"; see docs/profile.md")
        XCTAssertEqual(refusal(["params": ["count": 10]]), "p.json: params.count must be a string; got 10; see docs/profile.md")
        XCTAssertEqual(refusal(["calendar": ["events": [["title": "x", "startDate": "next week"]]]]),
                       "p.json: calendar.events[0].startDate must be epoch milliseconds or an ISO 8601 date-time such as 2026-05-03T10:00:00Z; got the string \"next week\"; see docs/profile.md")
        XCTAssertEqual(refusal(["wether": [:]]), "p.json: unknown key 'wether' (did you mean 'weather'?); see docs/profile.md")
        XCTAssertEqual(refusal(["schema": "widgethost.profile/9"]), "p.json: schema must be \"widgethost.profile/1\"; got the string \"widgethost.profile/9\"")
        XCTAssertEqual(refusal([1, 2]), "p.json: the top level must be an object; got an array; see docs/profile.md")
        XCTAssertNil(refusal(["schema": "widgethost.profile/1", "settings": ["a": 1, "b": true, "c": "x"]]))
    }

    /// A widget id names a storage folder (A11): every shape that is not 1 to 128 of
    /// `A-Z a-z 0-9 - _ .` (not starting with `.`) is a profile error with its code.
    func testEveryWidgetIDShape() {
        let rule = "widget.id must be 1 to 128 characters from A-Z, a-z, 0-9, '-', '_' and '.', not starting with '.'"
        let refused: [(String, String)] = [
            ("", "is empty"), ("../../outside", "starts with '.'"), ("..", "starts with '.'"), (".", "starts with '.'"),
            (".hidden", "starts with '.'"), ("a/b", "contains '/'"), ("/abs", "contains '/'"), ("a\\b", "contains '\\'"),
            ("a b", "contains U+0020"), ("a\u{0}b", "contains U+0000"), ("tab\t", "contains U+0009"), ("new\nline", "contains U+000A"),
            ("a:b", "contains ':'"), ("a*", "contains '*'"), ("~", "contains '~'"), ("é", "contains U+00E9"),
            ("e\u{0301}", "contains U+0301"), ("a\u{200D}b", "contains U+200D"), ("\u{212A}", "contains U+212A"),
            ("实时活动组件", "contains U+5B9E"), ("a\u{FE0F}", "contains U+FE0F"), (String(repeating: "a", count: 129), "is 129 characters long"),
        ]
        for (id, problem) in refused {
            let message = refusal(["widget": ["id": .string(id)]])
            XCTAssertEqual(message, "p.json: \(rule); got \(shown(id)), which \(problem); see docs/profile.md [invalid-widget-id]", id.debugDescription)
            XCTAssertEqual(WidgetIdentity.problem(withID: id), problem, id.debugDescription)
        }
        for id in ["a", "ABCD-1234", "my_widget.v2", "a..b", String(repeating: "z", count: 128), "0", "-", "_",
                   WidgetIdentity.derived(fromScriptName: "weather.js").id] {
            XCTAssertNil(refusal(["widget": ["id": .string(id)]]), id)
            XCTAssertNil(WidgetIdentity.problem(withID: id), id)
        }
    }

    /// An id given through the library (not a profile) is checked too: the run says so and
    /// storage is neither read nor written for it.
    func testABadWidgetIDFromTheLibraryNeverNamesAFolder() throws {
        let root = try ScratchTree()
        root.makeFolder("state")
        let before = root.snapshot()
        for id in ["../../outside", "", "a/b"] {
            let report = runAPI("Config.set('a', 1); let v = Config.get('a'); let e; try { FileManager.local().writeString(FileManager.local().documents() + 'x.txt', 'x') } catch (err) { e = err.message }") {
                $0.storage = root.store
                $0.widget = WidgetIdentity(id: id, name: "bad")
            }
            let out = outputs(report)
            XCTAssertEqual(out["v"], 1, "the run goes on with empty storage")
            XCTAssertTrue(out["e"]?.stringValue?.hasPrefix("fm.writeString: ") ?? false, "\(out["e"] ?? "nil")")
            let diagnostic = report.diagnostics.first { $0.code == .invalidWidgetID }
            XCTAssertEqual(diagnostic?.severity, .error, id)
            XCTAssertTrue(diagnostic?.message.hasPrefix("Widget.id \(JSONValue.quote(id)) cannot name a storage folder: it ") ?? false,
                          diagnostic?.message ?? "")
        }
        XCTAssertEqual(root.snapshot(), before, "no folder was made for a bad id")
    }

    func testAProfileFileThatIsNotJSONSaysWhere() throws {
        let folder = try TemporaryFolder("profile")
        let path = folder.file("profile.json")
        try Files.write(path, Array("{\n  \"device\": {\n    \"name\" \"x\"\n  }\n}\n".utf8))
        XCTAssertThrowsError(try DeviceProfile.load(path: path)) { error in
            let failure = error as? DataFileError
            XCTAssertEqual(failure?.kind, .malformed)
            XCTAssertTrue(failure?.description.hasPrefix("\(path):3:12: not valid JSON") ?? false, failure?.description ?? "")
        }
        XCTAssertThrowsError(try DeviceProfile.load(path: path + ".missing")) { error in
            XCTAssertEqual((error as? DataFileError)?.kind, .unreadable)
            XCTAssertEqual((error as? DataFileError)?.description, "\(path).missing: no such file")
        }
    }

    func testOverlaysMergeObjectsAndReplaceEverythingElse() {
        let profile = profile(["location": ["latitude": 10, "places": []], "calendar": ["events": []]])
        let resolved = profile.resolved(now: Self.fixedNow, zone: zone("UTC"))
        XCTAssertEqual(resolved["location"]?["latitude"], 10)
        XCTAssertEqual(resolved["location"]?["longitude"], 121.4737, "kept from the default")
        XCTAssertEqual(resolved["location"]?["places"], [])
        XCTAssertEqual(resolved["calendar"]?["events"], [])
    }

    func testTheBuiltInProfileIsRelativeToNowAndZone() {
        let berlin = DeviceProfile().resolved(now: ms("2026-03-29T12:00:00Z"), zone: zone("Europe/Berlin"))
        // Local midnight in Berlin on the day DST starts, and the first event tomorrow at 10:00 local.
        XCTAssertEqual(berlin["health"]?["activitySummaryToday"]?["date"], .number(Double(ms("2026-03-28T23:00:00Z"))))
        XCTAssertEqual(berlin["calendar"]?["events"]?[0]?["startDate"], .number(Double(ms("2026-03-30T08:00:00Z"))))
        // Before 06:45 the last night is the one before.
        let early = DeviceProfile().resolved(now: ms("2026-03-29T03:00:00Z"), zone: zone("UTC"))
        XCTAssertEqual(early["health"]?["lastSleepDetail"]?["endDate"], .number(Double(ms("2026-03-28T06:45:00Z"))))
    }
}
