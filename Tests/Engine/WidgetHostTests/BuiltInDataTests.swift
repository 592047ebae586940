import JSONKit
import WidgetHost
import XCTest

/// A13: the built-in data has every field the app's pages list, in their shapes and units, and
/// its values agree with one another and with the run's now in its zone.
final class BuiltInDataTests: APITestCase {
    /// Times of day across a day in two zones, a day with a daylight-saving change among them.
    private let moments: [(String, String)] = [
        ("2025-11-29T08:00:00Z", "UTC"), ("2026-05-03T03:00:00+08:00", "Asia/Shanghai"),
        ("2026-05-03T10:30:00+08:00", "Asia/Shanghai"), ("2026-05-03T22:30:00+08:00", "Asia/Shanghai"),
        ("2026-03-29T12:00:00+02:00", "Europe/Berlin"),
    ]

    /// Runs `script` at each moment; it publishes `problems`, a list that must be empty.
    private func assertNoProblems(_ script: String, profile: JSONValue? = nil, file: StaticString = #filePath, line: UInt = #line) {
        for (now, zone) in moments {
            let report = runAPI(script, profile: profile, now: ms(now), zone: zone)
            XCTAssertEqual(outputs(report, file: file, line: line)["problems"], [], "\(now) \(zone)", file: file, line: line)
        }
    }

    func testWeatherHasEveryFieldTheWeatherPageLists() throws {
        let out = outputs(runAPI("""
            const _c = JSON.parse(await Weather.getCurrent()), _t = JSON.parse(await Weather.getToday())
            const _keys = (o) => Object.keys(o).sort()
            let current = _keys(_c), wind = _keys(_c.wind), uv = _keys(_c.uvIndex), rain = _keys(_c.rainfallAmount),
                snow = _keys(_c.snowfallAmount), metadata = _keys(_c.metadata), today = _keys(_t), todayMetadata = _keys(_t.metadata)
            const _day = _t.forecast[0]
            let day = _keys(_day), sun = _keys(_day.sun), moon = _keys(_day.moon), dayWind = _keys(_day.wind),
                byType = _keys(_day.precipitationAmountByType)
            let parts = ["daytimeForecast", "restOfDayForecast", "overnightForecast"].map((p) => _keys(_day[p]))
            let units = [_c.temperature.unit.symbol, _c.pressure.unit.symbol, _c.visibility.unit.symbol, _c.wind.speed.unit.symbol,
                         _c.wind.direction.unit.symbol, _c.precipitationIntensity.unit.symbol, _c.rainfallAmount.pastHour.unit.symbol,
                         _day.highTemperature.unit.symbol, _day.windSpeedMax.unit.symbol, _day.visibilityMin.unit.symbol, _day.rainfallAmount.unit.symbol]
            let symbol = _day.daytimeForecast.symbolName
            """))
        XCTAssertEqual(out["current"], [
            "apparentTemperature", "cloudCover", "cloudCoverHigh", "cloudCoverLow", "cloudCoverMid", "condition", "dewPoint",
            "humidity", "isDaylight", "metadata", "precipitationIntensity", "pressure", "pressureTrend", "rainfallAmount",
            "snowfallAmount", "symbolName", "temperature", "uvIndex", "visibility", "wind",
        ])
        XCTAssertEqual(out["wind"], ["compassDirection", "direction", "gust", "speed"])
        XCTAssertEqual(out["uv"], ["category", "value"])
        XCTAssertEqual(out["rain"], ["pastHour", "pastSixHours", "pastTwentyFourHours"])
        XCTAssertEqual(out["snow"], out["rain"])
        XCTAssertEqual(out["metadata"], ["date", "expirationDate", "latitude", "longitude"])
        XCTAssertEqual(out["today"], ["forecast", "metadata"])
        XCTAssertEqual(out["todayMetadata"], out["metadata"])
        let span: [String] = [
            "condition", "highTemperature", "highTemperatureTime", "highWindSpeed", "humidityMax", "humidityMin",
            "lowTemperature", "lowTemperatureTime", "maximumHumidity", "maximumVisibility", "minimumHumidity",
            "minimumVisibility", "precipitation", "precipitationAmountByType", "precipitationChance", "rainfallAmount",
            "snowfallAmount", "symbolName", "uvIndex", "visibilityMax", "visibilityMin", "wind", "windGustSpeedMax",
            "windSpeedAvg", "windSpeedMax",
        ]
        XCTAssertEqual(out["day"], .array((span + ["date", "daytimeForecast", "moon", "overnightForecast", "restOfDayForecast", "sun"]).sorted().map { .string($0) }))
        let part = JSONValue.array((span + ["forecastEnd", "forecastStart"]).sorted().map { .string($0) })
        XCTAssertEqual(out["parts"], [part, part, part])
        XCTAssertEqual(out["sun"], [
            "astronomicalDawn", "astronomicalDusk", "civilDawn", "civilDusk", "nauticalDawn", "nauticalDusk",
            "solarMidnight", "solarNoon", "sunrise", "sunset",
        ])
        XCTAssertEqual(out["moon"], ["moonrise", "moonset", "phase"])
        XCTAssertEqual(out["dayWind"], ["compassDirection", "direction", "gust", "speed"])
        XCTAssertEqual(out["byType"], ["hail", "mixed", "precipitation", "rainfall", "sleet", "snowfall"])
        XCTAssertEqual(out["units"], ["°C", "mbar", "m", "km/h", "°", "mm/h", "mm", "°C", "km/h", "m", "mm"])
        XCTAssertEqual(out["symbol"], "cloud.sun")
    }

