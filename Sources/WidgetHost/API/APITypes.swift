/// The TypeScript type of one registry entry, for the declaration file (``TypeDeclarations``).
public struct APIType: Sendable, Hashable {
    /// The parameter list without parentheses (`key: string, value: any`); `nil` for a property.
    public let parameters: String?
    /// The TypeScript type of the result (or of the property).
    public let result: String
    /// For a JSON string (or a promise of one): the shape `JSON.parse` gives, a type in `Omni`.
    public let parsed: String?
    /// A property a script only reads.
    public let readOnly: Bool
}

/// The TypeScript types of the registry's entries, keyed by ``APIMember/path``, and the shapes
/// they name (namespace `Omni`). A test fails when an entry has no type, a type names no entry,
/// or an async entry's type is not a promise.
public enum APITypes {
    /// The TypeScript type of `member`; nil for a member the table lacks (a test keeps there being none).
    public static func type(of member: APIMember) -> APIType? { byPath[member.path] }

    static let byPath: [String: APIType] = Dictionary(entries.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })

    /// The paths that have a type, for the test that the table and the registry agree.
    public static var paths: [String] { entries.map(\.0) }

    private static func f(_ path: String, _ parameters: String, _ result: String, parsed: String? = nil) -> (String, APIType) {
        (path, APIType(parameters: parameters, result: result, parsed: parsed, readOnly: false))
    }

    private static func p(_ path: String, _ result: String, readOnly: Bool = true) -> (String, APIType) {
        (path, APIType(parameters: nil, result: result, parsed: nil, readOnly: readOnly))
    }

    private static let entries: [(String, APIType)] = [
        // Network
        f("Request", "url: string", "Request"),
        p("Request#url", "string", readOnly: false),
        p("Request#method", "string", readOnly: false),
        p("Request#headers", "Record<string, string>", readOnly: false),
        p("Request#body", "string | object | Uint8Array | ArrayBuffer | undefined", readOnly: false),
        f("Request#fetch", "", "Promise<Uint8Array>"),
        f("Request#fetchJSON", "", "Promise<any>"),
        f("Request#fetchString", "", "Promise<string>"),
        f("http.get", "url: string, options?: { headers?: Record<string, string> }", "Promise<string>"),
        f("http.post", "url: string, options?: { body?: string | object, headers?: Record<string, string> }", "Promise<string>"),
        // Storage
        f("Config.set", "key: string, value: any", "void"),
        f("Config.get", "key: string, defaultValue?: any", "any"),
        f("Config.has", "key: string", "boolean"),
        f("Config.delete", "key: string", "void"),
        f("Config.keys", "", "string[]"),
        f("setConfig", "key: string, value: any", "void"),
        f("getConfig", "key: string", "string"),
        f("setValue", "key: string, value: any", "void"),
        f("getValue", "key: string", "string"),
        f("Setting.string", "key: string", "string"),
        f("Setting.bool", "key: string", "boolean"),
        f("Setting.number", "key: string", "number"),
        f("Setting.date", "key: string", "number"),
        f("Setting.image", "key: string", "string"),
        f("Setting.fileString", "key: string", "string"),
        f("Setting.set", "value: string, key: string", "void"),
        f("Setting.add", "setting: Omni.SettingDeclaration", "void"),
        // Context
        p("Widget.id", "string"),
        p("Widget.name", "string"),
        p("Widget.type", "Omni.WidgetKind"),
        p("Widget.urlscheme", "string"),
        f("Widget.openUrl", "url: string", "void"),
        f("Widget.reload", "", "void"),
        p("$params", "{ readonly [key: string]: string }"),
        f("isDebug", "", "boolean"),
        // Device data
        f("Device.systemVersion", "", "string"),
        f("Device.name", "", "string"),
        f("Device.model", "", "string"),
        f("Device.language", "", "string"),
        f("Device.isdarkmode", "", "boolean"),
        f("Device.screen", "", "Omni.Screen"),
        f("Device.battery", "", "Omni.Battery"),
        f("Device.network", "", "Omni.NetworkStatus"),
        f("Device.connectivity", "", "Omni.Connectivity"),
        f("Location.getLocation", "cacheMinutes?: number", "Promise<Omni.Coordinates>"),
        f("Location.getPlacemark", "coordinates?: { latitude: number, longitude: number }", "Promise<Omni.Placemark>"),
        f("Weather.getCurrent", "", "Promise<string>", parsed: "Omni.CurrentWeather"),
        f("Weather.getToday", "", "Promise<string>", parsed: "Omni.DailyWeather"),
        f("Health.getStepsToday", "", "Promise<number>"),
        f("Health.getActiveEnergyToday", "", "Promise<number>"),
        f("Health.getDistanceToday", "", "Promise<number>"),
        f("Health.getFlightsClimbedToday", "", "Promise<number>"),
        f("Health.getStepsBetween", "startMs: number | Date, endMs: number | Date", "Promise<number>"),
        f("Health.getLatestHeartRate", "", "Promise<string>", parsed: "Omni.HealthSample"),
        f("Health.getRestingHeartRate", "", "Promise<string>", parsed: "Omni.HealthSample"),
        f("Health.getLatestBodyMass", "", "Promise<string>", parsed: "Omni.HealthSample"),
        f("Health.getActivitySummaryToday", "", "Promise<string>", parsed: "Omni.ActivitySummary"),
        f("Health.getRecentWorkouts", "days: number", "Promise<string>", parsed: "Omni.Workout[]"),
        f("Health.getLastSleepDetail", "", "Promise<string>", parsed: "Omni.SleepDetail"),
        f("Health.getSleepData", "", "Promise<string>", parsed: "Omni.SleepSegment[]"),
        f("Calendar.lunarDate", "", "string"),
        f("Calendar.getLunarDate", "", "string"),
        f("Calendar.lunarYear", "", "number"),
        f("Calendar.lunarMonth", "", "number"),
        f("Calendar.lunarDay", "", "number"),
        f("Calendar.isLunarLeapMonth", "", "boolean"),
        f("Calendar.zodiac", "", "string"),
        f("Calendar.ganZhi", "", "string"),
        f("Calendar.daysUntilLunar", "month: number, day: number", "number"),
        f("Calendar.daysUntilSolar", "month: number, day: number", "number"),
        f("Calendar.daysFromNow", "date: string", "number"),
        f("Calendar.daysBetween", "from: string, to: string", "number"),
        f("Calendar.lunarFromSolar", "date: string", "string"),
        f("Calendar.getEvents", "", "Promise<string>", parsed: "Omni.CalendarEvent[]"),
        // Files and HTML
        f("FileManager.local", "", "Omni.FileManager"),
        f("FileManager.iCloud", "", "Omni.FileManager"),
        f("FileManager#documents", "", "string"),
        f("FileManager#library", "", "string"),
        f("FileManager#writeString", "path: string, text: string", "void"),
        f("FileManager#readString", "path: string", "string"),
        f("FileManager#saveImage", "path: string, bytes: Uint8Array | ArrayBuffer | ArrayBufferView", "void"),
        f("FileManager#fileExists", "path: string", "boolean"),
        f("FileManager#remove", "path: string", "void"),
        f("HTMLDoc", "html: string", "HTMLDoc"),
        f("HTMLDoc#xpath", "expression: string", "string", parsed: "Omni.HTMLNode[]"),
        // Control bindings, console and timers
        f("setUpdateFreq", "minutes: number", "void"),
        f("setUpdateTime", "time: number | Date", "void"),
        f("endLiveActivity", "", "void"),
        f("console.log", "...values: any[]", "void"),
        f("console.info", "...values: any[]", "void"),
        f("console.warn", "...values: any[]", "void"),
        f("console.error", "...values: any[]", "void"),
        f("console.debug", "...values: any[]", "void"),
        f("sleep", "ms: number", "Promise<undefined>"),
        f("setTimeout", "callback: (...args: any[]) => void, ms?: number, ...args: any[]", "number"),
        f("setInterval", "callback: (...args: any[]) => void, ms?: number, ...args: any[]", "number"),
        f("clearTimeout", "id?: number", "void"),
        f("clearInterval", "id?: number", "void"),
    ]

    /// The shapes the entries name: what the device calls answer and what `JSON.parse` gives
    /// for the JSON strings, as the built-in profile has them (a profile may add fields).
    static let shapes: [(name: String, summary: String, body: String)] = [
        ("WidgetKind", "A widget kind (`--kind`).",
         "\"small\" | \"medium\" | \"large\" | \"circular\" | \"rectangular\" | \"inline\" | \"button\" | \"toggle\" | \"live\""),
        ("ScriptThis", "`this` in a script: the global object, whose new properties are the run's outputs (`this.sleep = …` too: `sleep` is not an iOS global).",
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
        ("CurrentWeather", "`JSON.parse(await Weather.getCurrent())`.",
         "{ temperature: Measurement, apparentTemperature: Measurement, dewPoint: Measurement, humidity: number, pressure: Measurement, pressureTrend: string, visibility: Measurement, wind: { speed: Measurement, direction: Measurement, gust: Measurement, compassDirection: string }, uvIndex: { value: number, category: string }, cloudCover: number, cloudCoverLow: number, cloudCoverMid: number, cloudCoverHigh: number, precipitationIntensity: Measurement, condition: string, symbolName: string, isDaylight: boolean, metadata: WeatherMetadata }"),
        ("DayWeather", "One day of `Weather.getToday()`; dates in epoch milliseconds.",
         "{ date: number, highTemperature: Measurement, lowTemperature: Measurement, symbolName: string, condition: string, precipitationChance: number, humidityMin: number, humidityMax: number, wind: { speed: Measurement, compassDirection: string }, uvIndex: { value: number, category: string }, sun: { sunrise: number, sunset: number }, moon: { phase: string, moonrise: number, moonset: number } }"),
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
