import HostSystem
import JSONKit
import WidgetPictures
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Runs fixtures in worker processes, `jobs` at a time. A fixture that crashes or
/// hangs its worker fails alone: the worker is replaced and the suite goes on.
///
/// Protocol: the parent writes one ``ServiceRequest/fixture(path:)`` line per fixture to a
/// worker's stdin; the worker answers each with one ``ServiceAnswer/fixture(_:)`` line on stdout,
/// in order. Each worker holds up to ``depth`` fixtures, so it reads its next one as soon as it
/// answers instead of waiting for this process to hear the answer and write another; the first
/// of them is the one it runs, the one a crash or a deadline is charged to, and the rest go back
/// to the queue.
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
    /// Fixtures handed to a worker at a time.
    static let depth = 2

    final class Worker {
        let process: ChildProcess
        var output: Int32 { process.output }
        var buffer: [UInt8] = []
        /// The fixtures written to it and not yet answered, in order; the first is running.
        var pending: [FileSystem.Location] = []
        var current: FileSystem.Location? { pending.first }
        /// A write to it failed: it takes no more work.
        var ended = false
        var deadline = ContinuousClock.now
        init(_ process: ChildProcess) { self.process = process }
    }

    /// Runs the fixtures at `paths` and returns one result per fixture, in the order given;
    /// each result's path is the fixture's shown path (its `display`).
    public func run(_ paths: [FileSystem.Location], progress: (FixtureResult) -> Void = { _ in }) -> [FixtureResult] {
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
                let worker = workers[index]
                if worker.pending.count < Self.depth, !worker.ended, let path = queue.first {
                    queue.removeFirst()
                    if !assign(path, to: worker) {
                        worker.pending.removeLast()
                        if !worker.pending.isEmpty {
                            // It ended while running its first: the poll below hears the end and
                            // charges that one; this one waits for another worker.
                            worker.ended = true
                            queue.insert(path, at: queue.startIndex)
                            index += 1
                            continue
                        }
                        stop(worker)
                        workers.remove(at: index)
                        respawns += 1
                        if respawns > Self.respawnBudget { finish(failure(path, "its worker process could not take it")) } else { queue.insert(path, at: queue.startIndex) }
                        continue
                    }
                    continue
                }
                index += 1
            }
            while workers.count < jobs, !queue.isEmpty, respawns <= Self.respawnBudget, let worker = spawn() {
                workers.append(worker)
                let path = queue.removeFirst()
                if !assign(path, to: worker) {
                    respawns += 1
                    worker.pending = []
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
            let now = ContinuousClock.now
            let wait = max(.zero, now.duration(to: busy.map(\.deadline).min() ?? now))
            var fds = busy.map { pollfd(fd: $0.output, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), Int32(min(wait.milliseconds + 1, 1000)))
            for (slot, worker) in busy.enumerated() {
                if fds[slot].revents != 0 {
                    let chunk = [UInt8](unsafeUninitializedCapacity: 65536) { buffer, count in
                        count = max(0, read(worker.output, buffer.baseAddress, buffer.count))
                    }
                    if !chunk.isEmpty {
                        worker.buffer += chunk
                        while let newline = worker.buffer.firstIndex(of: 10) {
                            let line = Array(worker.buffer[..<newline])
                            worker.buffer.removeSubrange(...newline)
                            if let path = worker.current {
                                if case .fixture(let json) = ServiceAnswer.parse(line), let result = FixtureResult(json: json) {
                                    finish(result)
                                } else {
                                    finish(failure(path, "the worker answered something unreadable: \(String(decoding: line.prefix(200), as: UTF8.self))"))
                                }
                                worker.pending.removeFirst()
                                worker.deadline = deadline()
                            }
                        }
                        continue
                    }
                    // End of file: the worker died.
                    let status = stop(worker)
                    if let path = worker.current { finish(failure(path, "the host crashed while running this fixture (\(status))")) }
                    requeue(worker, into: &queue)
                    replace(worker, in: &workers)
                } else if let path = worker.current, ContinuousClock.now >= worker.deadline {
                    _ = stop(worker, kill: true)
                    finish(failure(path, "the fixture hung: no result after \(JSONValue.formatNumber(fixtureTimeout)) s, so its worker was stopped"))
                    requeue(worker, into: &queue)
                    replace(worker, in: &workers)
                }
            }
        }
        return paths.map { results[$0.display] ?? failure($0, "no result") }
    }

    private func failure(_ path: FileSystem.Location, _ message: String) -> FixtureResult {
        let fixture = try? Fixture.load(path)
        return FixtureResult(
            path: path.display, description: fixture?.description ?? "", rules: fixture?.rules ?? [], outcome: .failed,
            failures: [message], durationMs: 0)
    }

    /// Puts back at the front of the queue what a stopped worker held after its running fixture.
    private func requeue(_ worker: Worker, into queue: inout ArraySlice<FileSystem.Location>) {
        queue.insert(contentsOf: worker.pending.dropFirst(), at: queue.startIndex)
        worker.pending = []
    }

    private func deadline() -> ContinuousClock.Instant {
        ContinuousClock.now + .milliseconds(Int64(min(fixtureTimeout, 1e9) * 1000))
    }

    private func replace(_ worker: Worker, in workers: inout [Worker]) {
        workers.removeAll { $0 === worker }
    }

    /// Writes `path` to the worker; its deadline starts when it is the worker's first.
    private func assign(_ path: FileSystem.Location, to worker: Worker) -> Bool {
        if worker.pending.isEmpty { worker.deadline = deadline() }
        worker.pending.append(path)
        return worker.process.write(ServiceRequest.fixture(path).line)
    }

    /// A new worker, its standard input and output pipes; its standard error is this process's.
    private func spawn() -> Worker? {
        guard let process = try? ChildProcess(command, environment: environment, input: .pipe, output: .pipe, errors: .inherit) else {
            return nil
        }
        return Worker(process)
    }

    /// Closes a worker's input, reaps it (killing it first when `force`); returns how it ended.
    @discardableResult
    private func stop(_ worker: Worker, kill force: Bool = false) -> String {
        if force { worker.process.signal(SIGKILL) }
        worker.process.closeInput()
        worker.process.closeOutputs()
        return worker.process.wait().description
    }
}
