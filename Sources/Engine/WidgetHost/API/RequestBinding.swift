import JSONKit
import ScriptCore

/// `Request` (its natives; the class itself is in ``APIScript``) and the deprecated `http` (A2, A3, A9).
/// What a fetch resolves to.
enum FetchResult: String {
    case bytes, string, json
}

extension BindingContext {

    /// `native.send(request, kind)`: reads the request's fields and returns the promise of its answer.
    func send(_ call: NativeCall) throws -> JSValue {
        let object = call[0]
        let kind = FetchResult(rawValue: try call[1].toString()) ?? .string
        let function = kind == .json ? "fetchJSON" : kind == .bytes ? "fetch" : "fetchString"
        let site = callSite(call.context, name: function)
        switch try buildRequest(url: object.property("url"), method: object.property("method"),
                                headers: object.property("headers"), body: object.property("body"), function: "req.\(function)()") {
        case .failure(let error):
            return deferred(call.context, "req.\(function)()", site: site, function: function) { _ in .failure(error) }
        case .success(let request):
            return dispatch(request, as: kind, call: call, function: function, site: site)
        }
    }

    /// A request from a script's values, or the `TypeError` that rejects the fetch.
    func buildRequest(url: JSValue, method: JSValue, headers: JSValue, body: JSValue, function: String) throws -> Result<NetworkRequest, NativeError> {
        guard url.isString, let address = try url.stringIfPresent(), address.hasPrefix("http://") || address.hasPrefix("https://") else {
            return .failure(NativeError(.typeError, "\(function): the URL must be an http:// or https:// address; got \(ValueDescription.phrase(url))"))
        }
        var verb = "GET"
        if !method.isNullOrUndefined {
            guard method.isString, let text = try method.stringIfPresent(), NetworkRequest.isToken(text) else {
                return .failure(NativeError(.typeError, "\(function): the method must be an HTTP method such as \"GET\" or \"POST\"; got \(ValueDescription.phrase(method))"))
            }
            verb = text.uppercased()
            if configuration.edition == .harmony, !HarmonyRules.requestMethods.contains(verb) {
                // H9: the app sends the methods its docs list, in any case; another rejects (a choice).
                return .failure(NativeError(.typeError, "\(function): the method must be one of \(HarmonyRules.requestMethods.joined(separator: ", ")) (any case); got \(ValueDescription.phrase(method))"))
            }
        }
        var lines: [NetworkHeader] = []
        if !headers.isNullOrUndefined {
            guard headers.kind == .object else {
                return .failure(NativeError(.typeError, "\(function): headers must be a plain object such as {\"Accept\": \"application/json\"}; got \(ValueDescription.phrase(headers))"))
            }
            for name in headers.enumerableNames() {
                let value = try headers.property(name)
                guard NetworkRequest.isToken(name), !value.isObject, let text = try value.stringIfPresent(),
                    !text.contains("\r"), !text.contains("\n")
                else {
                    return .failure(NativeError(.typeError, "\(function): header \(JSONValue.quote(name)) must have a token name and a one-line string value; got \(ValueDescription.phrase(value))"))
                }
                lines.append(NetworkHeader(name, text))
            }
        }
        var bytes: [UInt8]?
        if let binary = body.bytes() {
            bytes = binary
        } else if body.isObject {
            guard let json = try? body.jsonString() else {
                return .failure(NativeError(.typeError, "\(function): the body cannot be sent as JSON (\(ValueDescription.phrase(body)))"))
            }
            bytes = Array(json.utf8)
            if !lines.contains(where: { $0.name.lowercased() == "content-type" }) {
                lines.append(NetworkHeader("Content-Type", "application/json"))
            }
        } else if !body.isNullOrUndefined {
            bytes = Array(try body.toString().utf8)
        }
        if configuration.edition == .harmony {
            // H9: the app sends any non-empty body as JSON unless told otherwise, and names itself.
            if let bytes, !bytes.isEmpty, !lines.contains(where: { $0.name.lowercased() == "content-type" }) {
                lines.append(NetworkHeader("Content-Type", "application/json"))
            }
            if !lines.contains(where: { $0.name.lowercased() == "user-agent" }) {
                lines.append(NetworkHeader("User-Agent", HarmonyRules.userAgent))
            }
        }
        return .success(NetworkRequest(method: verb, url: address, headers: lines, body: bytes))
    }

