import JSONKit

/// The state of one simulation while it runs. Every change happens inside a task of its
/// ``VirtualScheduler``, so the clock always reads the time of the change.
final class SimulationEngine<Runner: RefreshScriptRunner> {
    private struct Pending {
        var id: ScheduledTaskID
        var request: RefreshRequest
        var grant: RefreshGrantPolicy.Grant
    }

    let configuration: SimulationConfiguration
    var runner: Runner
    let scheduler: VirtualScheduler
    private var policy: RefreshGrantPolicy
    private let progressEvery: Int
    private let progress: (SimulationProgress) -> Void

    private(set) var refreshes: [RefreshRecord] = []
    private(set) var events: [TimelineEvent] = []
    var activities: [LiveActivityRecord] = []
    private(set) var requestIntervals: [RequestedInterval] = []
    private(set) var publishedOutputs: JSONObject?
    private(set) var pendingAtEnd: PendingRefresh?

    private var frequencyMinutes: Double?
    private var busyUntil: Int64
    private var pending: Pending?
    /// Index into `activities` of the active one.
    var active: Int?
    var expiry: ScheduledTaskID?

    init(configuration: SimulationConfiguration, runner: Runner, progressEvery: Int,
         progress: @escaping (SimulationProgress) -> Void) {
        self.configuration = configuration
        self.runner = runner
        self.scheduler = VirtualScheduler(now: configuration.startMs)
        self.policy = RefreshGrantPolicy(
            budget: configuration.budget.refreshesPerDay,
            jitterSeed: configuration.realistic ? configuration.seed : nil,
            days: configuration.budget.perCalendarDay == nil ? nil : CalendarDays(zone: configuration.zone))
        self.progressEvery = max(1, progressEvery)
        self.progress = progress
        self.busyUntil = configuration.startMs
    }

    /// Runs the whole span. Cost grows with the number of refreshes and inputs, never
    /// with the simulated time (R7).
    func run() {
        let start = configuration.startMs
        if !configuration.isLive || configuration.startsActivityLocally {
            scheduler.schedule(at: start) { [unowned self] in
                self.performRun(trigger: .start, request: RefreshRequest(at: start, reason: .start),
                                grant: RefreshGrantPolicy.Grant(at: start, jitterMs: 0, reasons: []))
            }
        }
        scheduleInputs()
        scheduler.advance(to: configuration.endMs - 1)
        if let pending {
            pendingAtEnd = PendingRefresh(requestedAt: pending.request.at, grantedAt: pending.grant.at,
                                          requestReason: pending.request.reason,
                                          delayReasons: pending.grant.reasons)
        }
        scheduler.cancelAll()
        progress(SimulationProgress(refreshCount: refreshes.count, virtualNow: configuration.endMs,
                                    fraction: 1))
    }

    // MARK: - Inputs

    private func scheduleInputs() {
        var inputs: [(at: Int64, input: SimulationInput)] = []
        inputs += configuration.taps.map { ($0, .free(.tap)) }
        inputs += configuration.foregrounds.map { ($0, .free(.foreground)) }
        inputs += configuration.pushes.map { ($0.at, .push($0)) }
        // Stable: inputs at the same time keep the order taps, foregrounds, pushes (each as given).
        let ordered = inputs.enumerated().sorted { a, b in
            a.element.at != b.element.at ? a.element.at < b.element.at : a.offset < b.offset
        }
        for (_, item) in ordered {
            switch item.input {
            case .free(let trigger):
                scheduler.schedule(at: item.at) { [unowned self] in self.freeRefresh(trigger) }
            case .push(let push):
                scheduler.schedule(at: item.at) { [unowned self] in self.receive(push) }
            }
        }
    }

    /// A tap or foreground (R4): runs at once, uncharged, and replaces the pending request.
    private func freeRefresh(_ trigger: RefreshTrigger) {
        let now = scheduler.now
        if configuration.isLive {
            guard let active else {
                return note(.inputIgnored(trigger: trigger, reason: .noActiveActivity))
            }
            guard activities[active].startedBy == .script else {
                return note(.inputIgnored(trigger: trigger, reason: .pushDrivenActivity))
            }
        }
        cancelPendingRefresh()
        let request = RefreshRequest(at: now, reason: .free)
        if busyUntil > now {
            // A run is still going on the virtual clock: start right after it.
            let grant = RefreshGrantPolicy.Grant(at: busyUntil, jitterMs: 0, reasons: [.busy])
            scheduler.schedule(at: busyUntil) { [unowned self] in
                self.performRun(trigger: trigger, request: request, grant: grant)
            }
        } else {
            performRun(trigger: trigger, request: request,
                       grant: RefreshGrantPolicy.Grant(at: now, jitterMs: 0, reasons: []))
        }
    }

