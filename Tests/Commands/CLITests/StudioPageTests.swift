import JSONKit
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What the studio's page is given, asked of its service as the page asks: each page's own view,
/// a refused control named, what failed named, the day's pictures, the controls as an author
/// reads them. What only a browser shows is in Tests/Browser/studio_test.py.
final class StudioPageTests: XCTestCase {
    private var folder: TemporaryFolder?
    private var studio: StudioProcess?

    static let script = """
        this.title = $params.city || "Berlin"
        this.clock = new Date().toISOString()
        this.kind = Widget.type
        setUpdateFreq(15)

        """
    static let layout = #"{"type": "vstack", "children": [{"type": "text", "content": "${title}"}, {"type": "text", "content": "${clock}"}]}"#

    /// A studio over a folder with the test widget and `layout` as widget.layout.json.
    private func start(layout: String = layout, hours: String = "2", _ flags: [String] = []) throws -> StudioProcess {
        let folder = try TemporaryFolder("studio-page")
        self.folder = folder
        try Files.write(folder.file("widget.js"), Self.script)
        try Files.write(folder.file("widget.layout.json"), layout)
        let studio = try StudioProcess(studio: [folder.file("widget.js"), "--layout", folder.file("widget.layout.json"),
                                                "--now", "2026-11-29T08:00:00Z", "--tz", "UTC", "--hours", hours,
                                                "--state", folder.file("state")] + flags)
        self.studio = studio
        return studio
    }

    override func tearDown() {
        if let studio { XCTAssertEqual(studio.stop(), 0, studio.lines.joined(separator: "\n")) }
        studio = nil
        folder = nil
    }

    private func post(_ studio: StudioProcess, _ controls: JSONObject) throws -> (status: Int, body: JSONObject) {
        let answer = try XCTUnwrap(studioRequest(port: studio.port, "POST", "/api/controls", json: .object(controls)))
        return (answer.status, try XCTUnwrap(JSONValue.parse(bytes: answer.body).objectValue))
    }

    /// Issue 37, 1: a page asks for its own controls' view and gets it, built once: another page's
    /// controls in between do not change it, and asking again is answered with the view kept.
    func testEachPageGetsTheViewOfItsOwnControls() throws {
        let studio = try start()
        let large = try post(studio, ["kind": "large", "budget": "generous"])
        XCTAssertEqual(large.status, 200)
        XCTAssertEqual(large.body["kind"]?.stringValue, "large")
        let plain = try post(studio, [:])
        XCTAssertEqual(plain.body["kind"]?.stringValue, "small")
        XCTAssertEqual(plain.body["controls"], .object([:]))
        let again = try post(studio, ["kind": "large", "budget": "generous"])
        XCTAssertEqual(again.body["kind"]?.stringValue, "large")
        XCTAssertLessThanOrEqual(again.body["version"]?.intValue ?? .max, plain.body["latest"]?.intValue ?? 0,
                                 "the view of the same controls is kept, not built again")
        // `latest` is where the page waits for the next event from: past every view built.
        XCTAssertGreaterThanOrEqual(again.body["latest"]?.intValue ?? 0, plain.body["version"]?.intValue ?? .max)
    }

    /// Each control gives the outputs `widgethost run` gives with that flag.
    func testEachControlRunsAsTheCLIDoes() throws {
        let studio = try start()
        let folder = try XCTUnwrap(self.folder)
        var flags: [String: String] = ["now": "2026-11-29T08:00:00Z", "tz": "UTC"]
        let cases: [(String, String)] = [("tz", "Asia/Tokyo"), ("now", "2026-11-30T21:15:00Z"), ("locale", "de-DE"), ("seed", "7"),
                                         ("kind", "medium"), ("param", "city=Lisbon"), ("context", "app")]
        var controls: JSONObject = [:]
        for (name, value) in cases {
            controls[name] = .string(value)
            flags[name] = value
            let view = try post(studio, controls).body
            let arguments = flags.sorted { $0.key < $1.key }.flatMap { ["--\($0.key)", $0.value] }
            let run = try Program.run([try BuiltProgram.path("widgethost"), "run", folder.file("widget.js"), "--format", "json",
                                       "--state", folder.file("state")] + arguments)
            let expected = try JSONValue.parse(run.out).objectValue?["outputs"]
            XCTAssertEqual(view["outputs"], expected, name)
        }
    }

    /// Issue 37, 5: a refused control is named, so the page marks its field and says why there.
    func testARefusedControlIsNamedWithItsReason() throws {
        let studio = try start()
        let refused = try post(studio, ["tz": "Mars/Olympus", "seed": "3"])
        XCTAssertEqual(refused.status, 400)
        XCTAssertEqual(refused.body["control"]?.stringValue, "tz")
        XCTAssertTrue(refused.body["message"]?.stringValue?.contains("Mars/Olympus") == true, "\(refused.body)")
        let seed = try post(studio, ["seed": "-4"])
        XCTAssertEqual(seed.body["control"]?.stringValue, "seed")
        let unknown = try post(studio, ["profile": "/etc/passwd"])
        XCTAssertEqual(unknown.status, 400)
        XCTAssertEqual(unknown.body["control"], .null)
    }

