import ErrorKinds
import JSONKit
import HostSystem
import Preview
import PushContract
import WidgetHost
import ZonedTime

/// `widgethost push start|update|end`: builds a valid push request, prints it as curl or
/// JSON, or sends it.
enum PushCommand {
    static let defaultURL = "http://127.0.0.1:8787"

    static let name = "push"
    static let command = Command(
        name: name,
        abstract: "Build a Live Activity push request (start, update, end); print it as curl or send it.",
        discussion: """
            The request gets the current timestamp (seconds) and a fresh random nonce. Its
            variables (content_state.data) come from --data, or from the outputs of a headless
            run of the Live Activity script given with --script, run as 'widgethost run' runs it
            (the run flags apply, the state folder too, and stderr names it; the kind is live).
            The request is checked against the contract before it is printed or sent:
            bad data exits 65 with the contract's reason. By default it prints a ready curl
            command, like the app's "Copy push curl" menu; --send posts it with curl and prints
            one line with the outcome and the receiver's message; its warnings go to stderr
            (exit 1 when the receiver refuses it or cannot be reached). --format json prints
            a widgethost.push/1 report instead (the request, the response, the outcome). The URL defaults to a local
            `widgethost serve` at \(defaultURL)/api/push (--sandbox: /api/sandbox/push).
            """,
        arguments: [.decoded(by: type)],
        options: [userID.spec, widgetID.spec, script.spec, data.spec, loading.spec, alertTitle.spec, alertBody.spec, soundMode.spec,
                  sound.spec, sandbox.spec, url.spec, send.spec, format.spec, printed.spec, timestamp.spec, nonce.spec]
            // The run options of the script, but its kind (live) and a budget (one run).
            + [RunOptions.liveEdition.spec, RunOptions.now.spec, RunOptions.zone.spec, RunOptions.locale.spec, RunOptions.seed.spec, RunOptions.timeout.spec,
               RunOptions.memoryLimit.spec, RunOptions.strict.spec] + RunOptions.scriptAPI,
        examples: [
            .init("Print a ready curl command for a push start", "widgethost push start --user-id PUSH_ID --widget-id WIDGET_ID --data '{\"title\":\"Live\"}'"),
            .init("Send a Live Activity script's outputs to a local receiver", "widgethost push update --user-id PUSH_ID --widget-id WIDGET_ID --script Fixtures/Push/score.js --send"),
            .init("The request, response and outcome as JSON", "widgethost push end --user-id PUSH_ID --widget-id WIDGET_ID --send --format json"),
        ],
        exitCodes: [
            (ExitStatus.success, "the request was printed, or sent and acknowledged"),
            (ExitStatus.failure, "the receiver refused it or could not be reached, or --script did not end ok"),
            (ExitStatus.usage, "a usage error"),
            (ExitStatus.dataError, "the request breaks the contract (the reason is given), or --data is not a JSON object"),
            (ExitStatus.noInput, "--script cannot be read"),
            (ExitStatus.unavailable, "--send cannot run curl (not installed)"),
        ],
        run: run)

    /// The positional push type.
    static let type = Option<PushType>.choice("type", "type", "start, update or end.", noun: "push type")
    static let userID = Option<String>.text("user-id", "id", "The Push ID (user_id). Required.")
    static let widgetID = Option<String>.text("widget-id", "id", "The Live Activity widget id (widget_id). Required.")
    static let script = Option<String>.file("script", "file", "Run this Live Activity script and send its outputs as the variables.")
    static let data = Option<String>.text("data", "json", "The variables as a JSON object, e.g. '{\"title\":\"Live\",\"count\":1}'.")
    static let loading = Flag("loading", "Send content_state.isLoading: true.")
    static let alertTitle = Option<String>.text("alert-title", "text", "Alert title (start only).")
    static let alertBody = Option<String>.text("alert-body", "text", "Alert body (start only).")
    static let soundMode = Option<SoundMode>.choice(
        "sound-mode", "mode", "custom (the app's push_click.caf), system or silent. Default: not sent (custom).", noun: "--sound-mode")
    static let sound = Option<String>.file("sound", "file", "Legacy sound file name, e.g. push_click.caf.")
    static let sandbox = Flag("sandbox", "Use the sandbox path /api/sandbox/push.")
    static let url = Option<String>.text("url", "url", "Full endpoint URL. Default: \(defaultURL)/api/push (or /api/sandbox/push).")
    static let send = Flag("send", "POST the request with curl and print one line with the outcome.")
    static let format = Option<ReportFormat>.format(
        "text (default) or json: a widgethost.push/1 report with the request, the response and the outcome.")
    /// What `--print` prints.
    enum Printed: String, CaseIterable, Sendable { case curl, json }
    static let printed = Option<Printed>.choice("print", "what", "What to print: curl (default) or json (the request body).", noun: "--print")
    static let timestamp = Option<Int64>(
        "timestamp", "seconds", "Use this timestamp instead of the current time (epoch seconds)."
    ) { (text) throws(UsageError) in
        guard let value = Int64(text), value >= 0 else { throw UsageError("bad --timestamp '\(text)'; use whole epoch seconds") }
        return value
    }
    static let nonce = Option<String>.text("nonce", "text", "Use this nonce instead of a random one.")

