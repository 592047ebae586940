/// The shapes the API's TypeScript types name (namespace `Omni`); each entry point's own type is
/// in its global's declaration (``APIMember/type``). A test fails when an async entry's type is
/// not a promise or a property's has parameters.
public enum APITypes {
    /// The shapes the entries name: what the device calls answer and what `JSON.parse` gives
    /// for the JSON strings, as the built-in profile has them (a profile may add fields).
    static func shapes(for edition: Edition) -> [(name: String, summary: String, body: String)] {
        edition == .harmony ? harmonyShapes : shapes
    }

    /// The shapes the HarmonyOS edition's entries name (H12).
    static let harmonyShapes: [(name: String, summary: String, body: String)] = [
        ("CardKind", "A card kind (`--kind`).", "\"desk\" | \"lock\""),
        ("CardDimension", "A card's dimension (`--dimension`): rows * columns, or a lock card's.",
         "\"1*2\" | \"2*2\" | \"2*4\" | \"4*4\" | \"lock_1*1\" | \"lock_1*2\""),
        ("ScriptThis", "`this` in a script: the global object (its properties are not the card's bindings: only top-level declarations are).",
         "typeof globalThis & { [name: string]: any }"),
        ("SettingDeclaration", "A setting for the settings panel (`Setting.add`).",
         "{ key: string, name: string, type: \"text\" | \"number\" | \"date\" | \"toggle\" | \"select\" | \"icon\" | \"color\" | \"image\", icon?: string, description?: string, options?: any[] }"),
        ("Coordinates", "A position.", "{ latitude: number, longitude: number, altitude: number }"),
        ("Placemark", "An address.",
         "{ name: string, street: string, streetNumber: string, district: string, city: string, state: string, country: string, countryCode: string, postalCode: string }"),
        ("ShortcutParams", "`$params.shortcut`, from the floating-ball OCR shortcut; `capturedAt` in epoch milliseconds.",
         "{ commandId: string, commandName: string, trigger: string, matched: boolean, capturedAt: number }"),
        ("OcrParams", "`$params.ocr`, the recognised text of the floating-ball OCR shortcut.",
         "{ rawText: string, editedText: string, lines: string[] }"),
    ]

