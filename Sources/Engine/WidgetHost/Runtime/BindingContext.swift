import ErrorKinds
import ScriptCore

/// What a binding reaches of its run: the clock, diagnostics, events and the system requests
/// they record, timers, and the storage and network of the wider API (``APIRun``). The
/// bindings (`API/`, `ControlBindings.swift`) are written against it, not against the whole
/// ``RunState``: how the body starts and settles, the outputs and the report are not theirs
/// to touch. ``RunState`` is the one implementation.
protocol BindingContext: AnyObject {
    /// The run's configuration: kind, context, zone, locale, strictness, profile, storage, network.
    var configuration: RunConfiguration { get }

    // MARK: Clock

    /// Virtual now, epoch milliseconds.
    var now: Double { get }
    /// When the run started, epoch milliseconds (virtual).
    var startedAt: Double { get }
    /// When the run's time limit passes, on the monotonic clock.
    var deadline: ContinuousClock.Instant { get }

    // MARK: Diagnostics

    /// Records a diagnostic.
    func diagnose(_ code: DiagnosticCode, _ severity: Severity, _ message: String, line: Int?, column: Int?)
    /// The user line of the innermost script frame calling a native, and the column of `name` on it.
    func callSite(_ context: ScriptContext, name: String) -> (line: Int?, column: Int?)
    /// Gives an error the host made the script's place (`line`, `column`, `sourceURL`, `stack`).
    func place(_ error: JSValue, line: Int, column: Int, function: String)

    // MARK: Events

    /// Records a call as an event of the run's timeline.
    func record(_ type: String, _ call: NativeCall, valid: Bool)
    /// What the control bindings asked of the system.
    var requests: ControlRequests { get set }

    // MARK: Timers

    /// The run's virtual timers.
    var timers: TimerQueue { get set }

    // MARK: Storage and network

    /// The wider API's state (profile, identity, storage, network), made on first use.
    var api: APIRun { get }
    /// The host running this run (for its compiled API script).
    var host: ScriptHost? { get }
}

extension BindingContext {
    /// Records a diagnostic without a position.
    func diagnose(_ code: DiagnosticCode, _ severity: Severity, _ message: String) {
        diagnose(code, severity, message, line: nil, column: nil)
    }
}

extension RunState: BindingContext {}
