import ErrorKinds
import JSONKit
import ScriptCore
import ZonedTime

/// The control bindings (C1–C8), each called with the name its declaration gives it
/// (`API/Globals/RuntimeGlobals.swift`), which their events and messages use.
extension BindingContext {
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
    func setUpdateFreq(_ call: NativeCall, as name: String) throws {
        let argument = call[0]
        let minutes = argument.isNumber ? try argument.toNumber() : .nan
        guard argument.isNumber, minutes.isFinite, minutes > 0 else {
            let expected = "\(name)(minutes) expects a finite number of minutes greater than 0"
            try complain(
                call, name, .invalidArgument, .warning,
                "\(expected); got \(ValueDescription.phrase(argument)); the call was ignored",
                throwing: argument.isNumber ? .rangeError : .typeError)
            record(name, call, valid: false)
            return
        }
        if minutes < 5 {
            try complain(
                call, name, .freqBelowMinimum, .warning,
                "\(name)(\(JSONValue.formatNumber(minutes))) asks for less than 5 minutes; the system refreshes at most every 5 minutes, so the interval in force is 5",
                throwing: .rangeError)
        }
        requests.updateFrequencyMinutes = minutes
        record(name, call, valid: true)
    }

    /// C3, C4, C5.
    func setUpdateTime(_ call: NativeCall, as name: String) throws {
        let argument = call[0]
        let isTime = argument.isNumber || argument.isDate
        let ms = isTime ? try argument.toNumber() : .nan
        // Beyond ±8.64e15 ms no Date exists: treated like a non-finite time.
        guard isTime, ms.isFinite, abs(ms) <= 8.64e15 else {
            try complain(
                call, name, .invalidArgument, .warning,
                "\(name)(time) expects epoch milliseconds (a number) or a Date; got \(ValueDescription.phrase(argument)); the call was ignored",
                throwing: isTime ? .rangeError : .typeError)
            record(name, call, valid: false)
            return
        }
        let when = ms.rounded(.down)
        if when < 1e11 {
            try complain(
                call, name, .timeLooksLikeSeconds, .warning,
                "\(name)(\(JSONValue.formatNumber(when))) looks like seconds, which puts it in 1970 (\(time(when))); pass milliseconds, e.g. \(name)(seconds * 1000) for \(time(when * 1000))",
                throwing: .rangeError)
        }
        guard when > now else {
            try complain(
                call, name, .timeInPast, .warning,
                "\(name)(\(time(when))) is not after now (\(time(now))); the call was ignored",
                throwing: .rangeError)
            record(name, call, valid: false)
            return
        }
        requests.updateTime = Int64(when)
        record(name, call, valid: true)
    }

    /// C6.
    func endLiveActivity(_ call: NativeCall, as name: String) throws {
        guard configuration.kind.isLiveActivity else {
            try complain(
                call, name, .endOutsideLiveActivity, .warning,
                "\(name)() only ends a Live Activity; this script runs as a \(configuration.kind.rawValue) widget, so it has no effect (use --kind live)",
                throwing: .typeError)
            record(name, call, valid: false)
            return
        }
        if let ended = requests.liveActivityEndedAt {
            try complain(
                call, name, .alreadyEnded, .info,
                "\(name)() was already called at \(time(Double(ended))); this call has no further effect",
                throwing: .typeError)
            record(name, call, valid: false)
            return
        }
        requests.liveActivityEndedAt = Int64(now.rounded(.down))
        record(name, call, valid: true)
    }
}
