import JSONKit
import ZonedTime

/// What a profile's `weather` may hold (A13): the fields the app's Weather page lists, in its
/// shapes and units. Times in a forecast are epoch milliseconds or ISO 8601 date-times, as in the
/// rest of a profile; the metadata's dates are seconds since 2001-01-01, as WeatherKit gives them.
extension DeviceProfile {
    static let weatherShape: DataShape = {
        let measurement = DataShape.object(["value": .number, "unit": .object(["symbol": .string])])
        let fraction = DataShape.range(0, 1)
        let compass = DataShape.oneOf([
            "north", "northNortheast", "northeast", "eastNortheast", "east", "eastSoutheast", "southeast", "southSoutheast",
            "south", "southSouthwest", "southwest", "westSouthwest", "west", "westNorthwest", "northwest", "northNorthwest",
        ])
        let uvIndex = DataShape.object([
            "value": .range(0, 20), "category": .oneOf(["low", "moderate", "high", "veryHigh", "extreme"]),
        ])
        let metadata = DataShape.object(["latitude": .range(-90, 90), "longitude": .range(-180, 180), "date": .number, "expirationDate": .number])
        let pastAmounts = DataShape.object(["pastHour": measurement, "pastSixHours": measurement, "pastTwentyFourHours": measurement])
        let current = DataShape.object([
            "temperature": measurement, "apparentTemperature": measurement, "dewPoint": measurement, "humidity": fraction,
            "pressure": measurement, "pressureTrend": .oneOf(["rising", "falling", "steady"]), "visibility": measurement,
            "wind": .object(["speed": measurement, "direction": measurement, "gust": measurement, "compassDirection": compass]),
            "uvIndex": uvIndex, "cloudCover": fraction, "cloudCoverLow": fraction, "cloudCoverMid": fraction, "cloudCoverHigh": fraction,
            "rainfallAmount": pastAmounts, "snowfallAmount": pastAmounts, "precipitationIntensity": measurement,
            "condition": .string, "symbolName": .string, "isDaylight": .boolean, "metadata": metadata,
        ])
        // The fields of a day and of each part of it (daytime, rest of day, overnight).
        var span: [String: DataShape] = [
            "highTemperature": measurement, "lowTemperature": measurement, "highTemperatureTime": .time, "lowTemperatureTime": .time,
            "symbolName": .string, "condition": .string,
            "precipitation": .oneOf(["none", "hail", "mixed", "rain", "sleet", "snow"]), "precipitationChance": fraction,
            "humidityMin": fraction, "humidityMax": fraction, "maximumHumidity": fraction, "minimumHumidity": fraction,
            "wind": .object(["speed": measurement, "gust": measurement, "direction": measurement, "compassDirection": compass]),
            "windSpeedAvg": measurement, "windSpeedMax": measurement, "windGustSpeedMax": measurement, "highWindSpeed": measurement,
            "visibilityMin": measurement, "visibilityMax": measurement, "maximumVisibility": measurement, "minimumVisibility": measurement,
            "rainfallAmount": measurement, "snowfallAmount": measurement,
            "precipitationAmountByType": .object([
                "rainfall": measurement, "snowfall": measurement, "hail": measurement, "sleet": measurement,
                "mixed": measurement, "precipitation": measurement,
            ]),
            "uvIndex": uvIndex,
        ]
        var day = span
        span["forecastStart"] = .time
        span["forecastEnd"] = .time
        day["date"] = .time
        day["sun"] = .object(Dictionary(uniqueKeysWithValues: DefaultWeather.sunMinutes.map { ($0.0, DataShape.time) }))
        day["moon"] = .object([
            "phase": .oneOf(["new", "waxingCrescent", "firstQuarter", "waxingGibbous", "full", "waningGibbous", "thirdQuarter", "waningCrescent"]),
            "moonrise": .time, "moonset": .time,
        ])
        for part in DefaultWeather.parts { day[part] = .object(span) }
        return .object(["current": current, "today": .object(["metadata": metadata, "forecast": .list(.object(day))])])
    }()
}

extension DefaultWeather {
    /// The parts of a day's forecast, each with the fields of a day and its span.
    static let parts = ["daytimeForecast", "restOfDayForecast", "overnightForecast"]
    /// The members of a day's forecast and of its parts that are times.
    static let timeKeys: Set<String> = ["date", "highTemperatureTime", "lowTemperatureTime", "forecastStart", "forecastEnd"]

    /// `Weather.getToday()`'s object with every time a profile gave as an ISO 8601 string in epoch
    /// milliseconds, as the built-in data has them.
    static func withTimes(_ today: JSONValue, zone: Zone) -> JSONValue {
        guard case .object(var object) = today, case .array(let days)? = object["forecast"] else { return today }
        func times(_ value: JSONValue?, keys: Set<String>) -> JSONValue? {
            guard case .object(var members)? = value else { return value }
            for key in keys {
                if case .string(let text)? = members[key], let ms = DeviceProfile.parseTime(text, zone: zone) {
                    members[key] = .number(Double(ms))
                }
            }
            return .object(members)
        }
        object["forecast"] = .array(days.map { day in
            guard var members = times(day, keys: timeKeys)?.objectValue else { return day }
            members["sun"] = times(members["sun"], keys: Set(sunMinutes.map(\.0)))
            members["moon"] = times(members["moon"], keys: ["moonrise", "moonset"])
            for part in parts { members[part] = times(members[part], keys: timeKeys) }
            return .object(members)
        })
        return .object(object)
    }
}