    static func run(_ arguments: ParsedArguments, _ terminal: Terminal) throws -> Int32 {
        try RunOptions.refuseHarmony(arguments, command: "push")
        guard let typeText = arguments.positionals.first else { throw UsageError("missing the push type: start, update or end") }
        let type = try Self.type.decode(typeText)
        guard arguments.positionals.count == 1 else { throw UsageError("unexpected argument '\(arguments.positionals[1])'") }
        guard let userID = try arguments.get(Self.userID) else { throw UsageError("missing --user-id (the Push ID the app shows)") }
        guard let widgetID = try arguments.get(Self.widgetID) else { throw UsageError("missing --widget-id (the Live Activity widget id)") }
        let format = try arguments.get(Self.format) ?? .text
        let printing = try arguments.get(Self.printed)
        if format == .json, printing != nil { throw UsageError("--format json reports the request itself; drop --print") }
        let soundMode = try arguments.get(Self.soundMode)
        let timestamp = try arguments.get(Self.timestamp) ?? WallClock.nowMilliseconds() / 1000
        let givenURL = try arguments.get(Self.url)
        let url = givenURL ?? defaultURL + (arguments.isSet(sandbox) ? PushPath.sandbox : PushPath.production).rawValue

        let data = try variables(arguments, type: type, terminal: terminal)
        var contentState: ContentState?
        if let data { contentState = ContentState(isLoading: arguments.isSet(loading), data: data) }
        let request = PushRequest(
            userID: userID, widgetID: widgetID, type: type, contentState: contentState,
            alertTitle: try arguments.get(alertTitle), alertBody: try arguments.get(alertBody),
            soundMode: soundMode, sound: try arguments.get(sound), timestamp: timestamp,
            nonce: try arguments.get(nonce) ?? RandomBytes.hex(count: 16))
        let body = request.bodyText()

        // Check locally with the same contract the receiver uses.
        let validated: ValidatedPush
        do {
            validated = try PushContract.validate(body: Array(body.utf8))
        } catch {
            throw CommandError("the request is refused: \(error.message) [\(error.reason.rawValue)]", kind: error.errorKind)
        }
        let style = TextStyle(enabled: terminal.colorErr)
        var warned: Set<String> = []
        for warning in validated.warnings {
            warned.insert(warning.code.rawValue + " " + warning.message)
            terminal.err("\(style.yellow("warning")): \(warning.message) [\(warning.code.rawValue)]")
        }
        let asJSON = format == .json

        if !asJSON, !arguments.isSet(send) || printing != nil {
            terminal.out(printing == .json ? body : CurlCommand.render(url: url, body: body))
        }
        guard arguments.isSet(send) else {
            if asJSON { terminal.out(report(url: url, body: body, warnings: validated.warnings, outcome: "built").serialized(pretty: true)) }
            return ExitStatus.success
        }
        let response = try CurlProcess.post(url: url, body: body)
        guard response.status != 0 else {
            let local = givenURL == nil
                ? "; is a receiver running? Start one with 'widgethost serve' (it listens on \(defaultURL)), or give --url"
                : "; check the URL, or start a local receiver with 'widgethost serve' and leave out --url"
            if asJSON {
                terminal.out(report(url: url, body: body, warnings: validated.warnings, outcome: "unreachable",
                                    error: response.error.trimmingNewlines()).serialized(pretty: true))
            }
            terminal.err("\(style.red("error")): could not reach \(url): \(response.error.trimmingNewlines())\(local)")
            return ExitStatus.failure
        }
        let parsed = try? JSONValue.parse(response.body)
        let code = ExitStatus.ofPushResponse(httpStatus: response.status, ok: parsed?["ok"]?.boolValue)
        // The receiver's warnings (update-too-soon, …) that the local check did not already give.
        for warning in parsed?["warnings"]?.arrayValue ?? [] {
            guard let message = warning["message"]?.stringValue, let warningCode = warning["code"]?.stringValue,
                  !warned.contains(warningCode + " " + message) else { continue }
            terminal.err("\(style.yellow("warning")): \(message) [\(warningCode)]")
        }
        let status = parsed?["status"]?.stringValue ?? (code == ExitStatus.success ? "accepted" : "refused")
        let message = parsed?["message"]?.stringValue ?? "HTTP \(response.status)"
        if asJSON {
            terminal.out(report(url: url, body: body, warnings: validated.warnings, outcome: status,
                                response: (response.status, parsed ?? .string(response.body))).serialized(pretty: true))
        }
        if code != ExitStatus.success {
            let reason = parsed?["reason"]?.stringValue.map { " [\($0)]" } ?? ""
            terminal.err("\(style.red("error")): refused (HTTP \(response.status)): \(message)\(reason)")
        } else if !asJSON {
            terminal.out("\(status) (HTTP \(response.status)): \(message)")
        }
        return code
    }

