import HostSystem
import Preview

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where a command writes: stdout for human output, stderr for diagnostics (X3).
public final class Terminal {
    /// Writes text to standard output as given (no newline added).
    public let writeOut: (String) -> Void
    /// Writes text to standard error as given (no newline added).
    public let writeErr: (String) -> Void
    /// Colour on stdout / stderr: only on a terminal and never with NO_COLOR set.
    public let colorOut: Bool
    /// Colour on stderr, by the same rule as ``colorOut``.
    public let colorErr: Bool
    /// The environment commands read (`NO_COLOR`, `CI`, `TERM`, …), as a dictionary.
    public let environment: [String: String]
    /// Whether stdout is a terminal (whatever NO_COLOR says): watch mode then redraws the
    /// screen instead of appending.
    public let outIsTerminal: Bool
    /// Pushes buffered stdout to its destination (watch mode, after each redraw).
    public let flush: () -> Void

    /// A terminal over the given writers; the defaults are those of a captured, colourless,
    /// non-terminal output (what tests and library callers want).
    public init(
        writeOut: @escaping (String) -> Void, writeErr: @escaping (String) -> Void,
        colorOut: Bool = false, colorErr: Bool = false, environment: [String: String] = [:],
        outIsTerminal: Bool = false, flush: @escaping () -> Void = {}
    ) {
        self.writeOut = writeOut
        self.writeErr = writeErr
        self.colorOut = colorOut
        self.colorErr = colorErr
        self.environment = environment
        self.outIsTerminal = outIsTerminal
        self.flush = flush
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
            environment: environment,
            outIsTerminal: isatty(1) == 1 && environment["TERM"] != "dumb",
            flush: { fflush(stdout) })
    }

    /// Writes `line` and a newline to standard output.
    public func out(_ line: String = "") { writeOut(line + "\n") }
    /// Writes `line` and a newline to standard error.
    public func err(_ line: String) { writeErr(line + "\n") }
}

/// The environment as a dictionary, read once.
public enum ProcessEnvironment {
    /// The process's environment now: `NAME=value` entries split at the first `=`.
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

extension InterruptWatch {
    /// A watch (``InterruptWatch``) that, when it ends the process, says `line` on `terminal`'s
    /// stdout first.
    package static func saying(_ line: String, on terminal: Terminal) -> InterruptWatch {
        let box = LastWords(terminal: terminal)
        return InterruptWatch { box.say(line) }
    }
}

/// The terminal, for the one line an ``InterruptWatch`` writes from its own thread just before
/// the process ends. `@unchecked Sendable`: that write may meet one of the command's thread, as
/// two writes to the process's stdout may (the C library serialises them); nothing runs after it.
private struct LastWords: @unchecked Sendable {
    let terminal: Terminal

    func say(_ line: String) {
        terminal.out(line)
        terminal.flush()
    }
}
