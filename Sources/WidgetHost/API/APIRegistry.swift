/// One documented entry point of the script API.
public struct APIMember: Sendable, Hashable {
    /// What sort of entry point it is; the reference page and `widgethost api` print the raw value.
    public enum Kind: String, Sendable, Hashable {
        /// A function (a global function or a method of a global object).
        case function
        /// A method of the instances a constructor or factory makes.
        case method
        /// A value read as a property.
        case property
        /// `new Global(…)`.
        case constructor
    }

    /// Whether a call gives its result at once or as a promise.
    public enum Mode: String, Sendable, Hashable {
        /// Returns its result directly.
        case sync
        /// Returns a promise the host loop settles.
        case async
    }

    /// How scripts reach it: `Config.set`, `Request#fetch` (an instance method), `isDebug`.
    public let path: String
    /// How it is called, e.g. `Config.get(key, default?)`.
    public let signature: String
    /// Function, method, property or constructor.
    public let kind: Kind
    /// Sync or async; `sync` for properties and constructors.
    public let mode: Mode
    /// The shape of the result, e.g. `Promise<Uint8Array>`, `JSON string`, `number`.
    public let returns: String
    /// One line: what it does and its error cases.
    public let summary: String

    /// The member's own name (`set` for `Config.set`, `fetch` for `Request#fetch`).
    public var name: String {
        String(path.split(whereSeparator: { $0 == "." || $0 == "#" }).last ?? Substring(path))
    }

    /// True for a member of instances (`Request#fetch`), not of the global itself.
    public var isInstanceMember: Bool { path.contains("#") }
}

/// One global the host installs in every context, built on first use.
public struct APIGlobal: Sendable, Hashable {
    /// What the global is to a script; the reference page and `widgethost api` print the raw value.
    public enum Kind: String, Sendable, Hashable {
        /// An object whose members are the entry points (`Config`, `Device`, `console`).
        case object
        /// A function called by its name (`setUpdateFreq`, `isDebug`, `setTimeout`).
        case function
        /// A class the script makes instances of with `new` (`Request`, `HTMLDoc`).
        case constructor
        /// A plain value (`$params`).
        case value
    }

    /// Who builds it.
    public enum Implementation: String, Sendable, Hashable {
        /// Swift natives (`host.binding(name)`).
        case native
        /// A small JavaScript class or object over Swift natives (see ``APIScript``).
        case script
        /// The host's own globals (console, timers, ``RunState/installHostGlobals(in:)``).
        case host
    }

    /// The global's name in a script's context: `Request`, `$params`.
    public let name: String
    /// Object, function, constructor or value.
    public let kind: Kind
    /// Contract rules it follows.
    public let rules: String
    /// What it is for, in a sentence or two of the reference page.
    public let summary: String
    /// Its documented entry points, in the order of the reference page.
    public let members: [APIMember]
    /// Whether Swift natives, a JavaScript class over them, or the host's own globals make it.
    public let implementation: Implementation
}

/// A group of globals on the reference page.
public struct APISection: Sendable, Hashable {
    /// The section's heading: `Network`, `Device data`.
    public let title: String
    /// Its globals, in the order of the page.
    public let globals: [APIGlobal]
}

/// The registry of the script API: the host installs these globals into each
/// context (each on first use), and docs/api.md is generated from it
/// (``APIReference/markdown()``); a test fails when the page and the code disagree.
public enum APIRegistry {
    /// The reference page's sections, in order.
    public static let sections: [APISection] = [
        APISection(title: "Network", globals: network),
        APISection(title: "Storage", globals: storage),
        APISection(title: "Context", globals: context),
        APISection(title: "Device data", globals: device),
        APISection(title: "Files and HTML", globals: files),
        APISection(title: "Control bindings, console and timers", globals: runtime),
    ]

    /// Every global, in the order of the reference page.
    public static let globals: [APIGlobal] = sections.flatMap(\.globals)

