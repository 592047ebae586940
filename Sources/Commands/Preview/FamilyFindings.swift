/// The findings of several widget families, each said once: a finding that families have alike
/// is one line naming them (`… (small, medium and large widgets) [render-text-truncated]`), for
/// `render --all-families` and the preview's pictures.
public struct FamilyFindings: Sendable {
    private var order: [String] = []
    private var labels: [String: [String]] = [:]
    private var parts: [String: (prefix: String, message: String, suffix: String)] = [:]

    /// No findings yet.
    public init() {}

    /// A finding of the family whose prose name is `label` (`small widget`, `Live Activity`);
    /// `message` without its trailing ` (LABEL)` is what makes two families' findings alike.
    public mutating func add(_ label: String, prefix: String, message: String, suffix: String) {
        let named = " (\(label))"
        let bare = message.hasSuffix(named) ? String(message.dropLast(named.count)) : message
        let key = prefix + "\u{0}" + bare + "\u{0}" + suffix
        if labels[key] == nil {
            order.append(key)
            parts[key] = (prefix, bare, suffix)
        }
        if !(labels[key] ?? []).contains(label) { labels[key, default: []].append(label) }
    }

    /// How many different findings there are.
    public var count: Int { order.count }

    /// One line per finding, in the order they were first found.
    public var lines: [String] {
        order.compactMap { key in
            guard let (prefix, message, suffix) = parts[key], let found = labels[key] else { return nil }
            return prefix + message + " (\(Self.names(found)))" + suffix
        }
    }

    /// `small widget`, `small and medium widgets`, `small widget and Live Activity`.
    public static func names(_ labels: [String]) -> String {
        let widgets = labels.filter { $0.hasSuffix(" widget") }.map { String($0.dropLast(" widget".count)) }
        var items: [String] = []
        if let last = widgets.last {
            let list = widgets.count == 1 ? last : widgets.dropLast().joined(separator: ", ") + " and " + last
            items.append(list + (widgets.count == 1 ? " widget" : " widgets"))
        }
        items += labels.filter { !$0.hasSuffix(" widget") }
        return items.joined(separator: " and ")
    }
}
