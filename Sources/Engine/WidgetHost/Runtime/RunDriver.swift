import ICUZones
import JSONKit
import ScriptCore
import ScriptSyntax

/// One run from fresh context to report, in order: host globals, body, virtual
/// timers until the body settles (S4), outputs (O1–O6), then the report. What the run
/// accumulates on the way lives in its ``RunState``; the driver holds only the outcome.
///
/// What a run passes through, top to bottom as this file reads:
///
///     ScriptHost.run(source, configuration)
///       |  PreparedScript: scanned and wrapped once per text (S1), compiled once per engine
///       v
///     +-----------------------------------------------------------------------------+
///     | RunDriver.run                                                               |
///     |   syntax problem? ----------------------------------------------> report    |
///     |   arm limits (time, memory: S6, S7), VirtualClock.begin                     |
///     |   execute:                                                                  |
///     |     installRegistration        the body's start and end markers             |
///     |     installHostGlobals         APIRegistry's declarations, every run:       |
///     |       control bindings, timers   data properties, built-in-shaped (C1-C8, T3) |
///     |       sleep, console, Math.random                                           |
///     |       the API's globals          accessors built on first read              |
///     |           |                                                                 |
///     |           |  each binding sees its run through BindingContext:              |
///     |           |  clock, diagnostics, events, timers, storage and network        |
///     |           v                                                                 |
///     |     body (the wrapped script) -> startBody                                  |
///     |     timer loop until the body settles (T3, S4)  <- TimerQueue, host work    |
///     |     replaced globals noticed, outputs collected (O1-O6)                     |
///     |   a thrown error -> fail / a termination -> stop                            |
///     |   storage written back (A4)                                                 |
///     +-----------------------------------------------------------------------------+
///       |
///       v
///     makeReport -> RunReport (bounded)
struct RunDriver {
    let host: ScriptHost
    /// The engine this run uses, and the fresh context made in it.
    let engine: HostEngine
    private var context: ScriptContext?
    let state: RunState
    let source: ScriptSource
    private var status = RunStatus.ok
    private var failure: ScriptFailure?
    private var outputs: JSONObject = [:]
    /// Why the script was not prepared, when its limits stopped it before it was parsed.
    private let unprepared: Unprepared?

    /// A run of `source` in `context`; without a context when `unprepared` says why the script
    /// will not run.
    init(host: ScriptHost, engine: HostEngine, context: ScriptContext?, state: RunState, source: ScriptSource, unprepared: Unprepared? = nil) {
        self.host = host
        self.engine = engine
        self.context = context
        self.state = state
        self.source = source
        self.unprepared = unprepared
    }

    private var configuration: RunConfiguration { state.configuration }
    private var wrapped: WrappedScript { state.wrapped }

    mutating func run() -> RunReport {
        if let unprepared {
            refuse(unprepared)
            return makeReport()
        }
        if let problem = wrapped.scan.problems.first {
            reportSyntaxError(problem.message, line: problem.position.line, column: problem.position.column)
            return makeReport()
        }
        for left in state.prepared.notCollected {
            state.diagnose(.bindingNotCollected, .info, BindingCollection.message(left), line: left.position.line, column: left.position.column)
        }
        let runtime = engine.runtime
        guard let context else { preconditionFailure("a run executes once") }
        self.context = nil
        if case .builtIn(let reason) = EngineZoneRules.prepare() {
            state.diagnose(
                .zoneRulesNotCurrent, .warning,
                "the script's Date and Intl use the engine's compiled-in time zone rules, not the system's tzdata that the report's times use: \(reason); local times can differ from the report's where a zone's rules changed since the engine was built (fix the cause to use the system's rules)")
        }
        runtime.arm(timeLimit: configuration.timeLimitSeconds, memoryLimitBytes: Int(configuration.memoryLimitMB * 1_048_576))
        if let left = runtime.secondsLeft { state.deadline = ContinuousClock.now + .seconds(left) }
        VirtualClock.begin(at: state.now)
        defer { VirtualClock.end() }
        do {
            try execute(in: context)
            runtime.disarm()
        } catch let error where error.termination != nil {
            runtime.recoverAfterTermination()
            stop(error.termination!)
        } catch {
            runtime.disarm()
            fail(error)
        }
        // Storage is written back once the run ends, whatever its status (A4); in the HarmonyOS
        // edition only after a run that ended ok (H10).
        state.apiRun?.finish(saving: status == .ok || configuration.edition != .harmony || HarmonyRules.savesStorageAfterFailedRun)
        return makeReport()
    }

