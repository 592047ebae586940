import JSONKit
import ZonedTime

#if canImport(Glibc)
import Glibc
#endif

/// The built-in weather (A1, A13): every field the app's Weather page lists, in its shapes and
/// units, for one day in the run's zone whose values agree with one another.
///
/// The day: a low of 18.2 °C at 05:00 and a high of 26.4 °C at 14:00 (temperatures between them
/// follow ``temperature(atMinute:)``), sunrise 05:52 and sunset 18:21, a shower of 0.6 mm ending
/// at 16:30, partly cloudy, the next day the same. The current weather has the page's sample's
/// fields (68 % humidity, `mostlyCloudy`, `cloud`, wind 22.63 km/h from the south), with the
/// temperature, dew point, UV index, `isDaylight` and the past rain worked out from the run's now,
/// so it lies within every forecast span that holds now.
enum DefaultWeather {
    /// A WeatherKit measurement: `{"value": 23.07, "unit": {"symbol": "°C"}}`.
    static func measure(_ value: Double, _ symbol: String) -> JSONValue {
        ["value": .number(value), "unit": ["symbol": .string(symbol)]]
    }

    /// The sun's times of the day, minutes after local midnight, dawn to dusk in order.
    static let sunMinutes: [(String, Int)] = [
        ("solarMidnight", 6), ("astronomicalDawn", 4 * 60 + 21), ("nauticalDawn", 4 * 60 + 53),
        ("civilDawn", 5 * 60 + 25), ("sunrise", 5 * 60 + 52), ("solarNoon", 12 * 60 + 6), ("sunset", 18 * 60 + 21),
        ("civilDusk", 18 * 60 + 48), ("nauticalDusk", 19 * 60 + 20), ("astronomicalDusk", 19 * 60 + 52),
    ]
    static let sunrise = 5 * 60 + 52, sunset = 18 * 60 + 21
    /// The day's shower: it ends at 16:30 and brings 0.6 mm.
    static let showerEnd = 16 * 60 + 30, showerMillimetres = 0.6

    /// The day's temperature at a minute after local midnight (0 to 1440), to the hundredth:
    /// straight lines through 20.0 °C at midnight, the low of 18.2 at 05:00, the high of 26.4 at
    /// 14:00 and 20.0 again at the next midnight.
    static func temperature(atMinute minute: Double) -> Double {
        let points: [(Double, Double)] = [(0, 20.0), (5 * 60, 18.2), (14 * 60, 26.4), (24 * 60, 20.0)]
        for (a, b) in zip(points, points.dropFirst()) where minute <= b.0 {
            let t = (max(minute, a.0) - a.0) / (b.0 - a.0)
            return ((a.1 + (b.1 - a.1) * t) * 100).rounded() / 100
        }
        return points.last!.1
    }

    /// The dew point of air at `celsius` and relative `humidity` (0 to 1), to the hundredth
    /// (the Magnus formula, as weather services use it).
    static func dewPoint(celsius: Double, humidity: Double) -> Double {
        let a = 17.62, b = 243.12
        let gamma = log(humidity) + a * celsius / (b + celsius)
        return ((b * gamma / (a - gamma)) * 100).rounded() / 100
    }

    static func make(now: Int64, zone: Zone, latitude: Double, longitude: Double) -> JSONValue {
        func ms(_ value: Int64) -> JSONValue { .number(Double(value)) }
        func at(_ days: Int, _ minutes: Int) -> Int64 { DefaultProfile.local(now, zone, days: days, minutes: minutes) }
        // Apple's reference date (2001-01-01T00:00:00Z) in seconds, as WeatherKit's metadata has it.
        let reference = Double(now / 1000 - 978_307_200)
        func metadata(expiresAfter seconds: Double) -> JSONValue {
            [
                "latitude": .number(latitude), "longitude": .number(longitude),
                "date": .number(reference), "expirationDate": .number(reference + seconds),
            ]
        }
        let midnight = at(0, 0)
        // The local time of day (on a day the clocks change, not the time since midnight).
        let clock = CivilDateTime(epochMilliseconds: now, in: zone)
        let minuteOfDay = clock.hour * 60 + clock.minute
        let isDaylight = now >= at(0, sunrise) && now < at(0, sunset)
        let celsius = temperature(atMinute: Double(minuteOfDay) + Double(clock.second * 1000 + clock.millisecond) / 60_000)
        let humidity = 0.68
        let uv: (Int, String) = !isDaylight ? (0, "low") : (10 * 60..<16 * 60).contains(minuteOfDay) ? (5, "moderate") : (1, "low")
        // Rain in the past hour, six hours and day: the shower counts once its end has passed.
        func rain(within hours: Int64) -> JSONValue {
            let ends = [at(-1, showerEnd), at(0, showerEnd)]
            let fell = ends.contains { $0 <= now && $0 > now - hours * 3_600_000 }
            return measure(fell ? showerMillimetres : 0, "mm")
        }

        let current: JSONValue = [
            "temperature": measure(celsius, "°C"), "apparentTemperature": measure(((celsius + 0.66) * 100).rounded() / 100, "°C"),
            "dewPoint": measure(dewPoint(celsius: celsius, humidity: humidity), "°C"), "humidity": .number(humidity),
            "pressure": measure(1010.61, "mbar"),
            "pressureTrend": "falling", "visibility": measure(22522.81, "m"),
            "wind": [
                "speed": measure(22.63, "km/h"), "direction": measure(182, "°"), "gust": measure(39, "km/h"),
                "compassDirection": "south",
            ],
            "uvIndex": ["value": .number(Double(uv.0)), "category": .string(uv.1)],
            "cloudCover": 0.84, "cloudCoverLow": 0.15, "cloudCoverMid": 0.4, "cloudCoverHigh": 0.72,
            "rainfallAmount": ["pastHour": rain(within: 1), "pastSixHours": rain(within: 6), "pastTwentyFourHours": rain(within: 24)],
            "snowfallAmount": ["pastHour": measure(0, "mm"), "pastSixHours": measure(0, "mm"), "pastTwentyFourHours": measure(0, "mm")],
            "precipitationIntensity": measure(0, "mm/h"),
            "condition": "mostlyCloudy", "symbolName": "cloud", "isDaylight": .bool(isDaylight),
            "metadata": metadata(expiresAfter: 300),
        ]

        var sun: JSONObject = [:]
        for (name, minutes) in sunMinutes { sun[name] = ms(at(0, minutes)) }
        var day = part(from: (0, 0), to: (1, 0), at: at)
        day["date"] = ms(midnight)
        day["sun"] = .object(sun)
        day["moon"] = ["phase": "waxingGibbous", "moonrise": ms(at(0, 14 * 60 + 3)), "moonset": ms(at(1, 2 * 60 + 41))]
        day["daytimeForecast"] = .object(withSpan(part(from: (0, 7 * 60), to: (0, 19 * 60), at: at), at(0, 7 * 60), at(0, 19 * 60)))
        let rest = min(max(minuteOfDay, 0), 24 * 60 - 1)
        day["restOfDayForecast"] = .object(withSpan(part(from: (0, rest), to: (1, 0), at: at), at(0, rest), at(1, 0)))
        day["overnightForecast"] = .object(withSpan(part(from: (0, 19 * 60), to: (1, 7 * 60), at: at), at(0, 19 * 60), at(1, 7 * 60)))
        return [
            "current": current,
            "today": ["metadata": metadata(expiresAfter: 3600), "forecast": [.object(day)]],
        ]
    }

