import ErrorKinds

/// One header line.
public struct NetworkHeader: Sendable, Hashable {
    /// The header's name, as the script gave it in a request; in lower case in a response.
    public var name: String
    /// The header's value.
    public var value: String
    /// A header `name: value`.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A request as the host sends it.
public struct NetworkRequest: Sendable, Hashable {
    /// Upper case (A2: the method is case-insensitive).
    public var method: String
    /// The URL as the script gave it (the binding takes only `http://` and `https://` ones).
    public var url: String
    /// The headers the script set, in its order (an object body adds `Content-Type: application/json`).
    public var headers: [NetworkHeader]
    /// The bytes sent: a string body as UTF-8, an object as JSON; nil for no body.
    public var body: [UInt8]?

    /// A request; `method` is upper-cased.
    public init(method: String = "GET", url: String, headers: [NetworkHeader] = [], body: [UInt8]? = nil) {
        self.method = method.uppercased()
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// `GET https://example.com/a`, for messages.
    public var label: String { "\(method) \(url)" }

    /// Same method, URL and body (what fixtures match on).
    func sameTarget(as other: NetworkRequest) -> Bool {
        method == other.method && url == other.url && (body ?? []) == (other.body ?? [])
    }

    /// An RFC 9110 token (methods and header names).
    static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}

/// A response: status, headers (names in lower case) and body.
public struct NetworkResponse: Sendable, Hashable {
    /// The HTTP status code; 400 and above reject the script's request (A2).
    public var status: Int
    /// The response's headers in the order received, names in lower case.
    public var headers: [NetworkHeader]
    /// The response's bytes.
    public var body: [UInt8]

    /// A response with `status`, `headers` and `body`.
    public init(status: Int, headers: [NetworkHeader] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// A request that got no response: no connection, a timeout, a reset, too large.
public struct NetworkFailure: KindedError, Sendable, Hashable {
    /// The network did not answer: the system's refusal.
    public var errorKind: ErrorKind { .environment(.refused) }
    /// What went wrong, as the request's rejection says it after `… failed: `.
    public var message: String
    /// A failure saying `message`.
    public init(_ message: String) { self.message = message }
}
