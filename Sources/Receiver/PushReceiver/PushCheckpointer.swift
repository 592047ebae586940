import HostSystem
/// Moves committed WAL frames into the database file on its own thread and connection, so
/// the writer's commits never wait for a checkpoint (the writer's connection has automatic
/// checkpoints turned off). A passive checkpoint never blocks the writer and never loses
/// anything: committed data is durable in the WAL either way.
/// `@unchecked Sendable`: `stopping` is touched only with `lock` held; `thread` only by the owner's
/// thread (`init`, `stop`); the path and interval are constants.
final class PushCheckpointer: @unchecked Sendable {
    private let lock = ConditionLock()
    private var stopping = false
    private var thread: OSThread?
    private let path: String
    private let intervalMs: Int
    /// Whether the store's files are lost (``PushWriter/checkFiles()``): asked before every
    /// checkpoint, so that none writes pages into a file truncated or replaced underneath (which
    /// would hide that it shrank), and a store once lost is never checkpointed again.
    private let isLost: @Sendable () -> Bool

    init(path: String, intervalMs: Int = 250, isLost: @escaping @Sendable () -> Bool = { false }) {
        self.path = path
        self.intervalMs = intervalMs
        self.isLost = isLost
    }

    func start() {
        thread = OSThread { [self] in
            guard let database = try? SQLiteDatabase(path: path) else { return }
            try? database.execute("PRAGMA busy_timeout = 1000")
            try? database.execute("PRAGMA mmap_size = 0")
            while true {
                let stop = lock.withLock { () -> Bool in
                    if !stopping { lock.wait(milliseconds: intervalMs) }
                    return stopping
                }
                if isLost() { break }
                try? database.execute("PRAGMA wal_checkpoint(PASSIVE)")
                if stop { break }
            }
            database.close()
        }
    }

    func stop() {
        lock.stop(thread) { stopping = true }
        thread = nil
    }
}
