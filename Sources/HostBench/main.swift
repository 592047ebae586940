// In-process benchmark: fresh-context runs of a small script per second on one thread.
//   swift run -c release HostBench [runs]
import WidgetHost
import ZonedTime
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

let runs = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 5000
let script = ScriptSource(text: """
    const _items = [1, 2, 3]
    let title = "Weather"
    let temperature = 21.5
    let summary = _items.map((n) => n * 2).join(",")
    setUpdateFreq(30)
    """, name: "bench.js")
var configuration = RunConfiguration()
configuration.now = 1_764_403_200_000
configuration.zone = (try? Zone(identifier: "UTC")) ?? Zone.current()

func seconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

let host = ScriptHost()
for _ in 0..<200 { _ = host.run(script, configuration: configuration) }  // warm-up
var samples: [Double] = []
for _ in 0..<5 {
    let start = seconds()
    for _ in 0..<runs {
        let report = host.run(script, configuration: configuration)
        precondition(report.status == .ok && report.outputs.count == 3)
    }
    samples.append(Double(runs) / (seconds() - start))
}
samples.sort()
print("fresh-context runs per second (median of 5 x \(runs)): \(Int(samples[2])) [min \(Int(samples[0])), max \(Int(samples[4]))]")