    private mutating func execute(in context: ScriptContext) throws(ScriptError) {
        // The host's own functions first: the body's start, then every host global (the same
        // for every script, whatever its text says).
        try state.installRegistration(in: context)
        try state.installHostGlobals(in: context)
        context.setUnhandledRejectionHandler { [unowned state] promise, reason in state.unhandledRejection(promise, reason) }

        // The body (S1): the wrapped text evaluates to the body's function, which the host calls.
        // A script whose preparing took its whole time is not compiled as well.
        if let reason = engine.runtime.checkLimits(memory: false) { throw ScriptError.terminatedForHost(reason) }
        let compiled = state.prepared.compiledBody(for: engine.runtime)
        let body: JSValue
        do {
            if let compiled {
                body = try context.evaluate(compiled)
            } else {
                body = try context.evaluate(wrapped.text, sourceURL: wrapped.sourceURL)
            }
        } catch where error.name == "SyntaxError" && error.termination == nil {
            let wrapped = self.wrapped, original = error
            let line = error.line.map { wrapped.userLocation(line: $0, column: nil).line }
            // The engine's own parser decides where the error is, on the script cut short (S1).
            let reproduces = { (offset: Int) -> Bool in
                do throws(ScriptError) {
                    try context.checkSyntax(wrapped.text(beforeUserOffset: offset), sourceURL: wrapped.sourceURL)
                    return false
                } catch {
                    return error.message == original.message && error.line == original.line
                }
            }
            let place = line.map {
                SyntaxErrorPlace.locate(message: error.message, line: $0, source: source.text, lines: wrapped.lines, reproduces: reproduces)
            }
            reportSyntaxError(place?.message ?? error.message, line: line, column: place?.column)
            return
        }
        try state.startBody(body, in: context)

        // Virtual timers until the body settles (T3, S4).
        var firings = 0
        while state.settlement == nil {
            if let reason = engine.runtime.checkLimits() { throw ScriptError.terminatedForHost(reason) }
            guard let timer = state.timers.popNext() else {
                status = .timeout
                state.diagnose(
                    .neverSettles, .error,
                    "the script waits for a promise that nothing will ever settle (no timer or request is pending); on a device it would be stopped at its time limit")
                break
            }
            // The HarmonyOS limit counts virtual time too (H4): a timer or a request due past it
            // is never reached, the run is stopped where the limit ends.
            if configuration.limitsVirtualTime, timer.deadline > state.startedAt + configuration.timeLimitSeconds * 1000 {
                state.now = max(state.now, state.startedAt + configuration.timeLimitSeconds * 1000)
                throw ScriptError.terminatedForHost(.timeout)
            }
            firings += 1
            if firings > configuration.timerFiringLimit {
                status = .timeout
                state.diagnose(
                    .timerLimit, .error,
                    "the script fired more than \(configuration.timerFiringLimit) timers without finishing; clear intervals it no longer needs")
                break
            }
            state.now = max(state.now, timer.deadline)
            switch timer.action {
            case .callback(let callback, let arguments):
                let extra = try arguments?.value.arrayElements() ?? []
                try context.call(callback.value, arguments: extra)
            case .work(let work): try work.perform(context)
            }
        }
        // The limits once more when the body has settled, before its outputs are read: the last
        // allocation may have come after the engine's last tick, and what the script holds then
        // decides its status, not whether the tick's thread was scheduled in time (S6, S7).
        if state.settlement != nil, let reason = engine.runtime.checkLimits() { throw ScriptError.terminatedForHost(reason) }
        if state.settlement != nil, !state.timers.isEmpty {
            let work = state.timers.hostWorkCount
            let timers = state.timers.count - work
            var parts: [String] = []
            if timers > 0 { parts.append("\(timers) timer\(timers == 1 ? "" : "s")") }
            if work > 0 { parts.append("\(work) request\(work == 1 ? "" : "s") or API call\(work == 1 ? "" : "s")") }
            let count = state.timers.count
            state.diagnose(
                .pendingWorkCancelled, .warning,
                "\(parts.joined(separator: " and ")) \(count == 1 ? "was" : "were") still pending when the script finished and \(count == 1 ? "was" : "were") cancelled; await the work (e.g. await sleep(ms), await req.fetchJSON()) if the script needs it")
        }
        try state.noticeReplacedHostGlobals(in: context)
        state.reportReplacedGlobals()

        switch state.settlement {
        case .rejected(let reason)?:
            fail(context.scriptError(from: reason.value))
        case .fulfilled(false, let returned?)? where configuration.edition == .harmony:
            try publishReturned(returned.value, in: context)
        case .fulfilled(let completed, _)?:
            if !completed {
                let at = wrapped.scan.topLevelReturns.first
                state.diagnose(
                    .topLevelReturn, .warning,
                    "the script returned at top level; outputs were collected from the bindings initialised by then (use if/else if later code should run)",
                    line: at?.line, column: at?.column)
            }
            var collector = OutputCollector(state: state)
            outputs = try collector.collect(context: context, reader: state.reader?.value)
        case nil:
            break
        }
    }

