/// The members of a JSON object, each key kept exactly as it was given.
///
/// Two keys are the same only when their Unicode scalars are (``JSONKey``): "é" written as
/// U+00E9 and "e" followed by U+0301 are two members, as they are two properties in
/// JavaScript. Looking a member up by a `String` matches it the same way.
///
/// Members are kept in the canonical order, ascending by the keys' UTF-16 code units (as
/// RFC 8785 orders them): iterating, `keys`, `values` and the writer all use it, so equal
/// objects always list and serialize their members identically.
public struct JSONObject: Sendable, Hashable {
    /// The keys in canonical order, no two the same; `storedValues[i]` is `storedKeys[i]`'s.
    private var storedKeys: [JSONKey]
    private var storedValues: [JSONValue]

    /// An empty object.
    public init() {
        storedKeys = []
        storedValues = []
    }

    /// The members of `members`; for a key that comes more than once the last value wins.
    public init(_ members: some Sequence<(key: String, value: JSONValue)>) {
        var keys: [String] = []
        var values: [JSONValue] = []
        keys.reserveCapacity(members.underestimatedCount)
        values.reserveCapacity(members.underestimatedCount)
        for (key, value) in members {
            keys.append(key)
            values.append(value)
        }
        self.init(keys: keys, values: values)
    }

    /// The members of a dictionary. Its keys are already merged by canonical equivalence;
    /// use it only for keys that Swift code chose.
    public init(_ dictionary: [String: JSONValue]) {
        self.init(dictionary.lazy.map { (key: $0.key, value: $0.value) })
    }

    /// Members given in any order, `values[i]` being `keys[i]`'s; for a key that comes more
    /// than once the last value wins.
    init(keys: [String], values: [JSONValue]) {
        self.init(exactKeys: keys.map { JSONKey($0) }, values: values)
    }

    /// Members given in any order, `values[i]` being `keys[i]`'s; for a key that comes more
    /// than once the last value wins.
    init(exactKeys keys: some RandomAccessCollection<JSONKey>, values: some RandomAccessCollection<JSONValue>) {
        precondition(keys.count == values.count, "a value for every key")
        storedKeys = []
        storedValues = []
        storedKeys.reserveCapacity(keys.count)
        storedValues.reserveCapacity(keys.count)
        if keys.count <= Self.insertionLimit {
            // Each member goes where it belongs among those before it, replacing the same key.
            for (key, value) in zip(keys, values) {
                var index = storedKeys.count
                var byKey = 1
                while index > 0 {
                    byKey = JSONKey.order(storedKeys[index - 1].string, key.string)
                    if byKey <= 0 { break }
                    index -= 1
                }
                if index > 0 && byKey == 0 {
                    storedValues[index - 1] = value
                } else {
                    storedKeys.insert(key, at: index)
                    storedValues.insert(value, at: index)
                }
            }
            return
        }
        // Sorted by key, and by position among the same key, so the last one is kept.
        let keys = Array(keys), values = Array(values)
        let order = keys.indices.sorted { i, j in
            let byKey = JSONKey.order(keys[i].string, keys[j].string)
            return byKey == 0 ? i < j : byKey < 0
        }
        for (position, index) in order.enumerated() {
            if position + 1 < order.count, keys[index] == keys[order[position + 1]] { continue }
            storedKeys.append(keys[index])
            storedValues.append(values[index])
        }
    }

    /// Up to this many members are sorted by insertion, which moves few for objects this small.
    static let insertionLimit = 32

    /// The value of the member whose key is exactly `key`; setting `nil` removes the member.
    public subscript(key: String) -> JSONValue? {
        get {
            let (index, found) = search(key)
            guard found else { return nil }
            return storedValues[index]
        }
        set {
            let (index, found) = search(key)
            switch (found, newValue) {
            case (true, let value?): storedValues[index] = value
            case (true, nil):
                storedKeys.remove(at: index)
                storedValues.remove(at: index)
            case (false, let value?):
                storedKeys.insert(JSONKey(key), at: index)
                storedValues.insert(value, at: index)
            case (false, nil): break
            }
        }
    }

    /// The value of the member whose key is exactly `key`, or `defaultValue`; setting adds or replaces it.
    public subscript(key: String, default defaultValue: @autoclosure () -> JSONValue) -> JSONValue {
        get { self[key] ?? defaultValue() }
        set { self[key] = newValue }
    }

    /// The keys in canonical order.
    public var keys: [String] { storedKeys.map(\.string) }

    /// The keys, compared exactly, in canonical order.
    public var exactKeys: [JSONKey] { storedKeys }

    /// The values in the canonical order of their keys.
    public var values: [JSONValue] { storedValues }

    /// Whether a member's key is exactly `key`.
    public func contains(key: String) -> Bool { search(key).found }

    /// Removes the member whose key is exactly `key`, and returns its value.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        let (index, found) = search(key)
        guard found else { return nil }
        storedKeys.remove(at: index)
        return storedValues.remove(at: index)
    }

    /// The same keys with each value transformed.
    public func mapValues(_ transform: (JSONValue) throws -> JSONValue) rethrows -> JSONObject {
        var copy = self
        copy.storedValues = try storedValues.map(transform)
        return copy
    }

    /// The members for which `isIncluded` is true.
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> JSONObject {
        var kept = JSONObject()
        for member in self where try isIncluded(member) {
            kept.storedKeys.append(JSONKey(member.key))
            kept.storedValues.append(member.value)
        }
        return kept
    }

    /// Where `key` is, or would go; by binary search in canonical order.
    private func search(_ key: String) -> (index: Int, found: Bool) {
        var low = 0, high = storedKeys.count
        while low < high {
            let middle = (low + high) / 2
            let byKey = JSONKey.order(storedKeys[middle].string, key)
            if byKey == 0 { return (middle, true) }
            if byKey < 0 { low = middle + 1 } else { high = middle }
        }
        return (low, false)
    }
}

extension JSONObject: RandomAccessCollection {
    public typealias Element = (key: String, value: JSONValue)
    public var startIndex: Int { 0 }
    public var endIndex: Int { storedKeys.count }
    public subscript(position: Int) -> Element { (storedKeys[position].string, storedValues[position]) }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// The members of the literal; for a key written more than once the last value wins.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(keys: elements.map(\.0), values: elements.map(\.1))
    }
}

extension JSONObject: CustomStringConvertible {
    /// The compact canonical serialization.
    public var description: String { JSONValue.object(self).serialized() }
}
