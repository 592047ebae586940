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
