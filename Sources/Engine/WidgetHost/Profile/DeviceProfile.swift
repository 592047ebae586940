import JSONKit
import ZonedTime

/// Device-dependent data a run answers from (A1): `Device.*`, `Location`, `Weather`,
/// `Health`, `Calendar.getEvents`, `Setting` values, `$params`, `Widget.id/name`
/// and the permissions the user granted.
///
/// A profile is the built-in default (every documented call answers something
/// plausible with no configuration, its times relative to the run's now) with an
/// overlay laid over it: objects merge key by key, anything else replaces. The
/// format is documented in docs/profile.md.
public struct DeviceProfile: Sendable, Hashable {
    /// The `schema` field a profile file may carry.
    public static let schema = "widgethost.profile/1"

    /// The overlay, validated: an object with the documented keys.
    public private(set) var overlay: JSONValue
    /// The file the overlay came from, for messages.
    public private(set) var source: String?

    /// The built-in profile with nothing laid over it.
    public init() {
        overlay = .object([:])
        source = nil
    }

    /// A profile from JSON laid over the built-in default; the JSON is checked first.
    public init(json: JSONValue, source: String = "profile") throws(DataFileError) {
        var object = json
        if case .object(var members) = json {
            if let schema = members["schema"] {
                guard schema.stringValue == Self.schema else {
                    throw DataFileError(kind: .malformed, path: source, message: "schema must be \"\(Self.schema)\"; got \(DataShape.phrase(schema))")
                }
                members["schema"] = nil
                object = .object(members)
            }
        }
        if let problem = Self.shape.problem(in: object, at: "") {
            throw DataFileError(kind: .malformed, path: source, message: problem + "; see docs/profile.md")
        }
        let device = object["device"]
        if let tag = device?["locale"]?.stringValue, !LocaleTag.isWellFormed(tag) {
            throw DataFileError(
                kind: .malformed, path: source,
                message: "device.locale must be a BCP 47 language tag such as \"zh-CN\", \"en-US\" or \"de-DE\"; got \"\(tag)\"; see docs/profile.md")
        }
        if let tag = device?["locale"]?.stringValue, let language = device?["language"]?.stringValue,
            language.lowercased() != LocaleTag.language(of: tag)
        {
            throw DataFileError(
                kind: .malformed, path: source,
                message: "device.language \"\(language)\" disagrees with device.locale \"\(tag)\"; give device.locale alone (Device.language() is its language)")
        }
        if device?["locale"] == nil, let language = device?["language"]?.stringValue, !LocaleTag.isWellFormed(language) {
            throw DataFileError(
                kind: .malformed, path: source,
                message: "device.language must be a language code such as \"zh\" or \"en\"; got \"\(language)\"; better, give device.locale (e.g. \"zh-CN\")")
        }
        if let id = object["widget"]?["id"]?.stringValue, let problem = WidgetIdentity.problem(withID: id) {
            throw DataFileError(
                kind: .malformed, path: source,
                message: "widget.id must be \(WidgetIdentity.idRule); got \(DataShape.phrase(.string(id))), which \(problem); see docs/profile.md",
                code: WidgetIdentity.invalidIDCode)
        }
        overlay = object
        self.source = source
    }

    /// The profile's locale (T5): `device.locale`, else its `device.language`, else ``LocaleTag/builtIn``.
    public var locale: String {
        overlay["device"]?["locale"]?.stringValue ?? overlay["device"]?["language"]?.stringValue ?? LocaleTag.builtIn
    }

    /// Reads a profile file (`--profile FILE`).
    public static func load(path: String) throws(DataFileError) -> DeviceProfile {
        try DeviceProfile(json: try DataFileError.loadJSON(path: path), source: path)
    }

    /// The profile as a run sees it: the default for `now` in `zone`, with the overlay laid over it.
    public func resolved(now: Int64, zone: Zone) -> JSONValue {
        Self.merge(DefaultProfile.make(now: now, zone: zone, overlay: overlay), overlay)
    }

    static func merge(_ base: JSONValue, _ top: JSONValue) -> JSONValue {
        guard case .object(var merged) = base, case .object(let over) = top else { return top }
        for (key, value) in over { merged[key] = merged[key].map { merge($0, value) } ?? value }
        return .object(merged)
    }

