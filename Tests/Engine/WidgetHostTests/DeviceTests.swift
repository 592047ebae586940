import JSONKit
import WidgetHost
import XCTest

/// `Device`, `Location`, `Weather` and `Health` from the device profile (A1).
final class DeviceTests: APITestCase {
    func testDeviceAnswersSynchronouslyFromTheBuiltInProfile() {
        XCTAssertEqual(value("""
            let v = [Device.systemVersion(), Device.name(), Device.model(), Device.language(), Device.isdarkmode(),
                     Device.screen(), Device.battery(), Device.network(), Device.connectivity()]
            """), [
            "17.5", "iPhone 15 Pro", "iPhone", "zh", false, ["scale": 3, "width": 393, "height": 852],
            ["state": "unplugged", "level": 0.75], ["wifi": true, "cellular": false, "online": true, "vpn": false],
            ["bluetooth": "on", "hotspot": false],
        ])
    }

    func testAProfileLaysItsValuesOverTheDefault() {
        let profile: JSONValue = ["device": ["darkMode": true, "battery": ["state": "charging"], "screen": ["scale": 2, "width": 375, "height": 667]]]
        XCTAssertEqual(value("let v = [Device.isdarkmode(), Device.battery(), Device.screen(), Device.name()]", profile: profile),
                       [true, ["state": "charging", "level": 0.75], ["scale": 2, "width": 375, "height": 667], "iPhone 15 Pro"])
        XCTAssertEqual(value("const n = Device.network(); let v = n.wifi ? 'wifi' : (n.cellular ? 'antenna' : 'wifi.slash')",
                             profile: ["device": ["network": ["wifi": false, "cellular": true]]]), "antenna")
    }

    func testLocationAndPlacemarks() {
        let out = outputs(runAPI("""
            const _p = Location.getLocation()
            let isPromise = _p instanceof Promise
            let location = await _p
            let cached = await Location.getLocation(5)
            let here = (await Location.getPlacemark()).city
            let hongKong = await Location.getPlacemark({latitude: 22.284681, longitude: 114.158177})
            let bad; try { await Location.getPlacemark({latitude: "north"}) } catch (e) { bad = [e.name, e.message] }
            """))
        XCTAssertEqual(out["isPromise"], true)
        XCTAssertEqual(out["location"], ["latitude": 31.2304, "longitude": 121.4737, "altitude": 12.5])
        XCTAssertEqual(out["cached"], out["location"])
        XCTAssertEqual(out["here"], "Shanghai")
        XCTAssertEqual(out["hongKong"]?["city"], "Hong Kong SAR")
        XCTAssertEqual(out["hongKong"]?["street"], "Forest Street")
        XCTAssertEqual(out["hongKong"]?.objectValue.map { Set($0.keys) },
                       ["name", "street", "streetNumber", "district", "city", "state", "country", "countryCode", "postalCode"])
        XCTAssertEqual(out["bad"]?[0], "TypeError")
    }

    func testACacheAgeThatIsNotANumberIsAWarning() {
        let report = runAPI("let v = (await Location.getLocation('soon')).latitude")
        XCTAssertEqual(outputs(report)["v"], 31.2304)
        XCTAssertEqual(diagnostic(report, .invalidArgument)?.message,
                       "Location.getLocation(cacheMinutes) expects a number of minutes, 0 or more; got the string \"soon\"; 60 was used")
    }

    func testWeatherIsAJSONString() {
        let out = outputs(runAPI("""
            const _current = await Weather.getCurrent()
            let type = typeof _current
            const _obj = JSON.parse(_current)
            this.icon = _obj.symbolName
            this.temp = Math.trunc(_obj.temperature.value)
            this.hum = Math.round(_obj.humidity * 100) + "%"
            let metadata = _obj.metadata
            const _today = JSON.parse(await Weather.getToday()).forecast[0]
            let today = [Math.trunc(_today.highTemperature.value), Math.trunc(_today.lowTemperature.value), _today.symbolName, _today.sun.sunrise]
            """))
        XCTAssertEqual(out["type"], "string")
        XCTAssertEqual(out["icon"], "cloud")
        XCTAssertEqual(out["temp"], 20, "20.93 °C at 08:00, on the day's curve")
        XCTAssertEqual(out["hum"], "68%")
        XCTAssertEqual(out["metadata"]?["date"], .number(Double(Self.fixedNow / 1000 - 978_307_200)))
        XCTAssertEqual(out["today"], [26, 18, "cloud.sun", .number(Double(ms("2025-11-29T05:52:00Z")))])
    }

