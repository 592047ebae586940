import JSONKit
import WidgetGeometry
import XCTest

/// The Lock Screen's own layouts, with the fixed metrics (a character half the font size wide,
/// 0.55 at semibold and heavier; a line 1.2 × the font size tall): the inline family's one line
/// in WidgetKit's font, and the Live Activity's height fitted to its content.
final class LockScreenGeometryTests: XCTestCase {
    func testInlineShowsTheFirstImageAndTextOnOneLine() {
        let r = layout(#"""
        {"type": "vstack", "children": [
          {"type": "text", "content": "Rain at 5 pm, then clearing later", "fontSize": 10},
          {"type": "icon", "content": "cloud.rain", "fontSize": 10},
          {"type": "text", "content": "ignored"}, {"type": "shape"}]}
        """#, .inline)
        // 234 × 26, no margins. Both in the inline font, 17 pt semibold: the icon a line
        // square (17 × 1.2 = 20.4), then 4 pt, then the text: 33 characters × 9.35 = 308.55,
        // offered 234 − 4 − 20.4 = 209.6, shrinks to its minimum 0.9 (277.7) and is cut.
        let kids = r.root?.children ?? []
        XCTAssertEqual(kids.map(\.type), ["icon", "text"])
        XCTAssertEqual(kids.first?.frame.size, Size(width: 20.4, height: 20.4))
        XCTAssertEqual(kids.last?.text?.lines.count, 1)
        XCTAssertEqual(kids.last?.text?.lines.first?.runs.first?.font.size ?? 0, 17 * 0.9, accuracy: 1e-9)
        XCTAssertEqual(kids.last?.text?.truncated, true)
        XCTAssertLessThanOrEqual(kids.last?.frame.width ?? .infinity, 209.6 + 1e-9)
        XCTAssertEqual(codes(r), ["render-ignored", "render-text-truncated"])
    }

    func testInlineDrawsTheTextInItsOwnFontWithoutBackgroundOrPadding() throws {
        // A 28 pt bold text with a background, rounded clip and padding, beside a 64 pt avatar
        // clipped to a circle with a frame of its own.
        let options = GeometryOptions(imageSize: { _ in Size(width: 64, height: 64) })
        let r = layout(#"""
        {"type": "hstack", "children": [
          {"type": "image", "content": "avatar.png", "width": 64, "height": 64, "clipShape": "circle", "background": "#FF0000", "scaleMode": "fill"},
          {"type": "text", "content": "Hi Ann", "fontSize": 28, "fontWeight": "bold", "font": "Serif", "color": "#FF0000",
           "background": "#0000FF", "cornerRadius": 8, "padding": 6}]}
        """#, .inline, options: options)
        // The text: 6 characters × 9.35 = 56.1 wide, 20.4 tall. The image: as tall as the
        // line, square as its picture: 20.4 × 20.4. The line: 20.4 + 4 + 56.1 = 80.5 wide,
        // centred in 234 × 26: x = (234 − 80.5) / 2 = 76.75, y = (26 − 20.4) / 2 = 2.8.
        assertFrame(r, "root.children[0]", 76.75, 2.8, 20.4, 20.4, accuracy: 1e-9)
        assertFrame(r, "root.children[1]", 76.75 + 24.4, 2.8, 56.1, 20.4, accuracy: 1e-9)
        let image = try XCTUnwrap(r.root?.find("root.children[0]"))
        let text = try XCTUnwrap(r.root?.find("root.children[1]"))
        XCTAssertEqual(text.contentFrame, text.frame, "no padding")
        XCTAssertEqual(text.cornerRadius, 0)
        XCTAssertEqual(image.drawnFrame ?? image.contentFrame, image.frame)
        for key in ["background", "clipShape", "scaleMode", "color", "cornerRadius", "padding", "font"] {
            XCTAssertNil(image.properties[key] ?? text.properties[key], key)
        }
        XCTAssertEqual(text.text?.lines.first?.runs, [TextRun("Hi Ann", font: FontSpec(size: 17, weight: .semibold))])
        XCTAssertEqual(codes(r), [], "no font finding: the inline font is the system's")
    }

    func testATallImageIsTheLinesHeightAndKeepsItsAspect() {
        let options = GeometryOptions(imageSize: { _ in Size(width: 30, height: 60) })
        let r = layout(#"{"type": "image", "content": "tall.png"}"#, .inline, options: options)
        // 20.4 tall, half as wide: 10.2; centred: x = (234 − 10.2) / 2 = 111.9.
        let frame = r.root?.children.first?.frame ?? Rect(x: 0, y: 0, width: 0, height: 0)
        for (got, want) in zip([frame.x, frame.y, frame.width, frame.height], [111.9, 2.8, 10.2, 20.4]) {
            XCTAssertEqual(got, want, accuracy: 1e-9, "\(frame)")
        }
    }

    func testTheLiveActivityIsAsTallAsItsContent() {
        // As the live-countdown example: a clear rectangle behind a vstack of a 14 pt title
        // (16.8), a 28 pt value (33.6), 4 pt apart: 54.4 tall; the rectangle asked for its
        // ideal size is 10 × 10, so the zstack is 54.4 and the presentation 54.4 + 2 × 14 = 82.4,
        // rounded up to 83 pt. The content area is 83 − 28 = 55 tall; the rectangle offered it
        // takes it, so the zstack is 343 × 55.
        let r = layout(#"""
        {"type": "zstack", "alignment": "topLeading", "children": [
          {"type": "shape", "content": "rectangle", "color": "transparent"},
          {"type": "vstack", "alignment": "leading", "spacing": 4, "children": [
            {"type": "text", "content": "Train to Lyon", "fontSize": 14},
            {"type": "text", "content": "12 min", "fontSize": 28}]}]}
        """#, .liveActivity)
        XCTAssertEqual(r.metrics.size.width, 371)
        XCTAssertEqual(r.metrics.size.height, 83)
        assertFrame(r, "root", 14, 14, 343, 55, accuracy: 1e-9)
        assertFrame(r, "root.children[1].children[1]", 14, 14 + 16.8 + 4, 6 * 14, 33.6, accuracy: 1e-9)
        XCTAssertEqual(codes(r), [])
    }

    func testTheLiveActivityIsAtMost160Tall() {
        // Ten 20 pt lines (24 each) 8 pt apart: 312, more than the 132 inside the margins.
        let lines = (0..<10).map { #"{"type": "text", "content": "line \#($0)", "fontSize": 20}"# }.joined(separator: ",")
        let r = layout(#"{"type": "vstack", "children": [\#(lines)]}"#, .liveActivity)
        XCTAssertEqual(r.metrics.size.height, 160)
        XCTAssertEqual(codes(r).first, "render-overflow")
    }

    func testOtherFamiliesKeepTheirSize() {
        let tree = #"{"type": "text", "content": "hi"}"#
        for family in WidgetFamily.allCases where family != .liveActivity {
            XCTAssertEqual(layout(tree, family).metrics, DeviceModel.reference.metrics(family), family.rawValue)
        }
    }
}
