import ErrorKinds
import JSONKit
import Layout
import XCTest

final class ReportJSONTests: XCTestCase {
    func testTextLayoutReportSerializesExactly() throws {
        let doc = try LayoutDocument.parse(text: "${temp}\nHi ${nmae}")
        let report = LayoutCheck.run(doc, outputs: ["temp": 21.5, "name": "Ann"])
        let expected = #"{"entries":[{"column":1,"field":21.5,"line":1,"loop":[],"path":"temp","placeholder":"${temp}","role":"value","status":"resolved","text":"21.5","value":21.5},"#
            + #"{"column":4,"field":"Hi ","line":2,"loop":[],"path":"nmae","placeholder":"${nmae}","role":"value","status":"missing","text":"","value":null}],"#
            + #""findings":[{"code":"layout-missing","column":4,"line":2,"message":"No output is named nmae, so ${nmae} shows as empty text. Did you mean ${name}?","occurrences":1,"placeholder":"${nmae}","severity":"warning","suggestion":"name"}],"#
            + #""format":"text","placeholders":2,"summary":{"entries":2,"errors":0,"infos":0,"warnings":1}}"#
        XCTAssertEqual(report.json.serialized(), expected)
    }

    func testTreeReportUsesPointersAndLoops() throws {
        let doc = try LayoutDocument.parse(text: #"{"type": "vstack", "dataSource": "${rows[r]}", "children": [{"type": "text", "content": "${r.x}"}]}"#)
        let report = LayoutCheck.run(doc, outputs: ["rows": [["x": 1], ["y": 2]]])
        let json = report.json
        XCTAssertEqual(json["format"], "tree")
        let entries = try XCTUnwrap(json["entries"]?.arrayValue)
        XCTAssertEqual(entries.count, 3)
        XCTAssertEqual(entries[0]["pointer"], "/dataSource")
        XCTAssertEqual(entries[0]["role"], "dataSource")
        XCTAssertEqual(entries[0]["items"], 2)
        XCTAssertEqual(entries[0]["text"], "")
        XCTAssertEqual(entries[1]["loop"], [["item": "r", "index": 0]])
        XCTAssertEqual(entries[1]["field"], 1)
        XCTAssertEqual(entries[2]["status"], "missing")
        XCTAssertNil(entries[2]["line"])
        let finding = try XCTUnwrap(json["findings"]?[0])
        XCTAssertEqual(finding["pointer"], "/children/0/content")
        XCTAssertEqual(finding["loop"], [["item": "r", "index": 1]])
        XCTAssertEqual(finding["code"], "layout-missing")
        XCTAssertEqual(finding["message"], "r has no member \"x\", so ${r.x} shows as empty text. Its members: y.")
        XCTAssertEqual(json["summary"]?["warnings"], 1)
    }

    func testCodesAndSeveritiesAreStable() {
        let table = LayoutFinding.Code.allCases.map { "\($0.rawValue)=\($0.severity.rawValue)" }
        XCTAssertEqual(table, [
            "layout-syntax=error", "layout-missing=warning", "layout-type=warning", "layout-loop-source=warning",
            "layout-range=warning", "layout-legacy=info", "layout-component=warning", "layout-unknown-field=warning",
            "layout-limit=info",
        ])
        XCTAssertTrue(Severity.info < .warning)
        XCTAssertTrue(Severity.warning < .error)
    }

    func testSameInputGivesByteIdenticalJSON() throws {
        let text = #"{"type": "vstack", "b": "${z}", "a": "${y}", "children": [{"type": "text", "content": "${x} ${w}"}]}"#
        let outputs: JSONObject = ["x": ["k": 1, "j": 2], "w": [3, 4]]
        let one = LayoutCheck.run(try LayoutDocument.parse(text: text), outputs: outputs).json.serialized()
        let two = LayoutCheck.run(try LayoutDocument.parse(text: text), outputs: outputs).json.serialized()
        XCTAssertEqual(one, two)
        XCTAssertTrue(one.contains(#""pointer":"/a""#))
    }
}
