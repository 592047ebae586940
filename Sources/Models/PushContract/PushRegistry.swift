import ErrorKinds
import JSONKit

/// An iOS version such as 17.2 (major, minor, patch).
public struct IOSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Reads `17`, `17.2` or `17.2.1`; `nil` for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.utf8.count <= 4, part.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(part)
            else { return nil }
            numbers.append(n)
        }
        while numbers.count < 3 { numbers.append(0) }
        self.init(numbers[0], numbers[1], numbers[2])
    }

    public static func < (a: IOSVersion, b: IOSVersion) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }

    /// `17.2`, or `17.2.1` when there is a patch.
    public var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }
}

/// A registry file that cannot be used, with a message that says what to fix.
public struct RegistryError: KindedError, Sendable, Hashable, CustomStringConvertible {
    /// A registry file that does not have the documented form: malformed input.
    public var errorKind: ErrorKind { .input(.malformed) }
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The Push IDs a receiver knows, with their device's iOS and their widgets (P8).
///
/// File format (JSON):
/// ```json
/// {"users": [{"push_id": "…", "ios": "17.4",
///             "widgets": ["live-widget-id", {"id": "…", "kind": "live", "active_on_device": true}]}]}
/// ```
/// A widget given as a string is a Live Activity widget. `kind` is a widget kind (`live`,
/// `small`, …; default `live`); pushes go only to `live` ones. `active_on_device: true`
/// means an activity was started locally in the app, so updates and ends reach it even on
/// iOS before 17.2. `ios` defaults to 18.0.
public struct PushRegistry: Sendable, Hashable {
    /// One widget of a Push ID.
    public struct Widget: Sendable, Hashable {
        public var id: String
        public var kind: String
        public var activeOnDevice: Bool
        public init(id: String, kind: String = "live", activeOnDevice: Bool = false) {
            self.id = id
            self.kind = kind
            self.activeOnDevice = activeOnDevice
        }
    }

    /// One Push ID: a device with the app.
    public struct User: Sendable, Hashable {
        public var pushID: String
        public var ios: IOSVersion
        public var widgets: [Widget]
        public init(pushID: String, ios: IOSVersion = IOSVersion(18), widgets: [Widget]) {
            self.pushID = pushID
            self.ios = ios
            self.widgets = widgets
        }
    }

    /// The Push IDs, in file order.
    public private(set) var users: [User]
    private var index: [String: Int]

    public init(users: [User]) {
        self.users = users
        self.index = [:]
        for (position, user) in users.enumerated() where index[user.pushID] == nil { index[user.pushID] = position }
    }

    /// The user with this Push ID.
    public func user(_ pushID: String) -> User? { index[pushID].map { users[$0] } }

    /// Reads a registry file's text.
    public static func parse(_ text: String) throws(RegistryError) -> PushRegistry {
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch {
            throw RegistryError("the registry is not valid JSON (line \(error.line), column \(error.column): \(error.message))")
        }
        guard let list = value["users"]?.arrayValue else {
            throw RegistryError("the registry must be an object with a \"users\" array, e.g. {\"users\": [{\"push_id\": \"…\", \"ios\": \"17.4\", \"widgets\": [\"…\"]}]}")
        }
        var users: [User] = []
        for (number, entry) in list.enumerated() {
            let place = "users[\(number)]"
            guard let pushID = entry["push_id"]?.stringValue, !pushID.isEmpty else {
                throw RegistryError("\(place).push_id must be a non-empty string")
            }
            var ios = IOSVersion(18)
            if let text = entry["ios"] {
                guard let version = text.stringValue.flatMap(IOSVersion.init) else {
                    throw RegistryError("\(place).ios must be a version string such as \"17.2\"; got \(text.serialized())")
                }
                ios = version
            }
            guard let widgetList = entry["widgets"]?.arrayValue else {
                throw RegistryError("\(place).widgets must be an array of widget ids or {\"id\": …} objects")
            }
            var widgets: [Widget] = []
            for (w, item) in widgetList.enumerated() {
                if let id = item.stringValue, !id.isEmpty {
                    widgets.append(Widget(id: id))
                    continue
                }
                guard let id = item["id"]?.stringValue, !id.isEmpty else {
                    throw RegistryError("\(place).widgets[\(w)] must be a non-empty string or an object with a non-empty \"id\"")
                }
                let kind = item["kind"]?.stringValue ?? "live"
                let active = item["active_on_device"]?.boolValue ?? false
                widgets.append(Widget(id: id, kind: kind, activeOnDevice: active))
            }
            users.append(User(pushID: pushID, ios: ios, widgets: widgets))
        }
        if users.isEmpty { throw RegistryError("the registry lists no users; add at least one {\"push_id\": …, \"widgets\": […]}") }
        return PushRegistry(users: users)
    }

    /// The registry as its file format.
    public var json: JSONValue {
        .object(["users": .array(users.map { user in
            .object(["push_id": .string(user.pushID), "ios": .string(user.ios.description),
                     "widgets": .array(user.widgets.map { widget in
                         .object(["id": .string(widget.id), "kind": .string(widget.kind),
                                  "active_on_device": .bool(widget.activeOnDevice)])
                     })])
        })])
    }

    /// P8: the user must be registered, the widget must be one of its Live Activity
    /// widgets, and a push start needs iOS 17.2 or later.
    public func check(_ request: PushRequest) -> PushRefusal? {
        guard let user = user(request.userID) else {
            return PushRefusal(.unknownUser, field: "user_id",
                "user_id \(JSONValue.quote(request.userID)) is not a registered Push ID. Copy the Push ID from the app (Live Activity editor, menu \"Copy push curl\"); the device must have opened the app at least once.")
        }
        guard let widget = user.widgets.first(where: { $0.id == request.widgetID }) else {
            let known = user.widgets.filter { $0.kind == "live" }.map { JSONValue.quote($0.id) }
            let list = known.isEmpty ? "it has none" : "its Live Activity widgets are " + known.joined(separator: ", ")
            return PushRefusal(.unknownWidget, field: "widget_id",
                "widget_id \(JSONValue.quote(request.widgetID)) is not a Live Activity widget of this Push ID; \(list).")
        }
        guard widget.kind == "live" else {
            return PushRefusal(.unknownWidget, field: "widget_id",
                "widget_id \(JSONValue.quote(request.widgetID)) is a \(widget.kind) widget, not a Live Activity; pushes go to Live Activity widgets only.")
        }
        if request.type == .start && user.ios < PushRules.pushStartMinimumIOS {
            return PushRefusal(.pushStartUnsupported, field: "type",
                "A push start needs iOS \(PushRules.pushStartMinimumIOS) or later; this Push ID's device runs iOS \(user.ios). Start the activity in the app, then send update or end.")
        }
        return nil
    }
}
