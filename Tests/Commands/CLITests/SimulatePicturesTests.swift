import TestSupport
import XCTest

/// `simulate --layout FILE --format svg`: the widget after each refresh of the first day under
/// the chart, at most 48 pictures.
final class SimulatePicturesTests: XCTestCase {
    private func count(_ text: String, _ part: String) -> Int {
        var count = 0
        var rest = text[...]
        while let range = rest.range(of: part) {
            count += 1
            rest = rest[range.upperBound...]
        }
        return count
    }

    func testEveryRefreshOfTheFirstDayIsDrawnUnderTheChart() throws {
        let folder = try TemporaryFolder("simulate-pictures")
        let run = tool("simulate", example("weather.js"), "--profile", example("weather.profile.json"), "--layout", example("weather.layout.json"),
                       "--family", "medium", "--now", "2026-11-29T14:30:00Z", "--tz", "UTC", "--format", "svg", "--out", folder.file("day.svg"))
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertEqual(run.err, "")
        let svg = String(decoding: Files.read(folder.file("day.svg")) ?? [], as: UTF8.self)
        // setUpdateFreq(30): 48 refreshes in the day, each drawn, labelled with its time.
        XCTAssertEqual(count(svg, "<image "), 48)
        XCTAssertTrue(svg.contains("The medium widget after each refresh of the first day (48 of at most 48)"), svg.suffix(500).description)
        XCTAssertTrue(svg.contains(">#0 14:30</text>") && svg.contains(">#47 14:00</text>"))
        XCTAssertTrue(svg.contains("href=\"data:image/png;base64,"))
        let files = Files.list(folder.file("day-pictures"))
        XCTAssertEqual(files.count, 48)
        XCTAssertTrue(files.contains("weather-refresh-0-medium-light.png"), "\(files.sorted().prefix(3))")
        // The picture of the first refresh shows 2:30 PM, another one 3:00 PM: they differ.
        XCTAssertNotEqual(Files.read(folder.file("day-pictures/weather-refresh-0-medium-light.png")),
                          Files.read(folder.file("day-pictures/weather-refresh-1-medium-light.png")))
    }

    func testMoreRefreshesThanTheBoundAreSpacedEvenly() throws {
        let folder = try TemporaryFolder("simulate-pictures")
        try Files.write(folder.file("l.json"), #"{"type": "text", "content": "${count}"}"#)
        try Files.write(folder.file("w.js"), "const count = 1\nsetUpdateFreq(5)\n")
        let run = tool("simulate", folder.file("w.js"), "--layout", folder.file("l.json"), "--days", "2", "--budget", "unlimited",
                       "--now", "2026-11-29T00:00:00Z", "--tz", "UTC", "--format", "svg", "--out", folder.file("two.svg"))
        XCTAssertEqual(run.code, 0, run.err)
        let svg = String(decoding: Files.read(folder.file("two.svg")) ?? [], as: UTF8.self)
        // 288 refreshes in the first day, every sixth drawn: #0, #6, … #282.
        XCTAssertEqual(count(svg, "<image "), 48)
        XCTAssertTrue(svg.contains(">#0 00:00</text>") && svg.contains(">#6 00:30</text>") && svg.contains(">#282 23:30</text>"))
        XCTAssertFalse(svg.contains(">#288 "))
    }

    func testIconsAndDeviceReachTheSimulationsPictures() throws {
        let folder = try TemporaryFolder("simulate-pictures")
        let base = ["simulate", example("weather.js"), "--profile", example("weather.profile.json"), "--layout", example("weather.layout.json"),
                    "--hours", "1", "--now", "2026-11-29T14:30:00Z", "--tz", "UTC", "--format", "svg"]
        let plain = tool(base + ["--out", folder.file("plain.svg")])
        let drawn = tool(base + ["--out", folder.file("icons.svg"), "--icons", example("icons"), "--device", "iphone-se"])
        XCTAssertEqual(plain.code, 0, plain.err)
        XCTAssertEqual(drawn.code, 0, drawn.err)
        let svg = String(decoding: Files.read(folder.file("icons.svg")) ?? [], as: UTF8.self)
        // The iPhone SE's small widget is 148 points a side (the reference's 158).
        XCTAssertTrue(svg.contains("width=\"148\" height=\"148\""), String(svg.suffix(800)))
        XCTAssertNotEqual(Files.read(folder.file("plain-pictures/weather-refresh-0-small-light.png")),
                          Files.read(folder.file("icons-pictures/weather-refresh-0-small-light.png")))
        XCTAssertEqual(tool(base + ["--icons", folder.file("none")]).code, 66)
        XCTAssertEqual(tool(base + ["--device", "nokia"]).code, 64)
        XCTAssertEqual(tool(["simulate", example("weather.js"), "--device", "iphone-se"]).code, 64)
    }

    func testLayoutNeedsTheSVGFormatAndAComponentTree() throws {
        let folder = try TemporaryFolder("simulate-pictures")
        let base = ["simulate", example("weather.js"), "--profile", example("weather.profile.json")]
        XCTAssertEqual(tool(base + ["--layout", example("weather.layout.json")]).code, 64)
        XCTAssertEqual(tool(base + ["--family", "small", "--format", "svg"]).code, 64)
        XCTAssertEqual(tool(base + ["--layout", example("weather.layout.json"), "--family", "huge", "--format", "svg"]).code, 64)
        XCTAssertEqual(tool(base + ["--layout", folder.file("missing.json"), "--format", "svg"]).code, 66)
        try Files.write(folder.file("lines.txt"), "${temp}\n")
        let lines = tool(base + ["--layout", folder.file("lines.txt"), "--format", "svg"])
        XCTAssertEqual(lines.code, 65)
        XCTAssertTrue(lines.err.contains("is a text layout (lines), which has no components to draw as a widget"), lines.err)
        try Files.write(folder.file("bad.json"), "{\"type\": ")
        XCTAssertEqual(tool(base + ["--layout", folder.file("bad.json"), "--format", "svg"]).code, 65)
    }
}
