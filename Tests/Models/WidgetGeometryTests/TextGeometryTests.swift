import WidgetGeometry
import XCTest

/// Text: wrapping, line limits, scaling down, truncation, alignment, tstack runs, dates, and a
/// measurer of one's own.
final class TextGeometryTests: XCTestCase {
    func testTextWrapsAtSpacesToItsWidth() {
        let r = layout(#"{"type": "text", "content": "aaa bbb ccc", "fontSize": 10, "width": 40}"#)
        // 5 pt a character: "aaa bbb" is 35 wide, adding " ccc" would make 55 > 40.
        let lines = r.root?.text?.lines ?? []
        XCTAssertEqual(lines.map(\.text), ["aaa bbb ", "ccc"])
        XCTAssertEqual(lines.map(\.frame.width), [35, 15])
        // Frame 40 wide (fixed), 2 × 12 = 24 tall, centred: (16 + 43, 16 + 51). The text is 35
        // wide, centred in its frame as SwiftUI's `frame` does (x = 59 + 2.5), lines leading.
        assertFrame(r, "root", 59, 67, 40, 24)
        XCTAssertEqual(r.root?.contentFrame, Rect(x: 61.5, y: 67, width: 35, height: 24))
        XCTAssertEqual(lines.map(\.frame.x), [61.5, 61.5])
        XCTAssertEqual(lines.map(\.frame.y), [67, 79])
        XCTAssertEqual(r.diagnostics, [])
    }

    func testTrailingAndCentreAlignmentMoveLinesInTheFrame() {
        // A text's alignment also places it in its frame: the 35 pt block goes to the right of
        // the 40 pt frame (59 + 5), and its lines to the right of the block.
        let r = layout(#"{"type": "text", "content": "aaa bbb ccc", "fontSize": 10, "width": 40, "alignment": "trailing"}"#)
        XCTAssertEqual(r.root?.text?.lines.map(\.frame.x), [59 + 5, 59 + 25])
        let c = layout(#"{"type": "text", "content": "aaa bbb ccc", "fontSize": 10, "width": 40, "alignment": "center"}"#)
        XCTAssertEqual(c.root?.text?.lines.map(\.frame.x), [59 + 2.5, 59 + 12.5])
        let l = layout(#"{"type": "text", "content": "aaa bbb ccc", "fontSize": 10, "width": 40, "alignment": "leading"}"#)
        XCTAssertEqual(l.root?.text?.lines.map(\.frame.x), [59, 59])
    }

    func testTruncatedAtTheMinimumScaleWithAnEllipsis() {
        let r = layoutDocument(#"{"type": "text", "content": "${title}", "fontSize": 20, "lineLimit": 1}"#,
                               outputs: #"{"title": "Hello wonderful world"}"#)
        // 21 characters at 20 pt: 210 wide > 126. The default minimum scale 0.9 gives 9 pt a
        // character, 189 > 126: still too wide, so at 0.9 the tail is cut: n characters and
        // "…" take (n + 1) × 9 ≤ 126, n = 13: "Hello wonderf…", 126 wide, 1.2 × 18 = 21.6 tall.
        let text = r.root?.text
        XCTAssertEqual(text?.lines.map(\.text), ["Hello wonderf…"])
        XCTAssertEqual(text?.scale ?? 0, 0.9, accuracy: 1e-9)
        XCTAssertEqual(text?.truncated, true)
        assertFrame(r, "root", 16, 16 + (126 - 21.6) / 2, 126, 21.6)
        let d = r.diagnostics.first { $0.code == .textTruncated }
        XCTAssertEqual(d?.field, "/content")
        XCTAssertEqual(d?.family, .small)
        XCTAssertTrue(d?.message.contains("small widget") ?? false, d?.message ?? "")
    }

    func testShrinksToFitWhenTheMinimumScaleAllows() {
        let r = layout(#"{"type": "text", "content": "Hello wonderful world", "fontSize": 20, "lineLimit": 1, "minimumScaleFactor": 0.5}"#)
        // It fits when 210 × s ≤ 126: s = 0.6 (12 pt, on the 1/64 pt grid of its 20 pt).
        let text = r.root?.text
        XCTAssertEqual(text?.scale ?? 0, 0.6, accuracy: 1e-9)
        XCTAssertEqual(text?.truncated, false)
        XCTAssertEqual(text?.lines.map(\.text), ["Hello wonderful world"])
        XCTAssertEqual(r.root?.frame.width ?? 0, 126, accuracy: 0.01)
        XCTAssertEqual(text?.lines.first?.runs.first?.font.size ?? 0, 12, accuracy: 0.01)
        XCTAssertFalse(codes(r).contains("render-text-truncated"))
    }

    func testHeadAndMiddleTruncation() {
        let head = layout(#"{"type": "text", "content": "abcdefghijklmnopqrstuvwxyz", "fontSize": 10, "lineLimit": 1, "minimumScaleFactor": 1, "width": 50, "truncationMode": "head"}"#)
        // 5 pt a character, 50 wide: "…" and the last 9 characters.
        XCTAssertEqual(head.root?.text?.lines.map(\.text), ["…rstuvwxyz"])
        let middle = layout(#"{"type": "text", "content": "abcdefghijklmnopqrstuvwxyz", "fontSize": 10, "lineLimit": 1, "minimumScaleFactor": 1, "width": 50, "truncationMode": "middle"}"#)
        XCTAssertEqual(middle.root?.text?.lines.map(\.text), ["abcde…wxyz"])
    }

    func testHeightLimitsLinesLikeALineLimit() {
        // Three lines of 12 are needed; a 30 pt frame holds two: the second ends with "…".
        let r = layout(#"{"type": "text", "content": "aaa bbb ccc ddd eee", "fontSize": 10, "width": 40, "height": 30, "minimumScaleFactor": 1}"#)
        XCTAssertEqual(r.root?.text?.lines.map(\.text), ["aaa bbb ", "ccc ddd…"])
        XCTAssertEqual(r.root?.text?.truncated, true)
        XCTAssertTrue(codes(r).contains("render-text-truncated"))
    }

    func testTextsInAVStackShareTheHeight() {
        // Two 4-line texts (48 pt each at 10 pt) in 126: the first offered 126 / 2 − 4 = 59,
        // takes 48; the second gets the 70 left, takes 48: all fits.
        let long = "aaaa bbbb cccc dddd"
        let r = layout(#"{"type": "vstack", "spacing": 8, "children": [{"type": "text", "content": "\#(long)", "fontSize": 10, "width": 25}, {"type": "text", "content": "\#(long)", "fontSize": 10, "width": 25}]}"#)
        assertFrame(r, "root.children[0]", 16 + 50.5, 16 + (126 - 104) / 2, 25, 48)
        XCTAssertEqual(r.diagnostics, [])
        // In a rectangular widget (160 × 72, no margins) the first is offered (72 − 8) / 2 = 32:
        // two lines, cut; the second then gets 72 − 8 − 24 = 40: three lines, cut.
        let small = layout(#"{"type": "vstack", "spacing": 8, "children": [{"type": "text", "content": "\#(long)", "fontSize": 10, "width": 25, "minimumScaleFactor": 1}, {"type": "text", "content": "\#(long)", "fontSize": 10, "width": 25, "minimumScaleFactor": 1}]}"#, .rectangular)
        XCTAssertEqual(small.root?.find("root.children[0]")?.text?.lines.count, 2)
        XCTAssertEqual(small.root?.find("root.children[1]")?.text?.lines.count, 3)
        XCTAssertEqual(codes(small).filter { $0 == "render-text-truncated" }.count, 2)
    }

    func testTStackJoinsRunsIntoOneText() {
        let r = layout(#"""
        {"type": "tstack", "children": [
          {"type": "text", "content": "32", "fontSize": 36}, {"type": "text", "content": "°C", "fontSize": 14},
          {"type": "icon", "content": "sun.max"}]}
        """#)
        // "32" at 36: 2 × 18 = 36; "°C" at 14: 2 × 7 = 14; one line 50 wide, as tall as the
        // tallest run: 1.2 × 36 = 43.2. The icon is not text: ignored.
        let line = r.root?.text?.lines.first
        XCTAssertEqual(line?.runs.map(\.text), ["32", "°C"])
        XCTAssertEqual(line?.frame.width, 50)
        assertFrame(r, "root", 16 + 38, 16 + (126 - 43.2) / 2, 50, 43.2)
        XCTAssertEqual(codes(r), ["render-ignored"])
    }

    func testWeightsAndWideCharactersInTheFixedMetrics() {
        let bold = layout(#"{"type": "text", "content": "abcd", "fontSize": 10, "fontWeight": "bold"}"#)
        XCTAssertEqual(bold.root?.frame.width ?? 0, 22, accuracy: 1e-9) // 4 × 5.5
        let cjk = layout(#"{"type": "text", "content": "天气晴", "fontSize": 10}"#)
        XCTAssertEqual(cjk.root?.frame.width, 30) // 3 × 10
        // Wide characters break anywhere: at 25 pt, two a line.
        let wrapped = layout(#"{"type": "text", "content": "天气晴朗", "fontSize": 10, "width": 25}"#)
        XCTAssertEqual(wrapped.root?.text?.lines.map(\.text), ["天气", "晴朗"])
    }

    func testDateTextAtTheVirtualNow() {
        // 2025-12-31 23:55:00 UTC.
        let now = Double(DateTextProbe.epochDays(2025, 12, 31)) * 86_400_000 + (23 * 3600 + 55 * 60) * 1000
        let opts = GeometryOptions(now: now, utcOffsetSeconds: 0)
        let timer = layout(#"{"type": "date", "content": "2026-01-01 00:00:00", "style": "timer", "fontSize": 10}"#, options: opts)
        XCTAssertEqual(timer.root?.text?.lines.map(\.text), ["5:00"])
        // A timer fills the width it is offered, as SwiftUI's does.
        XCTAssertEqual(timer.root?.frame.width, 126)
        let time = layout(#"{"type": "date", "content": "now", "style": "time", "fontSize": 10}"#, options: opts)
        XCTAssertEqual(time.root?.text?.lines.map(\.text), ["11:55 PM"])
        XCTAssertEqual(time.root?.frame.width, 40)
        let date = layout(#"{"type": "date", "content": "tomorrow", "style": "date", "fontSize": 10}"#,
                          options: GeometryOptions(now: now, utcOffsetSeconds: 3600))
        XCTAssertEqual(date.root?.text?.lines.map(\.text), ["January 2, 2026"])
        let relative = layout(#"{"type": "date", "content": "2025-12-31 23:50:00", "style": "relative", "fontSize": 10}"#, options: opts)
        XCTAssertEqual(relative.root?.text?.lines.map(\.text), ["5 minutes ago"])
        // The form the Calendar API gives its events' dates: with the zone's offset, which wins
        // over the widget's zone. 02:00 UTC is 10:00 at +08:00.
        let zoned = GeometryOptions(now: now, utcOffsetSeconds: 8 * 3600)
        for content in ["2026-05-04 02:00:00 +0000", "2026-05-04 10:00:00 +0800", "2026-05-04T10:00:00+08:00", "2026-05-04 02:00:00Z"] {
            let event = layout(#"{"type": "date", "content": "\#(content)", "style": "time", "fontSize": 10}"#, options: zoned)
            XCTAssertEqual(event.root?.text?.lines.map(\.text), ["10:00 AM"], content)
        }
        // A year past any calendar's reach is refused, not carried into the day arithmetic (which would overflow).
        for wrong in ["2026-05-04 02:00:00 +2500", "2026-05-04 02:00:00 +00", "2026-05-04 02:00:00 UTC",
                      "99999999999999999-01-01 00:00:00", "-9223372036854775807-01-01 00:00:00"] {
            XCTAssertEqual(codes(layout(#"{"type": "date", "content": "\#(wrong)"}"#, options: zoned)), ["render-invalid-value"], wrong)
        }
        let bad = layout(#"{"type": "date", "content": "next tuesday", "style": "date"}"#, options: opts)
        XCTAssertEqual(codes(bad), ["render-invalid-value"])
    }

    func testAMeasurerOfOnesOwnIsUsed() {
        struct Mono: TextMeasurer {
            func width(of runs: [TextRun]) -> Double { Double(runs.reduce(0) { $0 + $1.text.count }) * 7 }
            func lineHeight(of font: FontSpec) -> Double { 10 }
        }
        let r = WidgetGeometry.layout(["type": "text", "content": "abc", "fontSize": 40], family: .small, measurer: Mono())
        XCTAssertEqual(r.root?.frame.size, Size(width: 21, height: 10))
    }
}

/// Days since 1970 for the test's arithmetic (a separate implementation from the engine's).
/// A `timer` date text, as SwiftUI's `.timer` style shows it: `m:ss` under an hour, `h:mm:ss`
/// from an hour, counting down to the date or up from it once past; on one line, shrunk to fit.
final class TimerTextTests: XCTestCase {
    /// 2026-11-29 18:35:00 UTC.
    static let now = Double(DateTextProbe.epochDays(2026, 11, 29)) * 86_400_000 + (18 * 3600 + 35 * 60) * 1000

    func timer(_ content: String, fontSize: Double = 10, width: Double? = nil, extra: String = "",
               family: WidgetFamily = .small) -> GeometryResult {
        let frame = width.map { ", \"width\": \($0)" } ?? ""
        return layout(#"{"type": "date", "content": "\#(content)", "style": "timer", "fontSize": \#(fontSize)\#(frame)\#(extra)}"#, family,
                      options: GeometryOptions(now: Self.now, utcOffsetSeconds: 0))
    }

    func testTheTimerShowsMinutesAndSecondsUnderAnHourAndHoursFromAnHour() {
        let cases: [(String, String)] = [
            ("2026-11-29 19:00:00", "25:00"), ("2026-11-29 18:35:05", "0:05"), ("2026-11-29 18:35:00", "0:00"),
            ("2026-11-29 19:34:59", "59:59"), ("2026-11-29 19:35:00", "1:00:00"), ("2026-11-29 20:37:03", "2:02:03"),
            ("2026-11-30 05:35:00", "11:00:00"),
            // Once past, it counts up from the date.
            ("2026-11-29 18:33:30", "1:30"), ("2026-11-29 17:00:00", "1:35:00"),
        ]
        for (content, text) in cases {
            let r = timer(content)
            XCTAssertEqual(r.root?.text?.lines.map(\.text), [text], content)
            XCTAssertEqual(r.diagnostics, [], content)
        }
    }

    /// "25:00" at 20 pt is 50 pt wide (10 a character): in 48 pt it is shrunk to fit on one
    /// line (at 0.96), never broken between its digits.
    func testATimerIsOneLineShrunkToFit() throws {
        let r = timer("2026-11-29 19:00:00", fontSize: 20, width: 48)
        let text = try XCTUnwrap(r.root?.text)
        XCTAssertEqual(text.lines.map(\.text), ["25:00"])
        XCTAssertEqual(text.lines.count, 1)
        XCTAssertEqual(text.scale, 0.96, accuracy: 0.001)
        XCTAssertFalse(text.truncated)
        XCTAssertEqual(r.diagnostics, [])

        // Narrower than its minimum scale allows: still one line, cut, and said.
        let cut = timer("2026-11-29 19:00:00", fontSize: 20, width: 30)
        XCTAssertEqual(cut.root?.text?.lines.count, 1)
        XCTAssertEqual(cut.root?.text?.truncated, true)
        XCTAssertEqual(codes(cut), ["render-text-truncated"])
        // It never needed more lines: the finding says it is cut, not that lines are missing.
        XCTAssertEqual(cut.diagnostics.first?.message, "\"25:00\" does not fit 30x21.6 even at its minimum scale 0.9, so it shows \"25…\" (small widget)")

        // A line limit of its own does not make it wrap.
        let limited = timer("2026-11-29 20:37:03", fontSize: 20, width: 40, extra: #", "lineLimit": 3, "minimumScaleFactor": 0.5"#)
        XCTAssertEqual(limited.root?.text?.lines.map(\.text), ["2:02:03"])
        XCTAssertEqual(limited.root?.text?.truncated, false)
    }

    /// A Live Activity's countdown beside its label: one line, "25:00".
    func testALiveActivityCountdownBesideItsLabel() throws {
        let r = layout(#"""
            {"type": "hstack", "children": [
              {"type": "text", "content": "Train to Leipzig departs in", "fontSize": 17, "fontWeight": "semibold"},
              {"type": "date", "content": "2026-11-29 19:00:00", "style": "timer", "fontSize": 34, "fontWeight": "bold"}]}
            """#, .liveActivity, options: GeometryOptions(now: Self.now, utcOffsetSeconds: 0))
        let timer = try XCTUnwrap(r.components.first { $0.path == "root.children[1]" }?.text)
        XCTAssertEqual(timer.lines.map(\.text), ["25:00"])
        XCTAssertEqual(timer.lines.count, 1)
    }
}

enum DateTextProbe {
    static func epochDays(_ y: Int, _ m: Int, _ d: Int) -> Int {
        var days = 0
        for year in 1970..<y { days += (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 366 : 365 }
        let lengths = [31, (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        for month in 0..<(m - 1) { days += lengths[month] }
        return days + d - 1
    }
}
