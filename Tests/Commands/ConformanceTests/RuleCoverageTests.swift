import TestSupport
import WidgetHost
import XCTest
@testable import Conformance

/// The conformance suite covers the contract: every rule ID of docs/contract.md is named in
/// the `rules:` of some fixture under Fixtures/Conformance, and fixtures name no other IDs. A rule
/// no fixture can pin (the studio's and a watch's, which need a server, a page or a signal) ends
/// with `Tests: `Name`, …` naming the XCTest classes that pin it, and each of them exists.
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
        for file in try Suite.discover([Self.root + "/Fixtures/Conformance"]).fixtures {
            let fixture = try Fixture.load(file)
            for rule in fixture.rules { named[rule, default: []].append(String(fixture.path.dropFirst(Self.root.count + 1))) }
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
        XCTAssertEqual(areas, ["S", "O", "T", "C", "R", "L", "P", "A", "D", "V", "W", "X", "H"])
        XCTAssertEqual(Set(ids).count, ids.count, "docs/contract.md names a rule ID twice")
    }

    func testEveryContractRuleIsNamedByAFixture() throws {
        let named = try namedRules()
        let pinned = try testsNamedByRules()
        for rule in try contractRuleIDs() where named[rule] == nil && pinned[rule] == nil {
            XCTFail("\(rule) is named by no fixture: add a fixture under Fixtures/Conformance with \(rule) in its rules:")
        }
        let classes = testClasses()
        XCTAssertGreaterThan(classes.count, 100, "the test classes were not found under Tests/")
        for (rule, names) in pinned {
            XCTAssertFalse(names.isEmpty, "\(rule) says `Tests:` but names no test class")
            for name in names where !classes.contains(name) {
                XCTFail("\(rule) names the test class \(name), which Tests/ does not have")
            }
        }
    }

    /// Rule ID → the XCTest classes its text names after `Tests: `, for the rules that do.
    func testsNamedByRules() throws -> [String: [String]] {
        let text = String(decoding: try FileBytes.read(path: Self.root + "/docs/contract.md"), as: UTF8.self)
        var rules: [(id: String, text: String)] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("- **"), let end = line.dropFirst(4).firstRange(of: "**") {
                rules.append((String(line.dropFirst(4)[..<end.lowerBound]), String(line)))
            } else if line.hasPrefix("  "), !rules.isEmpty {
                rules[rules.count - 1].text += " " + line
            } else {
                rules.append(("", ""))
            }
        }
        var named: [String: [String]] = [:]
        for rule in rules where !rule.id.isEmpty {
            guard let start = rule.text.range(of: "Tests: ") else { continue }
            named[rule.id] = rule.text[start.upperBound...].split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        return named
    }

    /// The names of the XCTest classes under Tests/ (`final class Name: XCTestCase`).
    func testClasses() -> Set<String> {
        var found: Set<String> = []
        for path in Files.listing(Self.root + "/Tests") where path.hasSuffix(".swift") {
            for line in (Files.text(Self.root + "/Tests/" + path) ?? "").split(separator: "\n") where line.hasPrefix("final class ") {
                found.insert(String(line.dropFirst(12).prefix { $0 != ":" && $0 != " " }))
            }
        }
        return found
    }

    func testFixturesNameOnlyContractRules() throws {
        let known = Set(try contractRuleIDs())
        for (rule, paths) in try namedRules().sorted(by: { $0.key < $1.key }) where !known.contains(rule) {
            XCTFail("\(paths.joined(separator: ", ")) name \(rule), which docs/contract.md does not have")
        }
    }
}