    /// The global named `name`.
    public static func global(_ name: String) -> APIGlobal? { globals.first { $0.name == name } }

    /// Every documented entry point.
    public static var members: [APIMember] { globals.flatMap(\.members) }

    /// The globals made by the API's bindings (``RunState/makeBinding(_:in:)``), the control bindings included.
    static var boundNames: [String] { globals.filter { $0.implementation != .host }.map(\.name) }

    private static func f(_ path: String, _ signature: String, _ mode: APIMember.Mode, _ returns: String, _ summary: String) -> APIMember {
        APIMember(path: path, signature: signature, kind: path.contains("#") ? .method : .function, mode: mode, returns: returns, summary: summary)
    }

    private static func c(_ path: String, _ signature: String, _ returns: String, _ summary: String) -> APIMember {
        APIMember(path: path, signature: signature, kind: .constructor, mode: .sync, returns: returns, summary: summary)
    }

    private static func p(_ path: String, _ signature: String, _ returns: String, _ summary: String) -> APIMember {
        APIMember(path: path, signature: signature, kind: .property, mode: .sync, returns: returns, summary: summary)
    }

    // MARK: Network (A2, A3, A9)

    static let network: [APIGlobal] = [
        APIGlobal(
            name: "Request", kind: .constructor, rules: "A2, A3",
            summary: "An HTTP request: `new Request(url)`, set `method`, `headers`, `body`, then fetch. Answered live, from fixtures (replay) or live and recorded (`--network`).",
            members: [
                c("Request", "new Request(url)", "Request", "A request for `url` (`GET`, no headers, no body). Without a URL it throws a `TypeError`; the URL is checked when the request is sent."),
                p("Request#url", "req.url", "string", "The URL given to the constructor (`http:` or `https:`)."),
                p("Request#method", "req.method", "string", "`\"GET\"` by default; any case (`post` is sent as `POST`)."),
                p("Request#headers", "req.headers", "object", "Request headers as a plain object; `{}` by default."),
                p("Request#body", "req.body", "any", "A string is sent as is; an object or array as JSON with `Content-Type: application/json` unless a content type is set; a `Uint8Array` as bytes."),
                f("Request#fetch", "await req.fetch()", .async, "Promise<Uint8Array>", "The response bytes (what `FileManager.saveImage` takes). Rejects on HTTP status 400 or more (the message names the status and URL), a network failure, a timeout (5 s connect, 5 s total), a response above 10 MB, or, in replay, a request no fixture matches."),
                f("Request#fetchJSON", "await req.fetchJSON()", .async, "Promise<any>", "The response parsed as JSON; rejects like `fetch()`, and when the body is not JSON."),
                f("Request#fetchString", "await req.fetchString()", .async, "Promise<string>", "The response as UTF-8 text; rejects like `fetch()`."),
            ],
            implementation: .script),
        APIGlobal(
            name: "http", kind: .object, rules: "A9",
            summary: "Deprecated request helpers kept for old scripts; each call gives a `deprecated-api` info.",
            members: [
                f("http.get", "await http.get(url, {headers}?)", .async, "Promise<string>", "GET `url` and resolve to the response text; rejects like `Request#fetchString`."),
                f("http.post", "await http.post(url, {body, headers}?)", .async, "Promise<string>", "POST `body` (a string as is, an object as JSON) and resolve to the response text."),
            ],
            implementation: .native),
    ]

    // MARK: Storage (A4)

