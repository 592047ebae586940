import TestSupport
import WidgetHost
import XCTest
@testable import Conformance

/// The conformance suite covers the contract: every rule ID of docs/contract.md is named in
/// the `rules:` of some fixture under Fixtures/Conformance, and fixtures name no other IDs.
final class RuleCoverageTests: XCTestCase {
    static let root = packageRoot

    /// The rule IDs of docs/contract.md in order: each rule is a list item that starts with
    /// its ID in bold, `- **S1** …`.
    func contractRuleIDs() throws -> [String] {
        let text = String(decoding: try FileBytes.read(path: Self.root + "/docs/contract.md"), as: UTF8.self)
        return text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("- **") else { return nil }
            let rest = line.dropFirst(4)
            guard let end = rest.firstRange(of: "**") else { return nil }
            return String(rest[..<end.lowerBound])
        }
    }

    /// Rule ID → the fixtures that name it.
    func namedRules() throws -> [String: [String]] {
        var named: [String: [String]] = [:]
        for path in try Suite.discover([Self.root + "/Fixtures/Conformance"]) {
            let fixture = try Fixture.load(path: path)
            for rule in fixture.rules { named[rule, default: []].append(String(path.dropFirst(Self.root.count + 1))) }
        }
        return named
    }

    func testContractRuleIDsAreWellFormed() throws {
        let ids = try contractRuleIDs()
        // An area letter and a number, numbered 1, 2, 3… within each area, each ID once.
        var next: [String: Int] = [:]
        var areas: [String] = []
        for id in ids {
            let area = String(id.prefix { $0.isLetter && $0.isUppercase })
            let number = Int(id.dropFirst(area.count))
            XCTAssertTrue(area.count == 1 && number != nil, "docs/contract.md: '\(id)' is not a rule ID such as S1")
            guard let number else { continue }
            if next[area] == nil { areas.append(area) }
            XCTAssertEqual(number, next[area, default: 1], "docs/contract.md: \(id) is out of sequence")
            next[area] = number + 1
        }
        XCTAssertEqual(areas, ["S", "O", "T", "C", "R", "L", "P", "A", "D", "V", "X", "H"])
        XCTAssertEqual(Set(ids).count, ids.count, "docs/contract.md names a rule ID twice")
    }

    func testEveryContractRuleIsNamedByAFixture() throws {
        let named = try namedRules()
        for rule in try contractRuleIDs() where named[rule] == nil {
            XCTFail("\(rule) is named by no fixture: add a fixture under Fixtures/Conformance with \(rule) in its rules:")
        }
    }

    func testFixturesNameOnlyContractRules() throws {
        let known = Set(try contractRuleIDs())
        for (rule, paths) in try namedRules().sorted(by: { $0.key < $1.key }) where !known.contains(rule) {
            XCTFail("\(paths.joined(separator: ", ")) name \(rule), which docs/contract.md does not have")
        }
    }
}