    /// Sends a request in the configured network mode and settles the promise from the host loop.
    func dispatch(_ request: NetworkRequest, as kind: FetchResult, call: NativeCall, function: String,
                  site: (line: Int?, column: Int?)) -> JSValue {
        let network = configuration.network
        let label = request.label
        switch network.mode {
        case .replay:
            let fixtures = network.fixtures.fixtures
            let index = fixtures.indices.first { index in
                fixtures[index].matches(request) && (fixtures[index].times.map { (api.fixtureUses[index] ?? 0) < $0 } ?? true)
            }
            guard let index else {
                let source = network.fixtures.source.map { " in \($0)" } ?? ""
                let message = "no fixture\(source) answers \(label) (replay mode never uses the network); add one, or record them with --network record"
                diagnose(.fixtureMissing, .warning, message, line: site.line, column: site.column)
                network.recorder?.record(NetworkExchange(request: request, outcome: .failure(NetworkFailure(message))))
                return deferred(call.context, label, site: site, function: function) { _ in .failure(NativeError(.error, message)) }
            }
            api.fixtureUses[index, default: 0] += 1
            let fixture = fixtures[index]
            network.recorder?.record(NetworkExchange(
                request: request,
                outcome: fixture.failure.map { .failure(NetworkFailure($0)) } ?? .success(NetworkResponse(status: fixture.status, body: fixture.body))))
            return deferred(call.context, label, delay: fixture.delayMs, site: site, function: function) { [unowned self] context in
                if let failure = fixture.failure {
                    return .failure(NativeError(.error, "\(label) failed: \(failure)"))
                }
                return self.settle(.success(NetworkResponse(status: fixture.status, body: fixture.body)), request, kind, in: context)
            }
        case .live, .record:
            var live = network
            if configuration.edition == .harmony {
                // H9: 5 s to connect and 5 s to read, each on its own, within the run's 4.5 s.
                live.connectTimeoutSeconds = HarmonyRules.requestConnectTimeoutSeconds
                live.readTimeoutSeconds = HarmonyRules.requestReadTimeoutSeconds
            }
            return deferred(call.context, label, site: site, function: function) { [unowned self] context in
                let outcome = LiveHTTP.perform(request, configuration: live, deadline: self.deadline)
                if let recorder = network.recorder {
                    recorder.record(NetworkExchange(request: request, outcome: outcome))
                    if network.mode == .record { self.api.recordedCount += 1 }
                }
                return self.settle(outcome, request, kind, in: context)
            }
        }
    }

    /// The script's value for a response (A2): bytes, text or parsed JSON; a rejection for HTTP 400 and above.
    func settle(_ outcome: Result<NetworkResponse, NetworkFailure>, _ request: NetworkRequest, _ kind: FetchResult, in context: ScriptContext) -> APIOutcome {
        let response: NetworkResponse
        switch outcome {
        case .failure(let error): return .failure(NativeError(.error, "\(request.label) failed: \(error.message)"))
        case .success(let answer): response = answer
        }
        let limit = configuration.network.maximumResponseBytes
        if response.body.count > limit {
            return .failure(NativeError(.error, "\(request.label) failed: the response is larger than \(limit / (1024 * 1024)) MB"))
        }
        if response.status >= 400 {
            // H9: the HarmonyOS edition's message is the status alone, as the app writes it.
            let message = configuration.edition == .harmony ? "http \(response.status)" : "HTTP \(response.status) for \(request.label)"
            return .failure(NativeError(.error, message))
        }
        switch kind {
        case .bytes:
            return .value(context.uint8Array(response.body))
        case .string:
            return .value(context.string(String(decoding: response.body, as: UTF8.self)))
        case .json:
            let text = String(decoding: response.body, as: UTF8.self)
            guard let value = context.parseJSON(text) else {
                let start = text.prefix(60).replacing("\n", with: " ")
                return .failure(NativeError(.error, "fetchJSON(): the response of \(request.label) is not valid JSON: \(JSONValue.quote(String(start)))\(text.count > 60 ? "…" : "")"))
            }
            return .value(value)
        }
    }

    /// The deprecated `http.get`/`http.post` (A9): a `deprecated-api` info, then a text request.
    func makeHTTP(in context: ScriptContext) -> JSValue {
        func helper(_ name: String, _ method: String) -> (String, Int, NativeFunctionBody) {
            (name, 2, { [unowned self] (call: NativeCall) throws -> JSValue in
                let function = "http.\(name)"
                if self.api.reportedDeprecations.insert(function).inserted {
                    let site = self.callSite(call.context, name: function)
                    let instead = method == "GET"
                        ? "await new Request(url).fetchString()"
                        : "const req = new Request(url); req.method = \"POST\"; req.body = body; await req.fetchString()"
                    self.diagnose(.deprecatedAPI, .info, "\(function)(url, options) is deprecated and will be removed from the app; use \(instead)", line: site.line, column: site.column)
                }
                let options = call[1]
                let headers = options.isObject ? try options.property("headers") : call.context.undefined
                let body = options.isObject && method == "POST" ? try options.property("body") : call.context.undefined
                let site = self.callSite(call.context, name: function)
                switch try self.buildRequest(url: call[0], method: call.context.string(method), headers: headers, body: body, function: function) {
                case .failure(let error): return self.deferred(call.context, function, site: site, function: function) { _ in .failure(error) }
                case .success(let request): return self.dispatch(request, as: .string, call: call, function: function, site: site)
                }
            })
        }
        return nativeObject(in: context, [helper("get", "GET"), helper("post", "POST")])
    }
}
