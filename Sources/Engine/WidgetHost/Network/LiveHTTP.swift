import CLibCurl
import Synchronization
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Live HTTP (A2) through libcurl, which is loaded with `dlopen` on the first live
/// request: a run that never touches the network never loads it, so start-up
/// does not pay for it.
public enum LiveHTTP {
    /// Requests this process has sent to the network (tests prove replay sends none).
    public static var requestsSent: Int { sent.load(ordering: .relaxed) }
    private static let sent = Atomic<Int>(0)

    /// Sends `request` and waits for the whole response, at most until `deadline`, the run's time
    /// limit (S6): the request's own timeouts (A2) are cut to the time the run has left, so a
    /// server that answers slowly holds a run no longer than its limit. A request with no time
    /// left is not sent.
    static func perform(_ request: NetworkRequest, configuration: NetworkConfiguration,
                        deadline: ContinuousClock.Instant) -> Result<NetworkResponse, NetworkFailure> {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .milliseconds(1) else { return .failure(NetworkFailure(NetworkFailure.stoppedAtTimeLimit)) }
        switch LibCurl.shared {
        case .failure(let error): return .failure(error)
        case .success(let curl):
            sent.add(1, ordering: .relaxed)
            return curl.perform(request, configuration: configuration, left: left)
        }
    }
}

/// libcurl's entry points as `CLibCurl` loads them (with `dlopen`, on the first live request),
/// called through its typed wrappers with curl.h's option numbers.
final class LibCurl: Sendable {
    // Immutable after loading: a table of function pointers libcurl never changes.
    nonisolated(unsafe) let api: UnsafePointer<widgethost_curl_api>

    static let shared: Result<LibCurl, NetworkFailure> = load()

    private init(_ api: UnsafePointer<widgethost_curl_api>) { self.api = api }

    private static func load() -> Result<LibCurl, NetworkFailure> {
        var reason = [CChar](repeating: 0, count: 256)
        guard let api = widgethost_curl_load(&reason, reason.count) else {
            return .failure(NetworkFailure(String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        return .success(LibCurl(api))
    }

    private func set(_ easy: UnsafeMutableRawPointer, _ option: CURLoption, _ value: Int) {
        _ = widgethost_curl_setopt_long(api, easy, option, value)
    }

    private func set(_ easy: UnsafeMutableRawPointer, _ option: CURLoption, _ value: UnsafeRawPointer?) {
        _ = widgethost_curl_setopt_pointer(api, easy, option, value)
    }

    /// Collects a response as libcurl delivers it.
    final class Sink {
        var body: [UInt8] = []
        var headers: [NetworkHeader] = []
        let limit: Int
        var tooLarge = false
        /// The read timeout (H9): the longest the answer's bytes may stop coming once connected.
        var readTimeout: Duration?
        /// When the connection was made or the answer's last bytes came; nil before connecting.
        var lastActivity: ContinuousClock.Instant?
        /// Set when the read timeout ended the request.
        var readTimedOut = false
        init(limit: Int) { self.limit = limit }

        /// Bytes of the answer came (its head or its body).
        func received() { if lastActivity != nil { lastActivity = .now } }
    }

    /// Performs `request` within the request's timeouts and the `left` of the run's time.
    func perform(_ request: NetworkRequest, configuration: NetworkConfiguration, left: Duration) -> Result<NetworkResponse, NetworkFailure> {
        guard let easy = api.pointee.easy_init() else { return .failure(NetworkFailure("libcurl could not start a request")) }
        defer { api.pointee.easy_cleanup(easy) }
        let sink = Sink(limit: configuration.maximumResponseBytes)
        let box = Unmanaged.passRetained(sink)
        defer { box.release() }
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: 256)
        errorBuffer.initialize(repeating: 0, count: 256)
        defer { errorBuffer.deallocate() }
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { if headerList != nil { api.pointee.slist_free_all(headerList) } }
        var watchBox: Unmanaged<ReadWatch>?
        defer { watchBox?.release() }

        let write: curl_write_callback = { data, size, count, user in
            guard let data, let user else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            let length = size * count
            sink.received()
            if sink.body.count + length > sink.limit {
                sink.tooLarge = true
                return 0
            }
            data.withMemoryRebound(to: UInt8.self, capacity: length) { sink.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length)) }
            return length
        }
        let header: curl_write_callback = { data, size, count, user in
            guard let data, let user else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            let length = size * count
            sink.received()
            let line = data.withMemoryRebound(to: UInt8.self, capacity: length) {
                String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
            }
            if line.hasPrefix("HTTP/") {
                sink.headers = []  // a new response after a redirect
            } else if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters()
                sink.headers.append(NetworkHeader(name, value))
            }
            return length
        }