    func testWeatherValuesAgreeWithOneAnotherAndWithTheRunsDay() {
        assertNoProblems("""
            const c = JSON.parse(await Weather.getCurrent()), t = JSON.parse(await Weather.getToday())
            const day = t.forecast[0], now = Date.now(), problems = []
            const check = (ok, what) => { if (!ok) problems.push(what) }
            const midnight = new Date(now); midnight.setHours(0, 0, 0, 0)
            const next = new Date(midnight); next.setDate(next.getDate() + 1)
            check(day.date === midnight.getTime(), "the day is the run's date")
            const sun = day.sun
            const order = ["astronomicalDawn", "nauticalDawn", "civilDawn", "sunrise", "solarNoon", "sunset", "civilDusk", "nauticalDusk", "astronomicalDusk"]
            order.forEach((name, i) => i && check(sun[order[i - 1]] < sun[name], name + " after " + order[i - 1]))
            for (const name of order.concat(["solarMidnight"])) check(sun[name] >= midnight.getTime() && sun[name] < next.getTime(), name + " on the run's date")
            check(day.moon.moonrise < day.moon.moonset, "moonrise before moonset")
            check(c.isDaylight === (now >= sun.sunrise && now < sun.sunset), "isDaylight")
            const spans = [["day", day, midnight.getTime(), next.getTime()]].concat(
                ["daytimeForecast", "restOfDayForecast", "overnightForecast"].map((p) => [p, day[p], day[p].forecastStart, day[p].forecastEnd]))
            for (const [name, s, from, to] of spans) {
                check(from < to, name + " has a span")
                check(s.lowTemperature.value < s.highTemperature.value, name + ": low below high")
                for (const k of ["lowTemperatureTime", "highTemperatureTime"]) check(s[k] >= from && s[k] <= to, name + ": " + k + " in its span")
                check(s.humidityMin <= s.humidityMax && s.minimumHumidity === s.humidityMin && s.maximumHumidity === s.humidityMax, name + ": humidity")
                check(s.visibilityMin.value <= s.visibilityMax.value && s.minimumVisibility.value === s.visibilityMin.value, name + ": visibility")
                check(s.windSpeedAvg.value <= s.windSpeedMax.value && s.windSpeedMax.value <= s.windGustSpeedMax.value, name + ": wind")
                const byType = s.precipitationAmountByType
                check(byType.rainfall.value === s.rainfallAmount.value && byType.snowfall.value === s.snowfallAmount.value, name + ": amounts by type")
                check(byType.precipitation.value === byType.rainfall.value + byType.snowfall.value + byType.hail.value + byType.sleet.value + byType.mixed.value, name + ": total")
                check((s.precipitation === "none") === (byType.precipitation.value === 0), name + ": precipitation type")
                if (now >= from && now < to) {
                    check(c.temperature.value >= s.lowTemperature.value && c.temperature.value <= s.highTemperature.value, name + ": the current temperature in range")
                    check(c.humidity >= s.humidityMin && c.humidity <= s.humidityMax, name + ": the current humidity in range")
                    check(c.wind.speed.value <= s.windSpeedMax.value && c.wind.gust.value <= s.windGustSpeedMax.value, name + ": the current wind in range")
                    check(c.uvIndex.value <= s.uvIndex.value, name + ": the current UV index in range")
                    check(c.visibility.value >= s.visibilityMin.value && c.visibility.value <= s.visibilityMax.value, name + ": the current visibility in range")
                }
            }
            check(day.restOfDayForecast.forecastStart <= now && now - day.restOfDayForecast.forecastStart < 60000, "the rest of the day starts now")
            check(c.dewPoint.value < c.temperature.value, "dew point below the temperature")
            const r = c.rainfallAmount
            check(r.pastHour.value <= r.pastSixHours.value && r.pastSixHours.value <= r.pastTwentyFourHours.value, "past rain grows with the span")
            check(c.cloudCover >= Math.max(c.cloudCoverLow, c.cloudCoverMid, c.cloudCoverHigh), "total cloud cover at least each layer's")
            check(Math.abs(c.metadata.date + 978307200 - now / 1000) < 1 && c.metadata.expirationDate > c.metadata.date, "metadata dates")
            const here = await Location.getLocation()
            check(c.metadata.latitude === here.latitude && t.metadata.longitude === here.longitude, "the weather is for the current position")
            """)
    }

