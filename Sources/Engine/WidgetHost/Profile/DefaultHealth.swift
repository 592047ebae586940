import JSONKit
import ZonedTime

/// The built-in health data (A1, A13): a day whose figures agree with one another and with the
/// run's now in its zone.
///
/// The person sleeps from 23:05 to 06:45 (``DefaultProfile/bedtime``, ``DefaultProfile/wakeTime``)
/// and is active only while awake: 420 steps, 0.6 flights, 20 kcal of active energy, 1.5 minutes of
/// exercise and 0.75 stand hours an hour, so today's figures grow from 0 at midnight and the steps
/// between two times (``steps(from:to:)``) over today add up to today's steps. Last night's sleep
/// ended at the last 06:45; a walk yesterday at 18:00 and a run three days ago at 07:00.
enum DefaultHealth {
    static let stepsPerHour = 420.0
    /// Metres a step (the distance walked and run is the steps times this).
    static let stride = 0.725

    static func make(now: Int64, zone: Zone, overlay: JSONValue?) -> JSONValue {
        func ms(_ value: Int64) -> JSONValue { .number(Double(value)) }
        func at(_ days: Int, _ minutes: Int) -> Int64 { DefaultProfile.local(now, zone, days: days, minutes: minutes) }
        let awake = Double(DefaultProfile.awakeMilliseconds(from: at(0, 0), to: now, zone: zone)) / 3_600_000
        let given = overlay?["health"]
        let steps = given?["stepsToday"]?.doubleValue ?? (awake * (given?["stepsPerHour"]?.doubleValue ?? stepsPerHour)).rounded()
        let energy = given?["activeEnergyToday"]?.doubleValue ?? (awake * 20 * 10).rounded() / 10

        // Last night: asleep 23:05, up 06:45 (7 h 40 min in bed, 7 h 10 min asleep).
        let wake = at(0, DefaultProfile.wakeTime) <= now ? at(0, DefaultProfile.wakeTime) : at(-1, DefaultProfile.wakeTime)
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
        return [
            "stepsToday": .number(steps), "activeEnergyToday": .number(energy),
            "distanceToday": .number((steps * stride * 10).rounded() / 10),
            "flightsClimbedToday": .number((awake * 0.6).rounded(.down)),
            "stepsPerHour": .number(stepsPerHour),
            "latestHeartRate": ["value": 72, "unit": "bpm", "date": ms(now - 600_000)],
            "restingHeartRate": ["value": 58, "unit": "bpm", "date": ms(wake)],
            "latestBodyMass": ["value": 68.5, "unit": "kg", "date": ms(now - 86_400_000)],
            "activitySummaryToday": [
                "activeEnergyBurned": .number(energy), "activeEnergyBurnedGoal": 400,
                "exerciseTime": .number((awake * 1.5).rounded(.down)), "exerciseTimeGoal": 30,
                "standHours": .number((awake * 0.75).rounded(.down)), "standHoursGoal": 12,
                "date": ms(at(0, 0)),
            ],
            "workouts": [
                // activityType is HealthKit's HKWorkoutActivityType: 37 walking, 52 running.
                [
                    "activityType": 37, "startDate": ms(at(-1, 18 * 60)), "endDate": ms(at(-1, 18 * 60 + 30)),
                    "duration": 1800, "activeEnergyBurned": 140, "totalDistance": 2400,
                ],
                [
                    "activityType": 52, "startDate": ms(at(-3, 7 * 60)), "endDate": ms(at(-3, 7 * 60 + 40)),
                    "duration": 2400, "activeEnergyBurned": 310, "totalDistance": 6000,
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
        ]
    }
}
