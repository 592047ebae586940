import HostSystem
import Synchronization
import JSONKit

/// One canned answer to a request (A3): matched by method and URL (and the body,
/// when the fixture names one), it answers with a status, headers and a body, after
/// a delay on the virtual clock, or fails like a broken network.
public struct NetworkFixture: Sendable, Hashable {
    /// The method a request must have, upper case.
    public var method: String
    /// The URL a request must have, compared exactly.
    public var url: String
    /// When set, only a request with this body matches (a JSON fixture body matches equal JSON).
    public var requestBody: JSONValue?
    /// The answer's HTTP status; 400 and above reject the script's request (A2).
    public var status: Int
    /// The answer's headers by lower-case name (a `json` body in the fixture file adds `content-type`);
    /// kept with the fixture, not handed to the script, which cannot read response headers.
    public var headers: [String: String]
    /// The answer's bytes.
    public var body: [UInt8]
    /// Virtual milliseconds before the answer arrives.
    public var delayMs: Double
    /// When set, the request fails with this network error instead of answering.
    public var failure: String?
    /// How many requests this fixture answers; nil for any number. Later fixtures
    /// for the same request answer once it is used up.
    public var times: Int?

    /// A fixture that answers `method` (upper-cased) and `url`; by default 200 with an empty body,
    /// at once, to any number of requests.
    public init(
        method: String = "GET", url: String, requestBody: JSONValue? = nil, status: Int = 200,
        headers: [String: String] = [:], body: [UInt8] = [], delayMs: Double = 0, failure: String? = nil,
        times: Int? = nil
    ) {
        self.method = method.uppercased()
        self.url = url
        self.requestBody = requestBody
        self.status = status
        self.headers = headers
        self.body = body
        self.delayMs = delayMs
        self.failure = failure
        self.times = times
    }

    /// Whether this fixture answers `request`.
    func matches(_ request: NetworkRequest) -> Bool {
        guard method == request.method, url == request.url else { return false }
        guard let requestBody else { return true }
        let sent = request.body ?? []
        if case .string(let text) = requestBody { return Array(text.utf8) == sent }
        return (try? JSONValue.parse(bytes: sent)) == requestBody
    }
}

/// The fixtures of a replay (`--fixtures FILE`), in file order.
public struct NetworkFixtures: Sendable, Hashable {
    /// The `schema` field of a fixture file.
    public static let schema = "widgethost.fixtures/1"

    /// The fixtures; a request is answered by the first that matches and is not used up.
    public var fixtures: [NetworkFixture]
    /// The file they came from, for messages.
    public var source: String?

    /// Fixtures given in code; `source` names them in messages (`no fixture in FILE answers …`).
    public init(_ fixtures: [NetworkFixture] = [], source: String? = nil) {
        self.fixtures = fixtures
        self.source = source
    }

    /// Reads a fixture file; bodies named by `file` are read relative to it.
    public static func load(path: String) throws(DataFileError) -> NetworkFixtures {
        let json = try DataFileError.loadJSON(path: path)
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        return try NetworkFixtures(json: json, source: path, folder: folder)
    }

    static let shape: DataShape = .object([
        "schema": .oneOf([schema]),
        "fixtures": .list(.object([
            "request": .object(["method": .string, "url": .string, "body": .any]),
            "response": .object([
                "status": .range(100, 599), "headers": .map(.string), "json": .any, "text": .string, "file": .string,
                "base64": .string,
            ]),
            "delayMs": .range(0, 86_400_000),
            "times": .range(1, 1_000_000_000),
            "failure": .string,
        ])),
    ])

