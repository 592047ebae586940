import JSONKit
import WidgetHost
import WidgetHostCLI

/// The page's controls, made from the run flags' declarations (``StudioProgram/controls``): each
/// control is the flag of its name, its value checked by the same code that checks the flag on
/// the command line; then the profile's controls (``ProfileControls``: its `Widget` fields and
/// settings, changed in memory only). `scheme` is the page's own (which pictures it shows), not a flag.
enum StudioControls {
    /// The names a page may set.
    static let names: [String] = StudioProgram.controls.map(\.spec.name)

    /// The network modes a page may choose: not `record`, which writes the fixtures file (a
    /// start-up flag only).
    static let networkModes = NetworkMode.allCases.filter { $0 != .record }.map(\.rawValue)

    /// What an author calls each run control (its flag is in the help line).
    static let labels: [String: String] = [
        "now": "Time", "tz": "Time zone", "locale": "Language and region", "seed": "Random seed", "kind": "Kind",
        "device": "Device", "budget": "Refresh budget", "network": "Network", "context": "Run from", "param": "Parameters ($params)",
        "hours": "Hours of refreshes", "edition": "Edition", "dimension": "Card size",
    ]

    /// What to type in each text control, as an example.
    static let hints: [String: String] = [
        "now": "2026-11-29T08:00:00Z", "tz": "Europe/Berlin", "locale": "en-US", "seed": "a whole number, e.g. 7",
        "budget": "strict, typical, generous or refreshes a day", "param": "city=Lisbon, units=metric", "hours": "hours, e.g. 24",
    ]

    /// `widgethost.studio.controls/1`: each control's name, label, hint, placeholder, help line, choices, and
    /// the value the studio was started with (`started`, from `base`; null when not given).
    static func declarations(base: [String]) -> JSONValue {
        .object([
            "schema": "widgethost.studio.controls/1",
            "controls": .array(StudioProgram.controls.map { control in
                let name = control.spec.name
                let choices: [JSONValue] = (name == "network" ? networkModes : control.choices).map { .string($0) }
                return JSONValue.object([
                    "name": .string(name), "placeholder": .string(control.spec.placeholder ?? ""),
                    "label": .string(labels[name] ?? name), "hint": .string(hints[name] ?? ""),
                    "help": .string("--\(name): " + control.spec.help),
                    "choices": .array(choices),
                    "range": control.range.map { .array([.number($0.lowerBound), .number($0.upperBound)]) } ?? .null,
                    "started": started(control.spec.name, in: base).map { .string($0) } ?? .null,
                ])
            } + ProfileControls.controls(of: StudioProgram.profile(base)).map { control in
                .object([
                    "name": .string(control.name), "label": .string(control.name), "placeholder": "", "help": .string(control.help),
                    "choices": [], "range": .null, "started": control.started.map { .string($0) } ?? .null,
                ])
            }),
        ])
    }

    /// The value of `--name` in `arguments` (the last one; `--param`s joined with commas).
    static func started(_ name: String, in arguments: [String]) -> String? {
        var values: [String] = []
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            if argument == "--\(name)", index + 1 < arguments.count {
                values.append(arguments[index + 1])
                index += 2
                continue
            }
            if argument.hasPrefix("--\(name)=") { values.append(String(argument.dropFirst(name.count + 3))) }
            index += 1
        }
        return name == "param" ? (values.isEmpty ? nil : values.joined(separator: ", ")) : values.last
    }
}
