import JSONKit
import WidgetHost

/// The studio's controls over the profile given with `--profile`: `widget.id` and `widget.name`
/// (the `Widget` fields) and `setting.KEY` for each of the profile's `settings` (the `Setting`
/// values). They change the profile in memory only: the file is read, never written, and no
/// control names a file.
package enum ProfileControls {
    /// The `Widget` fields a control can set.
    static let widgetFields = ["id", "name"]

    /// One control: its name, the label and help the page shows, and the profile's value as text.
    package struct Control: Sendable {
        /// `widget.id`, `widget.name` or `setting.KEY`.
        package let name: String
        /// The sentence the page shows under the field.
        package let help: String
        /// The profile's value (nil when it has none).
        package let started: String?
    }

    /// The controls for `profile` (the built-in one when nil): the widget's fields, then its settings by key.
    package static func controls(of profile: DeviceProfile?) -> [Control] {
        let overlay = profile?.overlay.objectValue ?? [:]
        let widget = overlay["widget"]?.objectValue ?? [:]
        let settings = overlay["settings"]?.objectValue ?? [:]
        return widgetFields.map { field in
            Control(name: "widget.\(field)", help: "Widget.\(field) (the profile's widget.\(field)), in memory only.",
                    started: widget[field].map(text))
        } + settings.keys.sorted().map { key in
            let kind = settings[key].map(kindName) ?? "text"
            return Control(name: "setting.\(key)", help: "Setting '\(key)' (\(kind)), the profile's settings.\(key), in memory only.",
                           started: settings[key].map(text))
        }
    }

    /// The profile `path` names, read to offer its controls; nil when there is none or it cannot be used
    /// (the page says why, from the run).
    package static func profile(at path: String?) -> DeviceProfile? {
        guard let path else { return nil }
        return try? DeviceProfile.load(path: path)
    }

    /// `profile` with `edits` (control name → text) laid over it, each value read as the type
    /// the profile gives it (a number stays a number, true or false a boolean); the result is
    /// checked as a profile file is. A value of the wrong type is refused with what to give.
    package static func edited(_ profile: DeviceProfile, _ edits: [String: String]) throws(UsageError) -> DeviceProfile {
        guard !edits.isEmpty else { return profile }
        var overlay = profile.overlay.objectValue ?? [:]
        var widget = overlay["widget"]?.objectValue ?? [:]
        var settings = overlay["settings"]?.objectValue ?? [:]
        for (name, value) in edits.sorted(by: { $0.key < $1.key }) {
            if name.hasPrefix("widget."), widgetFields.contains(String(name.dropFirst(7))) {
                widget[String(name.dropFirst(7))] = .string(value)
            } else if name.hasPrefix("setting."), let old = settings[String(name.dropFirst(8))] {
                settings[String(name.dropFirst(8))] = try typed(value, like: old, control: name)
            } else {
                throw UsageError("unknown control '\(name)'; the profile's controls are widget.id, widget.name and setting.KEY for its settings")
            }
        }
        overlay["widget"] = .object(widget)
        overlay["settings"] = .object(settings)
        do {
            return try DeviceProfile(json: .object(overlay), source: profile.source ?? "profile")
        } catch {
            throw UsageError("bad \(edits.keys.sorted().joined(separator: ", ")): \(error.message)")
        }
    }

    /// The names a page may set for `profile`.
    package static func names(of profile: DeviceProfile?) -> [String] { controls(of: profile).map(\.name) }

    private static func typed(_ text: String, like old: JSONValue, control: String) throws(UsageError) -> JSONValue {
        switch old {
        case .number:
            guard let number = Double(text), number.isFinite else {
                throw UsageError("bad \(control) '\(text)'; the profile's value is a number, give one (e.g. 3 or 2.5)")
            }
            return .number(number)
        case .bool:
            guard let flag = ["true": true, "false": false][text] else {
                throw UsageError("bad \(control) '\(text)'; the profile's value is true or false, give one of them")
            }
            return .bool(flag)
        default:
            return .string(text)
        }
    }

    private static func kindName(_ value: JSONValue) -> String {
        switch value {
        case .number: "a number"
        case .bool: "true or false"
        default: "text"
        }
    }

    private static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        default: value.description
        }
    }
}