    /// Fixtures from JSON; `folder` is where `file` bodies are looked for.
    public init(json: JSONValue, source: String, folder: String) throws(DataFileError) {
        func bad(_ message: String) -> DataFileError { DataFileError(kind: .malformed, path: source, message: message) }
        if let problem = Self.shape.problem(in: json, at: "") { throw bad(problem + "; see docs/network.md") }
        guard let list = json["fixtures"]?.arrayValue else { throw bad("'fixtures' is missing: the file holds {\"fixtures\": [ … ]}; see docs/network.md") }
        var fixtures: [NetworkFixture] = []
        for (index, entry) in list.enumerated() {
            let at = "fixtures[\(index)]"
            guard let request = entry["request"], let url = request["url"]?.stringValue else {
                throw bad("\(at).request.url is missing")
            }
            guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
                throw bad("\(at).request.url must start with http:// or https://; got \(JSONValue.quote(url))")
            }
            let method = request["method"]?.stringValue ?? "GET"
            guard NetworkRequest.isToken(method) else { throw bad("\(at).request.method is not an HTTP method: \(JSONValue.quote(method))") }
            var fixture = NetworkFixture(method: method, url: url, requestBody: request["body"])
            fixture.delayMs = entry["delayMs"]?.doubleValue ?? 0
            fixture.times = entry["times"]?.doubleValue.map { Int($0) }
            if let failure = entry["failure"]?.stringValue {
                guard entry["response"] == nil else { throw bad("\(at) has both 'response' and 'failure'; a fixture answers or fails, not both") }
                fixture.failure = failure
            }
            if let response = entry["response"] {
                fixture.status = Int(response["status"]?.doubleValue ?? 200)
                var headers: [String: String] = [:]
                for (name, value) in response["headers"]?.objectValue ?? [:] { headers[name.lowercased()] = value.stringValue }
                let forms = ["json", "text", "file", "base64"].filter { response[$0] != nil }
                guard forms.count <= 1 else {
                    throw bad("\(at).response has \(forms.map { "'\($0)'" }.joined(separator: " and ")); give the body one way")
                }
                if let json = response["json"] {
                    fixture.body = Array(json.serialized().utf8)
                    if headers["content-type"] == nil { headers["content-type"] = "application/json" }
                } else if let text = response["text"]?.stringValue {
                    fixture.body = Array(text.utf8)
                } else if let encoded = response["base64"]?.stringValue {
                    guard let bytes = Base64.decode(encoded) else { throw bad("\(at).response.base64 is not valid base64") }
                    fixture.body = bytes
                } else if let file = response["file"]?.stringValue {
                    let path = file.hasPrefix("/") ? file : "\(folder)/\(file)"
                    do {
                        fixture.body = try FileBytes.read(path: path)
                    } catch {
                        throw bad("\(at).response.file '\(file)' cannot be read (\(error.message))")
                    }
                }
                fixture.headers = headers
            }
            fixtures.append(fixture)
        }
        self.init(fixtures, source: source)
    }
}

/// What a run sent and got, as a record run writes it (A3).
public struct NetworkExchange: Sendable, Hashable {
    /// The request as sent.
    public var request: NetworkRequest
    /// The response, or why there was none.
    public var outcome: Result<NetworkResponse, NetworkFailure>

    /// The fixture that replays this exchange.
    public var fixtureJSON: JSONValue {
        var requestJSON: JSONObject = ["method": .string(request.method), "url": .string(request.url)]
        if let body = request.body, !body.isEmpty {
            requestJSON["body"] = String(validating: body, as: UTF8.self).map { .string($0) } ?? .string(Base64.encode(body))
        }
        var entry: JSONObject = ["request": .object(requestJSON)]
        switch outcome {
        case .success(let response):
            var responseJSON: JSONObject = [
                "status": .number(Double(response.status)),
                "headers": .object(JSONObject(response.headers.map { (key: $0.name, value: JSONValue.string($0.value)) })),
            ]
            if let text = String(validating: response.body, as: UTF8.self) {
                responseJSON["text"] = .string(text)
            } else {
                responseJSON["base64"] = .string(Base64.encode(response.body))
            }
            entry["response"] = .object(responseJSON)
        case .failure(let error):
            entry["failure"] = .string(error.message)
        }
        return .object(entry)
    }
}

