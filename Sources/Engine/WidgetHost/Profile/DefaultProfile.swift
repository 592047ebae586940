import JSONKit
import ZonedTime

/// The built-in device profile (A1, A13): an answer for every documented call with every field the
/// app's pages list, with times relative to the run's now and zone so that "today" is always today,
/// and values that agree with one another (weather in ``DefaultWeather``, health in ``DefaultHealth``).
enum DefaultProfile {
    /// Local midnight `days` after the day of `now`, plus `minutes`, as epoch milliseconds.
    static func local(_ now: Int64, _ zone: Zone, days: Int, minutes: Int) -> Int64 {
        let today = CivilDateTime(epochMilliseconds: now, in: zone)
        let day = CivilCalendar.civilFromDays(CivilCalendar.daysFromCivil(year: today.year, month: today.month, day: today.day) + Int64(days))
        let civil = CivilDateTime(year: day.year, month: day.month, day: day.day, hour: minutes / 60, minute: minutes % 60)
        return civil.epochMilliseconds(in: zone)
    }

    /// When the built-in person wakes and goes to sleep, minutes after local midnight (06:45, 23:05).
    static let wakeTime = 6 * 60 + 45, bedtime = 23 * 60 + 5

    /// The time between `start` and `end` (epoch milliseconds) that falls between ``wakeTime`` and
    /// ``bedtime`` of some day in `zone`, in milliseconds.
    static func awakeMilliseconds(from start: Int64, to end: Int64, zone: Zone) -> Int64 {
        guard end > start else { return 0 }
        // The day and the local time of day: the clocks change at night, never while awake.
        func place(_ ms: Int64) -> (day: Int64, ms: Int64) {
            let civil = CivilDateTime(epochMilliseconds: ms, in: zone)
            let day = CivilCalendar.daysFromCivil(year: civil.year, month: civil.month, day: civil.day)
            return (day, Int64(((civil.hour * 60 + civil.minute) * 60 + civil.second) * 1000 + civil.millisecond))
        }
        let from = Int64(wakeTime) * 60_000, to = Int64(bedtime) * 60_000
        func overlap(_ a: Int64, _ b: Int64) -> Int64 { max(0, min(b, to) - max(a, from)) }
        let a = place(start), b = place(end)
        if a.day == b.day { return overlap(a.ms, b.ms) }
        return overlap(a.ms, 86_400_000) + (b.day - a.day - 1) * (to - from) + overlap(0, b.ms)
    }

    /// The steps taken between `start` and `end`, up to `now`: today's `stepsToday` spread evenly over
    /// today's waking time so far, and `perHour` an hour while awake before today (A13).
    static func steps(from start: Double, to end: Double, now: Double, zone: Zone, stepsToday: Double, perHour: Double) -> Double {
        let nowMs = Int64(now.rounded(.down))
        // A century back is as far as anyone counts steps (and keeps the calendar arithmetic small).
        let first = Int64(max(start, now - 36_525 * 86_400_000).rounded(.down)), last = Int64(min(end, now).rounded(.down))
        guard last > first else { return 0 }
        let midnight = local(nowMs, zone, days: 0, minutes: 0)
        let before = Double(awakeMilliseconds(from: first, to: min(last, midnight), zone: zone)) / 3_600_000 * perHour
        let awakeToday = awakeMilliseconds(from: midnight, to: nowMs, zone: zone)
        let today = awakeToday > 0
            ? stepsToday * Double(awakeMilliseconds(from: max(first, midnight), to: last, zone: zone)) / Double(awakeToday) : 0
        return (before + today).rounded()
    }

    /// The built-in profile for `now` in `zone`. Values that follow from others follow from the
    /// overlay's when it gives them (the weather's position from `location`, the distance and the
    /// rings' energy from today's steps and energy), so a profile that changes one stays consistent.
    static func make(now: Int64, zone: Zone, overlay: JSONValue? = nil) -> JSONValue {
        func ms(_ value: Int64) -> JSONValue { .number(Double(value)) }
        let latitude = overlay?["location"]?["latitude"]?.doubleValue ?? 31.2304
        let longitude = overlay?["location"]?["longitude"]?.doubleValue ?? 121.4737
        func event(_ title: String, days: Int, from: Int, to: Int, notes: String, color: String) -> JSONValue {
            [
                "title": .string(title), "startDate": ms(local(now, zone, days: days, minutes: from)),
                "endDate": ms(local(now, zone, days: days, minutes: to)), "notes": .string(notes), "color": .string(color),
            ]
        }

        return [
            "widget": [:],
            "params": [:],
            "settings": [:],
            "harmony": [
                "device": [
                    "model": "Mate 60 Pro", "brand": "HUAWEI", "osVersion": "OpenHarmony-5.0.0.110", "deviceType": "phone",
                    "sdkApiVersion": 14, "screenWidth": 1260, "screenHeight": 2720, "densityDPI": 320,
                ],
            ],
            "permissions": ["location": true, "calendar": true, "health": true],
            "device": [
                "systemVersion": "17.5", "name": "iPhone 15 Pro", "model": "iPhone", "locale": .string(LocaleTag.builtIn), "darkMode": false,
                "screen": ["scale": 3, "width": 393, "height": 852],
                "battery": ["state": "unplugged", "level": 0.75],
                "network": ["wifi": true, "cellular": false, "online": true, "vpn": false],
                "connectivity": ["bluetooth": "on", "hotspot": false],
            ],
            "location": [
                "latitude": 31.2304, "longitude": 121.4737, "altitude": 12.5,
                "placemark": [
                    "name": "People's Square", "street": "Renmin Avenue", "streetNumber": "200", "district": "Huangpu",
                    "city": "Shanghai", "state": "Shanghai", "country": "China", "countryCode": "CN", "postalCode": "200003",
                ],
                "places": [
                    [
                        "latitude": 22.284681, "longitude": 114.158177,
                        "placemark": [
                            "name": "2 Forest Street", "street": "Forest Street", "streetNumber": "2", "district": "Central",
                            "city": "Hong Kong SAR", "state": "Hong Kong", "country": "China", "countryCode": "HK",
                            "postalCode": "",
                        ],
                    ],
                ],
            ],
            "weather": DefaultWeather.make(now: now, zone: zone, latitude: latitude, longitude: longitude),
            "health": DefaultHealth.make(now: now, zone: zone, overlay: overlay),
            "calendar": [
                "events": [
                    event("Team Weekly", days: 1, from: 10 * 60, to: 11 * 60, notes: "Discuss Q2 plans", color: "FF6B6B"),
                    event("Dentist", days: 3, from: 15 * 60 + 30, to: 16 * 60, notes: "", color: "34C759"),
                    event("Dinner with Alex", days: 6, from: 19 * 60, to: 21 * 60, notes: "Book a table", color: "0A84FF"),
                    event("Flight to Tokyo", days: 40, from: 8 * 60, to: 12 * 60, notes: "", color: "FF9F0A"),
                ],
            ],
        ]
    }
}
