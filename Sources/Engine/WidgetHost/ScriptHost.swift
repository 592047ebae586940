import HostSystem
import JSONKit
import ScriptCore
import ScriptSyntax
import ZonedTime

/// Runs widget and Live Activity scripts headlessly, exactly as the app would.
///
/// A host owns one JavaScript engine; every run gets a fresh global context (S7).
/// Use a host from one thread at a time. Runs in one process are serialised so
/// that each can use its own time zone (T2).
public final class ScriptHost {
    /// One engine, or two that runs alternate between (see ``init(preparesContextsAhead:)``).
    /// An engine that cannot give its memory back is replaced (``HostMemory``).
    private var engines: [HostEngine]
    private var nextEngine = 0
    private let preparer: ContextPreparer?

    /// When a host gives back what a run grew the process by (``HostMemory``).
    public enum MemoryReturn: Sendable {
        /// Right after the run: for a process that stays (a studio, a test worker).
        case afterEachRun
        /// When the next run starts, so that a process that exits after its run never pays
        /// for a collection whose pages its exit frees anyway (a `widgethost run`).
        case beforeTheNextRun
    }

    /// - Parameters:
    ///   - preparesContextsAhead: make each run's fresh context on a second
    ///     thread, in a second engine, while the previous run executes. For a caller that
    ///     runs many scripts one after another (a simulation): it costs a thread and a
    ///     second engine, and saves most of the cost of a fresh context on a 2-core machine.
    ///   - memoryReturn: when memory a run grew the process by is given back.
    ///   Reports are the same either way.
    public init(preparesContextsAhead: Bool, memoryReturn: MemoryReturn = .afterEachRun) {
        self.memoryReturn = memoryReturn
        if preparesContextsAhead {
            engines = [HostEngine(), HostEngine()]
            preparer = ContextPreparer()
            preparer?.prepare(in: engines[0])
        } else {
            engines = [HostEngine()]
            preparer = nil
        }
    }

    /// A host with one engine, making each run's context when the run starts.
    public convenience init() { self.init(preparesContextsAhead: false) }

    deinit { preparer?.stop() }

    /// The engine of the run in progress (or the next one).
    var engine: HostEngine { engines[nextEngine] }

    /// The enumerable own keys of a fresh global object, which outputs leave out (none with
    /// this engine). Every context starts the same, so they are read once, the first time a
    /// script leaves any.
    private(set) lazy var freshGlobalKeys: Set<String> = engine.runtime.freshGlobalKeys()

    /// Scans, wrapped texts and compiled bodies of the scripts run recently.
    private var preparedScripts = PreparedScripts()

    /// The JavaScript half of the API (``APIScript``) for the run in progress.
    func apiScript() throws(ScriptError) -> CompiledScript { try engine.apiScript() }

    /// JavaScript global objects still alive after a full collection: one for the
    /// engine's own scratch context when no run leaked its realm (and, in a host that
    /// prepares contexts ahead, one per engine plus the context made for the next run).
    public func liveGlobalObjects() -> Int { engines.reduce(0) { $0 + $1.runtime.liveGlobalObjects() } }

    /// Runs `source` once and reports what it produced and asked for.
    public func run(_ source: ScriptSource, configuration: RunConfiguration = RunConfiguration()) -> RunReport {
        if let (engine, status) = pendingReturn {
            pendingReturn = nil
            releaseMemory(after: engine, status: status)
        }
        // A context made ahead is taken before the zone is set: the preparing thread is then
        // idle, so it never reads the environment while this one changes it.
        let prepared = preparer?.take()
        let used = nextEngine
        let report = ProcessZone.withZone(configuration.zone, locale: configuration.effectiveLocale) {
            let start = Double(configuration.now ?? WallClock.nowMilliseconds())
            return runLocked(source, configuration: configuration, start: start, context: prepared)
        }
        // Out here the run's frames are gone: nothing on the stack holds its realm.
        switch memoryReturn {
        case .afterEachRun: releaseMemory(after: used, status: report.status)
        case .beforeTheNextRun: pendingReturn = (used, report.status)
        }
        return report
    }

    private let memoryReturn: MemoryReturn
    /// The engine and status of the run whose memory is to be given back when the next starts.
    private var pendingReturn: (Int, RunStatus)?

    /// When this host gives memory back after a run, and when it replaces an engine.
    var memory = HostMemory()

    /// After a run that grew the process, collects the dead realm and gives the freed pages back;
    /// an engine that cannot be brought back is replaced (``HostMemory``). Reports do not
    /// change: every run gets a fresh context either way.
    private func releaseMemory(after index: Int, status: RunStatus) {
        guard memory.afterRun(of: engines[index].runtime, status: status) else { return }
        // A new engine in place of the one used (the preparing thread works only in the other
        // one); the scripts compiled for the old one go with it.
        engines[index] = HostEngine()
        preparedScripts = PreparedScripts()
        engineReplacements += 1
        memory.engineReplaced()
    }

    /// How many engines this host replaced (for tests and measurements).
    public private(set) var engineReplacements = 0

    /// Loads a file and runs it; a file that is not UTF-8 gives an `error` report with a `not-utf8` diagnostic (S1).
    public func run(path: String, configuration: RunConfiguration = RunConfiguration()) throws(ScriptLoadError) -> RunReport {
        try run(path: SystemPath(path), configuration: configuration)
    }

    /// Loads the file at `path`, named by its bytes, and runs it; a file that is not UTF-8 gives an `error` report (S1).
    public func run(path: SystemPath, configuration: RunConfiguration = RunConfiguration()) throws(ScriptLoadError) -> RunReport {
        do {
            return run(try ScriptSource.load(path: path), configuration: configuration)
        } catch where error.kind == .notUTF8 {
            let start = configuration.now ?? WallClock.nowMilliseconds()
            var report = RunReport.notRun(script: path.shown, configuration: configuration, start: start)
            report.diagnostics = [Diagnostic(.notUTF8, .error, error.message, line: error.line, column: error.column)]
            report.error = ScriptFailure(name: "EncodingError", message: error.message, line: error.line, column: error.column, stack: [])
            return report
        }
    }

    private func runLocked(
        _ source: ScriptSource, configuration: RunConfiguration, start: Double, context prepared: ScriptContext?
    ) -> RunReport {
        // Preparing and compiling the script count against its time limit (S6), and a script
        // larger than its run parses is refused before anything parses it.
        engine.runtime.startRunClock()
        let script: PreparedScript
        var unprepared: Unprepared?
        switch preparedScripts.prepared(source, configuration: configuration, start: .now) {
        case .success(let made): script = made
        case .failure(let reason):
            // Nothing of the script runs: the run's report stands on an empty one of its name.
            script = PreparedScript(ScriptSource(text: "", name: source.name), scan: ScriptScanner.scan(""), edition: configuration.edition)
            unprepared = reason
        }
        let state = RunState(configuration: configuration, prepared: script, startedAt: start)
        state.host = self
        defer { state.teardown() }
        let engine = self.engine
        let context = unprepared == nil ? prepared ?? engine.runtime.makeContext(name: source.name) : nil
        if let preparer {
            // The next run goes to the other engine; its context is made meanwhile.
            preparer.prepare(in: engines[1 - nextEngine])
        }
        defer { if preparer != nil { nextEngine = 1 - nextEngine } }
        var execution = RunDriver(host: self, engine: engine, context: context, state: state, source: source, unprepared: unprepared)
        return execution.run()
    }
}

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