    static let storage: [APIGlobal] = [
        APIGlobal(
            name: "Config", kind: .object, rules: "A4",
            summary: "Per-widget storage that keeps JSON types, in a namespace of its own (not shared with `setConfig`).",
            members: [
                f("Config.set", "Config.set(key, value)", .sync, "undefined", "Stores any JSON value; `null` or `undefined` deletes the key. A key that is not a string, or a value JSON cannot hold (a function, a symbol, a cyclic object), is an `invalid-argument` warning and nothing is stored."),
                f("Config.get", "Config.get(key, default?)", .sync, "any", "A fresh copy of the stored value; `default` (else `undefined`) when the key is missing."),
                f("Config.has", "Config.has(key)", .sync, "boolean", "Whether the key is stored."),
                f("Config.delete", "Config.delete(key)", .sync, "undefined", "Removes the key (missing keys are fine)."),
                f("Config.keys", "Config.keys()", .sync, "string[]", "The stored keys, sorted."),
            ],
            implementation: .native),
        APIGlobal(
            name: "setConfig", kind: .function, rules: "A4",
            summary: "Legacy per-widget storage of strings (shared with the Shortcuts actions).",
            members: [f("setConfig", "setConfig(key, value)", .sync, "undefined", "Stores `String(value)` under `key`.")],
            implementation: .native),
        APIGlobal(
            name: "getConfig", kind: .function, rules: "A4",
            summary: "Reads legacy per-widget storage.",
            members: [f("getConfig", "getConfig(key)", .sync, "string", "The stored string; `\"\"` when missing.")],
            implementation: .native),
        APIGlobal(
            name: "setValue", kind: .function, rules: "A4",
            summary: "Storage shared by widgets of the same kind and slot (slot 1 in a widget run, 999 in an app run).",
            members: [f("setValue", "setValue(key, value)", .sync, "undefined", "Stores `String(value)` under `key` for this kind and slot.")],
            implementation: .native),
        APIGlobal(
            name: "getValue", kind: .function, rules: "A4",
            summary: "Reads storage shared by widgets of the same kind and slot.",
            members: [f("getValue", "getValue(key)", .sync, "string", "The stored string; `\"\"` when missing.")],
            implementation: .native),
        APIGlobal(
            name: "Setting", kind: .object, rules: "A1, A4, A7",
            summary: "Values the user filled in the widget's settings panel: the profile's `settings`, overridden by `Setting.set`.",
            members: [
                f("Setting.string", "Setting.string(key)", .sync, "string", "Text, select, icon and colour settings; `\"\"` when unset."),
                f("Setting.bool", "Setting.bool(key)", .sync, "boolean", "A toggle; `false` when unset."),
                f("Setting.number", "Setting.number(key)", .sync, "number", "A number setting; `0` when unset or not a number."),
                f("Setting.date", "Setting.date(key)", .sync, "number", "A date setting as epoch milliseconds; `0` when unset."),
                f("Setting.image", "Setting.image(key)", .sync, "string", "An image setting as a file path `LL:<widget id>/<file>`; `\"\"` when unset."),
                f("Setting.fileString", "Setting.fileString(key)", .sync, "string", "The content of a file setting; `\"\"` when unset."),
                f("Setting.set", "Setting.set(value, key)", .sync, "undefined", "Stores a string setting (value first). A value that is not a string is an `invalid-argument` warning."),
                f("Setting.add", "Setting.add({key, name, type, icon?, description?, options?})", .sync, "undefined", "Declares a setting in the settings panel, merged by key. App runs only: in a widget run it is a no-op with an `app-only-api` info. A missing field or unknown type is an `invalid-argument` warning."),
            ],
            implementation: .native),
    ]

    // MARK: Context (A1, A7, S3)