    private static func withSpan(_ part: JSONObject, _ start: Int64, _ end: Int64) -> JSONObject {
        var part = part
        part["forecastStart"] = .number(Double(start))
        part["forecastEnd"] = .number(Double(end))
        return part
    }

    /// The forecast fields of a span from (day, minute) to (day, minute) of the day's weather.
    private static func part(from start: (Int, Int), to end: (Int, Int), at: (Int, Int) -> Int64) -> JSONObject {
        // The span's minutes after the run's midnight; the next day repeats this one.
        let first = start.0 * 1440 + start.1, last = end.0 * 1440 + end.1
        var low = (first, Double.infinity), high = (first, -Double.infinity)
        let corners = [0, 5 * 60, 14 * 60].flatMap { [$0, $0 + 1440] }
        for minute in [first, last] + corners where minute >= first && minute <= last {
            let value = temperature(atMinute: Double(minute % 1440))
            if value < low.1 { low = (minute, value) }
            if value > high.1 { high = (minute, value) }
        }
        func time(_ minute: Int) -> JSONValue { .number(Double(at(minute / 1440, minute % 1440))) }
        let showers = [showerEnd, showerEnd + 1440].filter { $0 > first && $0 <= last }.count
        let rainfall = Double(showers) * showerMillimetres
        let daylight = [sunrise, sunrise + 1440].contains { $0 < last && $0 + (sunset - sunrise) > first }
        let night = first >= sunset || last <= sunrise
        let uv: (Double, String) = night ? (0, "low") : first < 16 * 60 ? (6, "high") : first < sunset ? (1, "low") : (0, "low")
        // The wind and visibility hold all day, so the current ones lie within every span.
        let speed = 18.5, gust = 41.2, maxSpeed = 27.4
        let humidity = first >= 7 * 60 && last <= 19 * 60 ? (0.52, 0.78) : first >= 19 * 60 ? (0.60, 0.86) : (0.52, 0.86)
        return [
            "highTemperature": measure(high.1, "°C"), "lowTemperature": measure(low.1, "°C"),
            "highTemperatureTime": time(high.0), "lowTemperatureTime": time(low.0),
            "symbolName": .string(daylight && !night ? "cloud.sun" : "cloud.moon"), "condition": "partlyCloudy",
            "precipitation": .string(rainfall > 0 ? "rain" : "none"), "precipitationChance": .number(rainfall > 0 ? 0.2 : 0.1),
            "humidityMin": .number(humidity.0), "humidityMax": .number(humidity.1),
            "minimumHumidity": .number(humidity.0), "maximumHumidity": .number(humidity.1),
            "wind": [
                "speed": measure(speed, "km/h"), "gust": measure(gust, "km/h"), "direction": measure(135, "°"),
                "compassDirection": "southeast",
            ],
            "windSpeedAvg": measure(speed, "km/h"), "windSpeedMax": measure(maxSpeed, "km/h"),
            "windGustSpeedMax": measure(gust, "km/h"), "highWindSpeed": measure(maxSpeed, "km/h"),
            "visibilityMin": measure(12000, "m"), "visibilityMax": measure(24135, "m"),
            "minimumVisibility": measure(12000, "m"), "maximumVisibility": measure(24135, "m"),
            "rainfallAmount": measure(rainfall, "mm"), "snowfallAmount": measure(0, "mm"),
            "precipitationAmountByType": [
                "rainfall": measure(rainfall, "mm"), "snowfall": measure(0, "mm"), "hail": measure(0, "mm"),
                "sleet": measure(0, "mm"), "mixed": measure(0, "mm"), "precipitation": measure(rainfall, "mm"),
            ],
            "uvIndex": ["value": .number(uv.0), "category": .string(uv.1)],
        ]
    }
}
