import JSONKit
import Layout
import XCTest

/// The check on text layouts and on fields outside loops.
final class LayoutCheckTests: XCTestCase {
    let outputs: JSONObject = [
        "title": "Weather",
        "name": "Ann",
        "temp": 21.5,
        "user": ["name": "Alice", "age": 30],
        "list": [["name": "a"], ["name": "b"]],
        "events": #"[{"title":"Standup"}]"#,
        "nothing": nil,
    ]

    private func check(_ text: String, outputs: JSONObject? = nil) throws -> LayoutReport {
        LayoutCheck.run(try LayoutDocument.parse(text: text), outputs: outputs ?? self.outputs)
    }

    private func finding(_ report: LayoutReport, at location: FieldLocation, _ code: LayoutFinding.Code,
                         file: StaticString = #filePath, line: UInt = #line) -> LayoutFinding? {
        let found = report.findings.first { $0.location == location && $0.code == code }
        if found == nil { XCTFail("no \(code.rawValue) at \(location) in \(report.findings)", file: file, line: line) }
        return found
    }

    func testEntriesListEveryPlaceholderWithLocationPathAndValue() throws {
        let report = try check("# greeting\n${title}\nHi ${name}, ${temp}°\n${user}")
        XCTAssertEqual(report.format, .text)
        XCTAssertEqual(report.placeholderCount, 4)
        XCTAssertEqual(report.entries.map(\.location), [.line(2), .line(3), .line(3), .line(4)])
        XCTAssertEqual(report.entries.map(\.column), [1, 4, 13, 1])
        XCTAssertEqual(report.entries.map(\.path), ["title", "name", "temp", "user"])
        XCTAssertEqual(report.entries.map(\.status), [.resolved, .resolved, .resolved, .resolved])
        XCTAssertEqual(report.entries.map(\.text), ["Weather", "Ann", "21.5", "[object Object]"])
        XCTAssertEqual(report.entries[2].value, 21.5)
        XCTAssertEqual(report.entries[2].field, "Hi Ann, 21.5°")
        XCTAssertEqual(report.entries[3].field, ["name": "Alice", "age": 30])
        XCTAssertEqual(report.entries.map(\.loop), [[], [], [], []])
        XCTAssertEqual(report.findings, [], "a whole-field object keeps its type and is not a finding")
    }

    func testMissingOutputWithSuggestion() throws {
        let report = try check("Hi ${nmae}!")
        XCTAssertEqual(report.entries.first?.status, .missing)
        XCTAssertEqual(report.entries.first?.field, "Hi !")
        let f = try XCTUnwrap(finding(report, at: .line(1), .missing))
        XCTAssertEqual(f.severity, .warning)
        XCTAssertEqual(f.column, 4)
        XCTAssertEqual(f.placeholder, "${nmae}")
        XCTAssertEqual(f.suggestion, "name")
        XCTAssertEqual(f.message, "No output is named nmae, so ${nmae} shows as empty text. Did you mean ${name}?")
    }

    func testMissingOutputWithoutCloseNameListsOutputs() throws {
        let report = try check("${zzzzzz}")
        let f = try XCTUnwrap(finding(report, at: .line(1), .missing))
        XCTAssertNil(f.suggestion)
        XCTAssertEqual(f.message, "No output is named zzzzzz, so ${zzzzzz} shows as empty text. Outputs: events, list, name, nothing, temp, title, user.")
        let none = try check("${title}", outputs: [:])
        XCTAssertTrue(none.findings[0].message.contains("The script published no outputs"))
    }

    func testUnderscoreNamesAreExplained() throws {
        let report = try check("${_cache}")
        XCTAssertTrue(report.findings[0].message.contains("Names that start with '_' are never outputs"))
    }

    func testMissingMemberSuggestsAtThatLevel() throws {
        let report = try check("${user.nmae.first}")
        let f = try XCTUnwrap(finding(report, at: .line(1), .missing))
        XCTAssertEqual(f.suggestion, "user.name.first")
        XCTAssertEqual(f.message, "user has no member \"nmae\", so ${user.nmae.first} shows as empty text. Did you mean ${user.name.first}?")
        let far = try check("${user.zzzzzz}")
        XCTAssertEqual(far.findings[0].message, "user has no member \"zzzzzz\", so ${user.zzzzzz} shows as empty text. Its members: age, name.")
    }

    func testIndexPastTheEnd() throws {
        let report = try check("${list[5].name}")
        let f = try XCTUnwrap(finding(report, at: .line(1), .missing))
        XCTAssertEqual(f.message, "list has 2 elements, so list[5] is past the end (indices 0 to 1) and shows as empty text.")
        XCTAssertEqual(report.entries[0].status, .missing)
        let empty = try check("${e[0]}", outputs: ["e": []])
        XCTAssertEqual(empty.findings[0].message, "e is an empty array, so ${e[0]} shows as empty text.")
    }

    func testLookingInsideAScalarIsATypeFinding() throws {
        let report = try check("${temp.value}\n${events.title}\n${nothing.x}")
        XCTAssertEqual(report.entries.map(\.status), [.typeMismatch, .typeMismatch, .typeMismatch])
        XCTAssertEqual(report.findings.map(\.code), [.type, .type, .type])
        XCTAssertEqual(report.findings[0].message, "temp is the number 21.5, so temp.value has nothing to look into and shows as empty text. Show it whole with ${temp}, or make it an object in the script.")
        XCTAssertTrue(report.findings[1].message.contains("It is JSON text: parse it in the script (JSON.parse)"), report.findings[1].message)
        XCTAssertTrue(report.findings[2].message.hasPrefix("nothing is null, so nothing.x"))
    }

