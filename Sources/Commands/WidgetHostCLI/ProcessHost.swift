import Synchronization
import WidgetHost

/// The host of the commands that run a script and end (`run`, `render`, `push --script`).
///
/// One per process, never torn down: the program exits right after its run, and its exit
/// frees the engine at once, where a host's teardown and its collection after the run would
/// cost about a third of a short `widgethost run` (docs/performance.md). It gives memory back
/// when a next run starts, so a process that calls the tool many times (the tests) stays at
/// its size. Every run still gets a fresh context (S7).
enum ProcessHost {
    private static let host = Mutex<ScriptHost?>(nil)

    /// Runs `body` with the process's host, one caller at a time.
    static func with<Result: Sendable>(_ body: (ScriptHost) -> Result) -> Result {
        host.withLock { made in
            let host = made ?? ScriptHost(preparesContextsAhead: false, memoryReturn: .beforeTheNextRun)
            made = host
            return body(host)
        }
    }
}
