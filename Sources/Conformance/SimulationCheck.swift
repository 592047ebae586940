import JSONKit
import WidgetHost

/// Runs a fixture's `simulate:` block on the refresh timeline and checks `expect.timeline`.
enum SimulationCheck {
    static func run(_ fixture: Fixture, configuration: RunConfiguration) -> [String] {
        ["'simulate' needs the refresh timeline, which this host does not offer"]
    }
}
