import JSONKit

/// The outcome of one fixture.
public struct FixtureResult: Sendable {
    public enum Outcome: String, Sendable { case passed, failed, skipped }

    public var path: String
    public var description: String
    public var rules: [String]
    public var outcome: Outcome
    /// Why it failed: one readable line per difference (empty when it passed).
    public var failures: [String]
    public var durationMs: Double

    public init(path: String, description: String, rules: [String], outcome: Outcome, failures: [String], durationMs: Double) {
        self.path = path
        self.description = description
        self.rules = rules
        self.outcome = outcome
        self.failures = failures
        self.durationMs = durationMs
    }

    /// The result as a worker sends it (`ServiceAnswer.fixture`) and ``init(json:)`` reads it back.
    public var json: JSONValue {
        .object([
            "path": .string(path), "description": .string(description), "rules": .array(rules.map { .string($0) }),
            "outcome": .string(outcome.rawValue), "failures": .array(failures.map { .string($0) }),
            "durationMs": .number((durationMs * 10).rounded() / 10),
        ])
    }

    /// The result a worker wrote as ``json`` (`ServiceAnswer.fixture`), or nil when it is not one.
    public init?(json: JSONValue) {
        guard let path = json["path"]?.stringValue, let outcome = json["outcome"]?.stringValue.flatMap(Outcome.init) else {
            return nil
        }
        self.init(
            path: path, description: json["description"]?.stringValue ?? "",
            rules: json["rules"]?.arrayValue?.compactMap(\.stringValue) ?? [], outcome: outcome,
            failures: json["failures"]?.arrayValue?.compactMap(\.stringValue) ?? [],
            durationMs: json["durationMs"]?.doubleValue ?? 0)
    }
}
