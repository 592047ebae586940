/// Shell commands for sending a push, as the app's "copy push curl" menu gives them.
public enum CurlCommand {
    /// A POSIX shell word: bare when it is safe, else in single quotes (`'` becomes `'\''`).
    public static func shellQuote(_ text: String) -> String {
        let safe = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", "/", ":", "@", "%", "+", "=", ",": return true
            default: return false
            }
        }
        if safe { return text }
        return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// `curl -X POST URL -H 'Content-Type: application/json' -d '{…}'`, one option a line.
    public static func render(url: String, body: String) -> String {
        "curl -X POST \(shellQuote(url)) \\\n  -H 'Content-Type: application/json' \\\n  -d \(shellQuote(body))"
    }
}
