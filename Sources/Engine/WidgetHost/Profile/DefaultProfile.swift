import JSONKit
import ZonedTime

/// The built-in device profile (A1): plausible answers for every documented call,
/// with times relative to the run's now and zone so that "today" is always today.
enum DefaultProfile {
    /// Local midnight `days` after the day of `now`, plus `minutes`, as epoch milliseconds.
    static func local(_ now: Int64, _ zone: Zone, days: Int, minutes: Int) -> Int64 {
        let today = CivilDateTime(epochMilliseconds: now, in: zone)
        let day = CivilCalendar.civilFromDays(CivilCalendar.daysFromCivil(year: today.year, month: today.month, day: today.day) + Int64(days))
        let civil = CivilDateTime(year: day.year, month: day.month, day: day.day, hour: minutes / 60, minute: minutes % 60)
        return civil.epochMilliseconds(in: zone)
    }

    static func make(now: Int64, zone: Zone) -> JSONValue {
        func ms(_ value: Int64) -> JSONValue { .number(Double(value)) }
        let latitude = 31.2304, longitude = 121.4737
        // Apple's reference date (2001-01-01T00:00:00Z) in seconds, as WeatherKit's metadata has it.
        let reference = Double(now / 1000 - 978_307_200)
        func measure(_ value: Double, _ symbol: String) -> JSONValue { ["value": .number(value), "unit": ["symbol": .string(symbol)]] }

        // Last night: asleep 23:05, up 06:45 (7 h 40 min in bed, 7 h 10 min asleep).
        let wake = local(now, zone, days: 0, minutes: 6 * 60 + 45) <= now
            ? local(now, zone, days: 0, minutes: 6 * 60 + 45) : local(now, zone, days: -1, minutes: 6 * 60 + 45)
        let bedtime = wake - 27_600_000
        let phases: [(Int, String, Int64)] = [
            (3, "sleepCore", 5400), (4, "asleepDeep", 1800), (3, "sleepCore", 4680), (5, "asleepREM", 2160),
            (2, "Awake", 900), (3, "sleepCore", 4200), (4, "asleepDeep", 1200), (3, "sleepCore", 4200),
            (5, "asleepREM", 2160), (2, "Awake", 900),
        ]
        var segments: [JSONValue] = []
        var cursor = bedtime
        for (value, state, seconds) in phases {
            segments.append(["startDate": ms(cursor), "endDate": ms(cursor + seconds * 1000), "value": .number(Double(value)), "sleepState": .string(state)])
            cursor += seconds * 1000
        }

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
                "latitude": .number(latitude), "longitude": .number(longitude), "altitude": 12.5,
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
            "weather": [
                "current": [
                    "temperature": measure(23.07, "°C"), "apparentTemperature": measure(23.73, "°C"),
                    "dewPoint": measure(16.86, "°C"), "humidity": 0.68, "pressure": measure(1010.61, "mbar"),
                    "pressureTrend": "falling", "visibility": measure(22522.81, "m"),
                    "wind": [
                        "speed": measure(22.63, "km/h"), "direction": measure(182, "°"), "gust": measure(39, "km/h"),
                        "compassDirection": "south",
                    ],
                    "uvIndex": ["value": 0, "category": "low"],
                    "cloudCover": 0.84, "cloudCoverLow": 0.15, "cloudCoverMid": 0.4, "cloudCoverHigh": 0.92,
                    "precipitationIntensity": measure(0, "mm/h"),
                    "condition": "mostlyCloudy", "symbolName": "cloud", "isDaylight": true,
                    "metadata": [
                        "latitude": .number(latitude), "longitude": .number(longitude),
                        "date": .number(reference), "expirationDate": .number(reference + 300),
                    ],
                ],
                "today": [
                    "metadata": [
                        "latitude": .number(latitude), "longitude": .number(longitude),
                        "date": .number(reference), "expirationDate": .number(reference + 3600),
                    ],
                    "forecast": [
                        [
                            "date": ms(local(now, zone, days: 0, minutes: 0)),
                            "highTemperature": measure(26.4, "°C"), "lowTemperature": measure(18.2, "°C"),
                            "symbolName": "cloud.sun", "condition": "partlyCloudy", "precipitationChance": 0.2,
                            "humidityMin": 0.52, "humidityMax": 0.86,
                            "wind": ["speed": measure(18.5, "km/h"), "compassDirection": "southEast"],
                            "uvIndex": ["value": 6, "category": "high"],
                            "sun": [
                                "sunrise": ms(local(now, zone, days: 0, minutes: 5 * 60 + 52)),
                                "sunset": ms(local(now, zone, days: 0, minutes: 18 * 60 + 21)),
                            ],
                            "moon": [
                                "phase": "waxingGibbous",
                                "moonrise": ms(local(now, zone, days: 0, minutes: 14 * 60 + 3)),
                                "moonset": ms(local(now, zone, days: 1, minutes: 2 * 60 + 41)),
                            ],
                        ],
                    ],
                ],
            ],
            "health": [
                "stepsToday": 6234, "activeEnergyToday": 312.5, "distanceToday": 4520.5, "flightsClimbedToday": 7,
                "stepsPerHour": 420,
                "latestHeartRate": ["value": 72, "unit": "bpm", "date": ms(now - 600_000)],
                "restingHeartRate": ["value": 58, "unit": "bpm", "date": ms(wake)],
                "latestBodyMass": ["value": 68.5, "unit": "kg", "date": ms(now - 86_400_000)],
                "activitySummaryToday": [
                    "activeEnergyBurned": 320.5, "activeEnergyBurnedGoal": 400, "exerciseTime": 25,
                    "exerciseTimeGoal": 30, "standHours": 10, "standHoursGoal": 12,
                    "date": ms(local(now, zone, days: 0, minutes: 0)),
                ],
                "workouts": [
                    [
                        "activityType": 52, "startDate": ms(local(now, zone, days: -1, minutes: 18 * 60)),
                        "endDate": ms(local(now, zone, days: -1, minutes: 18 * 60 + 30)), "duration": 1800,
                        "activeEnergyBurned": 140, "totalDistance": 2400,
                    ],
                    [
                        "activityType": 37, "startDate": ms(local(now, zone, days: -3, minutes: 7 * 60)),
                        "endDate": ms(local(now, zone, days: -3, minutes: 7 * 60 + 40)), "duration": 2400,
                        "activeEnergyBurned": 310, "totalDistance": 6000,
                    ],
                ],
                "lastSleepDetail": [
                    "startDate": ms(bedtime), "endDate": ms(wake),
                    "sleepDatas": [
                        ["category": 4, "seconds": 3000], ["category": 3, "seconds": 18480],
                        ["category": 2, "seconds": 1800], ["category": 5, "seconds": 4320],
                        ["category": 99, "seconds": 25800],
                    ],
                ],
                "sleepData": .array(segments),
            ],
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