    static let context: [APIGlobal] = [
        APIGlobal(
            name: "Widget", kind: .object, rules: "A1, A7, S3",
            summary: "The widget that is running.",
            members: [
                p("Widget.id", "Widget.id", "string", "The widget's UUID (profile `widget.id`; by default derived from the script's file name). Storage is kept per id."),
                p("Widget.name", "Widget.name", "string", "The widget's name (profile `widget.name`; by default the script's file name without `.js`)."),
                p("Widget.type", "Widget.type", "string", "The kind: `small`, `medium`, `large`, `circular`, `rectangular`, `inline`, `button`, `toggle` or `live` (`--kind`)."),
                p("Widget.urlscheme", "Widget.urlscheme", "string", "`awidget://runjs/<type>/<id>`, the URL that re-runs the script in the app."),
                f("Widget.openUrl", "Widget.openUrl(url)", .sync, "undefined", "Opens a URL: recorded as an event in an app run; a no-op with an `app-only-api` info in a widget run. A URL that is not a string is an `invalid-argument` warning."),
                f("Widget.reload", "Widget.reload()", .sync, "undefined", "Asks the system to reload this widget's timelines: recorded in an app run; a no-op with an `app-only-api` info in a widget run."),
            ],
            implementation: .native),
        APIGlobal(
            name: "$params", kind: .value, rules: "A1, A7",
            summary: "The query parameters of the `runjs` URL that started the run: an object of strings (profile `params`, then `--param key=value`).",
            members: [p("$params", "$params.city", "object", "An object whose values are all strings; `{}` when there are none.")],
            implementation: .native),
        APIGlobal(
            name: "isDebug", kind: .function, rules: "A7",
            summary: "Whether the script runs in the app (the editor).",
            members: [f("isDebug", "isDebug()", .sync, "boolean", "`true` in an app run (`--context app`), `false` in a widget run.")],
            implementation: .native),
    ]

    // MARK: Device data (A1)

