import ScriptCore

/// The globals by which a script asks the system for something (C1–C6): their names, for the
/// timeline, which reads them back from a run's events.
public enum ControlBinding: String, CaseIterable, Sendable {
    /// `setUpdateFreq(minutes)`.
    case setUpdateFreq
    /// `setUpdateTime(time)`.
    case setUpdateTime
    /// `endLiveActivity()`.
    case endLiveActivity
}

/// The declarations of the control bindings, `console`, `sleep` and the timers (C1–C8, S8, T3): each global once,
/// with its members, their docs and TypeScript types, and how the host makes it.
extension APIRegistry {
    static let runtime: [APIGlobal] = [
        APIGlobal(
            ControlBinding.setUpdateFreq.rawValue, .function, rules: "C1, C2, C5",
            summary: "Asks for the next refresh after a number of minutes.",
            members: [
                .call("(minutes)", returns: "undefined", "`minutes` must be a finite number above 0 (`invalid-argument` otherwise); below 5 gives `freq-below-minimum` and 5 is in force.",
                    type: .call("minutes: number", "void")),
            ],
            made: .control { state, name in { call in try state.setUpdateFreq(call, as: name); return call.context.undefined } }),
        APIGlobal(
            ControlBinding.setUpdateTime.rawValue, .function, rules: "C3, C4, C5",
            summary: "Asks for the next refresh at a time.",
            members: [
                .call("(time)", returns: "undefined", "Epoch milliseconds or a `Date`; below 1e11 gives `time-looks-like-seconds`; not after now gives `time-in-past`.",
                    type: .call("time: number | Date", "void")),
            ],
            made: .control { state, name in { call in try state.setUpdateTime(call, as: name); return call.context.undefined } }),
        APIGlobal(
            ControlBinding.endLiveActivity.rawValue, .function, rules: "C6",
            summary: "Ends the running Live Activity.",
            members: [
                .call("()", returns: "undefined", "Records an `end` event in a `live` script; `already-ended` when called again; `end-outside-live-activity` in other kinds.",
                    type: .call("", "void")),
            ],
            made: .control { state, name in { call in try state.endLiveActivity(call, as: name); return call.context.undefined } }),
        APIGlobal(
            "console", .object, rules: "S8",
            summary: "The console, captured in order with its level (at most 200 entries a run).",
            members: [
                .function("log", "(...values)", returns: "undefined", "Joins the values with spaces; objects print as JSON.",
                    type: .call("...values: any[]", "void")),
                .function("info", "(...values)", returns: "undefined", "Like `log`, level `info`.",
                    type: .call("...values: any[]", "void")),
                .function("warn", "(...values)", returns: "undefined", "Like `log`, level `warn`.",
                    type: .call("...values: any[]", "void")),
                .function("error", "(...values)", returns: "undefined", "Like `log`, level `error`.",
                    type: .call("...values: any[]", "void")),
                .function("debug", "(...values)", returns: "undefined", "Like `log`, level `debug`.",
                    type: .call("...values: any[]", "void")),
            ],
            editions: [.ios, .harmony],
            made: .host { state, name, context in state.installConsole(named: name, in: context) }),
        APIGlobal(
            "sleep", .function, rules: "T3",
            summary: "Waits on the virtual clock.",
            members: [
                .call("(ms)", .async, returns: "Promise<undefined>", "Resolves after `ms` virtual milliseconds; the clock jumps, nothing waits in real time. Not an iOS global: `this.sleep = …` makes an ordinary output.",
                    type: .call("ms: number", "Promise<undefined>")),
            ],
            made: .host { (state, name, context) throws(ScriptError) in try state.installSleep(named: name, in: context) }),
        APIGlobal(
            "setTimeout", .function, rules: "T3",
            summary: "A timer on the virtual clock.",
            members: [
                .call("(callback, ms, ...args)", returns: "number", "Calls `callback` after `ms` virtual milliseconds; returns its id.",
                    type: .call("callback: (...args: any[]) => void, ms?: number, ...args: any[]", "number")),
            ],
            editions: [.ios, .harmony],
            made: .function { state, name in state.timer(name, repeating: false) }),
        APIGlobal(
            "setInterval", .function, rules: "T3",
            summary: "A repeating timer on the virtual clock.",
            members: [
                .call("(callback, ms, ...args)", returns: "number", "Calls `callback` every `ms` virtual milliseconds; returns its id.",
                    type: .call("callback: (...args: any[]) => void, ms?: number, ...args: any[]", "number")),
            ],
            editions: [.ios, .harmony],
            made: .function { state, name in state.timer(name, repeating: true) }),
        APIGlobal(
            "clearTimeout", .function, rules: "T3",
            summary: "Cancels a timer.",
            members: [
                .call("(id)", returns: "undefined", "Cancels the timer with that id.",
                    type: .call("id?: number", "void")),
            ],
            editions: [.ios, .harmony],
            made: .function { state, _ in state.clearTimer }),
        APIGlobal(
            "clearInterval", .function, rules: "T3",
            summary: "Cancels a repeating timer.",
            members: [
                .call("(id)", returns: "undefined", "Cancels the interval with that id.",
                    type: .call("id?: number", "void")),
            ],
            editions: [.ios, .harmony],
            made: .function { state, _ in state.clearTimer }),
    ]
}
