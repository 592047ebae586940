import ErrorKinds
import JSONKit
import ScriptCore
import ZonedTime

/// The control bindings (C1–C8), each called with the name its declaration gives it
/// (`API/Globals/RuntimeGlobals.swift`), which their events and messages use.
extension BindingContext {
    /// Records a binding problem; in strict mode (C7) a warning becomes an exception.
    func complain(
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

    func time(_ ms: Double) -> String {
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
        let ms = try argument.dateTime ?? (isTime ? argument.toNumber() : .nan)
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

/// The HarmonyOS edition's control bindings (H5, H6): after the script the app reads its
/// `__nextUpdate` and asks the platform for one next refresh, so the last valid call of either
/// function wins and nothing carries over to the next run (H7). 0 or a value that is not a
/// number is as if the function were not called.
extension BindingContext {
    /// The info for a call that is as if it were not made (H5, H6).
    private func notCalled(_ call: NativeCall, _ name: String, _ why: String) {
        let site = callSite(call.context, name: name)
        diagnose(.updateCallIgnored, .info, "\(name)(\(ValueDescription.phrase(call[0]))): \(why), so it is as if \(name) were not called", line: site.line, column: site.column)
        record(name, call, valid: false)
    }

    /// H5: `setUpdateFreq(minutes)`, whole minutes.
    func harmonyUpdateFreq(_ call: NativeCall, as name: String) throws {
        let argument = call[0]
        guard argument.isNumber else { return notCalled(call, name, "a value that is not a number is ignored") }
        let minutes = try argument.toNumber()
        if minutes == 0 { return notCalled(call, name, "0 is ignored") }
        guard minutes.isFinite, minutes > 0 else {
            try complain(call, name, .invalidArgument, .warning,
                         "\(name)(minutes) expects a whole number of minutes above 0; got \(ValueDescription.phrase(argument)); the call was ignored",
                         throwing: .rangeError)
            record(name, call, valid: false)
            return
        }
        // A choice (H5): a fraction is taken up to the next whole minute, so the refresh is never
        // asked for earlier than the script said ("MIN 是「不要早于这个时间」的下界").
        let whole = min(minutes.rounded(.up), 1_440_000)
        if whole != minutes {
            try complain(call, name, .invalidArgument, .info,
                         "\(name)(\(JSONValue.formatNumber(minutes))) takes whole minutes; \(JSONValue.formatNumber(whole)) is asked for",
                         throwing: .rangeError)
        }
        if whole < HarmonyRules.minimumRefreshMinutes {
            try complain(call, name, .freqBelowMinimum, .warning,
                         "\(name)(\(JSONValue.formatNumber(whole))) asks for less than 5 minutes; the platform refreshes a card at most every 5 minutes, so 5 is asked for",
                         throwing: .rangeError)
        }
        requests.updateFrequencyMinutes = whole
        requests.updateTime = nil
        record(name, call, valid: true)
    }

    /// H6: `setUpdateTime(ms)`, epoch milliseconds.
    func harmonyUpdateTime(_ call: NativeCall, as name: String) throws {
        let argument = call[0]
        guard argument.isNumber else {
            let why = argument.isDate ? "a Date is not a number (pass date.getTime())" : "a value that is not a number is ignored"
            return notCalled(call, name, why)
        }
        let ms = try argument.toNumber()
        if ms == 0 { return notCalled(call, name, "0 is ignored") }
        guard ms.isFinite, ms > 0, ms <= 8.64e15 else {
            try complain(call, name, .invalidArgument, .warning,
                         "\(name)(ms) expects epoch milliseconds; got \(ValueDescription.phrase(argument)); the call was ignored",
                         throwing: .rangeError)
            record(name, call, valid: false)
            return
        }
        let when = ms.rounded(.down)
        if when < 1e11 {
            try complain(call, name, .timeLooksLikeSeconds, .warning,
                         "\(name)(\(JSONValue.formatNumber(when))) looks like seconds, which puts it in 1970 (\(time(when))); pass milliseconds, e.g. \(name)(seconds * 1000)",
                         throwing: .rangeError)
        } else if when <= now {
            // A choice (H6): the platform takes minutes from now, at least 5, so a past time asks
            // for the earliest refresh it allows.
            try complain(call, name, .timeInPast, .warning,
                         "\(name)(\(time(when))) is not after now (\(time(now))); the platform refreshes at the earliest 5 minutes after the run",
                         throwing: .rangeError)
        }
        requests.updateTime = Int64(when)
        requests.updateFrequencyMinutes = nil
        record(name, call, valid: true)
    }
}
