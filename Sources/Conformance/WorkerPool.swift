import JSONKit
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Runs fixtures in worker processes, `jobs` at a time. A fixture that crashes or
/// hangs its worker fails alone: the worker is replaced and the suite goes on.
///
/// Protocol: the parent writes one fixture path per line to a worker's stdin; the
/// worker answers with one JSON line (a ``FixtureResult``) per path on stdout.
public struct WorkerPool {
    /// The command that starts a worker, e.g. `["/path/widgethost", "test", "--worker"]`.
    public var command: [String]
    public var jobs: Int
    /// Wall-clock seconds a fixture may take before its worker is killed.
    public var fixtureTimeout: Double
    public var environment: [String]

    public init(command: [String], jobs: Int, fixtureTimeout: Double = 60, environment: [String]) {
        self.command = command
        self.jobs = max(1, jobs)
        self.fixtureTimeout = fixtureTimeout
        self.environment = environment
    }

    /// Workers that may fail to start or take work before the rest of the suite is failed.
    static let respawnBudget = 50

    final class Worker {
        let pid: pid_t
        let input: Int32
        let output: Int32
        var buffer: [UInt8] = []
        var current: String?
        var deadline = 0.0
        init(pid: pid_t, input: Int32, output: Int32) {
            self.pid = pid
            self.input = input
            self.output = output
        }
    }

    /// Runs `paths` and returns one result per path, in the order given.
    public func run(_ paths: [String], progress: (FixtureResult) -> Void = { _ in }) -> [FixtureResult] {
        signal(SIGPIPE, SIG_IGN)
        var results: [String: FixtureResult] = [:]
        var queue = paths[...]
        var workers: [Worker] = []
        var respawns = 0
        defer { for worker in workers { stop(worker) } }

        func finish(_ result: FixtureResult) {
            results[result.path] = result
            progress(result)
        }

        while results.count < paths.count {
            // Hand out work; a worker that cannot take it is replaced (within a budget).
            var index = 0
            while index < workers.count {
                if workers[index].current == nil, let path = queue.first {
                    queue.removeFirst()
                    if !assign(path, to: workers[index]) {
                        stop(workers[index])
                        workers.remove(at: index)
                        respawns += 1
                        if respawns > Self.respawnBudget { finish(failure(path, "its worker process could not take it")) } else { queue.insert(path, at: queue.startIndex) }
                        continue
                    }
                }
                index += 1
            }
            while workers.count < jobs, !queue.isEmpty, respawns <= Self.respawnBudget, let worker = spawn() {
                workers.append(worker)
                let path = queue.removeFirst()
                if !assign(path, to: worker) {
                    respawns += 1
                    queue.insert(path, at: queue.startIndex)
                    stop(worker)
                    workers.removeLast()
                }
            }
            let busy = workers.filter { $0.current != nil }
            if busy.isEmpty {
                for path in queue { finish(failure(path, "could not start a worker process")) }
                break
            }
            // Wait for an answer, a crash or a deadline.
            let now = FixtureRunner.monotonicMs() / 1000
            let wait = max(0, (busy.map(\.deadline).min() ?? now) - now)
            var fds = busy.map { pollfd(fd: $0.output, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), Int32(min(wait * 1000 + 1, 1000)))
            for (slot, worker) in busy.enumerated() {
                if fds[slot].revents != 0 {
                    var chunk = [UInt8](repeating: 0, count: 65536)
                    let count = read(worker.output, &chunk, chunk.count)
                    if count > 0 {
                        worker.buffer += chunk[0..<count]
                        while let newline = worker.buffer.firstIndex(of: 10) {
                            let line = Array(worker.buffer[..<newline])
                            worker.buffer.removeSubrange(...newline)
                            if let path = worker.current {
                                let parsed = (try? JSONValue.parse(bytes: line)).flatMap(FixtureResult.init(json:))
                                finish(parsed ?? failure(path, "the worker answered something unreadable: \(String(decoding: line.prefix(200), as: UTF8.self))"))
                                worker.current = nil
                            }
                        }
                        continue
                    }
                    // End of file: the worker died.
                    let status = stop(worker)
                    if let path = worker.current { finish(failure(path, "the host crashed while running this fixture (\(status))")) }
                    replace(worker, in: &workers)
                } else if let path = worker.current, FixtureRunner.monotonicMs() / 1000 >= worker.deadline {
                    _ = stop(worker, kill: true)
                    finish(failure(path, "the fixture hung: no result after \(JSONValue.formatNumber(fixtureTimeout)) s, so its worker was stopped"))
                    replace(worker, in: &workers)
                }
            }
        }
        return paths.map { results[$0] ?? failure($0, "no result") }
    }

    private func failure(_ path: String, _ message: String) -> FixtureResult {
        let fixture = try? Fixture.load(path: path)
        return FixtureResult(
            path: path, description: fixture?.description ?? "", rules: fixture?.rules ?? [], outcome: .failed,
            failures: [message], durationMs: 0)
    }

    private func replace(_ worker: Worker, in workers: inout [Worker]) {
        workers.removeAll { $0 === worker }
    }

    private func assign(_ path: String, to worker: Worker) -> Bool {
        worker.current = path
        worker.deadline = FixtureRunner.monotonicMs() / 1000 + fixtureTimeout
        let line = Array((path + "\n").utf8)
        return line.withUnsafeBufferPointer { write(worker.input, $0.baseAddress, $0.count) } == line.count
    }

    private func spawn() -> Worker? {
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        // Close-on-exec, so that later workers do not inherit this worker's pipe
        // ends (its stdin would then never reach end of file); dup2 clears the flag
        // on the child's 0 and 1.
        guard pipe(&toChild) == 0 else { return nil }
        guard pipe(&fromChild) == 0 else { close(toChild[0]); close(toChild[1]); return nil }
        for fd in [toChild[0], toChild[1], fromChild[0], fromChild[1]] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        for fd in [toChild[0], toChild[1], fromChild[0], fromChild[1]] { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
        close(toChild[0])
        close(fromChild[1])
        guard spawned == 0 else {
            close(toChild[1])
            close(fromChild[0])
            return nil
        }
        return Worker(pid: pid, input: toChild[1], output: fromChild[0])
    }

    /// Closes a worker's pipes and reaps it; returns how it ended.
    @discardableResult
    private func stop(_ worker: Worker, kill force: Bool = false) -> String {
        if force { kill(worker.pid, SIGKILL) }
        close(worker.input)
        close(worker.output)
        var status: Int32 = 0
        waitpid(worker.pid, &status, 0)
        let signalNumber = status & 0x7f
        if signalNumber != 0 { return "killed by signal \(signalNumber)" }
        return "exit status \((status >> 8) & 0xff)"
    }
}