    /// A top-level `return` in the HarmonyOS edition (H3, a *choice*): the app's wrapper is
    /// `(async () => { …; return { ...vars }; })()`, so what the script returns first is what the
    /// body resolves to. A plain object is then the card's bindings; anything else fails the run
    /// (the card keeps its last bindings).
    private mutating func publishReturned(_ value: JSValue, in context: ScriptContext) throws(ScriptError) {
        let at = wrapped.scan.topLevelReturns.first
        guard value.kind == .object, !value.isArray, !value.isFunction else {
            status = .error
            let message = "the script returned \(ValueDescription.phrase(value)) at top level; a HarmonyOS card's bindings are the object its body returns, so this run publishes nothing and the card keeps its last bindings; remove the return (the host adds return { ...vars } itself)"
            state.diagnose(.topLevelReturn, .error, message, line: at?.line, column: at?.column)
            failure = ScriptFailure(name: "TopLevelReturn", message: message, line: at?.line, column: at?.column, stack: [])
            return
        }
        state.diagnose(
            .topLevelReturn, .info,
            "the script returned an object at top level; in the HarmonyOS edition that object is the card's bindings and the top-level declarations are not collected (the docs ask for no return: the host adds return { ...vars } itself)",
            line: at?.line, column: at?.column)
        var collector = OutputCollector(state: state)
        outputs = try collector.collect(returned: value, in: context)
    }

    // MARK: Outcomes

    private mutating func reportSyntaxError(_ message: String, line: Int?, column: Int?) {
        status = .error
        state.diagnose(.syntaxError, .error, "SyntaxError: \(message)", line: line, column: column)
        failure = ScriptFailure(name: "SyntaxError", message: message, line: line, column: column, stack: [])
    }

    private mutating func fail(_ error: ScriptError) {
        // The engine's own refusal of an allocation is the memory limit reached, whatever limit
        // the guard had set (S6).
        if error.name == "RangeError", error.message == "Out of memory", error.termination == nil {
            return stop(.memory, engineRefused: true)
        }
        status = .error
        var line: Int?
        var column: Int?
        if error.sourceURL == wrapped.sourceURL, let wrappedLine = error.line {
            (line, column) = wrapped.userLocation(line: wrappedLine, column: error.column)
        }
        let stack = wrapped.userStack(error.stack)
        if line == nil, let first = stack.first(where: { $0.contains("(\(wrapped.sourceURL):") }) {
            (line, column) = StackFrame.location(first)
        }
        failure = ScriptFailure(name: error.name, message: error.message, line: line, column: column, stack: stack)
        state.diagnose(.uncaughtError, .error, "uncaught \(error.description)", line: line, column: column)
    }

    private mutating func stop(_ reason: ScriptError.Termination, engineRefused: Bool = false) {
        switch reason {
        case .memory where engineRefused:
            status = .memory
            state.diagnose(
                .memoryLimit, .error,
                "the script asked for more memory than the engine would give (RangeError: Out of memory, uncaught) and was stopped; build smaller values")
        case .timeout where configuration.limitsVirtualTime:
            status = .timeout
            state.diagnose(
                .timeLimit, .error,
                "the script ran for more than \(JSONValue.formatNumber(configuration.timeLimitSeconds)) s, counting the virtual time its sleeps and requests took, and was stopped, as a HarmonyOS card is; the card keeps its last bindings. Wait less: sleep spends the limit, and requests awaited one after another add up (await them together with Promise.all)")
        case .timeout:
            status = .timeout
            state.diagnose(
                .timeLimit, .error,
                "the script ran for more than \(JSONValue.formatNumber(configuration.timeLimitSeconds)) s and was stopped; make it finish sooner or raise the limit with --timeout")
        case .memory:
            status = .memory
            state.diagnose(
                .memoryLimit, .error,
                "the script used more than \(JSONValue.formatNumber(configuration.memoryLimitMB)) MB of memory and was stopped (a device stops widgets at about 30 MB); raise the limit with --memory-limit")
        }
        outputs = [:]
    }