    func testTheWeatherIsForTheProfilesPosition() {
        let out = outputs(runAPI("let m = JSON.parse(await Weather.getCurrent()).metadata, d = JSON.parse(await Weather.getToday()).metadata",
                                 profile: ["location": ["latitude": 52.52, "longitude": 13.405]]))
        XCTAssertEqual(out["m"]?["latitude"], 52.52)
        XCTAssertEqual(out["d"]?["longitude"], 13.405)
    }

    func testHealthValuesAgreeWithOneAnotherAndWithTheRunsDay() {
        assertNoProblems("""
            const now = Date.now(), problems = []
            const check = (ok, what) => { if (!ok) problems.push(what) }
            const midnight = new Date(now); midnight.setHours(0, 0, 0, 0)
            const steps = await Health.getStepsToday(), distance = await Health.getDistanceToday()
            const energy = await Health.getActiveEnergyToday(), flights = await Health.getFlightsClimbedToday()
            check(await Health.getStepsBetween(midnight.getTime(), now) === steps, "the steps since midnight are today's steps")
            check(await Health.getStepsBetween(midnight.getTime() - 55 * 60000, now) === steps, "no steps while asleep since 23:05")
            check(await Health.getStepsBetween(now - 86400000, now) >= steps, "the last 24 hours hold today")
            check(Math.abs(distance - steps * 0.725) < 0.1, "distance follows the steps")
            const rings = JSON.parse(await Health.getActivitySummaryToday())
            check(rings.activeEnergyBurned === energy, "the Move ring is today's active energy")
            const hours = (now - midnight.getTime()) / 3600000
            check(rings.standHours <= hours && rings.exerciseTime <= hours * 60 && rings.standHours <= rings.standHoursGoal, "rings fit the hours since midnight")
            check(rings.date === midnight.getTime(), "the rings are today's")
            const sleep = JSON.parse(await Health.getLastSleepDetail())
            check(sleep.endDate <= now && sleep.startDate < sleep.endDate, "last night's sleep has ended")
            const awake = new Date(sleep.endDate)
            check(awake.getHours() === 6 && awake.getMinutes() === 45, "woke at 06:45")
            if (new Date(now).getHours() * 60 + new Date(now).getMinutes() < 6 * 60 + 45) check(steps === 0 && energy === 0 && flights === 0, "nothing before waking")
            const total = sleep.sleepDatas.find((d) => d.category === 99).seconds
            check(total === sleep.sleepDatas.filter((d) => d.category !== 99 && d.category !== 2).reduce((s, d) => s + d.seconds, 0), "total asleep")
            const segments = JSON.parse(await Health.getSleepData())
            check(segments[0].startDate === sleep.startDate && segments[segments.length - 1].endDate === sleep.endDate, "segments span the night")
            const workouts = JSON.parse(await Health.getRecentWorkouts(7))
            for (const w of workouts) {
                check(w.endDate - w.startDate === w.duration * 1000 && w.endDate < now, "a workout's duration")
                const pace = w.totalDistance / w.duration * 3.6
                check(w.activityType === 37 ? pace < 7 : pace > 7, "walking is slower than running")
            }
            const hr = JSON.parse(await Health.getLatestHeartRate())
            check(hr.unit === "bpm" && hr.date <= now, "heart rate")
            """)
    }

