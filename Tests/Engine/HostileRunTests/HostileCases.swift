import Synchronization
import WidgetHost
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// One hostile script and how it must end, wherever it runs (S6, S7).
struct HostileCase {
    let name: String
    let script: String
    let status: RunStatus
    /// A diagnostic the run must carry.
    let code: DiagnosticCode?
    /// Time limit (seconds) and memory limit (MB) of the run.
    var timeout = HostileCase.timeout
    var memoryMB: Double = 30
    /// Outputs the run must publish, by name (nil: none checked).
    var kept: [String] = []
    /// Whether the case can run as one refresh of a dispatching script (a script of its own size
    /// cannot, nor one that needs a time limit of its own: a simulation has one for every refresh).
    var dispatchable = true
    /// Bytes the engine fills in one step that no check can interrupt (an allocator that reuses
    /// pages fills them all before the script's next instruction).
    var filledInOneStep = 0

    /// The wall time a run of the case may take: its limit, the margin, and twice what this
    /// machine takes to fault in and fill the bytes the engine fills in one step. That part is
    /// measured, not assumed: a debug build on one machine filled two gigabytes in about 2 s,
    /// and in 5 to 7 s on a virtual machine whose fresh pages cost more.
    var allowedSeconds: Double { timeout + Self.margin + fillAllowance }
    /// Twice what this machine takes to fault in and fill ``filledInOneStep`` bytes.
    var fillAllowance: Double { 2 * Self.secondsToFill(filledInOneStep) }

    /// The time limit of most cases: short, so the suite stays quick.
    static let timeout = 0.5
    /// What a run may take beyond its time limit: process start, the spin that ends a loop of
    /// microtasks, a collection, the single allocation or the scan no check can interrupt
    /// (docs/architecture.md), a debug build's slower host on a machine busy with other work.
    /// The failures this guards against never ended at all.
    static let margin = 5.0

    /// What this machine takes to fault in and fill `bytes` of fresh memory, measured once for
    /// each size on that many bytes: on a virtual machine the time grows faster than the size
    /// (two gigabytes took from 1.8 s to 6.3 s, a quarter of one 0.2 s), so a smaller probe says
    /// little.
    static func secondsToFill(_ bytes: Int) -> Double {
        fillTimes.withLock { known in
            if let seconds = known[bytes] { return seconds }
            guard bytes > 0, let memory = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                memory != MAP_FAILED
            else { return 0 }
            defer { munmap(memory, bytes) }
            let start = ToolProcess.monotonic()
            memset(memory, 1, bytes)
            let seconds = ToolProcess.monotonic() - start
            known[bytes] = seconds
            return seconds
        }
    }
    private static let fillTimes = Mutex<[Int: Double]>([:])

