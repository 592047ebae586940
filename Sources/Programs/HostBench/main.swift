// In-process benchmark: fresh-context runs of a small script per second on one thread,
// beside what the engine alone does in the same rounds (a fresh context, a one-line
// script, released): the floor no host run can go below.
//   swift run -c release HostBench [runs] [script.js]
// It ends with the resident size after the first run and after the last.
// With a script, its runs are measured instead of the built-in small script's (a script that
// uses `Date` or `console` also pays for what it reads of them).
import HostSystem
import ScriptCore
import WidgetHost
import ZonedTime
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

let arguments = CommandLine.arguments.dropFirst()
let runs = arguments.first.flatMap { Int($0) } ?? 5000
let small = ScriptSource(text: """
    const _items = [1, 2, 3]
    let title = "Weather"
    let temperature = 21.5
    let summary = _items.map((n) => n * 2).join(",")
    setUpdateFreq(30)
    """, name: "bench.js")
let script: ScriptSource
if arguments.count > 1 {
    do {
        script = try ScriptSource.load(path: arguments[arguments.startIndex + 1])
    } catch {
        fputs("HostBench: \(error)\n", stderr)
        exit(2)
    }
} else {
    script = small
}
var configuration = RunConfiguration()
configuration.now = 1_764_403_200_000
configuration.zone = (try? Zone(identifier: "UTC")) ?? Zone.current()

func seconds() -> Double { MonotonicClock.milliseconds() / 1000 }

/// Runs `body` `runs` times and returns how many times a second it ran.
@MainActor func rate(_ body: @MainActor () -> Void) -> Double {
    let start = seconds()
    for _ in 0..<runs { body() }
    return Double(runs) / (seconds() - start)
}

let host = ScriptHost()
let engine = ScriptRuntime()
// Every run must end as the first did (the small script: ok, with its three outputs).
let first = host.run(script, configuration: configuration)
let expectedStatus = first.status
let expectedOutputs = first.outputs.count
let residentAfterFirst = ProcessMemory.residentBytes() ?? 0
precondition(arguments.count > 1 || (expectedStatus == .ok && expectedOutputs == 3))
if arguments.count > 1 { print("\(script.name): \(expectedStatus.rawValue), \(expectedOutputs) outputs") }
@MainActor func hostRun() {
    let report = host.run(script, configuration: configuration)
    precondition(report.status == expectedStatus && report.outputs.count == expectedOutputs)
}
@MainActor func bareRun() {
    let context = engine.makeContext()
    precondition((try? context.evaluate("var title = 'Weather'", sourceURL: "bare.js")) != nil)
}
for _ in 0..<200 { hostRun(); bareRun() }  // warm-up
// Rounds alternate, so both see the machine at the same speed.
var hostRates: [Double] = []
var bareRates: [Double] = []
for _ in 0..<5 {
    hostRates.append(rate(hostRun))
    bareRates.append(rate(bareRun))
}
hostRates.sort()
bareRates.sort()
print("fresh-context runs per second (median of 5 x \(runs)): \(Int(hostRates[2])) [min \(Int(hostRates[0])), max \(Int(hostRates[4]))]")
let share = Int((hostRates[2] / bareRates[2] * 100).rounded())
print("   the engine alone (fresh context, one-line script): \(Int(bareRates[2])) per second; host runs are \(share) % of it")
// The process's size after the first run and after them all (S6: memory is given back).
let residentAfterAll = ProcessMemory.residentBytes() ?? 0
print("   resident after the first run \(residentAfterFirst >> 20) MB, after \(1 + 200 + 5 * runs) runs \(residentAfterAll >> 20) MB")