    /// Epoch milliseconds from a profile time: a number, or an ISO 8601 date-time
    /// (a time without an offset is in `zone`), or the `2026-05-03 10:00:00 +0000` form.
    static func parseTime(_ text: String, zone: Zone) -> Int64? {
        if let ms = try? ISO8601.parse(text, defaultZone: zone) { return ms }
        // "yyyy-MM-dd HH:mm:ss +hhmm", the form Calendar.getEvents prints.
        let parts = text.split(separator: " ")
        guard parts.count == 3, parts[2].count == 5, let sign = parts[2].first, sign == "+" || sign == "-",
            let hours = Int(parts[2].dropFirst().prefix(2)), let minutes = Int(parts[2].suffix(2))
        else { return nil }
        let offset = String(sign) + (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
        return try? ISO8601.parse("\(parts[0])T\(parts[1])\(offset)", defaultZone: zone)
    }

    /// The documented keys and their types.
    static let shape: DataShape = {
        let text = DataShape.string
        let measurement = DataShape.object(["value": .number, "unit": .string, "date": .time])
        let placemark = DataShape.object([
            "name": text, "street": text, "streetNumber": text, "district": text, "city": text, "state": text,
            "country": text, "countryCode": text, "postalCode": text,
        ])
        return .object([
            "widget": .object(["id": text, "name": text]),
            "params": .map(.string),
            "settings": .map(.scalar),
            "permissions": .object(["location": .boolean, "calendar": .boolean, "health": .boolean]),
            "device": .object([
                "systemVersion": text, "name": text, "model": text, "language": text, "locale": text, "darkMode": .boolean,
                "screen": .object(["scale": .range(1, 4), "width": .range(1, 10_000), "height": .range(1, 10_000)]),
                "battery": .object([
                    "state": .oneOf(["unknown", "charging", "full", "unplugged"]), "level": .range(0, 1),
                ]),
                "network": .object(["wifi": .boolean, "cellular": .boolean, "online": .boolean, "vpn": .boolean]),
                "connectivity": .object([
                    "bluetooth": .oneOf(["on", "off", "unsupported", "unauthorized", "resetting", "unknown"]),
                    "hotspot": .boolean,
                ]),
            ]),
            "location": .object([
                "latitude": .range(-90, 90), "longitude": .range(-180, 180), "altitude": .number,
                "placemark": placemark,
                "places": .list(.object(["latitude": .range(-90, 90), "longitude": .range(-180, 180), "placemark": placemark])),
            ]),
            "weather": weatherShape,
            "health": .object([
                "stepsToday": .range(0, 1e7), "activeEnergyToday": .range(0, 1e6), "distanceToday": .range(0, 1e7),
                "flightsClimbedToday": .range(0, 1e5), "stepsPerHour": .range(0, 1e6),
                "latestHeartRate": measurement, "restingHeartRate": measurement, "latestBodyMass": measurement,
                "activitySummaryToday": .map(.any),
                "workouts": .list(.object([
                    "activityType": .number, "startDate": .time, "endDate": .time, "duration": .any,
                    "activeEnergyBurned": .any, "totalDistance": .any,
                ])),
                "lastSleepDetail": .object([
                    "startDate": .time, "endDate": .time,
                    "sleepDatas": .list(.object(["category": .number, "seconds": .number])),
                ]),
                "sleepData": .list(.object([
                    "startDate": .time, "endDate": .time, "value": .range(1, 5),
                    "sleepState": .oneOf(["inBed", "Awake", "sleepCore", "asleepDeep", "asleepREM"]),
                ])),
            ]),
            "calendar": .object([
                "events": .list(.object([
                    "title": text, "startDate": .time, "endDate": .time, "notes": text, "color": text,
                ])),
            ]),
            // The HarmonyOS edition's own answers (H12): its `Device` fields, its settings (the
            // app's envelope or values alone) and `$params` objects of the shortcut.
            "harmony": .object([
                "device": .object([
                    "model": text, "brand": text, "osVersion": text, "deviceType": text, "sdkApiVersion": .range(1, 1000),
                    "screenWidth": .range(1, 100_000), "screenHeight": .range(1, 100_000), "densityDPI": .range(1, 10_000),
                ]),
                "settings": .map(.any),
                "params": .map(.any),
            ]),
        ])
    }()
}

/// Who the widget is (`Widget.id`, `Widget.name`): it decides where its storage lives.
///
/// The id names the widget's storage folder (`widgets/<id>/`), so it is checked (A11):
/// 1 to 128 characters from `A-Z`, `a-z`, `0-9`, `-`, `_` and `.`, not starting with `.`.
/// A profile with another id is refused (`invalid-widget-id`, exit 65); a store never
/// touches a folder for one.
public struct WidgetIdentity: Sendable, Hashable {
    /// `Widget.id`, and the name of the widget's storage folder.
    public var id: String
    /// `Widget.name`, the widget's name.
    public var name: String

    /// An identity; the id is not checked here. A run given an id that breaks the rule
    /// (``problem(withID:)``) starts with empty storage and saves nothing (`invalid-widget-id`).
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    /// The longest widget id, in characters (all ASCII, so bytes too).
    public static let maximumIDLength = 128
    /// The rule for widget ids, as messages state it.
    public static let idRule = "1 to 128 characters from A-Z, a-z, 0-9, '-', '_' and '.', not starting with '.'"
    /// The diagnostic code of a widget id that breaks the rule.
    public static let invalidIDCode = DiagnosticCode.invalidWidgetID.rawValue

    /// What is wrong with `id` as a widget id ("is empty", "contains '/'", …), or nil when it is fine.
    public static func problem(withID id: String) -> String? {
        let bytes = Array(id.utf8)
        if bytes.isEmpty { return "is empty" }
        if bytes.first == 0x2E { return "starts with '.'" }
        for scalar in id.unicodeScalars {
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9", "-", "_", ".": continue
            default:
                if scalar.value >= 0x21 && scalar.value < 0x7F { return "contains '\(scalar)'" }
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "contains U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
        if bytes.count > maximumIDLength { return "is \(bytes.count) characters long" }
        return nil
    }

    /// The identity a script gets when neither the configuration nor the profile names one:
    /// a UUID-shaped id derived from the script's file name (so two scripts never share
    /// storage by accident, and the same script always finds its own), and the file's base name.
    public static func derived(fromScriptName path: String) -> WidgetIdentity {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let base = file.hasSuffix(".js") ? String(file.dropLast(3)) : file
        // FNV-1a, 128 bits as two 64-bit lanes with different offsets.
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x6c62_272e_07bb_0142
        for byte in base.utf8 {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 &+ 0x9E37_79B9
        }
        func hex(_ value: UInt64, _ digits: Int) -> String {
            let text = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, digits - text.count)) + text.suffix(digits)
        }
        // Shaped like a version-4 UUID.
        let a = hex(first >> 32, 8), b = hex((first >> 16) & 0xFFFF, 4)
        let c = "4" + hex(first & 0x0FFF, 3)
        let d = hex(0x8000 | ((second >> 48) & 0x3FFF), 4), e = hex(second & 0xFFFF_FFFF_FFFF, 12)
        return WidgetIdentity(id: "\(a)-\(b)-\(c)-\(d)-\(e)", name: base)
    }
}