    func testDeniedPermissionsReject() {
        let out = outputs(runAPI("""
            async function _reason(promise) { try { await promise; return "resolved" } catch (e) { return e.message } }
            let v = [await _reason(Location.getLocation()), await _reason(Weather.getCurrent()), await _reason(Health.getStepsToday())]
            """, profile: ["permissions": ["location": false, "health": false]]))
        XCTAssertEqual(out["v"], [
            "Location.getLocation: the user has not allowed Location access (the profile's permissions.location is false)",
            "Weather.getCurrent: the user has not allowed Location access (the profile's permissions.location is false)",
            "Health.getStepsToday: the user has not allowed Health access (the profile's permissions.health is false)",
        ])
    }

    func testHealthNumbersAreNumbers() {
        let out = outputs(runAPI("""
            let v = [await Health.getStepsToday(), await Health.getActiveEnergyToday(), await Health.getDistanceToday(),
                     await Health.getFlightsClimbedToday(), await Health.getStepsBetween(Date.now() - 2 * 3600000, Date.now()),
                     await Health.getStepsBetween(Date.now() - 3600000, Date.now() + 3600000), await Health.getStepsBetween(new Date(Date.now() - 1800000), new Date())]
            let bad; try { await Health.getStepsBetween("yesterday", Date.now()) } catch (e) { bad = e.name }
            """))
        XCTAssertEqual(out["v"], [525, 25, 380.6, 0, 525, 420, 210], "08:00, 1 h 15 min after waking")
        XCTAssertEqual(out["bad"], "TypeError")
    }

    func testHealthRecordsAreJSONStrings() {
        let out = outputs(runAPI("""
            const _all = [await Health.getLatestHeartRate(), await Health.getRestingHeartRate(), await Health.getLatestBodyMass(), await Health.getActivitySummaryToday()]
            let types = _all.map((r) => typeof r)
            let values = _all.map((r) => JSON.parse(r))
            """))
        XCTAssertEqual(out["types"], ["string", "string", "string", "string"])
        XCTAssertEqual(out["values"]?[0], ["value": 72, "unit": "bpm", "date": .number(Double(Self.fixedNow - 600_000))])
        XCTAssertEqual(out["values"]?[1]?["value"], 58)
        XCTAssertEqual(out["values"]?[2]?["unit"], "kg")
        XCTAssertEqual(out["values"]?[3], [
            "activeEnergyBurned": 25, "activeEnergyBurnedGoal": 400, "exerciseTime": 1, "exerciseTimeGoal": 30,
            "standHours": 0, "standHoursGoal": 12, "date": .number(Double(ms("2025-11-29T00:00:00Z"))),
        ])
    }

    func testWorkoutsAndSleep() {
        let out = outputs(runAPI("""
            let week = JSON.parse(await Health.getRecentWorkouts(7)).map((w) => w.activityType)
            let day = JSON.parse(await Health.getRecentWorkouts(2)).map((w) => w.activityType)
            let fallback = JSON.parse(await Health.getRecentWorkouts(0)).length
            const _detail = JSON.parse(await Health.getLastSleepDetail())
            const _total = _detail.sleepDatas.find((d) => d.category === 99)?.seconds || 0
            this.sleep = `${Math.floor(_total / 3600)}h ${Math.floor((_total % 3600) / 60)}m`
            let span = [_detail.startDate, _detail.endDate]
            const _segments = JSON.parse(await Health.getSleepData())
            let segments = [_segments.length, _segments[0].sleepState, _segments.reduce((s, x) => s + (x.endDate - x.startDate), 0) / 1000]
            """))
        XCTAssertEqual(out["week"], [37, 52])
        XCTAssertEqual(out["day"], [37])
        XCTAssertEqual(out["fallback"], 2)
        XCTAssertEqual(out["sleep"], "7h 10m")
        XCTAssertEqual(out["span"], [.number(Double(ms("2025-11-28T23:05:00Z"))), .number(Double(ms("2025-11-29T06:45:00Z")))])
        XCTAssertEqual(out["segments"], [10, "sleepCore", 27600])
    }

    func testProfileTimesMayBeISOStrings() {
        let profile: JSONValue = ["health": ["latestHeartRate": ["value": 64, "unit": "bpm", "date": "2025-11-29T07:00:00Z"]]]
        XCTAssertEqual(value("let v = JSON.parse(await Health.getLatestHeartRate())", profile: profile),
                       ["value": 64, "unit": "bpm", "date": .number(Double(ms("2025-11-29T07:00:00Z")))])
    }
}