    static let device: [APIGlobal] = [
        APIGlobal(
            name: "Device", kind: .object, rules: "A1",
            summary: "Device information from the profile's `device`; every call is synchronous.",
            members: [
                f("Device.systemVersion", "Device.systemVersion()", .sync, "string", "The iOS version, e.g. `\"17.5\"`."),
                f("Device.name", "Device.name()", .sync, "string", "The device's name, e.g. `\"iPhone 15 Pro\"`."),
                f("Device.model", "Device.model()", .sync, "string", "The model, e.g. `\"iPhone\"`."),
                f("Device.language", "Device.language()", .sync, "string", "The language subtag of the run's locale (T5), e.g. `\"zh\"` for `zh-CN`."),
                f("Device.isdarkmode", "Device.isdarkmode()", .sync, "boolean", "Whether dark mode is on."),
                f("Device.screen", "Device.screen()", .sync, "{scale, width, height}", "The screen in points and its scale."),
                f("Device.battery", "Device.battery()", .sync, "{state, level}", "`state`: `unknown`, `charging`, `full` or `unplugged`; `level` from 0 to 1."),
                f("Device.network", "Device.network()", .sync, "{wifi, cellular, online, vpn}", "Network status as booleans."),
                f("Device.connectivity", "Device.connectivity()", .sync, "{bluetooth, hotspot}", "`bluetooth`: `on`, `off`, `unsupported`, `unauthorized`, `resetting` or `unknown`; `hotspot` a boolean."),
            ],
            implementation: .native),
        APIGlobal(
            name: "Location", kind: .object, rules: "A1",
            summary: "Position and reverse geocoding from the profile's `location`. Rejects when the profile denies the location permission.",
            members: [
                f("Location.getLocation", "await Location.getLocation(cacheMinutes = 60)", .async, "Promise<{latitude, longitude, altitude}>", "The current position. A cache age that is not a number of minutes, 0 or more, is an `invalid-argument` warning and 60 is used."),
                f("Location.getPlacemark", "await Location.getPlacemark({latitude, longitude}?)", .async, "Promise<{name, street, streetNumber, district, city, state, country, countryCode, postalCode}>", "The address of the current position, or of the nearest profile place to the given coordinates. Rejects with a `TypeError` for coordinates that are not numbers."),
            ],
            implementation: .native),
        APIGlobal(
            name: "Weather", kind: .object, rules: "A1",
            summary: "WeatherKit data from the profile's `weather`, as JSON strings. Rejects when the profile denies the location permission.",
            members: [
                f("Weather.getCurrent", "await Weather.getCurrent()", .async, "Promise<JSON string>", "Current weather: `temperature.value`, `apparentTemperature`, `humidity`, `condition`, `symbolName`, `isDaylight`, `metadata`, …"),
                f("Weather.getToday", "await Weather.getToday()", .async, "Promise<JSON string>", "`{metadata, forecast: [day…]}` with highs, lows, `symbolName`, `sun`, `moon`, …"),
            ],
            implementation: .native),
        APIGlobal(
            name: "Health", kind: .object, rules: "A1",
            summary: "HealthKit data from the profile's `health`. Rejects when the profile denies the health permission.",
            members: [
                f("Health.getStepsToday", "await Health.getStepsToday()", .async, "Promise<number>", "Steps since local midnight."),
                f("Health.getActiveEnergyToday", "await Health.getActiveEnergyToday()", .async, "Promise<number>", "Active energy since local midnight, kcal."),
                f("Health.getDistanceToday", "await Health.getDistanceToday()", .async, "Promise<number>", "Walking and running distance since local midnight, metres."),
                f("Health.getFlightsClimbedToday", "await Health.getFlightsClimbedToday()", .async, "Promise<number>", "Flights climbed since local midnight."),
                f("Health.getStepsBetween", "await Health.getStepsBetween(startMs, endMs)", .async, "Promise<number>", "Steps between two epoch-millisecond times (the profile's `stepsPerHour` over the part of the interval before now). Rejects with a `TypeError` when the times are not numbers."),
                f("Health.getLatestHeartRate", "await Health.getLatestHeartRate()", .async, "Promise<JSON string>", "`{value, unit: \"bpm\", date}`."),
                f("Health.getRestingHeartRate", "await Health.getRestingHeartRate()", .async, "Promise<JSON string>", "`{value, unit: \"bpm\", date}`."),
                f("Health.getLatestBodyMass", "await Health.getLatestBodyMass()", .async, "Promise<JSON string>", "`{value, unit: \"kg\", date}`."),
                f("Health.getActivitySummaryToday", "await Health.getActivitySummaryToday()", .async, "Promise<JSON string>", "The activity rings: `activeEnergyBurned`, `exerciseTime`, `standHours`, their goals, `date`."),
                f("Health.getRecentWorkouts", "await Health.getRecentWorkouts(days)", .async, "Promise<JSON string>", "Workouts of the last `days` days (0 or less means 7), newest first: `{activityType, startDate, endDate, duration, activeEnergyBurned, totalDistance}`."),
                f("Health.getLastSleepDetail", "await Health.getLastSleepDetail()", .async, "Promise<JSON string>", "`{startDate, endDate, sleepDatas: [{category, seconds}]}`; category 2 awake, 3 core, 4 deep, 5 REM, 99 total asleep."),
                f("Health.getSleepData", "await Health.getSleepData()", .async, "Promise<JSON string>", "Sleep segments of the last 48 hours: `[{startDate, endDate, value, sleepState}]`."),
            ],
            implementation: .native),
        APIGlobal(
            name: "Calendar", kind: .object, rules: "A1",
            summary: "Lunar dates and day counts computed from the virtual now and time zone (JavaScriptCore's `chinese` calendar), and events from the profile.",
            members: [
                f("Calendar.lunarDate", "Calendar.lunarDate()", .sync, "string", "Today's lunar date with the Gregorian year, e.g. `\"2026丙午年三月十六\"`."),
                f("Calendar.getLunarDate", "Calendar.getLunarDate()", .sync, "string", "Today's lunar date, e.g. `\"丙午三月十六\"`."),
                f("Calendar.lunarYear", "Calendar.lunarYear()", .sync, "number", "The year's place in the 60-year cycle, 1–60."),
                f("Calendar.lunarMonth", "Calendar.lunarMonth()", .sync, "number", "The lunar month, 1–12."),
                f("Calendar.lunarDay", "Calendar.lunarDay()", .sync, "number", "The lunar day, 1–30."),
                f("Calendar.isLunarLeapMonth", "Calendar.isLunarLeapMonth()", .sync, "boolean", "Whether the lunar month is a leap month."),
                f("Calendar.zodiac", "Calendar.zodiac()", .sync, "string", "The year's animal, e.g. `\"马\"`."),
                f("Calendar.ganZhi", "Calendar.ganZhi()", .sync, "string", "The year's stem and branch, e.g. `\"丙午\"`."),
                f("Calendar.daysUntilLunar", "Calendar.daysUntilLunar(month, day)", .sync, "number", "Days until the next lunar (month, day); 0 today. A month or day out of range is an `invalid-argument` warning and 0."),
                f("Calendar.daysUntilSolar", "Calendar.daysUntilSolar(month, day)", .sync, "number", "Days until the next Gregorian (month, day); 0 today. Out of range: `invalid-argument` and 0."),
                f("Calendar.daysFromNow", "Calendar.daysFromNow(\"YYYY-MM-DD\")", .sync, "number", "Days from today to the date (negative in the past); `YYYY/MM/DD` and `YYYY.MM.DD` too. A date that does not parse is an `invalid-argument` warning and 0."),
                f("Calendar.daysBetween", "Calendar.daysBetween(from, to)", .sync, "number", "`to - from` in days. A date that does not parse is an `invalid-argument` warning and 0."),
                f("Calendar.lunarFromSolar", "Calendar.lunarFromSolar(\"YYYY-MM-DD\")", .sync, "string", "The lunar date of a Gregorian date, e.g. `\"丙午正月初一\"`; `\"\"` (and `invalid-argument`) when it does not parse."),
                f("Calendar.getEvents", "await Calendar.getEvents()", .async, "Promise<JSON string>", "The profile's events from now to one month ahead: `[{title, startDate, endDate, notes, color}]`, dates as `\"2026-05-03 10:00:00 +0000\"`. Rejects when the profile denies the calendar permission."),
            ],
            implementation: .script),
    ]

