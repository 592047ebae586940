import WidgetGeometry
import XCTest

/// Frames of stacks, spacers, padding, alignment, fixed frames and grids, against arithmetic
/// done by hand from SwiftUI's rules. The small widget on the reference iPhone is 158 × 158
/// with 16 pt margins, so its content area is (16, 16, 126, 126).
final class StackGeometryTests: XCTestCase {
    func testVStackCentresItsChildrenAndTheWidgetCentresTheStack() {
        let r = layout(#"""
        {"type": "vstack", "spacing": 4, "children": [
          {"type": "text", "content": "Hello", "fontSize": 20},
          {"type": "text", "content": "World!", "fontSize": 10}]}
        """#)
        // Texts: "Hello" 5 × 10 = 50 wide, 1.2 × 20 = 24 tall; "World!" 6 × 5 = 30 by 12.
        // Stack: 50 wide, 24 + 4 + 12 = 40 tall; centred in (16, 16, 126, 126):
        // x = 16 + (126 − 50) / 2 = 54, y = 16 + (126 − 40) / 2 = 59.
        assertFrame(r, "root", 54, 59, 50, 40)
        assertFrame(r, "root.children[0]", 54, 59, 50, 24)
        // Centred in the stack: 54 + (50 − 30) / 2 = 64; below: 59 + 24 + 4 = 87.
        assertFrame(r, "root.children[1]", 64, 87, 30, 12)
        XCTAssertEqual(r.diagnostics, [])
    }

    func testHStackGivesTheSpacerWhatTheLessFlexibleChildrenLeave() {
        let r = layout(#"""
        {"type": "hstack", "children": [
          {"type": "text", "content": "Hi"}, {"type": "spacer"}, {"type": "icon", "content": "star"}]}
        """#, .medium)
        // Medium: 338 × 158, content (16, 16, 306, 126). Default spacing 8, font 17.
        // Priorities: text 0, icon 0, spacer −∞. Ranges (offered ∞ less offered 0): icon 0
        // (20.4 square, 1.2 × 17), text 17 ("Hi" 2 × 8.5), spacer ∞.
        // Width 306 − 2 × 8 = 290; the spacer's minimum 8 is set aside: 282. Icon offered
        // 282 / 2, takes 20.4 → 261.6 left; text offered 261.6, takes 17 → 244.6 left.
        // Spacer: 244.6 + its 8 back = 252.6, all of which it takes.
        // Stack: 17 + 8 + 252.6 + 8 + 20.4 = 306 wide, 20.4 tall: y = 16 + (126 − 20.4) / 2 = 68.8.
        assertFrame(r, "root", 16, 68.8, 306, 20.4)
        assertFrame(r, "root.children[0]", 16, 68.8, 17, 20.4)
        // The spacer is 0 tall, centred: 68.8 + 20.4 / 2 = 79.
        assertFrame(r, "root.children[1]", 41, 79, 252.6, 0)
        assertFrame(r, "root.children[2]", 301.6, 68.8, 20.4, 20.4)
    }

    func testTwoSpacersShareTheSpaceEqually() {
        let r = layout(#"""
        {"type": "hstack", "spacing": 0, "children": [
          {"type": "spacer"}, {"type": "text", "content": "AB", "fontSize": 10}, {"type": "spacer"}]}
        """#)
        // The text (10 × 12) is the only child of priority 0: offered 126 less the spacers'
        // minimums 2 × 8 = 110, it takes 10 → 100 left. The spacers get 100 + 16 = 116: the
        // first is offered 116 / 2 = 58, the second the 58 left.
        // The stack spans the whole width: 58 + 10 + 58 = 126; 12 tall, y = 16 + (126 − 12) / 2 = 73;
        // the spacers are 0 tall, centred: 73 + 6 = 79.
        assertFrame(r, "root", 16, 73, 126, 12)
        assertFrame(r, "root.children[0]", 16, 79, 58, 0)
        assertFrame(r, "root.children[1]", 74, 73, 10, 12)
        assertFrame(r, "root.children[2]", 84, 79, 58, 0)
    }

    func testSpacerPinsTitleToTheTopAndSubtitleToTheBottom() {
        let r = layout(#"""
        {"type": "vstack", "spacing": 0, "children": [
          {"type": "text", "content": "Top", "fontSize": 10}, {"type": "spacer"},
          {"type": "text", "content": "Bottom", "fontSize": 10}]}
        """#)
        // Texts 12 tall each ("Top" 15 wide, "Bottom" 30); the spacer takes 126 − 24 = 102, so
        // the stack fills the height; it is 30 wide, at x = 16 + (126 − 30) / 2 = 64. Children
        // are centred in it: 64 + (30 − 15) / 2 = 71.5; the spacer, 0 wide, at 64 + 15 = 79.
        assertFrame(r, "root", 64, 16, 30, 126)
        assertFrame(r, "root.children[0]", 71.5, 16, 15, 12)
        assertFrame(r, "root.children[1]", 79, 28, 0, 102)
        assertFrame(r, "root.children[2]", 64, 130, 30, 12)
    }

    func testPaddingInTopLeadingBottomTrailingOrder() {
        let r = layout(#"""
        {"type": "vstack", "padding": "10,20,30,40", "children": [
          {"type": "shape", "content": "rectangle", "width": 50, "height": 20}]}
        """#)
        // Content 50 × 20; with padding: (50 + 20 + 40) × (20 + 10 + 30) = 110 × 60.
        // Centred: x = 16 + (126 − 110) / 2 = 24, y = 16 + (126 − 60) / 2 = 49.
        assertFrame(r, "root", 24, 49, 110, 60)
        XCTAssertEqual(r.root?.contentFrame, Rect(x: 44, y: 59, width: 50, height: 20))
        assertFrame(r, "root.children[0]", 44, 59, 50, 20)
        // One number pads every edge.
        let all = layout(#"{"type": "zstack", "padding": 5, "children": [{"type": "shape", "width": 10, "height": 10}]}"#)
        assertFrame(all, "root", 16 + (126 - 20) / 2, 16 + (126 - 20) / 2, 20, 20)
    }

    func testStackAlignment() {
        let leading = layout(#"""
        {"type": "vstack", "alignment": "leading", "spacing": 0, "children": [
          {"type": "text", "content": "aaaaaaaaaa", "fontSize": 10}, {"type": "text", "content": "bbb", "fontSize": 10}]}
        """#)
        // Widths 50 and 15; the stack is 50 wide at x = 16 + 38 = 54; leading puts both at 54.
        assertFrame(leading, "root.children[1]", 54, 16 + (126 - 24) / 2 + 12, 15, 12)
        let trailing = layout(#"""
        {"type": "vstack", "alignment": "trailing", "spacing": 0, "children": [
          {"type": "text", "content": "aaaaaaaaaa", "fontSize": 10}, {"type": "text", "content": "bbb", "fontSize": 10}]}
        """#)
        assertFrame(trailing, "root.children[1]", 54 + 35, 67 + 12, 15, 12)
        let bottom = layout(#"""
        {"type": "hstack", "alignment": "bottom", "spacing": 0, "children": [
          {"type": "text", "content": "A", "fontSize": 20}, {"type": "text", "content": "b", "fontSize": 10}]}
        """#)
        // Heights 24 and 12: the small one sits at the bottom: y = stack y + 12.
        let stackY = 16 + (126 - 24) / 2.0
        assertFrame(bottom, "root.children[1]", 16 + (126 - 15) / 2 + 10, stackY + 12, 5, 12)
    }

    func testZStackLayersWithAlignment() {
        let r = layout(#"""
        {"type": "zstack", "alignment": "bottomTrailing", "children": [
          {"type": "shape", "content": "rectangle"}, {"type": "text", "content": "A", "fontSize": 10}]}
        """#)
        // The shape takes the whole offer, 126 × 126; the text (5 × 12) goes to the bottom
        // right corner: x = 16 + 126 − 5 = 137, y = 16 + 126 − 12 = 130.
        assertFrame(r, "root", 16, 16, 126, 126)
        assertFrame(r, "root.children[0]", 16, 16, 126, 126)
        assertFrame(r, "root.children[1]", 137, 130, 5, 12)
    }

    func testFixedFrameCentresItsContentAndReportsOverflow() {
        let r = layout(#"{"type": "vstack", "width": 60, "height": 40, "children": [{"type": "text", "content": "ab", "fontSize": 10}]}"#)
        // Frame 60 × 40 centred: (16 + 33, 16 + 43); the text 10 × 12 centred in it.
        assertFrame(r, "root", 49, 59, 60, 40)
        assertFrame(r, "root.children[0]", 49 + 25, 59 + 14, 10, 12)
        let tight = layout(#"{"type": "zstack", "width": 20, "height": 20, "children": [{"type": "shape", "width": 50, "height": 10}]}"#)
        // A 50 pt shape in a 20 pt frame spills 15 pt on each side.
        assertFrame(tight, "root.children[0]", 16 + 53 - 15, 16 + 53 + 5, 50, 10)
        XCTAssertTrue(codes(tight).contains("render-overflow"), "\(tight.diagnostics)")
    }

    func testShapesAreFlexibleAndACircleIsDrawnInTheLargestSquare() {
        let r = layout(#"""
        {"type": "hstack", "spacing": 6, "children": [
          {"type": "shape", "content": "circle"}, {"type": "shape", "content": "capsule", "height": 30}]}
        """#)
        // Both shapes are fully flexible: (126 − 6) / 2 = 60 each; the circle is 60 × 126 and
        // its outline the centred 60 × 60 square; the capsule has a fixed height of 30.
        assertFrame(r, "root.children[0]", 16, 16, 60, 126)
        XCTAssertEqual(r.root?.find("root.children[0]")?.drawnFrame, Rect(x: 16, y: 49, width: 60, height: 60))
        assertFrame(r, "root.children[1]", 82, 16 + 48, 60, 30)
    }

    func testGridPlacesCellsInFixedColumns() {
        let cells = Array(repeating: #"{"type": "shape", "height": 20}"#, count: 7).joined(separator: ",")
        let r = layout(#"{"type": "grid", "columns": 3, "spacing": 6, "children": ["# + cells + "]}")
        // Columns: (126 − 2 × 6) / 3 = 38; rows 3, 3, 1 of 20: 3 × 20 + 2 × 6 = 72 tall.
        // y = 16 + (126 − 72) / 2 = 43.
        assertFrame(r, "root", 16, 43, 126, 72)
        assertFrame(r, "root.children[0]", 16, 43, 38, 20)
        assertFrame(r, "root.children[4]", 16 + 44, 43 + 26, 38, 20)
        assertFrame(r, "root.children[6]", 16, 43 + 52, 38, 20)
        // A cell smaller than its column is centred in it (a 10 pt text in a 38 pt column).
        let g = layout(#"{"type": "grid", "columns": 2, "spacing": 0, "children": [{"type": "text", "content": "ab", "fontSize": 10}]}"#)
        assertFrame(g, "root.children[0]", 16 + (63 - 10) / 2, 16 + (126 - 12) / 2, 10, 12)
    }

    func testButtonStacksItsChildrenAndTheNormalStyleAddsInsets() {
        let r = layout(#"{"type": "button", "style": "normal", "children": [{"type": "text", "content": "Tap", "fontSize": 10}]}"#)
        // "Tap" 15 × 12, plus 12 pt each side and 6 pt above and below: 39 × 24.
        assertFrame(r, "root", 16 + (126 - 39) / 2, 16 + (126 - 24) / 2, 39, 24)
        assertFrame(r, "root.children[0]", 16 + (126 - 39) / 2 + 12, 16 + (126 - 24) / 2 + 6, 15, 12)
    }

    func testImageFitFillAndStretch() {
        let opts = GeometryOptions(imageSize: { _ in Size(width: 200, height: 100) })
        let fit = layout(#"{"type": "image", "content": "LD:a.png", "width": 100, "height": 100}"#, options: opts)
        // 200 × 100 fitted into 100 × 100: 100 × 50, centred in the frame (21, 29) → y + 25.
        assertFrame(fit, "root", 29, 29, 100, 100)
        XCTAssertEqual(fit.root?.drawnFrame, Rect(x: 29, y: 54, width: 100, height: 50))
        let fill = layout(#"{"type": "image", "content": "LD:a.png", "scaleMode": "fill", "width": 100, "height": 100}"#, options: opts)
        // Filling: scale max(100 / 200, 100 / 100) = 1: 200 × 100, centred, clipped to the frame.
        XCTAssertEqual(fill.root?.drawnFrame, Rect(x: 29 - 50, y: 29, width: 200, height: 100))
        let stretch = layout(#"{"type": "image", "content": "LD:a.png", "scaleMode": "stretch", "width": 100, "height": 100}"#, options: opts)
        XCTAssertEqual(stretch.root?.drawnFrame, Rect(x: 29, y: 29, width: 100, height: 100))
        // No frame and no size known: the image fits the offer with its 1:1 placeholder aspect.
        let bare = layout(#"{"type": "image", "content": "LD:missing.png"}"#)
        assertFrame(bare, "root", 16, 16, 126, 126)
    }

    func testOffsetRotationAndOpacityDoNotMoveTheLayout() {
        let r = layout(#"{"type": "text", "content": "ab", "fontSize": 10, "offsetX": 5, "offsetY": -3, "rotation": 45, "opacity": 0.5, "cornerRadius": 4}"#)
        assertFrame(r, "root", 16 + 58, 16 + 57, 10, 12)
        XCTAssertEqual(r.root?.offset, Point(x: 5, y: -3))
        XCTAssertEqual(r.root?.rotation, 45)
        XCTAssertEqual(r.root?.opacity, 0.5)
        XCTAssertEqual(r.root?.cornerRadius, 4)
    }

    func testAnArrayOfComponentsIsStackedVertically() {
        let r = layout(#"[{"type": "text", "content": "a", "fontSize": 10}, {"type": "text", "content": "b", "fontSize": 10}]"#)
        // Two 5 × 12 texts, 8 apart: 32 tall.
        assertFrame(r, "root", 16 + 60.5, 16 + 47, 5, 32)
        assertFrame(r, "root[1]", 16 + 60.5, 16 + 47 + 20, 5, 12)
    }
}