    static let shapes: [(name: String, summary: String, body: String)] = [
        ("WidgetKind", "A widget kind (`--kind`).",
         "\"small\" | \"medium\" | \"large\" | \"circular\" | \"rectangular\" | \"inline\" | \"button\" | \"toggle\" | \"live\""),
        ("ScriptThis", "`this` in a script: the global object, whose new properties are the run's outputs (`this.sleep = …` too: `sleep` is not an iOS global); a property set here wins over a top-level binding of the same name (O2).",
         "Omit<typeof globalThis, \"sleep\"> & { [output: string]: any }"),
        ("SettingDeclaration", "A setting for the settings panel (`Setting.add`).",
         "{ key: string, name: string, type: string, icon?: string, description?: string, options?: any[] }"),
        ("Screen", "The screen in points and its scale.", "{ scale: number, width: number, height: number }"),
        ("Battery", "The battery; `level` from 0 to 1.",
         "{ state: \"unknown\" | \"charging\" | \"full\" | \"unplugged\", level: number }"),
        ("NetworkStatus", "Network status.", "{ wifi: boolean, cellular: boolean, online: boolean, vpn: boolean }"),
        ("Connectivity", "Bluetooth and hotspot.",
         "{ bluetooth: \"on\" | \"off\" | \"unsupported\" | \"unauthorized\" | \"resetting\" | \"unknown\", hotspot: boolean }"),
        ("Coordinates", "A position.", "{ latitude: number, longitude: number, altitude: number }"),
        ("Placemark", "An address.",
         "{ name: string, street: string, streetNumber: string, district: string, city: string, state: string, country: string, countryCode: string, postalCode: string }"),
        ("Measurement", "A WeatherKit measurement.", "{ value: number, unit: { symbol: string } }"),
        ("WeatherMetadata", "Where and when a forecast was made; dates in seconds since 2001-01-01 (Apple's reference date).",
         "{ latitude: number, longitude: number, date: number, expirationDate: number }"),
        ("UVIndex", "A UV index and its exposure category.",
         "{ value: number, category: \"low\" | \"moderate\" | \"high\" | \"veryHigh\" | \"extreme\" }"),
        ("PastAmounts", "Precipitation that fell in the past hour, six hours and day (mm).",
         "{ pastHour: Measurement, pastSixHours: Measurement, pastTwentyFourHours: Measurement }"),
        ("CurrentWeather", "`JSON.parse(await Weather.getCurrent())`: every field the Weather page lists; temperatures °C, pressure mbar, visibility m, wind km/h and °, precipitation mm/h; humidity and cloud cover from 0 to 1.",
         "{ temperature: Measurement, apparentTemperature: Measurement, dewPoint: Measurement, humidity: number, pressure: Measurement, pressureTrend: \"rising\" | \"falling\" | \"steady\", visibility: Measurement, wind: { speed: Measurement, direction: Measurement, gust: Measurement, compassDirection: string }, uvIndex: UVIndex, cloudCover: number, cloudCoverLow: number, cloudCoverMid: number, cloudCoverHigh: number, rainfallAmount: PastAmounts, snowfallAmount: PastAmounts, precipitationIntensity: Measurement, condition: string, symbolName: string, isDaylight: boolean, metadata: WeatherMetadata }"),
        ("DayPartWeather", "A part of a day's forecast (`daytimeForecast`, `restOfDayForecast`, `overnightForecast`): the day's fields for its span; times in epoch milliseconds.",
         "{ forecastStart: number, forecastEnd: number, highTemperature: Measurement, lowTemperature: Measurement, highTemperatureTime: number, lowTemperatureTime: number, symbolName: string, condition: string, precipitation: \"none\" | \"hail\" | \"mixed\" | \"rain\" | \"sleet\" | \"snow\", precipitationChance: number, humidityMin: number, humidityMax: number, maximumHumidity: number, minimumHumidity: number, wind: { speed: Measurement, gust: Measurement, direction: Measurement, compassDirection: string }, windSpeedAvg: Measurement, windSpeedMax: Measurement, windGustSpeedMax: Measurement, highWindSpeed: Measurement, visibilityMin: Measurement, visibilityMax: Measurement, maximumVisibility: Measurement, minimumVisibility: Measurement, rainfallAmount: Measurement, snowfallAmount: Measurement, precipitationAmountByType: { rainfall: Measurement, snowfall: Measurement, hail: Measurement, sleet: Measurement, mixed: Measurement, precipitation: Measurement }, uvIndex: UVIndex }"),
        ("DayWeather", "One day of `Weather.getToday()`: every field the Weather page lists; times in epoch milliseconds, amounts in mm, humidity and chances from 0 to 1.",
         "{ date: number, highTemperature: Measurement, lowTemperature: Measurement, highTemperatureTime: number, lowTemperatureTime: number, symbolName: string, condition: string, precipitation: \"none\" | \"hail\" | \"mixed\" | \"rain\" | \"sleet\" | \"snow\", precipitationChance: number, humidityMin: number, humidityMax: number, maximumHumidity: number, minimumHumidity: number, wind: { speed: Measurement, gust: Measurement, direction: Measurement, compassDirection: string }, windSpeedAvg: Measurement, windSpeedMax: Measurement, windGustSpeedMax: Measurement, highWindSpeed: Measurement, visibilityMin: Measurement, visibilityMax: Measurement, maximumVisibility: Measurement, minimumVisibility: Measurement, rainfallAmount: Measurement, snowfallAmount: Measurement, precipitationAmountByType: { rainfall: Measurement, snowfall: Measurement, hail: Measurement, sleet: Measurement, mixed: Measurement, precipitation: Measurement }, uvIndex: UVIndex, sun: { sunrise: number, sunset: number, civilDawn: number, civilDusk: number, nauticalDawn: number, nauticalDusk: number, astronomicalDawn: number, astronomicalDusk: number, solarNoon: number, solarMidnight: number }, moon: { phase: string, moonrise: number, moonset: number }, daytimeForecast: DayPartWeather, restOfDayForecast: DayPartWeather, overnightForecast: DayPartWeather }"),
        ("DailyWeather", "`JSON.parse(await Weather.getToday())`.", "{ metadata: WeatherMetadata, forecast: DayWeather[] }"),
        ("HealthSample", "A HealthKit sample; `date` in epoch milliseconds.", "{ value: number, unit: string, date: number }"),
        ("ActivitySummary", "Today's activity rings; `date` in epoch milliseconds.",
         "{ activeEnergyBurned: number, activeEnergyBurnedGoal: number, exerciseTime: number, exerciseTimeGoal: number, standHours: number, standHoursGoal: number, date: number }"),
        ("Workout", "A workout; dates in epoch milliseconds, `duration` in seconds.",
         "{ activityType: number, startDate: number, endDate: number, duration: number, activeEnergyBurned: number, totalDistance: number }"),
        ("SleepDetail", "Last night's sleep; category 2 awake, 3 core, 4 deep, 5 REM, 99 total asleep.",
         "{ startDate: number, endDate: number, sleepDatas: { category: number, seconds: number }[] }"),
        ("SleepSegment", "A sleep segment; dates in epoch milliseconds.",
         "{ startDate: number, endDate: number, value: number, sleepState: string }"),
        ("CalendarEvent", "A calendar event; dates as `\"2026-05-03 10:00:00 +0000\"`, `color` as hex without `#`.",
         "{ title: string, startDate: string, endDate: string, notes: string, color: string }"),
        ("HTMLNode", "A node `HTMLDoc#xpath` matched.",
         "{ text: string, innerHTML: string, toHTML: string, toXML: string, className: string, tagName: string, content: string }"),
    ]
}
