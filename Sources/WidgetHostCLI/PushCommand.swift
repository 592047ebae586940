import JSONKit
import PushClient
import PushContract
import WidgetHost

/// `widgethost push start|update|end`: builds a valid push request, prints it as curl or
/// JSON, or sends it.
enum PushCommand {
    static let defaultURL = "http://127.0.0.1:8787"

    static let command = Command(
        name: "push",
        abstract: "Build a Live Activity push request (start, update, end); print it as curl or send it.",
        discussion: """
            The request gets the current timestamp (seconds) and a fresh random nonce. Its
            variables (content_state.data) come from --data, or from the outputs of a headless
            run of the Live Activity script given with --script (the run flags apply; the kind
            is live). The request is checked against the contract before it is printed or sent:
            bad data exits 65 with the contract's reason. By default it prints a ready curl
            command, like the app's "Copy push curl" menu; --send posts it with curl and prints
            the response (exit 1 when the receiver refuses it). The URL defaults to a local
            `widgethost serve` at \(defaultURL)/api/push (--sandbox: /api/sandbox/push).
            """,
        arguments: [("type", "start, update or end.")],
        options: [
            .value("user-id", "id", "The Push ID (user_id). Required."),
            .value("widget-id", "id", "The Live Activity widget id (widget_id). Required."),
            .value("script", "file", "Run this Live Activity script and send its outputs as the variables."),
            .value("data", "json", "The variables as a JSON object, e.g. '{\"title\":\"Live\",\"count\":1}'."),
            .flag("loading", "Send content_state.isLoading: true."),
            .value("alert-title", "text", "Alert title (start only)."),
            .value("alert-body", "text", "Alert body (start only)."),
            .value("sound-mode", "mode", "custom (the app's push_click.caf), system or silent. Default: not sent (custom)."),
            .value("sound", "file", "Legacy sound file name, e.g. push_click.caf."),
            .flag("sandbox", "Use the sandbox path /api/sandbox/push."),
            .value("url", "url", "Full endpoint URL. Default: \(defaultURL)/api/push (or /api/sandbox/push)."),
            .flag("send", "POST the request with curl and print the response."),
            .value("print", "what", "What to print: curl (default) or json (the request body)."),
            .value("timestamp", "seconds", "Use this timestamp instead of the current time (epoch seconds)."),
            .value("nonce", "text", "Use this nonce instead of a random one."),
        ] + RunFlags.options.filter { $0.name != "kind" && $0.name != "budget" },
        run: run)