    /// A script its limits stopped before it was parsed (S6): too large for its memory limit
    /// (`memory`), or a scan that outlasted its time (`timeout`).
    private mutating func refuse(_ reason: Unprepared) {
        let limit = JSONValue.formatNumber(configuration.memoryLimitMB)
        let instead = "move data out of the script (into a file read with FileManager, or a request) or raise the limit with --memory-limit"
        switch reason {
        case .tooLarge(let bytes):
            status = .memory
            state.diagnose(
                .scriptTooLarge, .error,
                "the script is \(Self.megabytes(bytes)) MB, more than the \(Self.megabytes(configuration.maximumScriptBytes)) MB a run parses under its memory limit of \(limit) MB (a sixteenth of the limit: parsing takes many times a script's size), so it was neither parsed nor run; \(instead)")
        case .tooManyTokens:
            status = .memory
            state.diagnose(
                .scriptTooLarge, .error,
                "the script has more than \(configuration.maximumScriptTokens) tokens (names, numbers, strings, operators), more than a run parses under its memory limit of \(limit) MB (one token for each 128 bytes of the limit: the engine's parse takes up to about 115 bytes a token), so it was not run; \(instead)")
        case .pastDeadline:
            status = .timeout
            state.diagnose(
                .timeLimit, .error,
                "reading the script took more than its \(JSONValue.formatNumber(configuration.timeLimitSeconds)) s and was stopped before it ran; make the script smaller or raise the limit with --timeout")
        }
    }

    /// `bytes` in MiB with one decimal, rounded up: `24.1`.
    private static func megabytes(_ bytes: Int) -> String {
        JSONValue.formatNumber((Double(bytes) / 1_048_576 * 10).rounded(.up) / 10)
    }

    private func makeReport() -> RunReport {
        var report = RunReport.notRun(script: source.name, configuration: configuration, start: Int64(state.startedAt))
        report.status = status
        report.finishedAt = Int64(state.now.rounded(.down))
        report.outputs = status == .ok ? outputs : [:]
        report.events = state.events
        report.requests = status == .ok ? state.requests : ControlRequests(liveActivityEndedAt: state.requests.liveActivityEndedAt)
        report.edition = configuration.edition
        report.card = configuration.edition == .harmony ? configuration.card : nil
        report.console = state.console
        report.consoleDropped = state.consoleDropped
        var diagnostics = state.diagnostics
        if state.consoleDropped > 0 {
            diagnostics.append(Diagnostic(
                .consoleTruncated, .info,
                "\(state.consoleDropped) more console entr\(state.consoleDropped == 1 ? "y was" : "ies were") counted but not kept (the limit is \(configuration.consoleLimit) per run)"))
        }
        if state.eventsDropped > 0 {
            diagnostics.append(Diagnostic(
                .eventsTruncated, .warning,
                "\(state.eventsDropped) more control calls were counted but not kept (the limit is \(configuration.eventLimit) per run)"))
        }
        report.diagnostics = diagnostics
        report.error = failure
        report.nextRefresh = report.requests.liveActivityEndedAt != nil && configuration.kind.isLiveActivity
            ? nil : NextRefresh.after(finishedAt: report.finishedAt, requests: report.requests, configuration: configuration)
        if configuration.kind.isLiveActivity {
            let ended = state.requests.liveActivityEndedAt
            report.liveActivity = LiveActivityRunState(
                state: ended == nil ? .active : .ended, startedAt: Int64(state.startedAt), endedAt: ended)
        }
        return report.bounded()
    }
}

/// Parses `name (file:line:column)` frames made by ``WrappedScript/userStack(_:)``.
enum StackFrame {
    static func location(_ frame: String) -> (Int?, Int?) {
        guard let open = frame.lastIndex(of: "("), frame.hasSuffix(")") else { return (nil, nil) }
        let inner = frame[frame.index(after: open)..<frame.index(before: frame.endIndex)]
        let parts = inner.split(separator: ":")
        guard parts.count >= 3 else { return (nil, nil) }
        return (Int(parts[parts.count - 2]), Int(parts[parts.count - 1]))
    }
}

extension ScriptError {
    /// A termination noticed by the host between JavaScript entries (in the timer loop).
    static func terminatedForHost(_ reason: Termination) -> ScriptError {
        ScriptError(phase: .terminated, name: "Termination", message: reason.rawValue, termination: reason)
    }
}
