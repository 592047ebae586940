import JSONKit
import WidgetHost
import TestSupport
import XCTest
@testable import Conformance

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The `layout:` key and `expect.layout` (A10).
final class LayoutFixtureTests: XCTestCase {
    let runner = FixtureRunner()

    func run(_ text: String, name: String = "l.js") throws -> FixtureResult {
        runner.run(try Fixture.parse(ScriptSource(text: text, name: name)))
    }

    func testTextLayoutRendersTypedFieldsAgainstTheOutputs() throws {
        let result = try run("""
            /*---
            layout: |
              ${count}
              ${count} new
              ${user}
              {user.name}
              ${usr.name}
            expect:
              layout:
                rendered: [42, "42 new", { name: Ann }, Ann, ""]
                findings: [layout-legacy, { code: layout-missing, severity: warning, location: 5, suggestion: user.name, message: "Did you mean" }]
                findingsExact: [layout-legacy, layout-missing]
                entries:
                  - { location: 1, path: count, status: resolved, value: 42 }
                  - { location: 2, text: "42", field: "42 new" }
                  - { location: 3 }
                  - { location: 4, placeholder: "{user.name}" }
                  - { location: 5, status: missing }
            ---*/
            const count = 42, user = { name: "Ann" }
            """)
        XCTAssertEqual(result.outcome, .passed, "\(result.failures)")
    }

    func testWrongRenderedFieldsSayWhatDiffered() throws {
        let result = try run("""
            /*---
            layout: |
              ${count}
              ${count} new
            expect:
              layout:
                rendered: ["42", 42]
            ---*/
            const count = 42
            """)
        XCTAssertEqual(result.outcome, .failed)
        XCTAssertEqual(result.failures, [
            "layout.rendered[0]: expected \"42\", got 42",
            "layout.rendered[1]: expected 42, got \"42 new\"",
        ])

        let count = try run("/*---\nlayout: |\n  ${a}\n  ${b}\nexpect:\n  layout:\n    rendered: [1]\n---*/\nconst a = 1, b = 2\n")
        XCTAssertEqual(count.failures, ["layout.rendered: expected 1 field, got 2: [1,2]"])

        let object = try run("/*---\nlayout: |\n  ${o}\nexpect:\n  layout:\n    rendered: [{ a: 1 }]\n---*/\nconst o = { a: 1, b: 2 }\n")
        XCTAssertEqual(object.failures, ["layout.rendered[0].b: not expected, got 2"])
    }

    func testTreeRenderedIsASubset() throws {
        let layout = """
            layout: |
              {"type": "vstack", "dataSource": "${rows[row]}", "children": [
                {"type": "text", "content": "${row} of ${$.title}", "fontSize": "${size}"}
              ]}
            """
        let passing = try run("/*---\n\(layout)\nexpect:\n  layout:\n    rendered: { children: [{ content: a of T, fontSize: 12 }, { content: b of T }] }\n---*/\nconst rows = ['a', 'b'], title = 'T', size = 12\n")
        XCTAssertEqual(passing.outcome, .passed, "\(passing.failures)")

        let failing = try run("/*---\n\(layout)\nexpect:\n  layout:\n    rendered: { type: hstack, children: [{ fontSize: \"12\" }] }\n---*/\nconst rows = ['a', 'b'], title = 'T', size = 12\n")
        XCTAssertEqual(failing.failures, [
            "layout.rendered.children: expected 1 item, got 2: [{\"content\":\"a of T\",\"fontSize\":12,\"type\":\"text\"},{\"content\":\"b of T\",\"fontSize\":12,\"type\":\"text\"}]",
            "layout.rendered.type: expected \"hstack\", got \"vstack\"",
        ])
    }

    func testFindingExpectationsThatFail() throws {
        let result = try run("""
            /*---
            layout: |
              ${titel}
              {title}
            expect:
              layout:
                findings: [layout-type, { code: layout-missing, suggestion: titles }, { code: layout-range }]
                findingsExact: [layout-missing]
            ---*/
            const title = "T"
            """)
        XCTAssertEqual(result.failures, [
            "layout.findings: expected a 'layout-type' finding, got layout-missing, layout-legacy",
            "layout.findings: expected one matching {\"code\":\"layout-missing\",\"suggestion\":\"titles\"}, got [{\"code\":\"layout-missing\",\"column\":1,\"line\":1,\"location\":1,\"message\":\"No output is named titel, so ${titel} shows as empty text. Did you mean ${title}?\",\"occurrences\":1,\"placeholder\":\"${titel}\",\"severity\":\"warning\",\"suggestion\":\"title\"}]",
            "layout.findings: expected one matching {\"code\":\"layout-range\"}, got layout-missing, layout-legacy",
            "layout.findings: expected exactly [\"layout-missing\"], got [\"layout-missing\", \"layout-legacy\"]",
        ])

        let none = try run("/*---\nlayout: |\n  ${a}\nexpect:\n  layout:\n    findings: [layout-missing]\n    findingsExact: []\n---*/\nconst a = 1\n")
        XCTAssertEqual(none.failures, ["layout.findings: expected a 'layout-missing' finding, got none"])
    }

