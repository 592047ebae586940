import JSONKit

/// Compares what a fixture expects with what a run produced.
enum Expectation {
    /// Differences between `expected` and `actual` where every key of an expected
    /// object must match, arrays match element by element, and scalars are equal. A string
    /// under one of `substringKeys` (such as `message`) must be part of the actual string.
    static func subsetDifferences(_ expected: JSONValue, _ actual: JSONValue?, at path: String,
                                  substringKeys: Set<String> = []) -> [String] {
        guard let actual else { return ["\(path): expected \(expected.serialized()), but it is missing"] }
        switch (expected, actual) {
        case (.object(let want), .object(let have)):
            return want.keys.flatMap { key -> [String] in
                let name = path.isEmpty ? key : "\(path).\(key)"
                if substringKeys.contains(key), case .string(let part)? = want[key], case .string(let text)? = have[key] {
                    return text.contains(part) ? [] : ["\(name): expected a text containing \(JSONValue.quote(part)), got \(JSONValue.quote(text))"]
                }
                return subsetDifferences(want[key]!, have[key], at: name, substringKeys: substringKeys)
            }
        case (.array(let want), .array(let have)):
            guard want.count == have.count else {
                return ["\(path): expected \(want.count) item\(want.count == 1 ? "" : "s"), got \(have.count): \(actual.serialized())"]
            }
            return zip(want, have).enumerated().flatMap { index, pair in
                subsetDifferences(pair.0, pair.1, at: "\(path)[\(index)]", substringKeys: substringKeys)
            }
        default:
            return equal(expected, actual) ? [] : ["\(path): expected \(expected.serialized()), got \(actual.serialized())"]
        }
    }

    /// Exact equality, with numbers compared by value.
    static func exactDifferences(_ expected: JSONValue, _ actual: JSONValue?, at path: String) -> [String] {
        guard let actual else { return ["\(path): expected \(expected.serialized()), but it is missing"] }
        if case .object(let want) = expected, case .object(let have) = actual {
            var differences: [String] = []
            for key in Set(want.exactKeys).union(have.exactKeys).sorted().map(\.string) {
                let name = path.isEmpty ? key : "\(path).\(key)"
                switch (want[key], have[key]) {
                case (nil, let value?): differences.append("\(name): not expected, got \(value.serialized())")
                case (let value?, nil): differences.append("\(name): expected \(value.serialized()), but it is missing")
                case (let a?, let b?): differences += exactDifferences(a, b, at: name)
                default: break
                }
            }
            return differences
        }
        if case .array(let want) = expected, case .array(let have) = actual, want.count == have.count {
            return zip(want, have).enumerated().flatMap { exactDifferences($1.0, $1.1, at: "\(path)[\($0)]") }
        }
        return equal(expected, actual) ? [] : ["\(path): expected \(expected.serialized()), got \(actual.serialized())"]
    }

    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x == y
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { equal(value, $0) } ?? false }
        default: return a == b
        }
    }
}