    /// Every hostile script of the limits' issue and of the first list of hostile scripts, in the
    /// order the drivers run them. None needs a network, a profile or a file.
    static let all: [HostileCase] = [
        // Limits: every run ends within its limits, whatever it does.
        HostileCase(name: "await loop", script: "(async () => { for (;;) await 0 })()", status: .timeout, code: .timeLimit),
        HostileCase(name: "promise reaction loop", script: "function f() { Promise.resolve().then(f) }\nf()", status: .timeout, code: .timeLimit),
        HostileCase(
            name: "twenty million bytes as an output", script: "let t = new Uint8Array(2e7)\nlet kept = 'yes'",
            status: .ok, code: .outputNotSerializable, kept: ["kept"]),
        // Its two gigabytes are asked for in one step: when the engine's allocator reuses pages,
        // it fills them all before any check can run, the overshoot of a single allocation that
        // docs/architecture.md describes.
        HostileCase(
            name: "two gigabytes as an output", script: "let t = new Uint8Array(2e9)\nlet kept = 'yes'", status: .memory,
            code: .memoryLimit, timeout: 2, filledInOneStep: 2_000_000_000),
        HostileCase(name: "small-object bomb", script: "const a = []\nwhile (true) a.push({ x: a.length, y: [1, 2] })", status: .memory, code: .memoryLimit),
        HostileCase(
            name: "garbage at the limit's edge",
            script: "function r(n) { try { return r(n + 1) + 1 } catch (e) { return r(n + 1) } }\nr(0)",
            status: .timeout, code: .timeLimit),
        // One step too: the engine fills its gigabyte before any check can run.
        HostileCase(
            name: "a gigabyte string", script: "let s = 'x'.repeat(1e9)", status: .memory, code: .memoryLimit, timeout: 2,
            filledInOneStep: 1_000_000_000),
        HostileCase(name: "out of memory from the engine", script: "let s = 'x'.repeat(2 ** 31)", status: .memory, code: .memoryLimit),
        HostileCase(
            name: "a script too large to prepare in its time", script: HostileCase.largeScript, status: .timeout, code: .timeLimit,
            timeout: 0.05, memoryMB: 4096, dispatchable: false),
        // Parsing is part of the run (S6): a script larger than its run parses is refused from
        // its size before anything parses it (the 24 MB array literal scanned for 9 s to
        // 2.7 GB under `--timeout 2`), and one within that size but with more tokens than the run
        // parses is stopped by the host's scan before the engine parses anything.
        HostileCase(
            name: "a 24 MB array literal", script: HostileCase.arrayLiteral(bytes: 24 << 20), status: .memory,
            code: .scriptTooLarge, timeout: 2, dispatchable: false),
        // Its time is long enough for a debug build to scan it whole: the limit is its memory.
        HostileCase(
            name: "an array literal of more tokens than its run parses", script: HostileCase.arrayLiteral(bytes: 1_800_000),
            status: .memory, code: .scriptTooLarge, timeout: 60, dispatchable: false),
        // WebAssembly never reaches the limits' checks on this engine, so it is not there (S11): the
        // 36-byte module whose export is `loop br 0 end` is a ReferenceError, not a run without end.
        HostileCase(name: "a WebAssembly loop", script: HostileCase.webAssemblyLoop, status: .error, code: .uncaughtError),
        // Engine features that run long in one native step each end at the limit too.
        HostileCase(
            name: "a sort with a slow comparator",
            script: "const a = Array.from({ length: 1e5 }, (_, i) => (i * 7919) % 1e5)\na.sort((x, y) => { for (let i = 0; i < 1e4; i++); return x - y })",
            status: .timeout, code: .timeLimit),
        HostileCase(
            name: "Intl over a huge input",
            script: "const s = '\\u00e9'.repeat(2e5), t = s + 'a'\nlet n = 0\nfor (;;) n += s.localeCompare(t) + new Intl.NumberFormat('de-DE').format(n).length",
            status: .timeout, code: .timeLimit),
        // A regular expression's backtracking and a normalization are single native steps the
        // checks cannot enter; each ends (the engine's backtracking limit, the memory limit's bound
        // on a string), and the run then ends at its next check.
        HostileCase(
            name: "catastrophic regular expressions in a loop",
            script: "const s = 'a'.repeat(40) + 'b'\nfor (;;) /^(a+)+$/.test(s)", status: .timeout, code: .timeLimit),
        HostileCase(
            name: "a regular expression over a huge string in a loop",
            script: "const s = 'ab'.repeat(2e6)\nlet n = 0\nfor (;;) n += s.replace(/(a|b)*c/g, 'x').length", status: .timeout, code: .timeLimit),
        HostileCase(
            name: "normalize over a large string in a loop",
            script: "const s = 'e\\u0301'.repeat(1e6)\nlet n = 0\nfor (;;) n += s.normalize('NFC').length", status: .timeout, code: .timeLimit),
        HostileCase(
            name: "Atomics.wait without shared memory",
            script: "Atomics.wait(new Int32Array(4), 0, 0, 1e9)", status: .error, code: .uncaughtError),
        // The first list: each ends with the right status, and the host runs the next one.
        HostileCase(name: "endless loop", script: "while (true) {}", status: .timeout, code: .timeLimit),
        HostileCase(name: "endless loop after await", script: "await null\nwhile (true) {}", status: .timeout, code: .timeLimit, dispatchable: false),
        HostileCase(name: "endless recursion", script: "function f() { return f() + 1 }\nf()", status: .error, code: .uncaughtError),
        HostileCase(name: "100 MB string", script: "let s = 'x'.repeat(100 * 1024 * 1024)", status: .memory, code: .memoryLimit),
        // It must end ok: it gets the time a million calls take in a debug build.
        HostileCase(
            name: "a million console lines", script: "for (let i = 0; i < 1e6; i++) console.log(i)\nlet done = true",
            status: .ok, code: .consoleTruncated, timeout: 30, kept: ["done"], dispatchable: false),
        HostileCase(
            name: "replaces host globals", script: "Date = function () { return 0 }\nsetUpdateFreq = () => {}\nconsole = null\nlet d = 1",
            status: .ok, code: .hostGlobalReplaced, kept: ["d"], dispatchable: false),
        HostileCase(
            name: "an output whose getter throws",
            script: "Object.defineProperty(this, 'x', { enumerable: true, get() { throw 1 } })\nlet kept = 1",
            status: .ok, code: .outputNotSerializable, kept: ["kept"]),
    ]

    /// A module whose exported `f` is `loop br 0 end`, instantiated and called.
    static let webAssemblyLoop = "const b = new Uint8Array([0,97,115,109,1,0,0,0,1,4,1,96,0,0,3,2,1,0,7,5,1,1,102,0,0,10,9,1,7,0,3,64,12,0,11,11])\nnew WebAssembly.Instance(new WebAssembly.Module(b)).exports.f()"

    /// About 3 MB of statements: scanning and compiling it takes well over 0.05 s.
    static let largeScript: String = {
        var lines = ["let total = 0"]
        for index in 0..<60_000 { lines.append("total += \(index) // a line of padding to make the script large enough") }
        lines.append("let done = total > 0")
        return lines.joined(separator: "\n")
    }()

    /// `let data = [0,0,…,0]` of about `bytes` bytes, a token a byte, and its length as an output.
    static func arrayLiteral(bytes: Int) -> String {
        "let data = [" + String(repeating: "0,", count: max(0, bytes / 2 - 20)) + "0]\nlet count = data.length"
    }

    /// The limits as `widgethost` options.
    var options: [String] {
        ["--timeout", "\(timeout)", "--memory-limit", "\(Int(memoryMB))"]
    }
}
