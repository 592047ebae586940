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

    /// Sends `request` and waits for the whole response.
    static func perform(_ request: NetworkRequest, configuration: NetworkConfiguration) -> Result<NetworkResponse, NetworkFailure> {
        switch LibCurl.shared {
        case .failure(let error): return .failure(error)
        case .success(let curl):
            sent.add(1, ordering: .relaxed)
            return curl.perform(request, configuration: configuration)
        }
    }
}

/// The handful of libcurl entry points the host uses, resolved with `dlsym`.
///
/// `curl_easy_setopt` and `curl_easy_getinfo` are variadic in C; they are called
/// through non-variadic pointer types with one integer or pointer argument, which
/// passes that argument exactly as a variadic call does on the System V x86-64 and
/// AArch64 Linux ABIs.
final class LibCurl: @unchecked Sendable {
    typealias EasyInit = @convention(c) () -> OpaquePointer?
    typealias SetLong = @convention(c) (OpaquePointer?, Int32, Int) -> Int32
    typealias SetPointer = @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?) -> Int32
    typealias Perform = @convention(c) (OpaquePointer?) -> Int32
    typealias Cleanup = @convention(c) (OpaquePointer?) -> Void
    typealias GetLong = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<Int>?) -> Int32
    typealias StringError = @convention(c) (Int32) -> UnsafePointer<CChar>?
    typealias ListAppend = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    typealias ListFree = @convention(c) (OpaquePointer?) -> Void
    typealias GlobalInit = @convention(c) (Int) -> Int32
    typealias DataCallback = @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int

    // Option and info numbers from curl.h.
    enum Option {
        static let writeData: Int32 = 10001, url: Int32 = 10002, errorBuffer: Int32 = 10010
        static let writeFunction: Int32 = 20011, postFields: Int32 = 10015, userAgent: Int32 = 10018
        static let httpHeader: Int32 = 10023, headerData: Int32 = 10029, customRequest: Int32 = 10036
        static let noBody: Int32 = 44, post: Int32 = 47, followLocation: Int32 = 52, maxRedirects: Int32 = 68
        static let headerFunction: Int32 = 20079, httpGet: Int32 = 80, noSignal: Int32 = 99
        static let acceptEncoding: Int32 = 10102, postFieldSizeLarge: Int32 = 30120
        static let timeoutMs: Int32 = 155, connectTimeoutMs: Int32 = 156
        static let protocols: Int32 = 181, redirectProtocols: Int32 = 182
    }
    static let responseCode: Int32 = 0x200000 + 2
    static let writeError: Int32 = 23, timedOut: Int32 = 28

    let easyInit: EasyInit, setLong: SetLong, setPointer: SetPointer, easyPerform: Perform, cleanup: Cleanup
    let getLong: GetLong, stringError: StringError, listAppend: ListAppend, listFree: ListFree

    static let shared: Result<LibCurl, NetworkFailure> = load()

    private init(_ handle: UnsafeMutableRawPointer) throws(NetworkFailure) {
        func symbol<T>(_ name: String, _ type: T.Type) throws(NetworkFailure) -> T {
            guard let pointer = dlsym(handle, name) else { throw NetworkFailure("libcurl has no \(name)") }
            return unsafeBitCast(pointer, to: type)
        }
        easyInit = try symbol("curl_easy_init", EasyInit.self)
        setLong = try symbol("curl_easy_setopt", SetLong.self)
        setPointer = try symbol("curl_easy_setopt", SetPointer.self)
        easyPerform = try symbol("curl_easy_perform", Perform.self)
        cleanup = try symbol("curl_easy_cleanup", Cleanup.self)
        getLong = try symbol("curl_easy_getinfo", GetLong.self)
        stringError = try symbol("curl_easy_strerror", StringError.self)
        listAppend = try symbol("curl_slist_append", ListAppend.self)
        listFree = try symbol("curl_slist_free_all", ListFree.self)
        let globalInit = try symbol("curl_global_init", GlobalInit.self)
        _ = globalInit(3)  // CURL_GLOBAL_DEFAULT
    }

    private static func load() -> Result<LibCurl, NetworkFailure> {
        for name in ["libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"] {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { continue }
            do { return .success(try LibCurl(handle)) } catch { return .failure(error) }
        }
        return .failure(NetworkFailure("live network needs libcurl (libcurl.so.4, Debian package libcurl4); use --network replay with --fixtures to run offline"))
    }

    /// Collects a response as libcurl delivers it.
    final class Sink {
        var body: [UInt8] = []
        var headers: [NetworkHeader] = []
        let limit: Int
        var tooLarge = false
        init(limit: Int) { self.limit = limit }
    }

    func perform(_ request: NetworkRequest, configuration: NetworkConfiguration) -> Result<NetworkResponse, NetworkFailure> {
        guard let easy = easyInit() else { return .failure(NetworkFailure("libcurl could not start a request")) }
        defer { cleanup(easy) }
        let sink = Sink(limit: configuration.maximumResponseBytes)
        let box = Unmanaged.passRetained(sink)
        defer { box.release() }
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: 256)
        errorBuffer.initialize(repeating: 0, count: 256)
        defer { errorBuffer.deallocate() }
        var headerList: OpaquePointer?
        defer { if headerList != nil { listFree(headerList) } }

        let write: DataCallback = { data, size, count, user in
            guard let data, let user else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            let length = size * count
            if sink.body.count + length > sink.limit {
                sink.tooLarge = true
                return 0
            }
            data.withMemoryRebound(to: UInt8.self, capacity: length) { sink.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length)) }
            return length
        }
        let header: DataCallback = { data, size, count, user in
            guard let data, let user else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            let length = size * count
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
            _ = setPointer(easy, Option.url, url)
            _ = setLong(easy, Option.noSignal, 1)
            _ = setLong(easy, Option.followLocation, 1)
            _ = setLong(easy, Option.maxRedirects, 10)
            _ = setLong(easy, Option.protocols, 3)  // CURLPROTO_HTTP | CURLPROTO_HTTPS
            _ = setLong(easy, Option.redirectProtocols, 3)
            _ = setLong(easy, Option.connectTimeoutMs, Int(configuration.connectTimeoutSeconds * 1000))
            _ = setLong(easy, Option.timeoutMs, Int(configuration.totalTimeoutSeconds * 1000))
            _ = setPointer(easy, Option.writeFunction, unsafeBitCast(write, to: UnsafeRawPointer.self))
            _ = setPointer(easy, Option.writeData, user)
            _ = setPointer(easy, Option.headerFunction, unsafeBitCast(header, to: UnsafeRawPointer.self))
            _ = setPointer(easy, Option.headerData, user)
            _ = setPointer(easy, Option.errorBuffer, UnsafeRawPointer(errorBuffer))
            var lines = request.headers.map { "\($0.name): \($0.value)" }
            if !request.headers.contains(where: { $0.name.lowercased() == "user-agent" }) {
                lines.append("User-Agent: WidgetHost/0.1 (Omni widget script host)")
            }
            lines.append("Expect:")
            for line in lines { headerList = line.withCString { listAppend(headerList, $0) } }
            _ = setPointer(easy, Option.httpHeader, UnsafeRawPointer(headerList))
            _ = "".withCString { setPointer(easy, Option.acceptEncoding, $0) }

            let code: Int32 = request.method.withCString { method in
                switch (request.method, body) {
                case ("GET", nil): _ = setLong(easy, Option.httpGet, 1)
                case ("HEAD", nil): _ = setLong(easy, Option.noBody, 1)
                case ("POST", _): _ = setLong(easy, Option.post, 1)
                default: _ = setPointer(easy, Option.customRequest, method)
                }
                guard let body else { return easyPerform(easy) }
                // The buffer is never empty, so its address stays valid for the whole transfer.
                let payload = body.isEmpty ? [0] : body
                return payload.withUnsafeBytes { bytes in
                    _ = setLong(easy, Option.postFieldSizeLarge, body.count)
                    _ = setPointer(easy, Option.postFields, bytes.baseAddress)
                    return easyPerform(easy)
                }
            }
            if sink.tooLarge || code == Self.writeError {
                return .failure(NetworkFailure("the response is larger than \(configuration.maximumResponseBytes / (1024 * 1024)) MB"))
            }
            guard code == 0 else {
                let detail = String(cString: errorBuffer)
                if code == Self.timedOut {
                    return .failure(NetworkFailure("the request timed out (connect \(JSONNumber.text(configuration.connectTimeoutSeconds)) s, total \(JSONNumber.text(configuration.totalTimeoutSeconds)) s)"))
                }
                let summary = stringError(code).map { String(cString: $0) } ?? "error \(code)"
                return .failure(NetworkFailure(detail.isEmpty ? summary : detail))
            }
            var status = 0
            _ = getLong(easy, Self.responseCode, &status)
            return .success(NetworkResponse(status: status, headers: sink.headers, body: sink.body))
        }
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
