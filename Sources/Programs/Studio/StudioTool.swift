import ErrorKinds
import HostSystem
import Preview
import PushReceiver
import WidgetHostCLI
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `widgethost studio`, carried out in `widgethost-serve` (which links H2O's HTTP library):
/// `widgethost studio ARGS…` runs `widgethost-serve studio ARGS…`.
public enum StudioTool {
    /// The studio's port when `--port` is not given.
    static let defaultPort = 8790

    /// Runs `widgethost studio` with the arguments that follow `studio` and returns its exit code
    /// (X2): help, usage errors and exit codes as the tool's other subcommands give them.
    public static func main(arguments: [String], terminal: Terminal = .standard()) -> Int32 {
        let command = Command(
            name: StudioProgram.name, abstract: StudioProgram.abstract, discussion: StudioProgram.discussion,
            arguments: [.file("script", "The script file (UTF-8 JavaScript).")], options: StudioProgram.options,
            examples: StudioProgram.examples, exitCodes: StudioProgram.exitCodes
        ) { parsed, terminal in
            try run(parsed, arguments: arguments, terminal: terminal)
        }
        return WidgetHostTool.run(command, arguments: arguments, terminal: terminal)
    }

    static func run(_ parsed: ParsedArguments, arguments: [String], terminal: Terminal) throws -> Int32 {
        let port = try parsed.get(StudioProgram.port) ?? defaultPort
        let listening = StudioListening(address: try parsed.get(StudioProgram.listen) ?? "127.0.0.1")
        let base = without(["port", "listen"], flags: ["open"], in: arguments)
        // Before any engine thread starts, so that Ctrl-C and SIGTERM reach the watcher's
        // thread, which ends the studio if a build under way keeps it from stopping in time.
        FileWatcher.blockInterrupts()
        let interrupts = InterruptWatch.saying("widgethost studio: stopped; the build under way was left unfinished", on: terminal)
        defer { interrupts.end() }
        // A usage mistake ends the command before anything is served; files that cannot be used
        // (a missing script, a layout that is not JSON) are shown on the page instead.
        let session = StudioSession(base: base)
        try session.start()
        let watched = try StudioProgram.watchedFiles(base)
        let watcher: FileWatcher
        do {
            watcher = try FileWatcher(paths: watched, interrupts: interrupts)
        } catch {
            throw CommandError(error.message, kind: error.errorKind)
        }
        // Every client is on the loopback (unless --listen says otherwise), so one limit counts.
        // It is far above what pages listening and the VS Code extension hold (a browser opens at
        // most 6 connections to a host); past it, the event stream that has waited the longest
        // gives way to the newcomer.
        var limits = HTTPLimits()
        limits.connectionLimit = 256
        limits.perAddressLimit = 256
        // A script sent by the VS Code extension, whole.
        limits.bodyLimit = 1 << 20
        let output = StudioOutput(terminal)
        let pairing = StudioPairing { output.line("VS Code: \($0)") }
        let sync = StudioSync(script: watched[0], studio: session, pairing: pairing, showsCode: listening.isLoopback)
        let server = HTTPServer(service: StudioService(session: session, sync: sync), limits: limits,
                                allowedHosts: listening.allowedHosts)
        do {
            try server.start(host: listening.address, port: port)
        } catch {
            // A port in use is refused, as for `serve` (X2).
            throw CommandError("cannot serve the studio: \(error.message); give another --port (0 picks a free one)",
                               kind: error.errorKind)
        }
        let address = listening.origin(port: server.port) + "/"
        sync.address = listening.origin(port: server.port)
        terminal.out("widgethost studio: listening on \(HostAllowList.origin(host: listening.address, port: server.port))/ · watching \(watched.joined(separator: ", ")) · Ctrl-C stops")
        terminal.out("VS Code: \(sync.address) · pairing code \(pairing.code)")
        terminal.flush()
        let discovery = StudioDiscovery.advertise(listening: listening, port: server.port, name: StudioDiscovery.instanceName(script: watched[0]),
                                                  say: { output.line("widgethost studio: \($0)") })
        if parsed.isSet(StudioProgram.open) { open(address, terminal: terminal) }
        while true {
            // 50 ms of quiet: one save (a write, or a new file renamed over the old) is one change.
            switch watcher.wait(quietMs: 50) {
            case .interrupted:
                discovery?.stop()
                session.stop()
                // A control being built answers once its build is done; nothing else waits.
                server.stop(drainSeconds: 30)
                terminal.out("widgethost studio: stopped")
                return ExitStatus.success
            case .changed(let paths):
                let view = session.rebuild()
                terminal.out("widgethost studio: \(paths.joined(separator: ", ")) changed · version \(view.version) built in \(Int(view.buildMs.rounded())) ms")
                terminal.flush()
            }
        }
    }

    /// `arguments` without the options `names` (and their values) and the flags `flags`: what the
    /// page's builds are given.
    static func without(_ names: [String], flags: [String] = [], in arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                result += arguments[index...]
                break
            }
            if names.contains(where: { argument == "--\($0)" }) {
                index += 2
                continue
            }
            if flags.contains(where: { argument == "--\($0)" }) || names.contains(where: { argument.hasPrefix("--\($0)=") }) {
                index += 1
                continue
            }
            result.append(argument)
            index += 1
        }
        return result
    }

    /// Opens `address` with xdg-open when there is one; says so when there is not.
    static func open(_ address: String, terminal: Terminal) {
        for folder in ["/usr/bin", "/usr/local/bin", "/bin"] where access(folder + "/xdg-open", X_OK) == 0 {
            _ = try? ChildProcess.run([folder + "/xdg-open", address], input: [], timeout: .seconds(10))
            return
        }
        terminal.err("widgethost studio: --open found no xdg-open; open \(address) in a browser")
    }
}
