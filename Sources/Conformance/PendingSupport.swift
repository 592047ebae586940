import JSONKit
import WidgetHost

/// Front-matter keys for the wider script API (A1–A8): device profile, `$params`,
/// network fixtures and the run context.
enum APISettings {
    static func apply(_ key: String, _ value: JSONValue, to configuration: inout RunConfiguration, fixture: Fixture) throws(FixtureError) {
        throw FixtureError(
            path: fixture.path, line: Fixture.lineOf(key, in: fixture.source.text, from: fixture.frontMatterLine),
            message: "'\(key)' needs the device profile and network fixtures of the wider script API, which this host does not offer")
    }
}
