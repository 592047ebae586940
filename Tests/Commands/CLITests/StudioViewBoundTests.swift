import JSONKit
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The studio's view has a size, whatever the script publishes or prints: outputs are shown
/// cut with a marker that says how much there was, the run's whole outputs are there on
/// request, and the page cannot ask for a day longer than the studio's bound.
final class StudioViewBoundTests: XCTestCase {
    private var folder: TemporaryFolder?
    private var studio: StudioProcess?

    /// A megabyte string, an array of 20,000 numbers, a number, and 300 KB printed, each refresh.
    static let script = """
        this.big = "x".repeat(1 << 20)
        this.list = Array.from({ length: 20000 }, (_, i) => i)
        this.small = 42
        console.log("y".repeat(300000))
        setUpdateFreq(30)

        """

    override func setUpWithError() throws {
        folder = try TemporaryFolder("studio-view")
    }

    /// A studio of `script` over `hours` of refreshes.
    private func start(_ script: String, hours: Int) throws -> StudioProcess {
        let folder = try XCTUnwrap(folder)
        try Files.write(folder.file("widget.js"), script)
        let studio = try StudioProcess(studio: [folder.file("widget.js"), "--now", "2026-11-29T08:00:00Z", "--hours", String(hours)])
        self.studio = studio
        return studio
    }

    override func tearDown() {
        if let studio { XCTAssertEqual(studio.stop(), 0, studio.lines.joined(separator: "\n")) }
        studio = nil
        folder = nil
    }

    func testTheViewShowsOutputsCutAndTheWholeOnRequest() throws {
        let studio = try start(Self.script, hours: 6)
        let answer = try XCTUnwrap(studioRequest(port: studio.port, "GET", "/api/view"))
        // Before, every refresh carried every output whole: 12 refreshes of more than a megabyte.
        XCTAssertLessThan(answer.body.count, 256 << 10)
        let view = try XCTUnwrap(JSONValue.parse(bytes: answer.body).objectValue)
        let bigWhole = (1 << 20) + 2
        let listWhole = JSONValue.array((0..<20000).map { .number(Double($0)) }).serialized().utf8.count

        let outputs = try XCTUnwrap(view["outputs"]?.objectValue)
        XCTAssertEqual(outputs["small"], 42)
        let big = try XCTUnwrap(outputs["big"]?.stringValue)
        XCTAssertTrue(big.utf8.count <= 2048 && big.utf8.count > 2000 && big.allSatisfy { $0 == "x" }, "\(big.utf8.count)")
        let list = try XCTUnwrap(outputs["list"]?.arrayValue, "a cut array is still an array")
        XCTAssertEqual(list.first, 0)
        XCTAssertLessThan(list.count, 1000)
        XCTAssertEqual(view["outputsCut"], .object(["big": .number(Double(bigWhole)), "list": .number(Double(listWhole))]))
        XCTAssertEqual(view["outputsLeftOut"], 0)

        let html = try XCTUnwrap(view["html"]?.stringValue)
        XCTAssertTrue(html.contains("<span class=\"cut\">… cut: 2 KiB of 1 MiB shown</span>"), html)
        XCTAssertTrue(html.contains("The whole outputs: <a href=\"/api/outputs\">/api/outputs</a>"))
        XCTAssertFalse(html.contains(String(repeating: "y", count: 3000)), "a console line is cut too")

        let refreshes = try XCTUnwrap(view["refreshes"]?.arrayValue)
        XCTAssertEqual(refreshes.count, 12)
        XCTAssertEqual(view["refreshesLeftOut"], 0)
        for refresh in refreshes {
            XCTAssertEqual(refresh["outputs"]?["small"], 42)
            XCTAssertEqual(refresh["cut"]?["big"], .number(Double(bigWhole)), "the whole's size, not the size kept")
            XCTAssertLessThanOrEqual(refresh["console"]?.serialized().utf8.count ?? .max, 2200)
        }

        // The whole, on request: the run's, and a refresh's as the studio keeps it.
        let whole = try JSONValue.parse(bytes: try XCTUnwrap(studioRequest(port: studio.port, "GET", "/api/outputs")).body)
        XCTAssertEqual(whole["outputs"]?["big"]?.stringValue?.utf8.count, 1 << 20)
        XCTAssertEqual(whole["outputs"]?["list"]?.arrayValue?.count, 20000)
        let kept = try JSONValue.parse(bytes: try XCTUnwrap(studioRequest(port: studio.port, "GET", "/api/outputs/3")).body)
        XCTAssertEqual(kept["refresh"], 3)
        XCTAssertEqual(kept["cut"]?["big"], .number(Double(bigWhole)))
        XCTAssertEqual(kept["outputs"]?["big"]?.stringValue?.utf8.count, (64 << 10) - 2)
        XCTAssertEqual(studioRequest(port: studio.port, "GET", "/api/outputs/99")?.status, 404)
    }

    /// A page or a link cannot ask for more than the studio's day: a week at most.
    func testTheDayHasABound() throws {
        let studio = try start("this.n = 1\nsetUpdateFreq(30)\n", hours: 6)
        let refused = try XCTUnwrap(studioRequest(port: studio.port, "POST", "/api/controls", json: ["hours": "200"]))
        XCTAssertEqual(refused.status, 400)
        XCTAssertEqual(try JSONValue.parse(bytes: refused.body)["message"],
                       "bad --hours '200': the studio's day spans at most 7 days (168 hours)")
        let week = try XCTUnwrap(studioRequest(port: studio.port, "POST", "/api/controls", json: ["hours": "168"]))
        XCTAssertEqual(week.status, 200)
        let view = try studioView(port: studio.port)
        XCTAssertEqual(view["controls"]?["hours"], "168")
        let shown = try XCTUnwrap(view["refreshes"]?.arrayValue).count
        XCTAssertEqual(shown, 300, "the first 300 refreshes are shown")
        XCTAssertEqual(shown + (view["refreshesLeftOut"]?.intValue ?? 0), 336)
    }
}
