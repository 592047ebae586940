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
    let runtime = ScriptRuntime()
    /// The prelude, parsed once for all runs of this host.
    let prelude: CompiledScript

    public init() {
        do {
            prelude = try CompiledScript(Prelude.source, sourceURL: Prelude.sourceURL, runtime: runtime)
        } catch {
            preconditionFailure("the host's prelude does not parse: \(error)")
        }
    }

    /// The enumerable own keys of a fresh global object, which outputs leave out
    /// (none with this engine). Every context starts the same, so they are read
    /// once, in a context of their own, the first time a script leaves any.
    private(set) lazy var freshGlobalKeys: Set<String> = {
        let fresh = runtime.makeContext(name: "widgethost:fresh")
        let keys = (try? fresh.evaluate("Object.keys(globalThis).join('\\n')", sourceURL: Prelude.sourceURL).toString()) ?? ""
        return keys.isEmpty ? [] : Set(keys.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }()

    /// Scans, wrapped texts and compiled bodies of the scripts run recently.
    private var preparedScripts = PreparedScripts()

    /// The JavaScript half of the API (``APIScript``), parsed on first use.
    private var compiledAPI: CompiledScript?

    func apiScript() throws(ScriptError) -> CompiledScript {
        if let compiledAPI { return compiledAPI }
        let compiled = try CompiledScript(APIScript.source, sourceURL: APIScript.sourceURL, runtime: runtime)
        compiledAPI = compiled
        return compiled
    }

    /// JavaScript global objects still alive after a full collection: one for the
    /// engine's own scratch context when no run leaked its realm.
    public func liveGlobalObjects() -> Int { runtime.liveGlobalObjects() }

    /// Runs `source` once and reports what it produced and asked for.
    public func run(_ source: ScriptSource, configuration: RunConfiguration = RunConfiguration()) -> RunReport {
        ProcessZone.withZone(configuration.zone) {
            let start = Double(configuration.now ?? WallClock.nowMilliseconds())
            return runLocked(source, configuration: configuration, start: start)
        }
    }

    /// Loads a file and runs it; a file that is not UTF-8 gives an `error` report with a `not-utf8` diagnostic (S1).
    public func run(path: String, configuration: RunConfiguration = RunConfiguration()) throws(ScriptLoadError) -> RunReport {
        do {
            return run(try ScriptSource.load(path: path), configuration: configuration)
        } catch where error.kind == .notUTF8 {
            let start = configuration.now ?? WallClock.nowMilliseconds()
            var report = RunReport.notRun(script: path, configuration: configuration, start: start)
            report.diagnostics = [Diagnostic(.notUTF8, .error, error.message, line: error.line, column: error.column)]
            report.error = ScriptFailure(name: "EncodingError", message: error.message, line: error.line, column: error.column, stack: [])
            return report
        }
    }

    private func runLocked(_ source: ScriptSource, configuration: RunConfiguration, start: Double) -> RunReport {
        let prepared = preparedScripts.prepared(source)
        let session = RunSession(configuration: configuration, prepared: prepared, startedAt: start)
        session.host = self
        defer { session.teardown() }
        var execution = RunExecution(host: self, session: session, source: source)
        return execution.run()
    }
}

/// The real clock, read only when no `--now` is given (T1).
public enum WallClock {
    public static func nowMilliseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }
}

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
