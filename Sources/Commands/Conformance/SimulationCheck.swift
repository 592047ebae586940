import JSONKit
import Timeline
import WidgetHost
import ZonedTime

/// Runs a fixture's `simulate:` block on the refresh timeline (R1–R7, L1–L5) and
/// checks `expect.timeline` against the simulation's summary (a subset match). The
/// fixture's `pushes:`, if any, arrive on the timeline as Live Activity pushes.
///
/// ```yaml
/// simulate: { hours: 24, budget: typical, realistic: false, taps: ["+2h"], foregrounds: [] }
/// expect:
///   timeline: { refreshCount: 48, budgetVerdict: { askedPerDay: 48 } }
/// ```
enum SimulationCheck {
    static func run(_ fixture: Fixture, configuration: RunConfiguration) -> [String] {
        guard case .object(let settings)? = fixture.settings["simulate"] else {
            return ["malformed fixture: 'simulate' is a map such as { hours: 24, budget: typical }"]
        }
        let start = configuration.now ?? 0
        var hours = 24.0
        if let value = settings["hours"] ?? settings["days"].map({ .number(($0.doubleValue ?? 0) * 24) }) {
            guard let number = value.doubleValue, number > 0, number <= 366 * 24 else {
                return ["malformed fixture: simulate.hours/days must be a positive span of at most 366 days"]
            }
            hours = number
        }
        var budget = BudgetProfile.typical
        if let value = settings["budget"] {
            let text = value.stringValue ?? value.doubleValue.map { JSONValue.formatNumber($0) } ?? ""
            do { budget = try BudgetProfile.parse(text) } catch { return ["malformed fixture: simulate.budget: \(error.message)"] }
        }
        func times(_ key: String) -> [Int64]? {
            var result: [Int64] = []
            for item in settings[key]?.arrayValue ?? [] {
                guard let text = item.stringValue else { return nil }
                if text.hasPrefix("+") {
                    guard let offset = DurationText.milliseconds(text.dropFirst()),
                          let at = DurationText.adding(offset, to: start) else { return nil }
                    result.append(at)
                } else if let at = try? ISO8601.parse(text, defaultZone: configuration.zone) {
                    result.append(at)
                } else {
                    return nil
                }
            }
            return result
        }
        guard let taps = times("taps"), let foregrounds = times("foregrounds") else {
            return ["malformed fixture: simulate.taps and simulate.foregrounds are lists of ISO times or offsets such as \"+2h\""]
        }
        var simulation = SimulationConfiguration(
            startMs: start, durationMs: Int64(hours * 3_600_000), zoneIdentifier: configuration.zone.identifier,
            budget: budget, realistic: settings["realistic"]?.boolValue ?? false,
            seed: configuration.seed ?? 0, isLive: configuration.kind == .live)
        if configuration.edition == .harmony {
            if settings["budget"] != nil { return ["malformed fixture: simulate.budget: the harmony edition has the platform's quota of \(HarmonyRules.timedRefreshesPerDay) timed refreshes a day, not a budget"] }
            simulation.follow(.harmony)
        }
        simulation.taps = taps
        simulation.foregrounds = foregrounds
        if let list = fixture.settings["pushes"] {
            // The fixture's pushes reach the device's timeline as `simulate --pushes` puts them there.
            switch PushRequestEntry.parse(list, start: start, zone: configuration.zone).flatMap({ PushTimeline.events($0, start: start) }) {
            case .success(let events): simulation.pushes = events
            case .failure(let error): return ["malformed fixture: simulate: \(error.message)"]
            }
        }
        let report: TimelineReport
        do {
            let timeline = try Simulation(simulation)
            var runner = HostRefreshRunner(script: fixture.source, simulation: timeline, configuration: configuration)
            report = timeline.run(runner: &runner)
        } catch {
            return ["malformed fixture: simulate: \(error.message)"]
        }
        guard let expected = fixture.expect["timeline"] else { return [] }
        return Expectation.subsetDifferences(expected, report.json["summary"], at: "timeline")
    }
}