    /// A colour given a Boolean is found, so `findingsExact: []` no longer passes silently.
    func testAColourFromABooleanIsAFinding() throws {
        let text = """
            /*---
            layout: |
              {"type": "vstack", "dataSource": "${rows[row]}", "children": [
                {"type": "text", "content": "${row.dest}", "color": "${row.late}"}
              ]}
            expect:
              layout:
                findingsExact: []
            ---*/
            const rows = [{ dest: "Leipzig", late: true }, { dest: "Halle", late: false }]
            """
        let result = try run(text)
        XCTAssertEqual(result.outcome, .failed)
        XCTAssertEqual(result.failures, ["layout.findings: expected exactly [], got [\"layout-type\"]"])
        let pinned = try run(text.replacing("findingsExact: []", with: "findings: [{ code: layout-type, location: /children/0/color, placeholder: \"${row.late}\", message: \"the Boolean true\" }]"))
        XCTAssertEqual(pinned.outcome, .passed, "\(pinned.failures)")
    }

    /// `layout: FILE` is the layout file beside the fixture, checked as a block would be: its
    /// findings count, so a mistake in it fails `findingsExact: []` instead of passing silently.
    func testALayoutFileBesideTheFixtureIsRead() throws {
        let folder = try Files.makeTemporaryFolder("widgethost-layout-file")
        defer { Files.removeTree(folder) }
        let fixture = """
            /*---
            layout: departures.layout.json
            expect:
              layout:
                rendered: { children: [{ content: Leipzig }, { content: Halle }] }
                findingsExact: []
            ---*/
            const rows = [{ dest: "Leipzig" }, { dest: "Halle" }]
            """
        try Files.write(folder + "/departures.js", fixture)
        let layout = #"{"type": "vstack", "dataSource": "${rows[row]}", "children": [{"type": "text", "content": "${row.dest}"}]}"#
        try Files.write(folder + "/departures.layout.json", layout)
        let passing = runner.run(path: folder + "/departures.js")
        XCTAssertEqual(passing.outcome, .passed, "\(passing.failures)")

        try Files.write(folder + "/departures.layout.json", layout.replacing("${row.dest}", with: "${row.dst}"))
        let failing = runner.run(path: folder + "/departures.js")
        XCTAssertEqual(failing.outcome, .failed)
        XCTAssertTrue(failing.failures.contains("layout.findings: expected exactly [], got [\"layout-missing\"]"), "\(failing.failures)")

        // In a folder below the fixture's, and a text layout.
        mkdir(folder + "/layouts", 0o755)
        try Files.write(folder + "/layouts/board.txt", "${title}\n${count} left\n")
        try Files.write(folder + "/board.js", "/*---\nlayout: layouts/board.txt\nexpect:\n  layout:\n    rendered: [Board, \"3 left\"]\n---*/\nconst title = \"Board\", count = 3\n")
        let below = runner.run(path: folder + "/board.js")
        XCTAssertEqual(below.outcome, .passed, "\(below.failures)")
    }