        // A POST always sends a body (an empty one when none was given): without one,
        // libcurl would read the body from standard input.
        let body = request.body ?? (request.method == "POST" ? [] : nil)
        let user = UnsafeRawPointer(box.toOpaque())
        return request.url.withCString { url in
            set(easy, CURLOPT_URL, url)
            set(easy, CURLOPT_NOSIGNAL, 1)
            set(easy, CURLOPT_FOLLOWLOCATION, 1)
            set(easy, CURLOPT_MAXREDIRS, 10)
            set(easy, CURLOPT_PROTOCOLS, Int(CURLPROTO_HTTP | CURLPROTO_HTTPS))
            set(easy, CURLOPT_REDIR_PROTOCOLS, Int(CURLPROTO_HTTP | CURLPROTO_HTTPS))
            // Whole milliseconds, rounded up (the request ends once the run's time is up, not
            // just before), at least one: libcurl reads 0 as no limit at all.
            let leftMs = max(1, Int(min(left.milliseconds.rounded(.up), 1e12)))
            // A request with a read timeout has no total of its own: the run's time left bounds it.
            let own = configuration.readTimeoutSeconds == nil ? Self.milliseconds(configuration.totalTimeoutSeconds) : Int.max
            let total = min(own, leftMs)
            let cutByRun = leftMs < own
            set(easy, CURLOPT_CONNECTTIMEOUT_MS, min(Self.milliseconds(configuration.connectTimeoutSeconds), total))
            set(easy, CURLOPT_TIMEOUT_MS, total)
            if let read = configuration.readTimeoutSeconds {
                // The read timeout counts from the connection, and again from each of the
                // answer's bytes: libcurl asks the progress function at least once a second.
                sink.readTimeout = .milliseconds(Self.milliseconds(read))
                let api = self.api
                let connected: (UnsafeMutableRawPointer) -> Bool = { easy in
                    var microseconds: curl_off_t = 0
                    _ = widgethost_curl_getinfo_off(api, easy, CURLINFO_CONNECT_TIME_T, &microseconds)
                    return microseconds > 0
                }
                let watch = ReadWatch(sink: sink, easy: easy, connected: connected)
                watchBox = Unmanaged.passRetained(watch)
                let progress: curl_xferinfo_callback = { user, _, _, _, _ in
                    guard let user else { return 0 }
                    return Unmanaged<ReadWatch>.fromOpaque(user).takeUnretainedValue().timedOut() ? 1 : 0
                }
                _ = widgethost_curl_setopt_xferinfo_function(api, easy, CURLOPT_XFERINFOFUNCTION, progress)
                set(easy, CURLOPT_XFERINFODATA, UnsafeRawPointer(watchBox!.toOpaque()))
                set(easy, CURLOPT_NOPROGRESS, 0)
            }
            _ = widgethost_curl_setopt_write_function(api, easy, CURLOPT_WRITEFUNCTION, write)
            set(easy, CURLOPT_WRITEDATA, user)
            _ = widgethost_curl_setopt_write_function(api, easy, CURLOPT_HEADERFUNCTION, header)
            set(easy, CURLOPT_HEADERDATA, user)
            set(easy, CURLOPT_ERRORBUFFER, UnsafeRawPointer(errorBuffer))
            var lines = request.headers.map { "\($0.name): \($0.value)" }
            if !request.headers.contains(where: { $0.name.lowercased() == "user-agent" }) {
                lines.append("User-Agent: WidgetHost/0.1 (Omni widget script host)")
            }
            lines.append("Expect:")
            for line in lines { headerList = line.withCString { api.pointee.slist_append(headerList, $0) } }
            set(easy, CURLOPT_HTTPHEADER, UnsafeRawPointer(headerList))
            "".withCString { set(easy, CURLOPT_ACCEPT_ENCODING, $0) }

            let code: CURLcode = request.method.withCString { method in
                switch (request.method, body) {
                case ("GET", nil): set(easy, CURLOPT_HTTPGET, 1)
                case ("HEAD", nil): set(easy, CURLOPT_NOBODY, 1)
                case ("POST", _): set(easy, CURLOPT_POST, 1)
                default: set(easy, CURLOPT_CUSTOMREQUEST, method)
                }
                guard let body else { return api.pointee.easy_perform(easy) }
                // The buffer is never empty, so its address stays valid for the whole transfer.
                let payload = body.isEmpty ? [0] : body
                return payload.withUnsafeBytes { bytes in
                    _ = widgethost_curl_setopt_off(api, easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
                    set(easy, CURLOPT_POSTFIELDS, bytes.baseAddress)
                    return api.pointee.easy_perform(easy)
                }
            }
            if sink.tooLarge || code == CURLE_WRITE_ERROR {
                return .failure(NetworkFailure("the response is larger than \(configuration.maximumResponseBytes / (1024 * 1024)) MB"))
            }
            guard code == CURLE_OK else {
                let detail = String(cString: errorBuffer)
                if sink.readTimedOut {
                    return .failure(NetworkFailure("the request timed out (connect \(JSONNumber.text(configuration.connectTimeoutSeconds)) s, read \(JSONNumber.text(configuration.readTimeoutSeconds ?? 0)) s)"))
                }
                if code == CURLE_OPERATION_TIMEDOUT && cutByRun {
                    return .failure(NetworkFailure(NetworkFailure.stoppedAtTimeLimit))
                }
                if code == CURLE_OPERATION_TIMEDOUT {
                    let second = configuration.readTimeoutSeconds.map { "read \(JSONNumber.text($0)) s" }
                        ?? "total \(JSONNumber.text(configuration.totalTimeoutSeconds)) s"
                    return .failure(NetworkFailure("the request timed out (connect \(JSONNumber.text(configuration.connectTimeoutSeconds)) s, \(second))"))
                }
                let summary = api.pointee.easy_strerror(code).map { String(cString: $0) } ?? "error \(code.rawValue)"
                return .failure(NetworkFailure(detail.isEmpty ? summary : detail))
            }
            var status = 0
            _ = widgethost_curl_getinfo_long(api, easy, CURLINFO_RESPONSE_CODE, &status)
            return .success(NetworkResponse(status: status, headers: sink.headers, body: sink.body))
        }
    }
}

