import HostSystem
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
        /// The path of `file` beside the fixture, as text: the loaders of profiles and network
        /// fixtures take text paths, so a folder whose name is not UTF-8 is said, not guessed at.
        func beside(_ file: String) throws(FixtureError) -> String {
            let path = fixture.path(beside: file)
            guard let text = path.text else {
                throw bad("\(key): \(path.shown) is in a folder whose name is not UTF-8, where '\(key)' cannot name a file; rename the folder")
            }
            return text
        }
        switch key {
        case "profile":
            let file = try value.stringValue.map(beside)
            do {
                if let file {
                    configuration.profile = try DeviceProfile.load(path: file)
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
            guard let name = value.stringValue else { throw bad("'fixtures' names a network fixture file beside the fixture") }
            let file = try beside(name)
            do {
                configuration.network = .replay(try NetworkFixtures.load(path: file))
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