    static func run(_ arguments: ParsedArguments, _ terminal: Terminal) throws -> Int32 {
        guard let typeText = arguments.positionals.first else { throw UsageError("missing the push type: start, update or end") }
        guard let type = PushType(rawValue: typeText) else {
            throw UsageError("unknown push type '\(typeText)'; use start, update or end")
        }
        guard arguments.positionals.count == 1 else { throw UsageError("unexpected argument '\(arguments.positionals[1])'") }
        guard let userID = arguments.value("user-id") else { throw UsageError("missing --user-id (the Push ID the app shows)") }
        guard let widgetID = arguments.value("widget-id") else { throw UsageError("missing --widget-id (the Live Activity widget id)") }
        let printing = arguments.value("print")
        guard printing == nil || printing == "curl" || printing == "json" else {
            throw UsageError("unknown --print '\(printing!)'; use curl or json")
        }
        var soundMode: SoundMode?
        if let text = arguments.value("sound-mode") {
            guard let mode = SoundMode(rawValue: text) else { throw UsageError("unknown --sound-mode '\(text)'; use custom, system or silent") }
            soundMode = mode
        }
        var timestamp = Clock.epochMilliseconds() / 1000
        if let text = arguments.value("timestamp") {
            guard let value = Int64(text), value >= 0 else { throw UsageError("bad --timestamp '\(text)'; use whole epoch seconds") }
            timestamp = value
        }
        let url = arguments.value("url") ?? defaultURL + (arguments.flag("sandbox") ? PushPath.sandbox : PushPath.production).rawValue

        let data = try variables(arguments, type: type, terminal: terminal)
        var contentState: ContentState?
        if let data { contentState = ContentState(isLoading: arguments.flag("loading"), data: data) }
        let request = PushRequest(
            userID: userID, widgetID: widgetID, type: type, contentState: contentState,
            alertTitle: arguments.value("alert-title"), alertBody: arguments.value("alert-body"),
            soundMode: soundMode, sound: arguments.value("sound"), timestamp: timestamp,
            nonce: arguments.value("nonce") ?? Entropy.hex(bytes: 16))
        let body = request.bodyText()

        // Check locally with the same contract the receiver uses.
        let validated: ValidatedPush
        do {
            validated = try PushContract.validate(body: Array(body.utf8))
        } catch {
            throw InputError("the request is refused: \(error.message) [\(error.reason.rawValue)]", code: ExitCode.dataError)
        }
        let style = Style(enabled: terminal.colorErr)
        for warning in validated.warnings {
            terminal.err("\(style.yellow("warning")): \(warning.message) [\(warning.code.rawValue)]")
        }

        if !arguments.flag("send") || printing != nil {
            terminal.out(printing == "json" ? body : CurlCommand.render(url: url, body: body))
        }
        guard arguments.flag("send") else { return ExitCode.success }
        let response: CurlProcess.Response
        do { response = try CurlProcess.post(url: url, body: body) } catch {
            throw InputError(error.message, code: ExitCode.failure)
        }
        guard response.status != 0 else {
            terminal.err("\(Style(enabled: terminal.colorErr).red("error")): could not reach \(url): \(response.error.trimmingNewlines())")
            return ExitCode.failure
        }
        terminal.out(response.body.trimmingNewlines())
        let parsed = try? JSONValue.parse(response.body)
        let code = ExitCode.ofPushResponse(httpStatus: response.status, ok: parsed?["ok"]?.boolValue)
        if code != ExitCode.success {
            let reason = parsed?["reason"]?.stringValue.map { " [\($0)]" } ?? ""
            let message = parsed?["message"]?.stringValue ?? "HTTP \(response.status)"
            terminal.err("\(Style(enabled: terminal.colorErr).red("error")): refused (HTTP \(response.status)): \(message)\(reason)")
        }
        return code
    }

    /// `content_state.data` from --data or --script, or nil when neither is given (only end may omit it).
    static func variables(_ arguments: ParsedArguments, type: PushType, terminal: Terminal) throws -> String? {
        let script = arguments.value("script"), data = arguments.value("data")
        if script != nil && data != nil { throw UsageError("give either --script or --data, not both") }
        if let data {
            let parsed: JSONValue
            do { parsed = try JSONValue.parse(data) } catch {
                throw InputError("--data is not JSON (\(error.description)); give the variables as a JSON object [data-not-json-object]",
                                 code: ExitCode.dataError)
            }
            guard case .object = parsed else {
                throw InputError("--data holds a JSON \(parsed.typeName); give the variables as a JSON object such as '{\"title\":\"Live\"}' [data-not-json-object]",
                                 code: ExitCode.dataError)
            }
            return parsed.serialized()
        }
        guard let script else {
            if type == .end { return nil }
            throw UsageError("push \(type.rawValue) needs its variables: give --script FILE or --data JSON")
        }
        var configuration = try RunFlags.configuration(from: arguments)
        configuration.kind = .live
        let source: ScriptSource
        do { source = try ScriptSource.load(path: script) } catch {
            throw InputError(error.description, code: error.kind == .notUTF8 ? ExitCode.dataError : ExitCode.noInput)
        }
        let report = ScriptHost().run(source, configuration: configuration)
        let renderer = RunReportRenderer(report: report, sourceText: source.text)
        for line in renderer.diagnosticLines(Style(enabled: terminal.colorErr)) { terminal.err(line) }
        guard report.status == .ok else {
            let summary = report.error?.summary ?? report.status.rawValue
            throw InputError("\(script): the script ended with \(report.status.rawValue) (\(summary)), so it published no variables; fix it or use --data",
                             code: ExitCode.failure)
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