/// Watches a request's read timeout from libcurl's progress function (H9): the time since the
/// connection was made or the answer's last bytes came.
final class ReadWatch {
    let sink: LibCurl.Sink
    let easy: UnsafeMutableRawPointer
    let connected: (UnsafeMutableRawPointer) -> Bool

    init(sink: LibCurl.Sink, easy: UnsafeMutableRawPointer, connected: @escaping (UnsafeMutableRawPointer) -> Bool) {
        self.sink = sink
        self.easy = easy
        self.connected = connected
    }

    /// Whether the read timeout has passed; then the request ends.
    func timedOut() -> Bool {
        guard let limit = sink.readTimeout else { return false }
        guard let last = sink.lastActivity else {
            if connected(easy) { sink.lastActivity = .now }
            return false
        }
        if last.duration(to: .now) > limit { sink.readTimedOut = true }
        return sink.readTimedOut
    }
}

extension LibCurl {
    /// A timeout of libcurl's, in whole milliseconds (at least one: 0 is none to libcurl).
    static func milliseconds(_ seconds: Double) -> Int {
        seconds.isNaN ? 1 : max(1, Int(min(seconds * 1000, 1e12)))
    }
}

extension NetworkFailure {
    /// What a request the run's time limit ended says.
    static let stoppedAtTimeLimit = "the request was stopped at the run's time limit"
}

extension Duration {
    /// The duration in milliseconds.
    fileprivate var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}

enum JSONNumber {
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces, tabs and line breaks.
    func trimmingCharacters() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
