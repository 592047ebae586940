import JSONKit
import HostSystem
import PushContract
import Threads

/// The single writer: decides pushes against the ledger and stores them with group commit.
///
/// Requests queue up while a transaction commits; the writer then takes everything queued
/// (up to `maxBatch`), decides each in arrival order, stores the acknowledged ones in one
/// transaction, commits, and only then answers each request. One fsync serves the whole
/// batch, and no push is acknowledged before the commit that stores it (P11). A single
/// writer also settles nonce races: of two requests with the same nonce, the first decided
/// is accepted and the second sees its nonce (P6); the store's primary key backs this up.
/// `@unchecked Sendable`: `queue`, the stop flag and the statistics are touched only with `lock`
/// held; the ledger, the store and the pruning time belong to the writer thread once it started.
final class PushWriter: @unchecked Sendable {
    enum Work {
        case push(ValidatedPush, PushPath, body: String, reply: @Sendable (PushOutcome) -> Void)
        case snapshot(reply: @Sendable (_ now: Int64, _ activities: [ActivityRecord]) -> Void)
    }

    /// Totals since start, for `/healthz` and the benchmark.
    struct Statistics: Sendable {
        var batches = 0
        var acknowledged = 0
        var largestBatch = 0
        /// Transactions that failed (nothing in them was stored or acknowledged).
        var failedWrites = 0
        /// The last failure: when (monotonic ms, and epoch ms of the real clock) and why.
        var lastFailureAt: Double?
        var lastFailureEpochMs: Int64?
        var lastFailureMessage: String?
        /// Whether the latest transaction failed.
        var lastWriteFailed = false
    }

    private let lock = ConditionLock()
    private var queue: [Work] = []
    private var stopping = false
    private var stats = Statistics()
    // Owned by the writer thread once started.
    private var ledger: PushLedger
    private let store: PushStore
    private let clock: @Sendable () -> Int64
    private var thread: OSThread?
    private var lastPrune = MonotonicClock.milliseconds()
    let maxBatch = 2048

    init(ledger: PushLedger, store: PushStore, clock: @escaping @Sendable () -> Int64) {
        self.ledger = ledger
        self.store = store
        self.clock = clock
    }

    func start() {
        thread = OSThread { [self] in run() }
    }

    /// Queues work; `false` once stopping.
    func submit(_ work: Work) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !stopping else { return false }
        queue.append(work)
        if queue.count == 1 { lock.broadcast() }
        return true
    }

    /// Answers everything queued, then ends the thread.
    func stop() {
        lock.stop(thread) { stopping = true }
        thread = nil
    }

    var statistics: Statistics { lock.withLock { stats } }

    private func run() {
        while true {
            lock.lock()
            while queue.isEmpty && !stopping { lock.wait(milliseconds: 1000) }
            if queue.isEmpty && stopping {
                lock.unlock()
                return
            }
            let count = min(queue.count, maxBatch)
            let batch = Array(queue[0..<count])
            queue.removeFirst(count)
            lock.unlock()
            process(batch)
        }
    }

    private func process(_ batch: [Work]) {
        let now = clock()
        var replies: [() -> Void] = []
        var outcomes: [(PushOutcome, @Sendable (PushOutcome) -> Void)] = []
        var failure: SQLiteError?
        do {
            try store.begin()
            for work in batch {
                guard case .push(let push, let path, let body, let reply) = work else { continue }
                let outcome = ledger.receive(push, path: path, now: now)
                if outcome.isAcknowledged { try store.record(outcome, body: body) }
                outcomes.append((outcome, reply))
            }
            if MonotonicClock.milliseconds() - lastPrune > 30_000 {
                lastPrune = MonotonicClock.milliseconds()
                try store.pruneNonces(before: ledger.pruneNonces(now: now))
            }
            try store.commit()
        } catch {
            failure = error
            store.rollback()
        }
        if let failure {
            lock.withLock {
                stats.failedWrites += 1
                stats.lastFailureAt = MonotonicClock.milliseconds()
                stats.lastFailureEpochMs = WallClock.nowMilliseconds()
                stats.lastFailureMessage = failure.message
                stats.lastWriteFailed = true
            }
            // Nothing in this batch was stored: reload the ledger from the store and refuse all.
            reload()
            for work in batch {
                guard case .push(let push, let path, _, let reply) = work else { continue }
                let refusal = PushRefusal(.storageFailed,
                    "The receiver could not store the push (\(failure.message)); it was not acknowledged. Send it again with the same nonce.")
                let outcome = PushOutcome.refused(refusal, push: push, path: path, receivedAt: now)
                replies.append { reply(outcome) }
            }
        } else {
            var acknowledged = 0
            for (outcome, reply) in outcomes {
                if outcome.isAcknowledged { acknowledged += 1 }
                replies.append { reply(outcome) }
            }
            lock.withLock {
                stats.lastWriteFailed = false
                stats.batches += 1
                stats.acknowledged += acknowledged
                stats.largestBatch = max(stats.largestBatch, batch.count)
            }
        }
        if batch.contains(where: { if case .snapshot = $0 { return true } else { return false } }) {
            let snapshot = ledger.snapshot(at: now)
            for work in batch {
                if case .snapshot(let reply) = work { replies.append { reply(now, snapshot) } }
            }
        }
        for reply in replies { reply() }
    }

    private func reload() {
        if let activities = try? store.loadActivities(), let nonces = try? store.loadNonces() {
            ledger = PushLedger(rules: ledger.rules, registry: ledger.registry, activities: activities, nonces: nonces)
        }
    }
}
