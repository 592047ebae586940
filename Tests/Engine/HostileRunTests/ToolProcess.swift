import TestSupport

/// A finished `widgethost` process: its exit code, output, wall time and peak resident size.
struct ChildRun {
    var code: Int32
    var out: String
    var err: String
    var seconds: Double
    /// The largest resident size of the process and of every process it waited for (its
    /// workers), in bytes.
    var peakResident: Int
}

/// The hostile runs' harness over `TestSupport`: the built `widgethost`, run to its end.
enum ToolProcess {
    /// Seconds on `ContinuousClock` since an origin fixed for the process.
    static func monotonic() -> Double { ContinuousClock.origin.duration(to: .now).seconds }

    /// Runs `arguments` with the built `widgethost`; a missing binary, a failed start or a run
    /// past 10 minutes fails the test.
    static func run(_ arguments: [String]) throws -> ChildRun {
        let start = ContinuousClock.now
        let result = try Program.run([try BuiltProgram.path("widgethost")] + arguments, timeout: .seconds(600))
        return ChildRun(code: result.code, out: result.out, err: result.err,
                        seconds: start.duration(to: .now).seconds, peakResident: result.peakResidentBytes)
    }

    /// Runs `arguments` with the built `widgethost` as ``run(_:)`` does, started by a small
    /// parent of its own (Debian's python3, which waits for it), so that its peak is its own.
    /// A process's peak resident size (`ru_maxrss`) counts, from its `exec`, the peak of the
    /// process it was forked from: a program this test process starts reports at least the
    /// test process's own peak (gigabytes, after the in-process hostile runs).
    static func runMeasured(_ arguments: [String]) throws -> ChildRun {
        let parent = """
            import os, sys
            pid = os.fork()
            if pid == 0:
                os.execv(sys.argv[1], sys.argv[1:])
            _, status, usage = os.wait4(pid, 0)
            sys.stderr.write("\\npeak-kilobytes %d\\n" % usage.ru_maxrss)
            sys.exit(os.waitstatus_to_exitcode(status) & 0xFF)
            """
        let start = ContinuousClock.now
        let result = try Program.run(["/usr/bin/python3", "-c", parent, try BuiltProgram.path("widgethost")] + arguments, timeout: .seconds(600))
        guard let line = result.err.split(separator: "\n").last(where: { $0.hasPrefix("peak-kilobytes ") }),
              let kilobytes = Int(line.dropFirst("peak-kilobytes ".count))
        else { throw HarnessError("the measuring parent reported no peak: \(result.err)") }
        return ChildRun(code: result.code, out: result.out, err: result.err,
                        seconds: start.duration(to: .now).seconds, peakResident: kilobytes * 1024)
    }
}

extension ContinuousClock {
    fileprivate static let origin = ContinuousClock.now
}

extension Duration {
    fileprivate var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