    // MARK: Files and HTML (A5, A6)

    static let files: [APIGlobal] = [
        APIGlobal(
            name: "FileManager", kind: .object, rules: "A5",
            summary: "Files in per-widget folders inside the state folder. A path that tries to leave its folder (`..`, absolute paths, another widget's id, NUL) throws an `Error`.",
            members: [
                f("FileManager.local", "FileManager.local()", .sync, "FileManager", "The device's folders (`LD:`, `LL:`)."),
                f("FileManager.iCloud", "FileManager.iCloud()", .sync, "FileManager", "The iCloud folders (`ID:`, `IL:`)."),
                f("FileManager#documents", "fm.documents()", .sync, "string", "`\"LD:<widget id>/\"` (local) or `\"ID:<widget id>/\"` (iCloud)."),
                f("FileManager#library", "fm.library()", .sync, "string", "`\"LL:<widget id>/\"` (local) or `\"IL:<widget id>/\"` (iCloud)."),
                f("FileManager#writeString", "fm.writeString(path, text)", .sync, "undefined", "Writes UTF-8 text, creating folders as needed. Throws a `TypeError` when `text` is not a string."),
                f("FileManager#readString", "fm.readString(path)", .sync, "string", "The file's text; `\"\"` when it does not exist."),
                f("FileManager#saveImage", "fm.saveImage(path, bytes)", .sync, "undefined", "Writes bytes (the `Uint8Array` from `req.fetch()`). Throws a `TypeError` for anything but a typed array or ArrayBuffer."),
                f("FileManager#fileExists", "fm.fileExists(path)", .sync, "boolean", "Whether the file exists."),
                f("FileManager#remove", "fm.remove(path)", .sync, "undefined", "Deletes the file (a missing file is fine)."),
            ],
            implementation: .native),
        APIGlobal(
            name: "HTMLDoc", kind: .constructor, rules: "A6",
            summary: "An HTML document parsed by libxml2 (no JavaScript runs): `new HTMLDoc(html)`.",
            members: [
                c("HTMLDoc", "new HTMLDoc(html)", "HTMLDoc", "Parses `html` (broken markup is repaired, as browsers do). Throws a `TypeError` when `html` is not a string."),
                f("HTMLDoc#xpath", "doc.xpath(expression)", .sync, "JSON string", "The matching nodes as `[{text, innerHTML, toHTML, toXML, className, tagName, content}]`; `\"[]\"` when nothing matches. An invalid expression throws an `Error` naming it."),
            ],
            implementation: .script),
    ]

