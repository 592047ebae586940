import JSONKit
import ScriptCore
import ScriptSyntax

/// The state of one run: clock, console, events, diagnostics and timers, and
/// the native hooks that feed them. One session per run; ``teardown()`` breaks
/// the references it holds into the context.
final class RunSession {
    enum Settlement {
        case fulfilled(completed: Bool)
        case rejected(ProtectedValue)
    }

    let configuration: RunConfiguration
    let prepared: PreparedScript
    var wrapped: WrappedScript { prepared.wrapped }
    let startedAt: Double
    /// Virtual now, epoch milliseconds: what the engine's wall clock reads on the run's
    /// thread while the run executes (``VirtualClock``).
    var now: Double {
        didSet { VirtualClock.move(to: now) }
    }
    var console: [ConsoleEntry] = []
    var consoleDropped = 0
    var events: [ControlEvent] = []
    var eventsDropped = 0
    var diagnostics: [Diagnostic] = []
    var timers = TimerQueue()
    var settlement: Settlement?
    var requests = ControlRequests()
    /// Host globals the script replaced, in order.
    var replacedGlobals: [String] = []
    /// The wider API's state, made when the script first touches it (see ``api``).
    var apiRun: APIRun?
    /// The host running this session (for its compiled API script).
    weak var host: ScriptHost?
    /// The body's reader of its top-level bindings (``WrappedScript/reader(of:)``), once registered.
    var reader: ProtectedValue?
    /// What a body that ran to its end hands to start (`__widgethost$end`).
    var endMarker: ProtectedValue?
    /// Whether start was called (only its first call counts).
    var started = false
    /// `Promise.prototype.then` as it was before the script ran (async bodies only).
    var promiseThen: ProtectedValue?
    /// The control bindings the host defined itself, to notice a script replacing them.
    var hostGlobalFunctions: [(name: String, function: ProtectedValue)] = []
    /// The API globals the host defined as accessors itself (``installNativeAccessors(_:in:)``):
    /// each one's value once made or assigned (nil inside: made, and making it threw).
    var accessorValues: [String: ProtectedValue?] = [:]

    static let maximumConsoleMessage = 10_000

    init(configuration: RunConfiguration, prepared: PreparedScript, startedAt: Double) {
        self.configuration = configuration
        self.prepared = prepared
        self.startedAt = startedAt
        self.now = startedAt
    }

    func teardown() {
        timers.removeAll()
        settlement = nil
        apiRun?.factories = nil
        apiRun?.htmlDocuments.removeAll()
        apiRun = nil
        reader = nil
        endMarker = nil
        promiseThen = nil
        hostGlobalFunctions = []
        accessorValues = [:]
    }

    // MARK: Diagnostics

    func diagnose(_ code: DiagnosticCode, _ severity: Severity, _ message: String, line: Int? = nil, column: Int? = nil) {
        diagnostics.append(Diagnostic(code, severity, message, line: line, column: column))
    }

    /// The user line of the innermost script frame calling a native, and the
    /// column of `name` on that line when it appears there.
    func callSite(_ context: ScriptContext, name: String) -> (line: Int?, column: Int?) {
        guard let wrappedLine = context.callerLine(in: wrapped.sourceURL) else { return (nil, nil) }
        let line = wrapped.userLocation(line: wrappedLine, column: nil).line
        return (line, column(of: name, onLine: line))
    }

    /// UTF-16 column of the first `name` on a user line.
    func column(of name: String, onLine line: Int) -> Int? {
        wrapped.lines.column(of: name, onLine: line)
    }

    // MARK: Events

    func record(_ type: String, _ call: NativeCall, valid: Bool) {
        guard events.count < configuration.eventLimit else {
            eventsDropped += 1
            return
        }
        events.append(ControlEvent(type: type, at: Int64(now.rounded(.down)), args: call.arguments.map(ValueDescription.json), valid: valid))
    }

    // MARK: Native hooks used by the prelude

    /// The native hook handed to the prelude: `host(op, a, b, c)`, with `op` a ``Prelude/Hook``.
    /// One function, not one per operation: each native function made costs every run.
    func makeHook(in context: ScriptContext) -> JSValue {
        context.internalFunction { [unowned self] call in
            guard let code = Int(exactly: call[0].isNumber ? try call[0].toNumber() : -1), let op = Prelude.Hook(rawValue: code) else {
                throw NativeError(.error, "no host hook \(ValueDescription.phrase(call[0]))")
            }
            let context = call.context
            switch op {
            case .now:
                return context.number(self.now)
            case .log:
                return context.boolean(self.log(level: try call[1].toString(), message: try call[2].toString()))
            case .setTimer:
                let extra = call[4]
                let arguments = try extra.isObject && extra.property("length").toNumber() > 0 ? ProtectedValue(extra) : nil
                let id = self.timers.add(
                    callback: ProtectedValue(call[1]), arguments: arguments, now: self.now, delay: try call[2].toNumber(),
                    repeating: call[3].boolValue)
                return context.number(Double(id))
            case .clearTimer:
                if call[1].isNumber, let id = Int(exactly: try call[1].toNumber()) { self.timers.cancel(id: id) }
                return context.undefined
            case .sleep:
                let delay = try self.sleepDelay(call[1], call)
                let (promise, resolve, _) = context.makePromise()
                _ = self.timers.add(callback: ProtectedValue(resolve), now: self.now, delay: delay, repeating: false)
                return promise
            case .apply:
                switch try context.callCatching(call[1], this: call[2], arguments: try call[3].arrayElements()) {
                case .returned(let value): return value
                case .thrown(let thrown): throw JSException(thrown)
                }
            case .replaced:
                let name = try call[1].toString()
                if !self.replacedGlobals.contains(name) { self.replacedGlobals.append(name) }
                return context.undefined
            case .binding:
                return try self.makeBinding(try call[1].toString(), tools: call[2], in: context)
            }
        }
    }

    /// Records a rejection nothing handled (S5).
    func unhandledRejection(_ reason: JSValue) {
        let error = reason.context.scriptError(from: reason)
        let location = error.sourceURL == wrapped.sourceURL
            ? error.line.map { wrapped.userLocation(line: $0, column: error.column) } : nil
        diagnose(
            .unhandledRejection, .warning,
            "a promise was rejected and nothing handled it: \(error.description); await it inside try/catch or add .catch()",
            line: location?.line, column: location?.column ?? nil)
    }

    /// Keeps a console entry; returns true once the console is full (S8).
    private func log(level: String, message: String) -> Bool {
        guard console.count < configuration.consoleLimit else {
            consoleDropped += 1
            return true
        }
        var text = message
        if text.count > Self.maximumConsoleMessage {
            let extra = text.count - Self.maximumConsoleMessage
            text = String(text.prefix(Self.maximumConsoleMessage)) + " … (\(extra) more characters)"
        }
        console.append(ConsoleEntry(level: ConsoleEntry.Level(rawValue: level) ?? .log, message: text))
        return console.count >= configuration.consoleLimit
    }

    private func sleepDelay(_ argument: JSValue, _ call: NativeCall) throws -> Double {
        let number = argument.isNumber ? try argument.toNumber() : .nan
        if number.isFinite && number >= 0 && number <= 8.64e15 { return number }  // beyond it no clock can end
        let site = callSite(call.context, name: "sleep")
        let message = "sleep(ms) expects a number of milliseconds, 0 or more; got \(ValueDescription.phrase(argument)); it waited 0 ms"
        diagnose(.invalidArgument, .warning, message, line: site.line, column: site.column)
        if configuration.strict { throw NativeError(argument.isNumber ? .rangeError : .typeError, message) }
        return 0
    }
}
