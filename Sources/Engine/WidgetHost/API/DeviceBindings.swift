import JSONKit
import ScriptCore
import ZonedTime

/// `Device`, `Location`, `Weather` and `Health`, answered from the device profile (A1).
extension BindingContext {
    func makeDevice(in context: ScriptContext) -> JSValue {
        func field(_ name: String, _ key: String) -> (String, Int, NativeFunctionBody) {
            (name, 0, { [unowned self] (call: NativeCall) throws -> JSValue in
                self.javaScript(self.api.profile["device"]?[key] ?? .null, in: call.context)
            })
        }
        return nativeObject(in: context, [
            field("systemVersion", "systemVersion"), field("name", "name"), field("model", "model"),
            ("language", 0, { [unowned self] (call: NativeCall) throws -> JSValue in
                call.context.string(LocaleTag.language(of: self.configuration.effectiveLocale))
            }),
            field("isdarkmode", "darkMode"), field("screen", "screen"),
            field("battery", "battery"), field("network", "network"), field("connectivity", "connectivity"),
        ])
    }

    /// The rejection when the profile denies a permission.
    private func denied(_ permission: String, _ function: String) -> APIOutcome? {
        guard !api.permitted(permission) else { return nil }
        let what = ["location": "Location", "calendar": "Calendar", "health": "Health"][permission] ?? permission
        return .failure(NativeError(.error, "\(function): the user has not allowed \(what) access (the profile's permissions.\(permission) is false)"))
    }

    /// An async call answered from the profile on the next turn of the host loop.
    private func answer(_ call: NativeCall, _ function: String, permission: String, _ produce: @escaping (Self, ScriptContext) -> APIOutcome) -> JSValue {
        deferred(call.context, function) { [unowned self] context in
            if let refusal = self.denied(permission, function) { return refusal }
            return produce(self, context)
        }
    }

    func makeLocation(in context: ScriptContext) -> JSValue {
        nativeObject(in: context, [
            ("getLocation", 0, { [unowned self] (call: NativeCall) throws -> JSValue in
                let cache = call[0]
                if !cache.isUndefined {
                    let minutes = cache.isNumber ? try cache.toNumber() : .nan
                    if !(minutes.isFinite && minutes >= 0) {
                        try self.misuse(call, "Location.getLocation", "Location.getLocation(cacheMinutes) expects a number of minutes, 0 or more; got \(ValueDescription.phrase(cache)); 60 was used")
                    }
                }
                return self.answer(call, "Location.getLocation", permission: "location") { state, context in
                    let location = state.api.profile["location"]
                    var fix: JSONObject = [:]
                    for key in ["latitude", "longitude", "altitude"] { fix[key] = location?[key] ?? .number(0) }
                    return .value(state.javaScript(.object(fix), in: context))
                }
            }),
            ("getPlacemark", 0, { [unowned self] (call: NativeCall) throws -> JSValue in
                let coordinates = call[0]
                var target: (Double, Double)?
                if !coordinates.isNullOrUndefined {
                    let latitude = coordinates.isObject ? try coordinates.property("latitude") : call.context.undefined
                    let longitude = coordinates.isObject ? try coordinates.property("longitude") : call.context.undefined
                    let lat = latitude.isNumber ? try latitude.toNumber() : .nan
                    let lon = longitude.isNumber ? try longitude.toNumber() : .nan
                    guard lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180 else {
                        let message = "Location.getPlacemark(coordinates) expects {latitude, longitude} as numbers in range; got \(ValueDescription.phrase(coordinates))"
                        return self.deferred(call.context, "Location.getPlacemark") { _ in .failure(NativeError(.typeError, message)) }
                    }
                    target = (lat, lon)
                }
                return self.answer(call, "Location.getPlacemark", permission: "location") { state, context in
                    .value(state.javaScript(state.placemark(near: target), in: context))
                }
            }),
        ])
    }

    /// The profile's placemark for the current position, or that of the profile place nearest to `target`.
    func placemark(near target: (Double, Double)?) -> JSONValue {
        let location = api.profile["location"]
        var best = location?["placemark"] ?? .object([:])
        guard let target else { return best }
        func distance(_ entry: JSONValue?) -> Double {
            let lat = entry?["latitude"]?.doubleValue ?? 0, lon = entry?["longitude"]?.doubleValue ?? 0
            return (lat - target.0) * (lat - target.0) + (lon - target.1) * (lon - target.1)
        }
        var bestDistance = distance(location)
        for place in location?["places"]?.arrayValue ?? [] where distance(place) < bestDistance {
            bestDistance = distance(place)
            best = place["placemark"] ?? best
        }
        return best
    }

