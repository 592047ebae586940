/// The declarations of `Request` and `http` (A2, A3, A9): each global once,
/// with its members, their docs and TypeScript types, and how the host makes it.
extension APIRegistry {
    static let network: [APIGlobal] = [
        APIGlobal(
            "Request", .constructor, rules: "A2, A3", receiver: "req",
            summary: "An HTTP request: `new Request(url)`, set `method`, `headers`, `body`, then fetch. Answered live, from fixtures (replay) or live and recorded (`--network`).",
            members: requestMembers(
                constructor: "A request for `url` (`GET`, no headers, no body). Without a URL it throws a `TypeError`; the URL is checked when the request is sent.",
                method: "`\"GET\"` by default; any case (`post` is sent as `POST`).",
                body: ("A string is sent as is; an object or array as JSON with `Content-Type: application/json` unless a content type is set; a `Uint8Array` as bytes.",
                       "string | object | Uint8Array | ArrayBuffer | undefined"),
                fetch: "The response bytes (what `FileManager.saveImage` takes). Rejects on HTTP status 400 or more (the message names the status and URL), a network failure, a timeout (5 s connect, 5 s total), a response above 10 MB, or, in replay, a request no fixture matches."),
            made: .script),
        APIGlobal(
            "http", .object, rules: "A9",
            summary: "Deprecated request helpers kept for old scripts; each call gives a `deprecated-api` info.",
            members: [
                .function("get", "(url, {headers}?)", .async, returns: "Promise<string>", "GET `url` and resolve to the response text; rejects like `Request#fetchString`.",
                    type: .call("url: string, options?: { headers?: Record<string, string> }", "Promise<string>")),
                .function("post", "(url, {body, headers}?)", .async, returns: "Promise<string>", "POST `body` (a string as is, an object as JSON) and resolve to the response text.",
                    type: .call("url: string, options?: { body?: string | object, headers?: Record<string, string> }", "Promise<string>")),
            ],
            made: .onFirstRead { state, _, context in state.makeHTTP(in: context) }),
    ]
}

extension APIRegistry {
    /// The members of `Request`, one class in both editions (A2, H9): each edition says what its
    /// constructor, `method`, `body` (with the body's type) and `fetch` do.
    static func requestMembers(constructor: String, method: String, body: (summary: String, type: String), fetch: String) -> [APIMember.Declared] {
        [
            .constructor("(url)", returns: "Request", constructor,
                type: .call("url: string", "Request")),
            .instanceProperty("url", returns: "string", "The URL given to the constructor (`http:` or `https:`).",
                type: .value("string", readOnly: false)),
            .instanceProperty("method", returns: "string", method,
                type: .value("string", readOnly: false)),
            .instanceProperty("headers", returns: "object", "Request headers as a plain object; `{}` by default.",
                type: .value("Record<string, string>", readOnly: false)),
            .instanceProperty("body", returns: "any", body.summary,
                type: .value(body.type, readOnly: false)),
            .method("fetch", "()", .async, returns: "Promise<Uint8Array>", fetch,
                type: .call("", "Promise<Uint8Array>")),
            .method("fetchJSON", "()", .async, returns: "Promise<any>", "The response parsed as JSON; rejects like `fetch()`, and when the body is not JSON.",
                type: .call("", "Promise<any>")),
            .method("fetchString", "()", .async, returns: "Promise<string>", "The response as UTF-8 text; rejects like `fetch()`.",
                type: .call("", "Promise<string>")),
        ]
    }
}