    /// A one-line layout that names no file, or a path out of the fixture's folder or through a
    /// symbolic link, is refused with what to write instead.
    func testALayoutFileThatCannotBeReadIsRefused() throws {
        let folder = try Files.makeTemporaryFolder("widgethost-layout-file")
        defer { Files.removeTree(folder) }
        func failures(_ value: String) throws -> [String] {
            try Files.write(folder + "/f.js", "/*---\nlayout: \(value)\nexpect:\n  layout:\n    findingsExact: []\n---*/\nconst a = 1\n")
            return runner.run(path: folder + "/f.js").failures
        }
        XCTAssertEqual(try failures("departures.layout.json"), [
            "malformed fixture: \(folder)/f.js:2: 'layout: departures.layout.json' names no file beside the fixture (\(folder)/departures.layout.json: no such file); put the layout file there, or write the layout inline instead: layout: | then one field per line, or a JSON component tree",
        ])
        XCTAssertEqual(try failures("../outside.json").first?.hasPrefix("malformed fixture: \(folder)/f.js:2: 'layout: ../outside.json' is not a file beside the fixture"), true)
        try Files.write(folder + "/real.json", #"{"type": "text", "content": "${a}"}"#)
        mkdir(folder + "/sub", 0o755)
        symlink(folder + "/real.json", folder + "/sub/link.json")
        XCTAssertEqual(try failures("sub/link.json"), [
            "malformed fixture: \(folder)/f.js:2: layout: \(folder)/sub/link.json: is reached through a symbolic link (\(folder)/sub/link.json is a symbolic link); the host does not follow links",
        ])
        try Files.write(folder + "/bad.json", #"{"type": "text" "content": "${a}"}"#)
        XCTAssertEqual(try failures("bad.json").first?.hasPrefix("malformed fixture: \(folder)/f.js:2: layout: \(folder)/bad.json: line 1, column 17: "), true, "")
        // A one-line layout with a placeholder is still the layout itself.
        XCTAssertEqual(try failures("\"${a}\""), [])
    }

    func testEntriesMatchAsSubsetsWithExactCount() throws {
        let result = try run("""
            /*---
            layout: |
              ${a}
            expect:
              layout:
                entries: [{ location: 1, status: missing }, {}]
            ---*/
            const a = 1
            """)
        XCTAssertEqual(result.failures.count, 1)
        XCTAssertTrue(result.failures[0].hasPrefix("layout.entries: expected 2 items, got 1: "), result.failures[0])
    }

    func testTheLayoutSeesTheRefreshOutputsAfterAnAction() throws {
        let result = try run("""
            /*---
            kind: button
            action: |
              setValue("n", "7")
            layout: |
              n=${n}
            expect:
              layout:
                rendered: ["n=7"]
            ---*/
            const n = getValue("n")
            """)
        XCTAssertEqual(result.outcome, .passed, "\(result.failures)")
    }

    func testAMalformedLayoutIsAFailureNamingTheFileAndLine() throws {
        // The layout's line 2 is the file's line 4: the block starts after `layout: |` on line 2.
        let json = try run("""
            /*---
            layout: |
              {"type": "vstack", "children": [
                {"type": "text" "content": "${a}"}
              ]}
            expect:
              layout:
                rendered: {}
            ---*/
            const a = 1
            """, name: "dir/broken.js")
        XCTAssertEqual(json.outcome, .failed)
        XCTAssertEqual(json.failures.count, 1)
        XCTAssertTrue(json.failures[0].hasPrefix("malformed fixture: dir/broken.js:4: layout: line 2, column 19: the layout starts like JSON but is not valid JSON"),
                      json.failures[0])

        func failure(_ frontMatter: String) throws -> String? {
            try run("/*---\n\(frontMatter)\n---*/\nconst a = 1\n", name: "m.js").failures.first
        }
        XCTAssertEqual(try failure("layout: [a]\nexpect:\n  layout:\n    rendered: []"),
                       "malformed fixture: m.js:2: 'layout' is a block string (layout: |) holding one field per line, or a JSON component tree")
        XCTAssertEqual(try failure("expect:\n  status: ok\n  layout:\n    rendered: []"),
                       "malformed fixture: m.js:4: 'expect.layout' needs a 'layout:' to check (layout: | then one field per line, or a JSON component tree)")
        XCTAssertEqual(try failure("layout: \"${a}\"\nexpect:\n  status: ok"),
                       "malformed fixture: m.js:2: 'layout' needs 'expect.layout' — say what it must render or find")
        XCTAssertEqual(try failure("layout: \"${a}\"\nexpect:\n  layout: [1]"),
                       "malformed fixture: m.js:4: 'expect.layout' is a map such as { rendered: [Ann, 42], findings: [layout-missing] }")
        XCTAssertEqual(try failure("layout: \"${a}\"\nexpect:\n  layout:\n    rendered: [1]\n    render: [1]"),
                       "malformed fixture: m.js:6: unknown expect.layout key 'render'; the keys are entries, findings, findingsExact, rendered")
        XCTAssertEqual(try failure("layout: \"${a}\"\nexpect:\n  layout:\n    rendered: 1"),
                       "malformed fixture: m.js:5: expect.layout.rendered is, for a text layout, the list of rendered fields in order")
        XCTAssertEqual(try failure("layout: \"${a}\"\nexpect:\n  layout:\n    findings: layout-missing"),
                       "malformed fixture: m.js:5: expect.layout.findings is a list")
        XCTAssertEqual(try failure("layout: \"${a}\"\nexpect:\n  layout:\n    findings: [layout-mising]")?.hasPrefix(
            "malformed fixture: m.js:5: expect.layout.findings: unknown finding code 'layout-mising'; the codes are layout-component, layout-legacy"), true)
        XCTAssertEqual(try failure("layout: \"${a}\"\nexpect:\n  layout:\n    findingsExact: [{ code: layout-missing }]"),
                       "malformed fixture: m.js:5: expect.layout.findingsExact is a list of finding codes such as [layout-missing] ([] for none)")
    }

    func testAMalformedLayoutFileIsReportedByPath() throws {
        let path = Files.temporaryRoot + "/widgethost-layout-fixture-\(getpid()).js"
        let text = "/*---\ndescription: broken\nrules: [A10]\nlayout: |\n  [1, 2\nexpect:\n  layout:\n    rendered: []\n---*/\nconst a = 1\n"
        try Files.write(path, text)
        defer { unlink(path) }
        // `[1, 2` ends without `]`: the parser stops at the end, the layout's line 2 (file line 6).
        let result = runner.run(path: path)
        XCTAssertEqual(result.outcome, .failed)
        XCTAssertEqual(result.failures.count, 1)
        XCTAssertTrue(result.failures[0].hasPrefix("malformed fixture: \(path):6: layout: line 2, column 1: the layout starts like JSON but is not valid JSON"),
                      result.failures[0])
    }
}
