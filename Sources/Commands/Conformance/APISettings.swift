import JSONKit
import WidgetHost

/// Front-matter keys for the wider script API (A1–A8): `profile` (a file beside the
/// fixture, or an inline map laid over the default profile), `params` (`$params`),
/// `fixtures` (a network fixture file beside the fixture; runs replay only, so a
/// fixture never touches the network) and `context` (`app` or `widget`).
enum APISettings {
    static func apply(_ key: String, _ value: JSONValue, to configuration: inout RunConfiguration, fixture: Fixture) throws(FixtureError) {
        func bad(_ message: String) -> FixtureError {
            FixtureError(
                path: fixture.path, line: Fixture.lineOf(key, in: fixture.source.text, from: fixture.frontMatterLine),
                message: message)
        }
        let folder = fixture.path.contains("/") ? String(fixture.path[..<fixture.path.lastIndex(of: "/")!]) + "/" : ""
        switch key {
        case "profile":
            do {
                if let file = value.stringValue {
                    configuration.profile = try DeviceProfile.load(path: folder + file)
                } else {
                    configuration.profile = try DeviceProfile(json: value, source: fixture.path)
                }
            } catch {
                throw bad("profile: \(error.description)")
            }
        case "params":
            guard case .object(let entries) = value else { throw bad("'params' is a map of strings: { city: Berlin }") }
            for (name, entry) in entries {
                configuration.params[name] = entry.stringValue ?? entry.serialized()
            }
        case "fixtures":
            guard let file = value.stringValue else { throw bad("'fixtures' names a network fixture file beside the fixture") }
            do {
                configuration.network = .replay(try NetworkFixtures.load(path: folder + file))
            } catch {
                throw bad("fixtures: \(error.description)")
            }
        case "context":
            guard let name = value.stringValue, let context = RunContext(rawValue: name) else {
                throw bad("'context' is app or widget")
            }
            configuration.context = context
        default:
            throw bad("unknown key '\(key)'")
        }
    }
}
