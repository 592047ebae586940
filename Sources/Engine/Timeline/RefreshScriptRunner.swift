import JSONKit

/// What caused a run of the script.
public enum RefreshTrigger: String, Sendable, Hashable, CaseIterable {
    /// A refresh the system granted on the schedule of R1–R3 (charged to the budget).
    case scheduled
    /// A tap on a button (R4, A8). The runner runs the button's action script first,
    /// then the widget script; the refresh is free.
    case tap
    /// The app came to the foreground (R4); the refresh is free.
    case foreground
    /// The first run, at the start of the simulation, as when the widget is added or
    /// the app starts a Live Activity. It is charged to the budget like a scheduled one.
    case start
}

/// One run the simulation asks the script runner for.
public struct RefreshRunRequest: Sendable, Hashable {
    /// The virtual time at which the run starts (its `Date.now()`), epoch milliseconds.
    public var at: Int64
    /// Why the script runs.
    public var trigger: RefreshTrigger
    /// The 0-based position of this run in the simulation (the first run is 0).
    public var index: Int

    /// Creates a request.
    public init(at: Int64, trigger: RefreshTrigger, index: Int) {
        self.at = at
        self.trigger = trigger
        self.index = index
    }
}

/// What one run of the script did, as far as the refresh timeline cares.
public struct RefreshRunResult: Sendable, Hashable {
    /// How a run ended (S5).
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// The body settled normally.
        case ok
        /// An uncaught exception or a rejected body.
        case error
        /// The run hit its time limit.
        case timeout
        /// The run hit its memory limit.
        case memory
    }

    /// How the run ended.
    public var status: Status
    /// The run's outputs; published only when ``status`` is ``Status/ok`` (O5).
    public var outputs: JSONObject
    /// The last valid `setUpdateFreq` of this run, raw minutes (> 0), or `nil`.
    public var updateFrequencyMinutes: Double?
    /// The last valid `setUpdateTime` of this run, epoch milliseconds, or `nil`.
    public var updateTimeMs: Int64?
    /// The virtual time at which a `live` script called `endLiveActivity()`, or `nil`.
    public var liveActivityEndedAtMs: Int64?
    /// The virtual time at which the run ended (at least the request's `at`).
    public var finishedAtMs: Int64
    /// What went wrong, for a status other than ``Status/ok``.
    public var errorMessage: String?

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - status: How the run ended. Default: `.ok`.
    ///   - outputs: The run's outputs. Default: none.
    ///   - updateFrequencyMinutes: The last valid `setUpdateFreq`. Default: `nil`.
    ///   - updateTimeMs: The last valid `setUpdateTime`. Default: `nil`.
    ///   - liveActivityEndedAtMs: When `endLiveActivity()` was called. Default: `nil`.
    ///   - finishedAtMs: When the run ended.
    ///   - errorMessage: What went wrong. Default: `nil`.
    public init(
        status: Status = .ok,
        outputs: JSONObject = [:],
        updateFrequencyMinutes: Double? = nil,
        updateTimeMs: Int64? = nil,
        liveActivityEndedAtMs: Int64? = nil,
        finishedAtMs: Int64,
        errorMessage: String? = nil
    ) {
        self.status = status
        self.outputs = outputs
        self.updateFrequencyMinutes = updateFrequencyMinutes
        self.updateTimeMs = updateTimeMs
        self.liveActivityEndedAtMs = liveActivityEndedAtMs
        self.finishedAtMs = finishedAtMs
        self.errorMessage = errorMessage
    }
}

/// Runs the script once per refresh. The real implementation executes the
/// JavaScript host at the request's virtual time; tests use ``ClosureRefreshRunner``.
///
/// For a ``RefreshTrigger/tap`` the runner first runs the button's action script
/// (A8), then the widget script, and reports the widget script's result.
public protocol RefreshScriptRunner {
    /// Runs the script for `request` and says what it did.
    mutating func run(_ request: RefreshRunRequest) -> RefreshRunResult
}

/// A ``RefreshScriptRunner`` backed by a closure, for tests and quick experiments.
///
/// ```swift
/// var runner = ClosureRefreshRunner { request in
///     RefreshRunResult(updateFrequencyMinutes: 30, finishedAtMs: request.at)
/// }
/// ```
public struct ClosureRefreshRunner: RefreshScriptRunner {
    private let body: (RefreshRunRequest) -> RefreshRunResult
    /// Every request received so far, in order.
    public private(set) var requests: [RefreshRunRequest] = []

    /// Creates a runner that answers each request with `body`.
    public init(_ body: @escaping (RefreshRunRequest) -> RefreshRunResult) {
        self.body = body
    }

    /// Records `request` in ``requests`` and returns `body(request)`.
    public mutating func run(_ request: RefreshRunRequest) -> RefreshRunResult {
        requests.append(request)
        return body(request)
    }
}