    func testLookingInsideAScalarSuggestsACloseNameThatWorks() throws {
        let outputs: JSONObject = ["temp": 21.5, "temps": ["value": 3], "tempo": 1, "user": ["nam": "x", "name": ["first": "A"]]]
        let report = try check("${temp.value}\n${user.nam.first}", outputs: outputs)
        XCTAssertEqual(report.findings.map(\.code), [.type, .type])
        XCTAssertEqual(report.findings[0].suggestion, "temps.value", "tempo is as close but has no value")
        XCTAssertEqual(report.findings[0].message, "temp is the number 21.5, so temp.value has nothing to look into and shows as empty text. Did you mean ${temps.value}?")
        XCTAssertEqual(report.findings[1].suggestion, "user.name.first")
    }

    func testNameOnArraySuggestsFirstElement() throws {
        let report = try check("${list.name}")
        let f = try XCTUnwrap(finding(report, at: .line(1), .type))
        XCTAssertEqual(f.suggestion, "list[0].name")
        XCTAssertEqual(f.message, "list is an array of 2 elements; list.name needs a number index such as list[0]. Did you mean ${list[0].name}, or a loop over list?")
    }

    func testObjectArrayAndNullInsideTextAreTypeFindings() throws {
        let report = try check("User: ${user}\nList: ${list}\nNone: ${nothing}\nWhole: ${nothing}x")
        XCTAssertEqual(report.entries.map(\.field), ["User: [object Object]", "List: [object Object],[object Object]", "None: null", "Whole: nullx"])
        XCTAssertEqual(report.findings.map(\.code), [.type, .type, .type, .type])
        XCTAssertEqual(report.findings[0].message, "${user} is an object, which text shows as [object Object]. Pick a member, e.g. ${user.age}.")
        XCTAssertEqual(report.findings[0].suggestion, "user.age")
        XCTAssertEqual(report.findings[1].suggestion, "list[0]")
        XCTAssertEqual(report.findings[2].message, "${nothing} is null, which text shows as \"null\". Give it a string in the script (\"\" or \"--\") when there is no value.")
    }

    func testSyntaxFindings() throws {
        let report = try check("${}\nHi ${oops\n${a b}\n${rows[row]}")
        XCTAssertEqual(report.findings.map(\.code), [.syntax, .syntax, .syntax, .syntax])
        XCTAssertEqual(report.findings.map(\.location), [.line(1), .line(2), .line(3), .line(4)])
        XCTAssertEqual(report.findings.map(\.severity), [.error, .error, .error, .error])
        XCTAssertEqual(report.findings[0].message, "${} is not a valid placeholder: the placeholder is empty; write a name such as ${title}. It shows as empty text.")
        XCTAssertEqual(report.findings[1].column, 4)
        XCTAssertEqual(report.findings[1].message, "'${' at column 4 has no closing '}', so it shows as literal text. Add '}' after the path.")
        XCTAssertTrue(report.findings[2].message.contains("a space is not allowed in a path"))
        XCTAssertTrue(report.findings[3].message.contains("a text layout has no containers"))
        XCTAssertEqual(report.entries.map(\.status), [.invalid, .invalid, .invalid])
        XCTAssertEqual(report.entries.map(\.field), ["", "", ""])
        XCTAssertTrue(report.hasErrors)
        XCTAssertEqual(report.count(.error), 4)
    }

    func testSpacesInsideBracesAreAccepted() throws {
        let report = try check("${ title }")
        XCTAssertEqual(report.findings, [])
        XCTAssertEqual(report.entries[0].path, "title")
        XCTAssertEqual(report.entries[0].placeholder, "${ title }")
        XCTAssertEqual(report.entries[0].field, "Weather")
    }

    func testLegacyPlaceholdersGetAnInfoAndStillResolve() throws {
        let report = try check("{title} and {nmae}\n{ not a placeholder }")
        XCTAssertEqual(report.entries.map(\.field), ["Weather and ", "Weather and "])
        XCTAssertEqual(report.findings.map(\.code), [.legacy, .legacy, .missing])
        XCTAssertEqual(report.findings[0].severity, .info)
        XCTAssertEqual(report.findings[0].message, "{title} is the legacy {…} form; the app reads it and rewrites it as ${…} on save. Write ${title}.")
        XCTAssertEqual(report.findings[2].suggestion, "name")
        XCTAssertFalse(report.hasErrors)
    }

    func testGlobalPathOutsideLoops() throws {
        let report = try check("${$.title} ${$.titel}")
        XCTAssertEqual(report.entries.map(\.status), [.resolved, .missing])
        XCTAssertEqual(report.findings[0].suggestion, "$.title")
    }

    func testUnicodeNames() throws {
        let report = try check("${城市} ${城巿}", outputs: ["城市": "上海"])
        XCTAssertEqual(report.entries.map(\.field), ["上海 ", "上海 "])
        XCTAssertEqual(report.findings.first?.suggestion, "城市")
    }
}
