/// The findings of several widget families, each said once: a finding that families have alike
/// is one line naming them (`… (small, medium and large widgets) [render-text-truncated]`), for
/// `render --all-families` and the preview's and the studio's pictures (``PictureSection``).
/// The one grouping of findings by family: whatever shows them groups them here.
public struct FamilyFindings: Sendable {
    /// One finding and the families that have it alike, in the order they were added.
    public struct Group: Sendable, Hashable {
        public var prefix: String
        /// The message without its trailing ` (LABEL)`.
        public var message: String
        public var suffix: String
        /// The families' prose names (`small widget`, `Live Activity`).
        public var labels: [String]

        /// The line: the message naming every family that has it.
        public var line: String { prefix + message + " (\(FamilyFindings.names(labels)))" + suffix }
    }

    private var order: [String] = []
    private var groupsByKey: [String: Group] = [:]

    /// No findings yet.
    public init() {}

    /// A finding of the family whose prose name is `label` (`small widget`, `Live Activity`);
    /// `message` without its trailing ` (LABEL)` is what makes two families' findings alike.
    public mutating func add(_ label: String, prefix: String, message: String, suffix: String) {
        let bare = Self.bare(message, label: label)
        let key = prefix + "\u{0}" + bare + "\u{0}" + suffix
        if groupsByKey[key] == nil {
            order.append(key)
            groupsByKey[key] = Group(prefix: prefix, message: bare, suffix: suffix, labels: [])
        }
        if !(groupsByKey[key]?.labels.contains(label) ?? true) { groupsByKey[key]?.labels.append(label) }
    }

    /// `message` without the family's name it ends with (` (small widget)`).
    public static func bare(_ message: String, label: String) -> String {
        let named = " (\(label))"
        return message.hasSuffix(named) ? String(message.dropLast(named.count)) : message
    }

    /// How many different findings there are.
    public var count: Int { order.count }

    /// Each finding once, in the order they were first found.
    public var groups: [Group] { order.compactMap { groupsByKey[$0] } }

    /// One line per finding, in the order they were first found.
    public var lines: [String] { groups.map(\.line) }

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
