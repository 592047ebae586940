import JSONKit
import HostSystem
import PushContract

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
        /// Why the store's files are lost (deleted or replaced underneath); once set, never
        /// cleared: every push is refused until a restart opens what the path names.
        var lostFiles: String?
    }

    private let lock = ConditionLock()
    private var queue: [Work] = []
    private var stopping = false
    private var stats = Statistics()
    // Owned by the writer thread once started.
    private var ledger: PushLedger
    private let store: PushStore
    private let clock: @Sendable () -> Int64
    /// The store's files as opened (immutable, so any thread may compare them).
    private let files: StoreFiles
    /// Where the one line saying the store's files are lost goes.
    private let notice: (@Sendable (String) -> Void)?
    private var thread: OSThread?
    private var lastPrune = MonotonicClock.milliseconds()
    let maxBatch = 2048

    init(ledger: PushLedger, store: PushStore, clock: @escaping @Sendable () -> Int64,
         notice: (@Sendable (String) -> Void)? = nil) {
        self.ledger = ledger
        self.store = store
        self.clock = clock
        files = store.files
        self.notice = notice
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

    /// Whether the store's path still names the files it opened; `nil` when it does, else why
    /// not (remembered: once lost, always lost). Any thread (`/healthz` asks too).
    func checkFiles() -> String? {
        if let lost = lock.withLock({ stats.lostFiles }) { return lost }
        guard let problem = files.problem() else { return nil }
        return lose(problem)
    }

    /// Marks the store lost for `problem` (the first reason stays), says so once, and returns
    /// the reason that stays.
    private func lose(_ problem: String) -> String {
        let first = lock.withLock { () -> Bool in
            defer { if stats.lostFiles == nil { stats.lostFiles = problem } }
            return stats.lostFiles == nil
        }
        if first {
            notice?("\(problem): nothing is stored or acknowledged any more; every push gets 500 storage-failed and /healthz 503 database-lost. Restart the receiver, which opens the file the path names now and checks it before it serves.")
        }
        return lock.withLock { stats.lostFiles } ?? problem
    }

    /// Whether SQLite found the database damaged: its pages do not hold a database (a file cut
    /// or overwritten underneath), which no retry mends.
    private static func isDamage(_ error: SQLiteError) -> Bool {
        let primary = error.code & 0xFF
        return primary == 11 || primary == 26  // SQLITE_CORRUPT, SQLITE_NOTADB
    }

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
        // Lost files take nothing more: a commit into them could never be found again.
        var lost = lock.withLock { stats.lostFiles }
        do throws(SQLiteError) {
            if let lost { throw SQLiteError(code: 0, message: lost) }
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
            // Committed, but into the files the path names? Only then is it acknowledged.
            if let problem = checkFiles() {
                lost = problem
                throw SQLiteError(code: 0, message: problem)
            }
        } catch {
            failure = error
            store.rollback()
            // A damaged database is lost as a deleted one is: nothing more is acknowledged.
            if lost == nil, Self.isDamage(error) {
                lost = checkFiles() ?? lose("the database file \(files.path) is damaged (\(error.message))")
            }
        }
        if failure != nil, let lost {
            // Nothing is counted as a failed write: the store is not failing, it is gone.
            replies += refusals(of: batch, at: now,
                "The receiver cannot store pushes any more: \(lost); it was not acknowledged. Send it again with the same nonce once the receiver has been restarted.")
        } else if let failure {
            lock.withLock {
                stats.failedWrites += 1
                stats.lastFailureAt = MonotonicClock.milliseconds()
                stats.lastFailureEpochMs = WallClock.nowMilliseconds()
                stats.lastFailureMessage = failure.message
                stats.lastWriteFailed = true
            }
            // Nothing in this batch was stored: reload the ledger from the store and refuse all.
            reload()
            replies += refusals(of: batch, at: now,
                "The receiver could not store the push (\(failure.message)); it was not acknowledged. Send it again with the same nonce.")
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

    /// The replies that refuse every push of a batch none of which was stored, with `message`.
    private func refusals(of batch: [Work], at now: Int64, _ message: String) -> [() -> Void] {
        batch.compactMap { work in
            guard case .push(let push, let path, _, let reply) = work else { return nil }
            let outcome = PushOutcome.refused(PushRefusal(.storageFailed, message), push: push, path: path, receivedAt: now)
            return { reply(outcome) }
        }
    }

    private func reload() {
        if let activities = try? store.loadActivities(), let nonces = try? store.loadNonces() {
            ledger = PushLedger(rules: ledger.rules, registry: ledger.registry, activities: activities, nonces: nonces)
        }
    }
}