    // MARK: - Runs

    private func performRun(trigger: RefreshTrigger, request: RefreshRequest, grant: RefreshGrantPolicy.Grant) {
        if trigger == .scheduled { pending = nil }
        let at = scheduler.now
        if configuration.isLive && trigger != .start {
            // No script runs once its activity ended (L3); a free run waiting on `busy` may
            // find it gone.
            guard let active, activities[active].startedBy == .script else {
                if trigger == .scheduled { return }
                return note(.inputIgnored(trigger: trigger, reason: .noActiveActivity))
            }
        }
        let index = refreshes.count
        let result = runner.run(RefreshRunRequest(at: at, trigger: trigger, index: index))
        let finishedAt = max(result.finishedAtMs, at)
        let ok = result.status == .ok
        let harmony = configuration.edition == .harmony
        // A HarmonyOS card's first run is its placement, not a timed refresh (H8).
        let charged = trigger == .scheduled || (trigger == .start && !harmony)

        var outputsChanged = false
        if ok {
            outputsChanged = publishedOutputs != result.outputs
            publishedOutputs = result.outputs
        }
        let validFrequency = result.updateFrequencyMinutes.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        // A HarmonyOS update time is floored at 5 minutes after the run, never dropped (H6).
        let validUpdateTime = result.updateTimeMs.flatMap { harmony || $0 > at ? $0 : nil }
        if harmony {
            // Each HarmonyOS run asks anew: no frequency stays in force (H7).
            frequencyMinutes = ok ? validFrequency : nil
        } else if ok, let validFrequency {
            frequencyMinutes = validFrequency
        }
        let controlsIgnored = !ok && (validFrequency != nil || validUpdateTime != nil)

        policy.record(at: at, charged: charged)
        refreshes.append(RefreshRecord(
            index: index, trigger: trigger, requestReason: request.reason, requestedAt: request.at,
            grantedAt: at, delayReasons: grant.reasons, jitterMs: grant.jitterMs, charged: charged,
            status: result.status, errorMessage: ok ? nil : result.errorMessage, finishedAt: finishedAt,
            outputsChanged: outputsChanged, budgetLeft: policy.budgetLeft(at: at),
            frequencyMinutes: frequencyMinutes, updateTimeMs: ok ? validUpdateTime : nil,
            controlsIgnored: controlsIgnored))
        note(.refresh(index: index))
        busyUntil = finishedAt

        var endsActivity = false
        if configuration.isLive {
            endsActivity = handleLiveRun(trigger: trigger, result: result, ok: ok, at: at, finishedAt: finishedAt)
        }
        if !endsActivity {
            scheduleNextRefresh(after: trigger, finishedAt: finishedAt, updateTime: ok ? validUpdateTime : nil)
        }
        if refreshes.count % progressEvery == 0 {
            let span = Double(configuration.durationMs)
            progress(SimulationProgress(refreshCount: refreshes.count, virtualNow: at,
                                        fraction: min(1, Double(at - configuration.startMs) / span)))
        }
    }

    /// Applies R1–R3 after a run and queues the granted refresh.
    private func scheduleNextRefresh(after trigger: RefreshTrigger, finishedAt: Int64, updateTime: Int64?) {
        let request = RefreshRequest.after(
            finishedAt: finishedAt, updateTime: updateTime, frequencyMinutes: frequencyMinutes,
            defaultCadenceMs: configuration.budget.defaultCadenceMs,
            updateTimeFloorMs: configuration.edition == .harmony ? TimelineConstants.minimumSpacingMs : 0)
        requestIntervals.append(RequestedInterval(ms: max(0, request.at - finishedAt), byScheduledRefresh: trigger == .scheduled))
        let grant = policy.grant(requested: request.at, notBefore: finishedAt)
        let id = scheduler.schedule(at: grant.at) { [unowned self] in
            self.performRun(trigger: .scheduled, request: request, grant: grant)
        }
        pending = Pending(id: id, request: request, grant: grant)
    }

    func cancelPendingRefresh() {
        if let pending { scheduler.cancel(pending.id) }
        pending = nil
    }

    func note(_ kind: TimelineEvent.Kind, content: JSONObject? = nil) {
        events.append(TimelineEvent(at: scheduler.now, kind: kind, content: content))
    }
}

/// An input of the simulation, as the engine queues it.
private enum SimulationInput {
    case free(RefreshTrigger)
    case push(PushEvent)
}