    func testTheBuiltInWorkoutsAreAWalkYesterdayAndARunThreeDaysAgo() {
        let out = outputs(runAPI("""
            let w = JSON.parse(await Health.getRecentWorkouts(7)).map((x) => [x.activityType, new Date(x.startDate).toISOString()])
            """, now: ms("2026-05-03T08:00:00Z")))
        XCTAssertEqual(out["w"], [[37, "2026-05-02T18:00:00.000Z"], [52, "2026-04-30T07:00:00.000Z"]])
    }

    func testTodaysFiguresGrowWithTheWakingDay() {
        let script = "let v = [await Health.getStepsToday(), await Health.getDistanceToday(), await Health.getActiveEnergyToday(), await Health.getFlightsClimbedToday()]"
        XCTAssertEqual(value(script, now: ms("2026-05-03T05:00:00Z")), [0, 0, 0, 0])
        XCTAssertEqual(value(script, now: ms("2026-05-03T08:00:00Z")), [525, 380.6, 25, 0])
        XCTAssertEqual(value(script, now: ms("2026-05-03T23:30:00Z")), [6860, 4973.5, 326.7, 9])
        // A profile's steps decide the distance and the steps between times over today.
        XCTAssertEqual(value("""
            const _m = new Date(); _m.setHours(0, 0, 0, 0)
            let v = [await Health.getDistanceToday(), await Health.getStepsBetween(_m.getTime(), Date.now())]
            """, profile: ["health": ["stepsToday": 6234]], now: ms("2026-05-03T08:00:00Z")), [4519.7, 6234])
    }

    func testTheBuiltInProfileIsOneAProfileFileMayHold() throws {
        // Every built-in value passes the checks a profile file gets: a profile may copy it.
        for (now, zone) in moments {
            let resolved = DeviceProfile().resolved(now: ms(now), zone: self.zone(zone))
            var copy = resolved
            if case .object(var members) = copy {
                members["widget"] = nil
                copy = .object(members)
            }
            XCTAssertNoThrow(try DeviceProfile(json: copy, source: "copy.json"), "\(now) \(zone)")
        }
    }

    func testAProfilesWeatherIsCheckedAgainstThePage() {
        func problem(_ weather: JSONValue) -> String? {
            do {
                _ = try DeviceProfile(json: ["weather": weather], source: "p.json")
                return nil
            } catch { return error.message }
        }
        XCTAssertNil(problem(["current": ["temperature": ["value": 17.6], "symbolName": "cloud.rain", "humidity": 0.91]]))
        XCTAssertNil(problem(["today": ["forecast": [["sun": ["sunrise": "2026-05-03T05:30:00"], "daytimeForecast": ["symbolName": "sun.max"]]]]]))
        XCTAssertEqual(problem(["current": ["humidity": 68]]),
                       "weather.current.humidity must be a number from 0 to 1; got 68; see docs/profile.md")
        XCTAssertEqual(problem(["current": ["temprature": ["value": 17]]]),
                       "unknown key 'weather.current.temprature' (did you mean 'weather.current.temperature'?); see docs/profile.md")
        XCTAssertEqual(problem(["current": ["wind": ["compassDirection": "southEast"]]])?.hasPrefix(
            "weather.current.wind.compassDirection must be one of \"north\""), true)
        XCTAssertEqual(problem(["today": ["forecast": [["sun": ["sunrise": "dawn"]]]]])?.hasPrefix(
            "weather.today.forecast[0].sun.sunrise must be epoch milliseconds or an ISO 8601 date-time"), true)
    }

    func testAProfilesForecastTimesMayBeISOStrings() {
        let out = outputs(runAPI("let d = JSON.parse(await Weather.getToday()).forecast[0]",
                                 profile: ["weather": ["today": ["forecast": [[
                                     "sun": ["sunrise": "2026-05-03T05:30:00Z"], "daytimeForecast": ["forecastStart": "2026-05-03T07:00:00Z"],
                                 ]]]]]))
        XCTAssertEqual(out["d"]?["sun"]?["sunrise"], .number(Double(ms("2026-05-03T05:30:00Z"))))
        XCTAssertEqual(out["d"]?["daytimeForecast"]?["forecastStart"], .number(Double(ms("2026-05-03T07:00:00Z"))))
    }
}
