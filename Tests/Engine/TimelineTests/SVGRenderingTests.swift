import Glibc
import JSONKit
import TestSupport
import XCTest
import Timeline

/// The SVG chart: self-contained, escaped, and renderable by librsvg.
final class SVGRenderingTests: XCTestCase {
    private func liveReport() throws -> TimelineReport {
        var configuration = SimulationConfiguration(startMs: start, durationMs: 20 * hour, zoneIdentifier: "Europe/Berlin")
        configuration.isLive = true
        configuration.taps = [start + 2 * hour]
        configuration.pushes = [
            PushEvent(at: start + 3 * hour, type: .update, data: ["score": "1:0"], label: "goal <&> \"quoted\""),
            PushEvent(at: start + 9 * hour, type: .update, data: ["score": "2:0"], label: "late"),
            PushEvent(at: start + 14 * hour, type: .start, data: ["score": "0:0"], label: "second"),
        ]
        let runner = ClosureRefreshRunner { request in
            RefreshRunResult(status: request.index == 4 ? .error : .ok, outputs: ["n": .number(Double(request.index))],
                             updateFrequencyMinutes: 5, finishedAtMs: request.at + 1200)
        }
        return try Simulation(configuration).run(runner: runner)
    }

    func testTheChartIsSelfContainedAndShowsItsParts() throws {
        let svg = try liveReport().svg()
        XCTAssertTrue(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1000\""))
        XCTAssertTrue(svg.hasSuffix("</svg>\n"))
        for part in ["Refreshes", "Budget", "Live Activity", "longest gap", "budget 55", "requested", "granted",
                     "late: budget", "1 active", "expired, visible", "2 active", "Sun 29 Nov", "Europe/Berlin",
                     "push refused"] {
            XCTAssertTrue(svg.contains(part), part)
        }
        for external in ["@import", "<script", "href=", "url(", "@font-face"] {
            XCTAssertFalse(svg.contains(external), external)
        }
    }

    func testTextIsEscaped() throws {
        var configuration = SimulationConfiguration(startMs: start, durationMs: 2 * hour, zoneIdentifier: "UTC")
        configuration.isLive = true
        configuration.startsActivityLocally = false
        configuration.pushes = [PushEvent(at: start + hour, type: .end, label: "<b>&")]
        let report = try simulate(configuration, ClosureRefreshRunner { RefreshRunResult(finishedAtMs: $0.at) })
        let svg = report.svg()
        XCTAssertFalse(svg.contains("<b>"))
        XCTAssertTrue(svg.contains("no Live Activity"))
        // Every '&' starts an entity.
        let ampersands = svg.split(separator: "&", omittingEmptySubsequences: false).dropFirst()
        for rest in ampersands {
            XCTAssertTrue(["amp;", "lt;", "gt;", "quot;", "apos;"].contains { rest.hasPrefix($0) }, String(rest.prefix(10)))
        }
    }

    func testRsvgConvertRendersTheChartToPNG() throws {
        let tool = try Program.required("rsvg-convert")
        let directory = try Files.makeTemporaryFolder("timeline-svg")
        defer { Files.removeTree(directory) }
        let svgPath = directory + "/timeline.svg"
        let pngPath = directory + "/timeline.png"
        try Files.write(svgPath, try liveReport().svg())
        let status = system("\(tool) --format=png --output='\(pngPath)' '\(svgPath)' 2>'\(directory)/stderr.txt'")
        XCTAssertEqual(status, 0, Files.text(directory + "/stderr.txt") ?? "")
        let png = try XCTUnwrap(Files.read(pngPath), "no PNG at \(pngPath)")
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // The IHDR chunk holds the size: 1000 px wide.
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        XCTAssertEqual(width, 1000)
        XCTAssertEqual(Files.text(directory + "/stderr.txt"), "")
    }
}