/// Collects the exchanges of record runs and writes them as a fixture file (A3).
///
/// The file is rewritten (atomically) after every run that recorded something, so
/// a simulation or an action run followed by its refresh records into one file.
/// A request seen again with the same method, URL and body keeps its first answer.
public final class NetworkRecorder: Sendable {
    /// The fixture file ``write()`` replaces; empty for a recorder that writes no file.
    public let path: String
    private let exchanges = Mutex<[NetworkExchange]>([])

    /// A recorder that writes to the fixture file at `path`.
    public init(path: String) { self.path = path }

    /// A recorder that keeps what it sees in memory and writes no file (its ``path`` is
    /// empty): the preview records a live run to replay it on the refresh strip.
    public static func inMemory() -> NetworkRecorder { NetworkRecorder(path: "") }

    /// The exchanges recorded so far, in the order first seen.
    public var recorded: [NetworkExchange] { exchanges.withLock { $0 } }

    func record(_ exchange: NetworkExchange) {
        exchanges.withLock { list in
            if !list.contains(where: { $0.request.sameTarget(as: exchange.request) }) { list.append(exchange) }
        }
    }

    /// The fixture file's JSON for everything recorded so far.
    public var json: JSONValue {
        .object(["schema": .string(NetworkFixtures.schema), "fixtures": .array(recorded.map(\.fixtureJSON))])
    }

    /// Writes the fixture file; an in-memory recorder writes nothing.
    public func write() throws(FileSystemError) {
        guard !path.isEmpty else { return }
        try FileSystem.writeAtomically(path, Array((json.serialized(pretty: true) + "\n").utf8))
    }
}

/// How a run reaches the network (A3).
public enum NetworkMode: String, Sendable, CaseIterable {
    /// Real HTTP.
    case live
    /// Answers only from fixtures; nothing leaves the process.
    case replay
    /// Real HTTP, and every exchange is written to a fixture file.
    case record
}

/// The network a run sees (A2, A3).
public struct NetworkConfiguration: Sendable {
    /// Live, replay or record.
    public var mode: NetworkMode
    /// The fixtures a replay answers from.
    public var fixtures: NetworkFixtures
    /// Where a record run writes what it saw. In replay and live mode a recorder only keeps
    /// each exchange (the fixture's answer, or why none answered) for whoever shows them, as the
    /// studio's network panel does; nothing is written.
    public var recorder: NetworkRecorder?
    /// Connect timeout and total timeout of a live request, seconds (A2: 5 and 5).
    public var connectTimeoutSeconds: Double = 5
    /// The most a live request may take from start to the last byte, seconds (A2: 5); not
    /// applied when ``readTimeoutSeconds`` is set.
    public var totalTimeoutSeconds: Double = 5
    /// The longest a live request may wait for its answer's next bytes once connected, seconds;
    /// nil for none. With a read timeout there is no total one but the run's own limit (H9: the
    /// HarmonyOS edition's 5 s connect and 5 s read, each on its own).
    public var readTimeoutSeconds: Double?
    /// Responses larger than this reject (A2: 10 MB).
    public var maximumResponseBytes = 10 * 1024 * 1024

    /// A network in `mode`: a replay answers from `fixtures`, a record run writes into `recorder`.
    public init(mode: NetworkMode, fixtures: NetworkFixtures = NetworkFixtures(), recorder: NetworkRecorder? = nil) {
        self.mode = mode
        self.fixtures = fixtures
        self.recorder = recorder
    }

    /// Real HTTP (the default of `widgethost run`).
    public static var live: NetworkConfiguration { NetworkConfiguration(mode: .live) }
    /// Answers from `fixtures` only.
    public static func replay(_ fixtures: NetworkFixtures) -> NetworkConfiguration { NetworkConfiguration(mode: .replay, fixtures: fixtures) }
    /// Real HTTP, recorded into `recorder`.
    public static func record(_ recorder: NetworkRecorder) -> NetworkConfiguration {
        NetworkConfiguration(mode: .record, recorder: recorder)
    }
}
