import JSONKit
import ScriptCore
import ZonedTime

/// `Calendar.getEvents()` (A1); the lunar helpers are JavaScript (``APIScript``).
extension BindingContext {
    /// `2026-05-03 10:00:00 +0000`, the form the app prints event times in.
    static func eventTime(_ ms: Int64) -> String {
        let civil = CivilDateTime(epochMilliseconds: ms, in: .utc)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = String(civil.year)
        return "\(String(repeating: "0", count: max(0, 4 - year.count)))\(year)-\(two(civil.month))-\(two(civil.day)) \(two(civil.hour)):\(two(civil.minute)):\(two(civil.second)) +0000"
    }

    /// The profile's events that overlap [now, now + 1 month), sorted by start, as the documented JSON.
    func calendarEvents() -> JSONValue {
        let zone = configuration.zone
        let start = Int64(now.rounded(.down))
        var civil = CivilDateTime(epochMilliseconds: start, in: zone)
        civil.month += 1
        if civil.month > 12 { civil.month = 1; civil.year += 1 }
        civil.day = min(civil.day, CivilCalendar.daysInMonth(year: civil.year, month: civil.month))
        let end = civil.epochMilliseconds(in: zone)
        func time(_ value: JSONValue?) -> Int64? {
            switch value {
            case .number(let ms)?: return Int64(exactly: ms.rounded(.towardZero))
            case .string(let text)?: return DeviceProfile.parseTime(text, zone: zone)
            default: return nil
            }
        }
        var events: [(Int64, JSONValue)] = []
        for event in api.profile["calendar"]?["events"]?.arrayValue ?? [] {
            guard let from = time(event["startDate"]) else { continue }
            let to = time(event["endDate"]) ?? from
            guard to > start || from >= start, from < end else { continue }
            events.append((from, .object([
                "title": event["title"] ?? "", "startDate": .string(Self.eventTime(from)), "endDate": .string(Self.eventTime(to)),
                "notes": event["notes"] ?? "", "color": event["color"] ?? "",
            ])))
        }
        return .array(events.sorted { $0.0 < $1.0 }.map(\.1))
    }

    /// `native.getEvents()`.
    func getEvents(_ call: NativeCall) -> JSValue {
        deferred(call.context, "Calendar.getEvents") { [unowned self] context in
            guard self.api.permitted("calendar") else {
                return .failure(NativeError(.error, "Calendar.getEvents: the user has not allowed Calendar access (the profile's permissions.calendar is false)"))
            }
            return .value(context.string(self.calendarEvents().serialized()))
        }
    }

    // MARK: Globals built in JavaScript

    /// `Request`, `HTMLDoc` and `Calendar`: made by ``APIScript`` over the natives below.
    func makeScriptGlobal(_ name: String, in context: ScriptContext) throws -> JSValue {
        if api.factories == nil {
            guard let host else { throw NativeError(.error, "the host is gone") }
            let factory = try context.evaluate(try host.apiScript())
            let made = try context.call(factory, arguments: [makeScriptNatives(in: context), makeScriptTools(in: context)])
            api.factories = ProtectedValue(made)
        }
        let factories = api.factories!.value
        return try context.call(try factories.property(name), this: factories)
    }

    /// The built-ins the JavaScript half of the API uses, from a realm no script runs in: a
    /// script that replaces `Date`, `String` or `Reflect` cannot change what they do.
    private func makeScriptTools(in context: ScriptContext) -> JSValue {
        let tools = context.object()
        for (name, expression) in [
            ("Date", "Date"), ("toLocaleDateString", "Date.prototype.toLocaleDateString"), ("apply", "Reflect.apply"),
            ("defineProperty", "Object.defineProperty"), ("String", "String"), ("floor", "Math.floor"),
        ] {
            tools.define(name, context.intrinsic(expression))
        }
        return tools
    }

    /// The natives the JavaScript half of the API calls; never reachable from the script.
    private func makeScriptNatives(in context: ScriptContext) -> JSValue {
        nativeObject(in: context, [
            ("send", 2, { [unowned self] (call: NativeCall) throws -> JSValue in try self.send(call) }),
            ("htmlParse", 1, { [unowned self] (call: NativeCall) throws -> JSValue in try self.htmlParse(call) }),
            ("xpath", 2, { [unowned self] (call: NativeCall) throws -> JSValue in try self.htmlXPath(call) }),
            ("getEvents", 0, { [unowned self] (call: NativeCall) throws -> JSValue in self.getEvents(call) }),
            ("now", 0, { [unowned self] (call: NativeCall) throws -> JSValue in call.context.number(self.now) }),
            ("today", 0, { [unowned self] (call: NativeCall) throws -> JSValue in
                let civil = CivilDateTime(epochMilliseconds: Int64(self.now.rounded(.down)), in: self.configuration.zone)
                let today = call.context.object()
                today.define("y", call.context.number(Double(civil.year)))
                today.define("m", call.context.number(Double(civil.month)))
                today.define("d", call.context.number(Double(civil.day)))
                return today
            }),
            ("noon", 3, { [unowned self] (call: NativeCall) throws -> JSValue in
                let civil = CivilDateTime(
                    year: Int(try call[0].toNumber()), month: Int(try call[1].toNumber()), day: Int(try call[2].toNumber()), hour: 12)
                return call.context.number(Double(civil.epochMilliseconds(in: self.configuration.zone)))
            }),
            ("typeError", 1, { (call: NativeCall) throws -> JSValue in call.context.makeError(.typeError, try call[0].toString()) }),
            ("misuse", 3, { [unowned self] (call: NativeCall) throws -> JSValue in
                let kind: NativeError.Kind = (try call[2].toString()) == "RangeError" ? .rangeError : .typeError
                try self.misuse(call, try call[0].toString(), try call[1].toString(), kind: kind)
                return call.context.undefined
            }),
        ])
    }
}
