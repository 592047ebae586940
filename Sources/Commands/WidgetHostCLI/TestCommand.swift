import CLIOptions
import Canvas
import ErrorKinds
import HostSystem
import Conformance
import JSONKit
import WidgetHost
import WidgetPictures
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `widgethost test [PATH…]`: the conformance runner.
package enum TestCommand {
    static let command = command(drawer: nil, widgets: nil)

    static let name = "test"

    /// The command; with a drawer (in `widgethost-render`), workers can draw and compare the
    /// pictures fixtures pin with `render:`.
    package static func command(drawer: (any CanvasDrawing)?, widgets: (any WidgetDrawing)? = nil) -> Command {
        Command(
        name: name,
        abstract: "Run conformance fixtures and report which ones pass.",
        discussion: """
            A fixture is a script whose leading /*--- … ---*/ block says how to run it and
            what it must do (see docs/conformance.md). Fixtures run in parallel worker
            processes, so a crash or hang fails that fixture alone. In a folder (with no path,
            the current one), the fixtures are the .js files with a /*--- block; other scripts,
            such as helpers, are not run, and a file named that has none is an error. The spec report
            ends with a recap of the failures and the line 'N passed, N failed'.
            """,
        arguments: [.file("path", "Fixture files, or folders whose fixtures run. Default: the fixtures under the current folder.")],
        options: [filter.spec, edition.spec, jobs.spec, shard.spec, reporter.spec, format.spec, output.spec, timeout.spec, update.spec, workerFlag.spec],
        examples: [
            .init("Every fixture under the current folder", "widgethost test"),
            .init("One folder, as TAP for a CI tool", "widgethost test Fixtures/Conformance --reporter tap"),
            .init("The second of four CI shards, with a JUnit file", "widgethost test Fixtures/Conformance --shard 2/4 --reporter junit --output junit.xml"),
            .init("The results as JSON", "widgethost test Fixtures/Conformance --format json"),
            .init("HarmonyOS card fixtures that name no edition", "widgethost test cards --edition harmony"),
        ],
        exitCodes: [
            (ExitStatus.success, "every fixture passed"),
            (ExitStatus.failure, "a fixture failed"),
            (ExitStatus.usage, "a usage error"),
            (ExitStatus.dataError, "a file named is not a fixture: it has no /*--- block (not-a-fixture)"),
            (ExitStatus.noInput, "a path does not exist, or no fixtures were found"),
            (ExitStatus.cannotCreate, "--output cannot be written"),
        ],
        takesAnyFileName: true,
        run: { arguments, terminal in try run(arguments, terminal, drawer: drawer, widgets: widgets) })
    }

    static let filter = Option<String>.text("filter", "text", "Run only fixtures whose path or description contains the text.")
    static let edition = RunOptions.edition.helped(
        "The edition of fixtures whose front matter names none: ios (the default) or harmony; a fixture's own edition: wins. The report says so.")
    static let jobs = Option<Int>.whole("jobs", "n", "Worker processes. Default: one per core.", in: 1...256)
    static let shard = Option<(index: Int, count: Int)>(
        "shard", "i/n", "Run the i-th of n deterministic slices of the suite (for CI matrices)."
    ) { (text) throws(UsageError) in
        guard let (index, count) = Suite.parseShard(text) else { throw UsageError("bad --shard '\(text)'; use i/n such as 1/4") }
        return (index, count)
    }
    static let reporter = Option<ReporterKind>.choice(
        "reporter", "name", "spec (default), tap (TAP 14), junit (JUnit XML) or json (widgethost.test/1).")
    static let format = Option<ReportFormat>.format(
        "text (the spec report) or json (widgethost.test/1, the same as --reporter json).", note: " (or --reporter tap, junit)")
    static let output = Option<String>.file("output", "file", "Write the report to a file; the closing line still goes to stdout.")
    static let timeout = Option<Double>.number(
        "timeout", "seconds", "Wall-clock seconds a fixture may take before its worker is stopped. Default: 60.", in: 0...3600, above: true,
        use: "use seconds above 0, at most 3600") { $0 }
    static let update = Flag(
        "update", "Write the golden pictures and rewrite the NAME.expected.json files there are, instead of comparing (refused when CI is set).")
    static let workerFlag = Flag("worker", "Internal: run fixtures named on stdin, one JSON result per line.", hidden: true)

    static func run(_ arguments: ParsedArguments, _ terminal: Terminal, drawer: (any CanvasDrawing)?, widgets: (any WidgetDrawing)? = nil) throws -> Int32 {
        let update = arguments.isSet(Self.update)
        if update, let ci = terminal.environment["CI"], !ci.isEmpty, ci != "0", ci != "false" {
            throw UsageError("--update is refused when CI is set: golden files are written on a developer's machine and committed")
        }
        // Worker mode: the service loop, one fixture per request (``ServiceLoop``).
        let edition = try arguments.get(Self.edition)
        if arguments.isSet(workerFlag) { return ServiceLoop.serve(update: update, edition: edition, drawer: drawer, widgets: widgets) }

        let reporter = try reporterKind(arguments)
        let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let jobs = try arguments.get(Self.jobs) ?? cores
        let timeout = try arguments.get(Self.timeout) ?? 60
        var fixtures: [FileSystem.Location]
        let found: Suite.Found
        if arguments.positionals.isEmpty {
            // No path: the fixtures under the current folder (files with a /*--- block; other
            // scripts there are not fixtures), and say so.
            found = Suite.discoverFixtures(under: ".")
            fixtures = found.fixtures
            guard !fixtures.isEmpty else {
                throw CommandError("no fixtures under the current folder (a fixture is a .js file that starts with a /*--- … ---*/ block, see docs/conformance.md); name the files or folders to run, e.g. 'widgethost test Fixtures/Conformance' [no-fixtures]",
                                   kind: .input(.missing))
            }
            terminal.err("test: no path given: running the \(fixtures.count) fixture\(fixtures.count == 1 ? "" : "s") under the current folder")
        } else {
            // Paths are taken by their bytes (a name need not be UTF-8).
            do { found = try Suite.discover(arguments.paths) } catch {
                // A named file that is not a fixture is bad input (65); a missing one, 66.
                throw CommandError(error.description, kind: error.errorKind)
            }
            fixtures = found.fixtures
            guard !fixtures.isEmpty else {
                let named = arguments.positionals.joined(separator: ", ")
                throw CommandError("no fixtures in \(named) (a fixture is a .js file that starts with a /*--- … ---*/ block, see docs/conformance.md; other scripts are not run) [no-fixtures]",
                                   kind: .input(.missing))
            }
        }
        // What the search passed over (a pipe named .js, a second link to a folder) is said, not run.
        for line in found.passedOver { terminal.err("test: passed over \(line)") }
        // Scripts in those folders without a /*--- block are not fixtures: say how many were left out, and why.
        let skipped = found.withoutFrontMatter
        if !skipped.isEmpty {
            let shown = skipped.prefix(5).joined(separator: ", ") + (skipped.count > 5 ? " and \(skipped.count - 5) more" : "")
            terminal.err("test: not run: \(skipped.count) script\(skipped.count == 1 ? "" : "s") without a /*--- … ---*/ front-matter block (\(shown)); a script is a fixture once such a block says how to run it and what it must do (docs/conformance.md)")
        }
        if let (index, count) = try arguments.get(Self.shard) {
            fixtures = Suite.shard(fixtures, index: index, count: count)
        }
        if let filter = try arguments.get(Self.filter) {
            fixtures = fixtures.filter { file in
                file.display.contains(filter) || ((try? Fixture.load(file))?.description.contains(filter) ?? false)
            }
        }

        // Pictures of failing `render:` fixtures go beside the report (else the current folder).
        var variables = terminal.environment
        let output = try arguments.get(Self.output)
        if let output, let slash = output.lastIndex(of: "/") {
            variables["WIDGETHOST_TEST_PICTURES"] = String(output[..<slash])
        } else if variables["WIDGETHOST_TEST_PICTURES"] == nil {
            variables["WIDGETHOST_TEST_PICTURES"] = "."
        }
        let environment = variables.map { "\($0.key)=\($0.value)" }
        let start = ContinuousClock.now
        let pool = WorkerPool(
            command: workerCommand() + (update ? ["--update"] : []) + (edition.map { ["--edition", $0.rawValue] } ?? []), jobs: jobs,
            fixtureTimeout: timeout, environment: environment)
        var done = 0
        let showProgress = terminal.colorErr && fixtures.count > 20
        let results = pool.run(fixtures) { _ in
            done += 1
            if showProgress { terminal.writeErr("\r\u{1B}[2K\(done)/\(fixtures.count) fixtures") }
        }
        if showProgress { terminal.writeErr("\r\u{1B}[2K") }
        let summary = SuiteSummary(results, durationMs: start.duration(to: .now).milliseconds, defaultEdition: edition)
        let text = Reporter.render(reporter, results, summary: summary, color: terminal.colorOut && output == nil)
        if let output {
            do {
                try AtomicFile.write(Array(text.utf8), toPath: output)
            } catch {
                throw CommandError("cannot write \(output): \(error.reason)", kind: .environment(.cannotCreate))
            }
            terminal.out(summary.closingLine)
        } else {
            terminal.writeOut(text)
        }
        return ExitStatus.ofSuite(failed: summary.failed)
    }

    /// `--reporter NAME`, or `--format text|json` (the flag every reporting command takes, X1):
    /// `--format json` is `--reporter json`, `--format text` the spec report.
    static func reporterKind(_ arguments: ParsedArguments) throws(UsageError) -> ReporterKind {
        let reporter = try arguments.get(Self.reporter)
        let format = try arguments.get(Self.format)
        if let reporter, let format, reporter != (format == .json ? .json : .spec) {
            throw UsageError("give --reporter \(reporter.rawValue) or --format \(format.rawValue), not both")
        }
        return reporter ?? (format == .json ? .json : .spec)
    }

    /// Workers are the `widgethost-render` program when `SiblingPrograms.locate` finds it, so
    /// fixtures can draw pictures (`render:`); else this program, whose workers report that they cannot.
    static func workerCommand() -> [String] {
        if case .success(let drawing) = SiblingPrograms.locate(RenderCommand.program) { return [drawing, "test", "--worker"] }
        return [SiblingPrograms.runningExecutable() ?? CommandLine.arguments[0], "test", "--worker"]
    }
}
