import JSONKit
import ScriptCore
import ZonedTime

/// The control bindings `setUpdateFreq`, `setUpdateTime` and `endLiveActivity` (C1–C8).
extension RunState {
    /// The names the host installs on the global object, for replacement checks.
    static let controlBindingNames = ["setUpdateFreq", "setUpdateTime", "endLiveActivity"]

    /// Makes a global of the wider API (``APIRegistry``) on its first read.
    func makeBinding(_ name: String, in context: ScriptContext) throws -> JSValue {
        guard let made = try makeAPIBinding(name, in: context) else {
            throw NativeError(.error, "no host binding named \(name)")
        }
        return made
    }

    /// The control binding `name` (C1–C8), or nil for any other name.
    func controlBinding(_ name: String, in context: ScriptContext) -> JSValue? {
        switch name {
        case "setUpdateFreq":
            return context.builtInFunction(name) { [unowned self] call in
                try self.setUpdateFreq(call)
                return call.context.undefined
            }
        case "setUpdateTime":
            return context.builtInFunction(name) { [unowned self] call in
                try self.setUpdateTime(call)
                return call.context.undefined
            }
        case "endLiveActivity":
            return context.builtInFunction(name) { [unowned self] call in
                try self.endLiveActivity(call)
                return call.context.undefined
            }
        default:
            return nil
        }
    }

    /// Records a binding problem; in strict mode (C7) a warning becomes an exception.
    private func complain(
        _ call: NativeCall, _ function: String, _ code: DiagnosticCode, _ severity: Severity, _ message: String,
        throwing kind: NativeError.Kind
    ) throws {
        let site = callSite(call.context, name: function)
        diagnose(code, severity, message, line: site.line, column: site.column)
        if configuration.strict && severity == .warning {
            record(function, call, valid: false)
            throw NativeError(kind, message)
        }
    }

    private func time(_ ms: Double) -> String {
        ISO8601.format(epochMs: Int64(ms.rounded(.down)), in: configuration.zone)
    }

    /// C1, C2, C5.
    func setUpdateFreq(_ call: NativeCall) throws {
        let argument = call[0]
        let minutes = argument.isNumber ? try argument.toNumber() : .nan
        guard argument.isNumber, minutes.isFinite, minutes > 0 else {
            let expected = "setUpdateFreq(minutes) expects a finite number of minutes greater than 0"
            try complain(
                call, "setUpdateFreq", .invalidArgument, .warning,
                "\(expected); got \(ValueDescription.phrase(argument)); the call was ignored",
                throwing: argument.isNumber ? .rangeError : .typeError)
            record("setUpdateFreq", call, valid: false)
            return
        }
        if minutes < 5 {
            try complain(
                call, "setUpdateFreq", .freqBelowMinimum, .warning,
                "setUpdateFreq(\(JSONValue.formatNumber(minutes))) asks for less than 5 minutes; the system refreshes at most every 5 minutes, so the interval in force is 5",
                throwing: .rangeError)
        }
        requests.updateFrequencyMinutes = minutes
        record("setUpdateFreq", call, valid: true)
    }

    /// C3, C4, C5.
    func setUpdateTime(_ call: NativeCall) throws {
        let argument = call[0]
        let isTime = argument.isNumber || argument.isDate
        let ms = isTime ? try argument.toNumber() : .nan
        // Beyond ±8.64e15 ms no Date exists: treated like a non-finite time.
        guard isTime, ms.isFinite, abs(ms) <= 8.64e15 else {
            try complain(
                call, "setUpdateTime", .invalidArgument, .warning,
                "setUpdateTime(time) expects epoch milliseconds (a number) or a Date; got \(ValueDescription.phrase(argument)); the call was ignored",
                throwing: isTime ? .rangeError : .typeError)
            record("setUpdateTime", call, valid: false)
            return
        }
        let when = ms.rounded(.down)
        if when < 1e11 {
            try complain(
                call, "setUpdateTime", .timeLooksLikeSeconds, .warning,
                "setUpdateTime(\(JSONValue.formatNumber(when))) looks like seconds, which puts it in 1970 (\(time(when))); pass milliseconds, e.g. setUpdateTime(seconds * 1000) for \(time(when * 1000))",
                throwing: .rangeError)
        }
        guard when > now else {
            try complain(
                call, "setUpdateTime", .timeInPast, .warning,
                "setUpdateTime(\(time(when))) is not after now (\(time(now))); the call was ignored",
                throwing: .rangeError)
            record("setUpdateTime", call, valid: false)
            return
        }
        requests.updateTime = Int64(when)
        record("setUpdateTime", call, valid: true)
    }

    /// C6.
    func endLiveActivity(_ call: NativeCall) throws {
        guard configuration.kind.isLiveActivity else {
            try complain(
                call, "endLiveActivity", .endOutsideLiveActivity, .warning,
                "endLiveActivity() only ends a Live Activity; this script runs as a \(configuration.kind.rawValue) widget, so it has no effect (use --kind live)",
                throwing: .typeError)
            record("endLiveActivity", call, valid: false)
            return
        }
        if let ended = requests.liveActivityEndedAt {
            try complain(
                call, "endLiveActivity", .alreadyEnded, .info,
                "endLiveActivity() was already called at \(time(Double(ended))); this call has no further effect",
                throwing: .typeError)
            record("endLiveActivity", call, valid: false)
            return
        }
        requests.liveActivityEndedAt = Int64(now.rounded(.down))
        record("endLiveActivity", call, valid: true)
    }
}
