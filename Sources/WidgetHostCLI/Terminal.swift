#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where a command writes: stdout for human output, stderr for diagnostics (X3).
public final class Terminal {
    public let writeOut: (String) -> Void
    public let writeErr: (String) -> Void
    /// Colour on stdout / stderr: only on a terminal and never with NO_COLOR set.
    public let colorOut: Bool
    public let colorErr: Bool
    public let environment: [String: String]

    public init(
        writeOut: @escaping (String) -> Void, writeErr: @escaping (String) -> Void,
        colorOut: Bool = false, colorErr: Bool = false, environment: [String: String] = [:]
    ) {
        self.writeOut = writeOut
        self.writeErr = writeErr
        self.colorOut = colorOut
        self.colorErr = colorErr
        self.environment = environment
    }

    /// The process's real streams and environment.
    public static func standard() -> Terminal {
        let environment = ProcessEnvironment.current()
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return Terminal(
            writeOut: { text in fputs(text, stdout) },
            writeErr: { text in fputs(text, stderr) },
            colorOut: !noColor && isatty(1) == 1 && environment["TERM"] != "dumb",
            colorErr: !noColor && isatty(2) == 1 && environment["TERM"] != "dumb",
            environment: environment)
    }

    public func out(_ line: String = "") { writeOut(line + "\n") }
    public func err(_ line: String) { writeErr(line + "\n") }
}

/// The environment as a dictionary, read once.
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}

/// ANSI styling, applied only when enabled.
struct Style {
    let enabled: Bool
    func bold(_ s: String) -> String { wrap(s, "1") }
    func dim(_ s: String) -> String { wrap(s, "2") }
    func red(_ s: String) -> String { wrap(s, "31") }
    func green(_ s: String) -> String { wrap(s, "32") }
    func yellow(_ s: String) -> String { wrap(s, "33") }
    func cyan(_ s: String) -> String { wrap(s, "36") }
    private func wrap(_ s: String, _ code: String) -> String { enabled ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
}
