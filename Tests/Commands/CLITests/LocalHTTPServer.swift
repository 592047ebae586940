import Synchronization
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for record tests, on a thread of its own.
///
/// `/echo` answers with JSON describing the request it got (method, path, headers,
/// body); any other path answers with the route's body, or 404. It counts every
/// connection it accepts, so a test can prove that nothing connected.
final class LocalHTTPServer: @unchecked Sendable {
    struct Route: Sendable {
        var status: Int
        var contentType: String
        var body: [UInt8]
        /// Seconds to wait before answering (a slow server).
        var delaySeconds: UInt32 = 0
    }

    let port: UInt16
    private let socketFD: Int32
    private let routes: [String: Route]
    private let accepted = Atomic<Int>(0)
    private var thread = pthread_t()

    var connections: Int { accepted.load(ordering: .relaxed) }
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    init(routes: [String: Route]) throws {
        self.routes = routes
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        socketFD = fd
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else { throw ServerError() }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        let context = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&thread, nil, { raw in
            let server = Unmanaged<LocalHTTPServer>.fromOpaque(raw!).takeRetainedValue()
            server.serve()
            return nil
        }, context)
    }

    struct ServerError: Error {}

    func stop() {
        shutdown(socketFD, Int32(SHUT_RDWR))
        close(socketFD)
        pthread_join(thread, nil)
    }

    private func serve() {
        while true {
            let client = accept(socketFD, nil, nil)
            if client < 0 { return }
            accepted.add(1, ordering: .relaxed)
            handle(client)
            close(client)
        }
    }

    private func handle(_ client: Int32) {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var headerEnd: Int?
        var contentLength = 0
        while true {
            let count = read(client, &buffer, buffer.count)
            if count <= 0 { break }
            data += buffer[0..<count]
            if headerEnd == nil, let end = find(data, Array("\r\n\r\n".utf8)) {
                headerEnd = end + 4
                let head = String(decoding: data[0..<end], as: UTF8.self).lowercased()
                for line in head.split(separator: "\r\n") where line.hasPrefix("content-length:") {
                    contentLength = Int(line.dropFirst(15).filter { $0 != " " }) ?? 0
                }
            }
            if let headerEnd, data.count >= headerEnd + contentLength { break }
        }
        guard let headerEnd else { return }
        let head = String(decoding: data[0..<(headerEnd - 4)], as: UTF8.self)
        let lines = head.split(separator: "\r\n").map(String.init)
        let requestLine = lines.first?.split(separator: " ").map(String.init) ?? []
        let method = requestLine.first ?? ""
        let path = requestLine.count > 1 ? requestLine[1] : "/"
        let body = Array(data[headerEnd..<min(data.count, headerEnd + contentLength)])
        var route = routes[path] ?? Route(status: 404, contentType: "text/plain", body: Array("not found".utf8))
        if path == "/echo" {
            var headers: [String] = []
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let name = line[..<colon].lowercased()
                if ["host", "accept", "accept-encoding", "content-length"].contains(name) { continue }
                let value = line[line.index(after: colon)...].drop { $0 == " " }
                headers.append("\"\(name)\": \"\(value)\"")
            }
            let echo = "{\"method\": \"\(method)\", \"path\": \"\(path)\", \"headers\": {\(headers.sorted().joined(separator: ", "))}, \"body\": \"\(String(decoding: body, as: UTF8.self).replacing("\"", with: "\\\""))\"}"
            route = Route(status: 200, contentType: "application/json", body: Array(echo.utf8))
        }
        if route.delaySeconds > 0 { sleep(route.delaySeconds) }
        let reason = route.status == 200 ? "OK" : "Not Found"
        let response = Array("HTTP/1.1 \(route.status) \(reason)\r\nContent-Type: \(route.contentType)\r\nContent-Length: \(route.body.count)\r\nConnection: close\r\n\r\n".utf8) + route.body
        var sent = 0
        while sent < response.count {
            let count = response[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return }
            sent += count
        }
    }

    private func find(_ haystack: [UInt8], _ needle: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
