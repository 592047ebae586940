import JSONKit
import TestSupport
import XCTest

/// The studio's State panel for a HarmonyOS card (H10, H11), asked of its service as the page
/// asks: the card's kind and dimension's `Shared` values and its files in the state folder, as
/// the panel lists an iOS widget's storage.
final class StudioCardStateTests: XCTestCase {
    private var folder: TemporaryFolder?
    private var studio: StudioProcess?

    static let script = """
        Shared.set("visits", 7)
        Config.set("seen", true)
        const saved = await FileManager.write("notes/today.txt", "hi")
        const visits = Shared.get("visits")

        """
    static let layout = #"{"type": "vstack", "children": [{"type": "text", "content": "${visits}"}]}"#

    override func tearDown() {
        if let studio { XCTAssertEqual(studio.stop(), 0, studio.lines.joined(separator: "\n")) }
        studio = nil
        folder = nil
    }

    func testTheStatePanelListsTheCardsSharedValuesAndFiles() throws {
        let folder = try TemporaryFolder("studio-card-state")
        self.folder = folder
        try Files.write(folder.file("card.js"), Self.script)
        try Files.write(folder.file("card.layout.json"), Self.layout)
        let studio = try StudioProcess(studio: [folder.file("card.js"), "--layout", folder.file("card.layout.json"),
                                                "--edition", "harmony", "--kind", "desk", "--dimension", "2*4",
                                                "--now", "2026-11-29T08:00:00Z", "--tz", "UTC", "--hours", "1",
                                                "--state", folder.file("state")])
        self.studio = studio
        let answer = try XCTUnwrap(studioRequest(port: studio.port, "POST", "/api/controls", json: .object([:])))
        XCTAssertEqual(answer.status, 200)
        let view = try XCTUnwrap(JSONValue.parse(bytes: answer.body).objectValue)
        XCTAssertEqual(view["outputs"]?["visits"], 7)
        let html = try XCTUnwrap(view["html"]?.stringValue)
        let panel = try XCTUnwrap(html.components(separatedBy: "<section id=\"state-folder\">").dropFirst().first, html)
        XCTAssertTrue(panel.contains("<tr><td>shared desk_2x4</td><td class=\"name\">visits</td><td class=\"value\"><code>7</code></td></tr>"), panel)
        XCTAssertTrue(panel.contains("<tr><td>file</td><td class=\"name\">files/notes/today.txt</td>"), panel)
        XCTAssertTrue(panel.contains("<tr><td>config</td><td class=\"name\">seen</td><td class=\"value\"><code>true</code></td></tr>"), panel)
        XCTAssertFalse(panel.contains("nothing stored yet"), panel)
    }
}
