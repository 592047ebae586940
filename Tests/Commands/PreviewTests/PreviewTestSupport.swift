import Layout
import Preview
import Timeline
import WidgetHost
import ZonedTime

/// 2026-11-29T08:00:00Z.
let start: Int64 = 1_795_939_200_000
let hour: Int64 = 3_600_000

/// One shared host: every test's runs still get fresh contexts.
nonisolated(unsafe) let sharedBuilder = PreviewBuilder()

/// A preview of `text` run as `kinds`, with a 24-hour strip under `budget` in UTC.
func preview(
    _ text: String, name: String = "widget.js", kinds: [ScriptKind] = [.small], budget: BudgetProfile = .typical,
    hours: Int64 = 24, layout: String? = nil, taps: [Int64] = []
) throws -> PreviewDocument {
    var configuration = RunConfiguration()
    configuration.now = start
    configuration.zone = Zone.utc
    configuration.budget = budget.refreshesPerDay
    configuration.network = .replay(NetworkFixtures())
    var simulationConfiguration = SimulationConfiguration(
        startMs: start, durationMs: hours * hour, zoneIdentifier: "UTC", budget: budget)
    simulationConfiguration.isLive = kinds.first == .live
    simulationConfiguration.taps = taps
    let inputs = PreviewInputs(
        scriptPath: name, source: ScriptSource(text: text, name: name), kinds: kinds, configuration: configuration,
        simulation: try Simulation(simulationConfiguration), layoutPath: layout == nil ? nil : "layout.txt",
        layout: try layout.map { text throws(LayoutParseError) in try LayoutDocument.parse(text: text) })
    return sharedBuilder.build(inputs)
}

/// Lines wider than `width` printed characters.
func overWide(_ lines: [String], width: Int = 80) -> [String] {
    lines.filter { Columns.width($0) > width }
}