    /// Issue 37, 8: a layout that is not JSON is named as what failed, its code said once.
    func testABadLayoutIsNamedAsWhatFailed() throws {
        let studio = try start(layout: #"{"type": "text", "content": "#)
        let view = try post(studio, [:]).body
        XCTAssertEqual(view["status"]?.stringValue, "ok")
        XCTAssertEqual(view["failureTitle"]?.stringValue, "The layout cannot be used")
        let failure = try XCTUnwrap(view["failure"]?.stringValue)
        XCTAssertTrue(failure.contains("widget.layout.json"), failure)
        XCTAssertEqual(failure.components(separatedBy: "[bad-layout]").count, 2, "the code once: \(failure)")
    }

    /// Issue 37, 6: the page leads with the chosen kind's family and its findings; the other
    /// families' findings are one list, each said once with the families it affects, a finding
    /// about a placeholder's field naming its outputs before the families.
    func testTheChosenFamilyLeadsAndEachFindingIsSaidOnceWithItsFamilies() throws {
        let studio = try start(layout: #"{"type": "vstack", "children": [{"type": "text", "content": "${title}", "fontWieght": "bold"}, {"type": "text", "content": "${clock} ${clock}", "lineLimit": 1, "fontSize": 40}]}"#)
        let view = try post(studio, ["kind": "medium"]).body
        XCTAssertEqual(view["kind"]?.stringValue, "medium")
        let html = try XCTUnwrap(view["html"]?.stringValue)
        let start = try XCTUnwrap(html.range(of: "<section id=\"pictures\">"))
        let pictures = String(html[start.lowerBound...])
        let section = String(pictures[..<(pictures.range(of: "</section>")?.upperBound ?? pictures.endIndex)])
        // The typo every family has is said once on the page, by the layout's check; the pictures
        // leave it to that (it was said 8 times, then once more under the pictures).
        XCTAssertEqual(html.components(separatedBy: "&quot;fontWieght&quot; is not a field").count - 1, 1, "the typo is said once: \(html)")
        XCTAssertFalse(section.contains("fontWieght"), section)
        XCTAssertTrue(html.contains("layout-unknown-field"), html)
        let medium = try XCTUnwrap(section.range(of: "<div class=\"family chosen\" id=\"family-medium\">"))
        let small = try XCTUnwrap(section.range(of: "<div class=\"family\" id=\"family-small\">"))
        XCTAssertLessThan(medium.lowerBound, small.lowerBound, "the chosen family leads")
        XCTAssertTrue(section.contains("<div class=\"findings other-findings\" id=\"other-findings\">"), section)
        XCTAssertTrue(section.contains(" — from the output clock ("), section)
        XCTAssertFalse(section.contains(") — from the output"), "the outputs are named before the families: \(section)")
    }

    /// Issue 37, 9: every refresh of the day has its widget, light and dark, past 48 refreshes.
    func testEveryRefreshOfTheDayHasItsWidgetLightAndDark() throws {
        let studio = try start(hours: "14", ["--budget", "unlimited"])
        var view: JSONObject = [:]
        XCTAssertTrue(try Wait.until(.seconds(120), poll: .milliseconds(50)) {
            view = try post(studio, [:]).body
            return view["complete"] == .bool(true)
        })
        let refreshes = try XCTUnwrap(view["refreshes"]?.arrayValue)
        XCTAssertGreaterThan(refreshes.count, 48)
        for refresh in refreshes {
            let object = try XCTUnwrap(refresh.objectValue)
            let index = object["index"]?.intValue ?? -1
            XCTAssertEqual(object["status"]?.stringValue, "ok", "refresh \(index)")
            let schemes = (object["pictures"]?.arrayValue ?? []).compactMap { $0.objectValue?["scheme"]?.stringValue }
            XCTAssertEqual(schemes, ["light", "dark"], "refresh \(index)")
        }
    }

    /// Issue 37, 14 and 7: controls labelled as an author reads them, with hints that say what to
    /// type; the view says the studio's now, which a tried push is stamped with.
    func testTheControlsSpeakAsAnAuthorAndTheViewGivesItsNow() throws {
        let studio = try start()
        let answer = try XCTUnwrap(studioRequest(port: studio.port, "GET", "/api/controls"))
        let controls = try XCTUnwrap(JSONValue.parse(bytes: answer.body).objectValue?["controls"]?.arrayValue).compactMap(\.objectValue)
        let byName = Dictionary(uniqueKeysWithValues: controls.compactMap { control in control["name"]?.stringValue.map { ($0, control) } })
        XCTAssertEqual(byName["now"]?["label"]?.stringValue, "Time")
        XCTAssertEqual(byName["tz"]?["label"]?.stringValue, "Time zone")
        XCTAssertEqual(byName["tz"]?["hint"]?.stringValue, "Europe/Berlin")
        for control in controls where ["now", "tz", "locale", "seed", "budget", "param", "hours"].contains(control["name"]?.stringValue ?? "") {
            let hint = control["hint"]?.stringValue ?? ""
            XCTAssertGreaterThan(hint.count, 4, "\(control["name"] ?? .null): the hint says what to type")
            XCTAssertFalse(control["label"]?.stringValue?.hasPrefix("--") ?? true)
        }
        XCTAssertEqual(try post(studio, [:]).body["now"]?.intValue, 1_795_939_200_000)
        XCTAssertEqual(try post(studio, ["now": "2026-11-30T10:00:00Z"]).body["now"]?.intValue, 1_796_032_800_000)
    }
}
