import JSONKit
import WidgetHost
import XCTest

/// Device profiles (A1): the built-in default, overlays, and clear refusals.
final class ProfileTests: APITestCase {
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

    func testAProfileFileThatIsNotJSONSaysWhere() throws {
        let path = "/tmp/widgethost-profile-\(getpid()).json"
        defer { unlink(path) }
        writeAll(path, Array("{\n  \"device\": {\n    \"name\" \"x\"\n  }\n}\n".utf8))
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