    // MARK: Control bindings and runtime (C, S8, T3)

    static let runtime: [APIGlobal] = [
        APIGlobal(
            name: "setUpdateFreq", kind: .function, rules: "C1, C2, C5",
            summary: "Asks for the next refresh after a number of minutes.",
            members: [f("setUpdateFreq", "setUpdateFreq(minutes)", .sync, "undefined", "`minutes` must be a finite number above 0 (`invalid-argument` otherwise); below 5 gives `freq-below-minimum` and 5 is in force.")],
            implementation: .native),
        APIGlobal(
            name: "setUpdateTime", kind: .function, rules: "C3, C4, C5",
            summary: "Asks for the next refresh at a time.",
            members: [f("setUpdateTime", "setUpdateTime(time)", .sync, "undefined", "Epoch milliseconds or a `Date`; below 1e11 gives `time-looks-like-seconds`; not after now gives `time-in-past`.")],
            implementation: .native),
        APIGlobal(
            name: "endLiveActivity", kind: .function, rules: "C6",
            summary: "Ends the running Live Activity.",
            members: [f("endLiveActivity", "endLiveActivity()", .sync, "undefined", "Records an `end` event in a `live` script; `already-ended` when called again; `end-outside-live-activity` in other kinds.")],
            implementation: .native),
        APIGlobal(
            name: "console", kind: .object, rules: "S8",
            summary: "The console, captured in order with its level (at most 200 entries a run).",
            members: [
                f("console.log", "console.log(...values)", .sync, "undefined", "Joins the values with spaces; objects print as JSON."),
                f("console.info", "console.info(...values)", .sync, "undefined", "Like `log`, level `info`."),
                f("console.warn", "console.warn(...values)", .sync, "undefined", "Like `log`, level `warn`."),
                f("console.error", "console.error(...values)", .sync, "undefined", "Like `log`, level `error`."),
                f("console.debug", "console.debug(...values)", .sync, "undefined", "Like `log`, level `debug`."),
            ],
            implementation: .host),
        APIGlobal(
            name: "sleep", kind: .function, rules: "T3",
            summary: "Waits on the virtual clock.",
            members: [f("sleep", "await sleep(ms)", .async, "Promise<undefined>", "Resolves after `ms` virtual milliseconds; the clock jumps, nothing waits in real time. Not an iOS global: `this.sleep = …` makes an ordinary output.")],
            implementation: .host),
        APIGlobal(
            name: "setTimeout", kind: .function, rules: "T3",
            summary: "A timer on the virtual clock.",
            members: [f("setTimeout", "setTimeout(callback, ms, ...args)", .sync, "number", "Calls `callback` after `ms` virtual milliseconds; returns its id.")],
            implementation: .host),
        APIGlobal(
            name: "setInterval", kind: .function, rules: "T3",
            summary: "A repeating timer on the virtual clock.",
            members: [f("setInterval", "setInterval(callback, ms, ...args)", .sync, "number", "Calls `callback` every `ms` virtual milliseconds; returns its id.")],
            implementation: .host),
        APIGlobal(
            name: "clearTimeout", kind: .function, rules: "T3",
            summary: "Cancels a timer.",
            members: [f("clearTimeout", "clearTimeout(id)", .sync, "undefined", "Cancels the timer with that id.")],
            implementation: .host),
        APIGlobal(
            name: "clearInterval", kind: .function, rules: "T3",
            summary: "Cancels a repeating timer.",
            members: [f("clearInterval", "clearInterval(id)", .sync, "undefined", "Cancels the interval with that id.")],
            implementation: .host),
    ]
}
