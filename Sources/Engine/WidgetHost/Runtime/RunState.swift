import ErrorKinds
import JSONKit
import ScriptCore
import ScriptSyntax

/// The state of one run: clock, console, events, diagnostics and timers, which the
/// host's globals (``installHostGlobals(in:)``) feed. One per run; ``RunDriver`` takes the run
/// through its steps over it, and ``teardown()`` breaks the references it holds into the context.
/// What installs the globals and starts the body extends it (`HostGlobals.swift`,
/// `HostConsole.swift`, `BodyStart.swift`); the bindings (`ControlBindings.swift`, `API/`) see it
/// only as a ``BindingContext``.
final class RunState {
    enum Settlement {
        /// The body settled; `returned` is what a top-level `return` gave, when the host has it.
        case fulfilled(completed: Bool, returned: ProtectedValue? = nil)
        case rejected(ProtectedValue)
    }

    let configuration: RunConfiguration
    let prepared: PreparedScript
    var wrapped: WrappedScript { prepared.wrapped }
    let startedAt: Double
    /// When the run's time limit passes, on the monotonic clock (set once the limits are armed):
    /// how long a run may wait for its storage's lock (A12).
    var deadline = ContinuousClock.now + .seconds(1e9)
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
    /// The host running this run (for its compiled API script).
    weak var host: ScriptHost?
    /// The body's reader of its top-level bindings (``WrappedScript/reader(of:)``), once registered.
    var reader: ProtectedValue?
    /// What a body that ran to its end returns (`__widgethost$end`).
    var endMarker: ProtectedValue?
    /// Whether the host has the body's result (``startBody(_:in:)``).
    var started = false
    /// Rejections reported before the host had the body's result, with the index of their
    /// diagnostic: the body's own promise, rejected before the host could handle it, is not one.
    var earlyRejections: [(promise: ProtectedValue, diagnostic: Int)] = []
    /// `Promise.prototype.then` as it was before the script ran (async bodies only).
    var promiseThen: ProtectedValue?
    /// The host's globals defined as data properties (``installHostGlobals(in:)``) and `console`,
    /// to notice a script replacing them.
    var hostGlobalValues: [(name: String, value: ProtectedValue)] = []
    /// The host's `sleep`, which its accessor returns until the script assigns to it.
    var sleepFunction: ProtectedValue?

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
        earlyRejections = []
        promiseThen = nil
        hostGlobalValues = []
        sleepFunction = nil
    }

    // MARK: Diagnostics

    func diagnose(_ code: DiagnosticCode, _ severity: Severity, _ message: String, line: Int?, column: Int?) {
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

    /// Records a rejection nothing handled (S5).
    func unhandledRejection(_ promise: JSValue, _ reason: JSValue) {
        if !started { earlyRejections.append((ProtectedValue(promise), diagnostics.count)) }
        let error = reason.context.scriptError(from: reason)
        let location = error.sourceURL == wrapped.sourceURL
            ? error.line.map { wrapped.userLocation(line: $0, column: error.column) } : nil
        diagnose(
            .unhandledRejection, .warning,
            "a promise was rejected and nothing handled it: \(error.description); await it inside try/catch or add .catch()",
            line: location?.line, column: location?.column ?? nil)
    }

    func sleepDelay(_ argument: JSValue, _ call: NativeCall, _ name: String) throws -> Double {
        let number = argument.isNumber ? try argument.toNumber() : .nan
        if number.isFinite && number >= 0 && number <= 8.64e15 { return number }  // beyond it no clock can end
        let site = callSite(call.context, name: name)
        let message = "\(name)(ms) expects a number of milliseconds, 0 or more; got \(ValueDescription.phrase(argument)); it waited 0 ms"
        diagnose(.invalidArgument, .warning, message, line: site.line, column: site.column)
        if configuration.strict { throw NativeError(argument.isNumber ? .rangeError : .typeError, message) }
        return 0
    }
}