    func makeWeather(in context: ScriptContext) -> JSValue {
        func report(_ name: String, _ key: String) -> (String, Int, NativeFunctionBody) {
            (name, 0, { [unowned self] (call: NativeCall) throws -> JSValue in
                self.answer(call, "Weather.\(name)", permission: "location") { state, context in
                    let weather = state.api.profile["weather"]?[key] ?? .object([:])
                    let answer = key == "today" ? DefaultWeather.withTimes(weather, zone: state.configuration.zone) : weather
                    return .value(context.string(answer.serialized()))
                }
            })
        }
        return nativeObject(in: context, [report("getCurrent", "current"), report("getToday", "today")])
    }

    func makeHealth(in context: ScriptContext) -> JSValue {
        func number(_ name: String, _ key: String) -> (String, Int, NativeFunctionBody) {
            (name, 0, { [unowned self] (call: NativeCall) throws -> JSValue in
                self.answer(call, "Health.\(name)", permission: "health") { state, context in
                    .value(context.number(state.api.profile["health"]?[key]?.doubleValue ?? 0))
                }
            })
        }
        func json(_ name: String, _ key: String, _ shape: @escaping (Self, JSONValue) -> JSONValue = { $0.withTimes($1) }) -> (String, Int, NativeFunctionBody) {
            (name, 0, { [unowned self] (call: NativeCall) throws -> JSValue in
                self.answer(call, "Health.\(name)", permission: "health") { state, context in
                    .value(context.string(shape(state, state.api.profile["health"]?[key] ?? .null).serialized()))
                }
            })
        }
        return nativeObject(in: context, [
            number("getStepsToday", "stepsToday"), number("getActiveEnergyToday", "activeEnergyToday"),
            number("getDistanceToday", "distanceToday"), number("getFlightsClimbedToday", "flightsClimbedToday"),
            ("getStepsBetween", 2, { [unowned self] (call: NativeCall) throws -> JSValue in
                let start = try call[0].dateTime ?? (call[0].isNumber ? call[0].toNumber() : .nan)
                let end = try call[1].dateTime ?? (call[1].isNumber ? call[1].toNumber() : .nan)
                guard start.isFinite, end.isFinite else {
                    let message = "Health.getStepsBetween(startMs, endMs) expects two epoch-millisecond times; got \(ValueDescription.phrase(call[0])) and \(ValueDescription.phrase(call[1]))"
                    return self.deferred(call.context, "Health.getStepsBetween") { _ in .failure(NativeError(.typeError, message)) }
                }
                return self.answer(call, "Health.getStepsBetween", permission: "health") { state, context in
                    let health = state.api.profile["health"]
                    return .value(context.number(DefaultProfile.steps(
                        from: start, to: end, now: state.now, zone: state.configuration.zone,
                        stepsToday: health?["stepsToday"]?.doubleValue ?? 0, perHour: health?["stepsPerHour"]?.doubleValue ?? 0)))
                }
            }),
            json("getLatestHeartRate", "latestHeartRate"), json("getRestingHeartRate", "restingHeartRate"),
            json("getLatestBodyMass", "latestBodyMass"), json("getActivitySummaryToday", "activitySummaryToday"),
            ("getRecentWorkouts", 1, { [unowned self] (call: NativeCall) throws -> JSValue in
                let argument = call[0]
                var days = argument.isNumber ? try argument.toNumber() : 7
                if !argument.isNumber && !argument.isUndefined {
                    try self.misuse(call, "Health.getRecentWorkouts", "Health.getRecentWorkouts(days) expects a number of days; got \(ValueDescription.phrase(argument)); 7 was used")
                }
                if !(days > 0) || !days.isFinite { days = 7 }
                let span = days
                return self.answer(call, "Health.getRecentWorkouts", permission: "health") { state, context in
                    .value(context.string(state.recentWorkouts(days: span).serialized()))
                }
            }),
            json("getLastSleepDetail", "lastSleepDetail"),
            json("getSleepData", "sleepData") { state, value in
                let since = state.now - 48 * 3_600_000
                let segments = (value.arrayValue ?? []).map { state.withTimes($0) }
                    .filter { ($0["endDate"]?.doubleValue ?? 0) >= since }
                return .array(segments)
            },
        ])
    }

    /// The profile's workouts that started in the last `days` days, newest first.
    func recentWorkouts(days: Double) -> JSONValue {
        let since = now - days * 86_400_000
        func start(_ workout: JSONValue) -> Double { workout["startDate"]?.doubleValue ?? 0 }
        let all: [JSONValue] = (api.profile["health"]?["workouts"]?.arrayValue ?? []).map { withTimes($0) }
        let recent = all.filter { start($0) >= since && start($0) <= now }
        return .array(recent.sorted { start($0) > start($1) })
    }

    /// The value with its `date`, `startDate` and `endDate` given as ISO strings turned into epoch milliseconds.
    func withTimes(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(var object):
            for key in ["date", "startDate", "endDate"] {
                if case .string(let text)? = object[key], let ms = DeviceProfile.parseTime(text, zone: configuration.zone) {
                    object[key] = .number(Double(ms))
                }
            }
            return .object(object)
        case .array(let list): return .array(list.map(withTimes))
        default: return value
        }
    }
}
