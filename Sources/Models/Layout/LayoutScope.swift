import JSONKit

/// What placeholders resolve against: the script's outputs and the loop items in force.
///
/// A path's head is looked up in the loop items first, innermost first, then in the outputs,
/// so an item named like an output hides it; a `$` path (`$.title`) skips the items.
public struct LayoutScope: Sendable {
    /// One loop item in force: the name from `rows[row]` and the current element.
    public struct Binding: Sendable, Hashable {
        /// The item name (`row`).
        public let name: String
        /// The current element.
        public let value: JSONValue

        /// Creates a binding.
        public init(name: String, value: JSONValue) {
            self.name = name
            self.value = value
        }
    }

    /// The script's outputs (the global scope).
    public let outputs: JSONObject
    /// Loop items, outermost first.
    public private(set) var bindings: [Binding]

    /// A scope with the outputs and, optionally, loop items (outermost first).
    public init(outputs: JSONObject, bindings: [Binding] = []) {
        self.outputs = outputs
        self.bindings = bindings
    }

    /// This scope with one more (innermost) loop item.
    public func binding(_ name: String, to value: JSONValue) -> LayoutScope {
        var copy = self
        copy.bindings.append(Binding(name: name, value: value))
        return copy
    }

    /// The value at `path`, or `nil` when any step is missing or cannot be looked into.
    public func resolve(_ path: PlaceholderPath) -> JSONValue? {
        if case .value(let v) = lookup(path) { return v }
        return nil
    }

    /// The value of a placeholder, or `nil` when it has none (missing, a loop source, invalid).
    public func resolve(_ placeholder: Placeholder) -> JSONValue? {
        if case .path(let p) = placeholder.target { return resolve(p) }
        return nil
    }

    /// The innermost loop item named `name`.
    func bound(_ name: String) -> JSONValue? {
        for b in bindings.reversed() where b.name == name { return b.value }
        return nil
    }

    /// Resolves `path`, saying where and why it failed.
    func lookup(_ path: PlaceholderPath) -> Lookup {
        let head = path.head
        var current: JSONValue
        if !path.isGlobal, let item = bound(head) {
            current = item
        } else if let output = outputs[head] {
            current = output
        } else {
            return .failed(LookupFailure(path: path, depth: 0, reason: .noSuchName, parent: nil))
        }
        var depth = 1
        while depth < path.segments.count {
            let segment = path.segments[depth]
            let next: JSONValue?
            switch current {
            case .object(let members):
                switch segment {
                case .key(let key): next = members[key]
                case .index(let i): next = members[String(i)]
                }
                if next == nil {
                    return .failed(LookupFailure(path: path, depth: depth, reason: .noSuchName, parent: current))
                }
            case .array(let elements):
                let index: Int?
                switch segment {
                case .index(let i): index = i
                case .key(let key): index = Self.arrayIndex(key)
                }
                guard let index else {
                    return .failed(LookupFailure(path: path, depth: depth, reason: .keyOnArray, parent: current))
                }
                guard index < elements.count else {
                    return .failed(LookupFailure(path: path, depth: depth, reason: .outOfRange, parent: current))
                }
                next = elements[index]
            default:
                return .failed(LookupFailure(path: path, depth: depth, reason: .notContainer, parent: current))
            }
            current = next!
            depth += 1
        }
        return .value(current)
    }

    /// `key` as an array index when it is a canonical non-negative integer ("0", "12"), as in
    /// JavaScript's `list["1"]`.
    static func arrayIndex(_ key: String) -> Int? {
        let utf8 = key.utf8
        guard let first = utf8.first, first >= 0x30, first <= 0x39 else { return nil }
        if first == 0x30 && utf8.count > 1 { return nil }
        guard utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(key) ?? Int.max
    }
}

/// The outcome of resolving a path, with enough detail to explain a failure.
enum Lookup {
    case value(JSONValue)
    case failed(LookupFailure)
}

/// Where a path stopped resolving and why.
struct LookupFailure {
    enum Reason {
        /// The head is not an output or loop item, or an object has no such member.
        case noSuchName
        /// An array was indexed with a name that is not a number.
        case keyOnArray
        /// An array index at or past the end.
        case outOfRange
        /// A string, number, Boolean or null was looked into.
        case notContainer
    }

    let path: PlaceholderPath
    /// Index of the segment that failed (0 = the head).
    let depth: Int
    let reason: Reason
    /// The value that was being looked into (nil for the head).
    let parent: JSONValue?

    /// The path up to, not including, the failing segment: `user` for `user.nmae`.
    var prefix: String {
        PlaceholderPath.spell(isGlobal: path.isGlobal, path.segments[..<depth])
    }

    /// The path up to and including the failing segment.
    var failingPart: String {
        PlaceholderPath.spell(isGlobal: path.isGlobal, path.segments[...depth])
    }
}