    /// The `widgethost.push/1` report of `--format json`: the request, the receiver's
    /// response when one came, and the outcome (`built` when not sent, `accepted`, `ignored`,
    /// `refused` or `unreachable`).
    static func report(url: String, body: String, warnings: [PushWarning], outcome: String,
                       response: (status: Int, body: JSONValue)? = nil, error: String? = nil) -> JSONValue {
        var object: JSONObject = [
            "schema": "widgethost.push/1",
            "request": .object(["url": .string(url), "body": (try? JSONValue.parse(body)) ?? .string(body)]),
            "warnings": .array(warnings.map { .object(["code": .string($0.code.rawValue), "message": .string($0.message)]) }),
            "response": response.map { .object(["httpStatus": .number(Double($0.status)), "body": $0.body]) } ?? .null,
            "outcome": .string(outcome),
        ]
        if let error { object["error"] = .string(error) }
        return .object(object)
    }

    /// `content_state.data` from --data or --script, or nil when neither is given (only end may omit it).
    static func variables(_ arguments: ParsedArguments, type: PushType, terminal: Terminal) throws -> String? {
        let script = try arguments.get(Self.script), data = try arguments.get(Self.data)
        if script != nil && data != nil { throw UsageError("give either --script or --data, not both") }
        if let data {
            let parsed: JSONValue
            do { parsed = try JSONValue.parse(data) } catch {
                throw CommandError("--data is not JSON (\(error.description)); give the variables as a JSON object [data-not-json-object]",
                                   kind: error.errorKind)
            }
            guard case .object = parsed else {
                throw CommandError("--data holds a JSON \(parsed.typeName); give the variables as a JSON object such as '{\"title\":\"Live\"}' [data-not-json-object]",
                                   kind: .input(.malformed))
            }
            return parsed.serialized()
        }
        guard let script else {
            if type == .end { return nil }
            throw UsageError("push \(type.rawValue) needs its variables: give --script FILE or --data JSON")
        }
        // As `run` runs it: the same flags, the same profile, network and state folder.
        var configuration = try RunOptions.decode(arguments).configuration
        try APIFlags.apply(arguments, to: &configuration)
        configuration.kind = .live
        let source = try ScriptSource.loadScript(path: script)
        let report = ProcessHost.with { $0.run(source, configuration: configuration) }
        terminal.err("push: ran \(script) as 'widgethost run' does; state \(APIFlags.stateLine(configuration.storage))")
        let renderer = RunReportRenderer(report: report, sourceText: source.text)
        for line in renderer.diagnosticLines(TextStyle(enabled: terminal.colorErr)) { terminal.err(line) }
        if let ended = report.requests.liveActivityEndedAt {
            terminal.err("\(TextStyle(enabled: terminal.colorErr).yellow("warning")): \(script): the script called endLiveActivity() (at \(ISO8601.format(epochMs: ended, in: configuration.zone))), so on a device this run would end the activity; its outputs are sent as a \(type.rawValue) all the same [script-ended-activity]")
        }
        guard report.status == .ok else {
            let summary = report.error?.summary ?? report.status.rawValue
            throw CommandError("\(script): the script ended with \(report.status.rawValue) (\(summary)), so it published no variables; fix it or use --data",
                               kind: .script)
        }
        return JSONValue.object(report.outputs).serialized()
    }
}

extension String {
    fileprivate func trimmingNewlines() -> String {
        var text = Substring(self)
        while text.last == "\n" || text.last == "\r" { text = text.dropLast() }
        return String(text)
    }
}
