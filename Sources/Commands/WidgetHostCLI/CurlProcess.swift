import HostSystem

/// Sends a JSON body with the `curl` program, as a user would (`widgethost push --send`).
enum CurlProcess {
    /// What came back.
    struct Response: Sendable {
        /// The HTTP status, 0 when no response arrived.
        var status: Int
        var body: String
        /// curl's own error message (connection refused, timeout…), empty when it got a response.
        var error: String
    }

    /// POSTs `body` as `application/json` to `url` and returns the response. curl stops itself
    /// after `timeoutSeconds`; the process is killed if it has not ended 5 s later. When curl
    /// cannot be run at all, nothing was sent: a failure (1), as for a receiver that cannot be
    /// reached.
    static func post(url: String, body: String, timeoutSeconds: Int = 30) throws(CommandError) -> Response {
        let arguments = ["curl", "-sS", "-X", "POST", url, "-H", "Content-Type: application/json",
                         "--data-binary", "@-", "--max-time", String(timeoutSeconds), "-w", "\n%{http_code}"]
        let finished: ChildProcess.Finished
        do {
            // The body is at most 64 KiB and curl reads it before it writes anything.
            finished = try ChildProcess.run(arguments, searchPath: true, input: Array(body.utf8),
                                            timeout: .seconds(timeoutSeconds + 5))
        } catch {
            throw CommandError("cannot run curl (\(error.message)); install it (apt-get install curl) or send the printed command yourself",
                               kind: .environment(.notInstalled))
        }
        var text = String(decoding: finished.out, as: UTF8.self)
        var code = 0
        if let newline = text.lastIndex(of: "\n") {
            code = Int(text[text.index(after: newline)...]) ?? 0
            text = String(text[..<newline])
        }
        var error = String(decoding: finished.err, as: UTF8.self)
        if finished.timedOut { error += "curl did not end within \(timeoutSeconds + 5) s and was stopped" }
        return Response(status: code, body: text, error: error)
    }
}
