import HostSystem
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Test infrastructure that did not work: a test that meets one fails (it is thrown), it is
/// never skipped.
public struct HarnessError: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The programs `swift build` made, in the folder of the test bundle.
public enum BuiltProgram {
    /// The folder holding the test bundle and the built executables.
    public static let folder: String = {
        var bundle = CommandLine.arguments[0]
        if !bundle.hasSuffix(".xctest") { bundle = CommandLine.arguments.first { $0.hasSuffix(".xctest") } ?? bundle }
        return String(bundle[..<(bundle.lastIndex(of: "/") ?? bundle.startIndex)])
    }()

    /// The path of the built executable `name`; a program that is not built is a harness failure.
    public static func path(_ name: String) throws -> String {
        let executable = folder + "/" + name
        guard access(executable, X_OK) == 0 else {
            throw HarnessError("the \(name) program is not built at \(executable) (swift build --build-tests builds it)")
        }
        return executable
    }
}

/// What a program run to its end printed, and its exit status.
public struct ProgramResult {
    /// The exit status, 128 + the signal when killed by one.
    public var code: Int32
    public var out: String
    public var err: String
    /// The peak resident size of the program and of the children it waited for, bytes.
    public var peakResidentBytes: Int
}

/// Runs programs for tests, through `HostSystem.ChildProcess`.
public enum Program {
    /// The environment tests give the tool unless they say otherwise.
    public static let defaultEnvironment = ["NO_COLOR=1", "TZ=UTC", "SWIFT_BACKTRACE=enable=no"]

    /// Runs `arguments` to its end and returns what it printed. A program that cannot be
    /// started, or that is still running after `timeout` (it is killed), is a harness failure.
    public static func run(_ arguments: [String], environment: [String] = defaultEnvironment, searchPath: Bool = false,
                           input: [UInt8]? = nil, timeout: Duration = .seconds(120)) throws -> ProgramResult {
        if searchPath, let name = arguments.first { try TestTier.allow(name) }
        let finished: ChildProcess.Finished
        do {
            finished = try ChildProcess.run(arguments, environment: environment, searchPath: searchPath, input: input, timeout: timeout)
        } catch {
            throw HarnessError(error.description)
        }
        guard !finished.timedOut else {
            throw HarnessError("\(arguments.joined(separator: " ")) was still running after \(timeout) and was killed; output so far: \(String(decoding: finished.out.suffix(2000), as: UTF8.self)) \(String(decoding: finished.err.suffix(2000), as: UTF8.self))")
        }
        return ProgramResult(code: finished.code, out: String(decoding: finished.out, as: UTF8.self),
                             err: String(decoding: finished.err, as: UTF8.self), peakResidentBytes: finished.peakResidentBytes)
    }

    /// The path of `name`, a program Scripts/setup installs. A missing one is a harness failure
    /// that says to run Scripts/setup, never a skip: the machine can have it.
    public static func required(_ name: String) throws -> String {
        try TestTier.allow(name)
        guard let path = which(name) else {
            throw HarnessError("\(name) is not installed; run Scripts/setup --all, which installs it")
        }
        return path
    }

    /// The first executable named `name` on the `PATH`, or nil.
    public static func which(_ name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}

/// The two tiers of the suite. `Scripts/test` runs the unit tests and the conformance suite with
/// only what the build needs installed (`WIDGETHOST_TEST_TIER=unit`); `Scripts/test --all` adds
/// the system tests, which drive a browser, a shell, the package or another program that
/// `Scripts/setup --all` installs, and runs the limit tests alone. A test that asks for a system
/// program in the unit tier fails saying so, so the list of system tests in `Scripts/test`
/// (`system=`) cannot miss one.
public enum TestTier {
    /// Programs that only `Scripts/setup --all` installs: a test that runs one is a system test.
    public static let systemPrograms: Set<String> = [
        "chromium", "tmux", "zsh", "fish", "tsc", "lintian", "man", "rsvg-convert", "xmllint", "tappy",
        "curl", "chattr", "dpkg-deb", "node", "unshare", "playwright", "avahi-daemon", "dbus-daemon", "unzip", "ip",
    ]

    /// Whether this run is the unit tier (`WIDGETHOST_TEST_TIER=unit`).
    public static var isUnit: Bool { getenv("WIDGETHOST_TEST_TIER").map { String(cString: $0) } == "unit" }

    /// Throws when the unit tier is asked for a system program.
    public static func allow(_ program: String) throws {
        let name = String(program.split(separator: "/").last ?? Substring(program))
        guard isUnit, systemPrograms.contains(name) else { return }
        throw HarnessError("\(name) is a system program, so this is a system test: add it to `system=` in Scripts/test, which runs it under Scripts/test --all")
    }
}

/// Waits for a condition with a bound, instead of sleeping a fixed time.
public enum Wait {
    /// Checks `condition` until it holds or `timeout` passes, yielding the processor between
    /// checks; true when it held.
    @discardableResult
    public static func until(_ timeout: Duration = .seconds(10), poll interval: Duration = .milliseconds(2),
                             _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            if try condition() { return true }
            if ContinuousClock.now >= deadline { return false }
            let (seconds, attoseconds) = interval.components
            var spec = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
            nanosleep(&spec, nil)
        }
    }
}
