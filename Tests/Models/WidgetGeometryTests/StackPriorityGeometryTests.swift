import WidgetGeometry
import XCTest

/// SwiftUI's stack algorithm with layout priorities: a spacer's priority is −∞, so the other
/// children are sized first, each offered an even share of the length left once the spacers'
/// minimums are set aside, and the spacers get what is left at the end. Every expected frame is
/// worked out by those steps (fixed metrics: a character is half the font size wide, a line
/// 1.2 × the font size tall; a small widget's content area is (16, 16, 126, 126)).
final class StackPriorityGeometryTests: XCTestCase {
    func testATextBetweenTwoSpacersIsOfferedTheRowLessTheSpacersMinimums() throws {
        let r = layout(#"""
        {"type": "hstack", "children": [
          {"type": "spacer"}, {"type": "text", "content": "centred by two spacers", "fontSize": 8}, {"type": "spacer"}]}
        """#)
        // The text: 22 characters × 4 = 88 wide, 9.6 tall. Spacing 8 twice: 126 − 16 = 110.
        // Priority 0 (the text): the spacers' minimums 8 + 8 are set aside → 94; the text is
        // offered 94 and takes 88 on one line → 6 left. (Sized first among three, as an equally
        // flexible child, it was offered 110 / 3 = 36.7 and wrapped to three lines.)
        // Priority −∞ (the spacers): 6 + 16 = 22: the first is offered 22 / 2 = 11 and takes 11,
        // the second the 11 left. Row: 11 + 8 + 88 + 8 + 11 = 126, 9.6 tall:
        // y = 16 + (126 − 9.6) / 2 = 74.2; the spacers are 0 tall at 74.2 + 4.8 = 79.
        assertFrame(r, "root", 16, 74.2, 126, 9.6)
        assertFrame(r, "root.children[0]", 16, 79, 11, 0)
        assertFrame(r, "root.children[1]", 35, 74.2, 88, 9.6)
        assertFrame(r, "root.children[2]", 131, 79, 11, 0)
        let text = try XCTUnwrap(r.root?.find("root.children[1]")?.text)
        XCTAssertEqual(text.lines.count, 1)
        XCTAssertEqual(text.scale, 1)
        XCTAssertEqual(r.diagnostics, [])
    }

    func testACaptionBesideASpacerIsNotCutWhileTheSpacerHoldsRoom() throws {
        let r = layout(#"""
        {"type": "hstack", "children": [
          {"type": "text", "content": "Title", "fontSize": 10}, {"type": "spacer"},
          {"type": "text", "content": "caption here", "fontSize": 10, "lineLimit": 1}]}
        """#)
        // Texts: "Title" 25 × 12 (range 25), "caption here" 60 × 12 (range 60). 126 − 2 × 8 = 110;
        // the spacer's 8 set aside → 102. "Title" (less flexible) offered 102 / 2 = 51, takes 25
        // → 77 left; the caption offered 77, takes 60 → 17 left. The spacer: 17 + 8 = 25.
        // (Before, the spacer was a third child: the caption was offered (110 − 25) / 2 = 42.5
        // and cut to "caption…" on its one line while the spacer held 42.5.)
        // Row: 25 + 8 + 25 + 8 + 60 = 126, 12 tall at y = 16 + 57 = 73.
        assertFrame(r, "root", 16, 73, 126, 12)
        assertFrame(r, "root.children[0]", 16, 73, 25, 12)
        assertFrame(r, "root.children[1]", 49, 79, 25, 0)
        assertFrame(r, "root.children[2]", 82, 73, 60, 12)
        let caption = try XCTUnwrap(r.root?.find("root.children[2]")?.text)
        XCTAssertFalse(caption.truncated)
        XCTAssertEqual(caption.lines.map(\.text), ["caption here"])
        XCTAssertEqual(r.diagnostics, [])
    }

    func testSpacersWithInfiniteRangeGoLargestMinimumFirst() {
        let r = layout(#"""
        {"type": "hstack", "spacing": 0, "children": [
          {"type": "spacer"}, {"type": "text", "content": "abcdefghijklmn", "fontSize": 10},
          {"type": "spacer", "minLength": 40}]}
        """#)
        // The text, 14 × 5 = 70 wide: 126 less the minimums 8 + 40 = 78 offered; takes 70 → 8.
        // Spacers: 8 + 48 = 56. Both have an infinite range, so the one with the larger minimum
        // goes first: offered 56 / 2 = 28, it takes its minimum 40 → 16 left; the other is
        // offered 16 and takes it. Row: 16 + 70 + 40 = 126. (In the order written, the first
        // would take 28, the second 40: 138, 12 pt outside the widget's margins.)
        assertFrame(r, "root", 16, 73, 126, 12)
        assertFrame(r, "root.children[0]", 16, 79, 16, 0)
        assertFrame(r, "root.children[1]", 32, 73, 70, 12)
        assertFrame(r, "root.children[2]", 102, 79, 40, 0)
    }

    func testNestedStacksGiveTheirSpacersOnlyWhatIsLeft() {
        let r = layout(#"""
        {"type": "vstack", "spacing": 0, "children": [
          {"type": "hstack", "spacing": 0, "children": [
            {"type": "vstack", "spacing": 0, "children": [
              {"type": "text", "content": "alpha beta gamma", "fontSize": 10},
              {"type": "text", "content": "delta", "fontSize": 10}]},
            {"type": "spacer"}]},
          {"type": "spacer"},
          {"type": "text", "content": "Footer", "fontSize": 10}]}
        """#)
        // The inner row H: its vstack V (80 wide at most: "alpha beta gamma" is 16 × 5) is offered
        // 126 less the spacer's 8 = 118 and takes 80 with both texts on one line: 80 × 24. The
        // spacer gets 118 − 80 + 8 = 46. H: 126 × 24, whatever height it is offered (each text
        // keeps at least one line), so its vertical range is 0.
        // The outer column: H and "Footer" (30 × 12, range 0) have priority 0; the spacer's 8
        // is set aside: 126 − 8 = 118. H, first as written, is offered 59, takes 24 → 94 left;
        // the footer is offered 94, takes 12 → 82. The spacer: 82 + 8 = 90.
        // Column: 24 + 90 + 12 = 126 tall, 126 wide (H's width): (16, 16, 126, 126).
        assertFrame(r, "root", 16, 16, 126, 126)
        assertFrame(r, "root.children[0]", 16, 16, 126, 24)
        assertFrame(r, "root.children[0].children[0]", 16, 16, 80, 24)
        assertFrame(r, "root.children[0].children[0].children[0]", 16, 16, 80, 12)
        // "delta" (25 wide) centred in V: 16 + (80 − 25) / 2 = 43.5.
        assertFrame(r, "root.children[0].children[0].children[1]", 43.5, 28, 25, 12)
        // H's spacer, 0 tall, centred in H's 24: y = 16 + 12 = 28.
        assertFrame(r, "root.children[0].children[1]", 96, 28, 46, 0)
        // The column's spacer, 0 wide, centred: x = 16 + 63 = 79.
        assertFrame(r, "root.children[1]", 79, 40, 0, 90)
        assertFrame(r, "root.children[2]", 16 + (126 - 30) / 2, 130, 30, 12)
    }

    func testFixedFramesBesideASpacer() {
        let r = layout(#"""
        {"type": "hstack", "children": [
          {"type": "shape", "content": "rectangle", "width": 30, "height": 10}, {"type": "spacer"},
          {"type": "text", "content": "abc", "fontSize": 10, "width": 50, "maxWidth": 20}]}
        """#)
        // A fixed frame has a range of 0. 126 − 16 = 110; the spacer's 8 set aside → 102. The
        // shape is offered 51 and takes its 30 → 72; the text's frame is offered 72 and takes
        // its 50 → 22. The spacer: 22 + 8 = 30. `maxWidth` is not in the app's layout format
        // and is not read. Row: 30 + 8 + 30 + 8 + 50 = 126, as tall as the text, 12: y = 73.
        assertFrame(r, "root", 16, 73, 126, 12)
        assertFrame(r, "root.children[0]", 16, 74, 30, 10)
        assertFrame(r, "root.children[1]", 54, 79, 30, 0)
        assertFrame(r, "root.children[2]", 92, 73, 50, 12)
        // The text (15 wide) is centred in its 50 pt frame, by the default alignment.
        XCTAssertEqual(r.root?.find("root.children[2]")?.contentFrame, Rect(x: 92 + 17.5, y: 73, width: 15, height: 12))
    }

    func testAFixedWidthRowOfSpacersInAVStack() {
        let r = layout(#"""
        {"type": "vstack", "spacing": 4, "children": [
          {"type": "hstack", "width": 100, "spacing": 0, "children": [
            {"type": "text", "content": "L", "fontSize": 10}, {"type": "spacer"}, {"type": "text", "content": "R", "fontSize": 10}]},
          {"type": "text", "content": "wide line of text", "fontSize": 10}]}
        """#)
        // The row's frame is 100 wide: inside, "L" and "R" (5 each) are sized first with the
        // spacer's 8 set aside (92: "L" offered 46, "R" 87), and the spacer gets 100 − 10 = 90.
        // The text below, 17 × 5 = 85 wide. Column: 100 wide, 12 + 4 + 12 = 28 tall:
        // x = 16 + 13 = 29, y = 16 + 49 = 65.
        assertFrame(r, "root", 29, 65, 100, 28)
        assertFrame(r, "root.children[0]", 29, 65, 100, 12)
        assertFrame(r, "root.children[0].children[0]", 29, 65, 5, 12)
        assertFrame(r, "root.children[0].children[1]", 34, 71, 90, 0)
        assertFrame(r, "root.children[0].children[2]", 124, 65, 5, 12)
        assertFrame(r, "root.children[1]", 29 + 7.5, 81, 85, 12)
    }

    /// A text centred by two spacers, in every family: it is offered the content width less
    /// the spacers' 16 (at least 56, in the circular family's 72), takes its 35 × 12, and the
    /// spacers share the rest, (width − 35) / 2 each.
    func testATextCentredByTwoSpacersInEveryFamily() throws {
        let tree = #"""
        {"type": "hstack", "spacing": 0, "children": [
          {"type": "spacer"}, {"type": "text", "content": "centred", "fontSize": 10}, {"type": "spacer"}]}
        """#
        // family: content x, content width → spacer (width − 35) / 2, text x = content x + spacer;
        // text y = content y + (content height − 12) / 2.
        let expected: [(WidgetFamily, spacer: Double, x: Double, y: Double?)] = [
            (.small, 45.5, 16 + 45.5, 16 + 57),          // (16, 16, 126, 126)
            (.medium, 135.5, 16 + 135.5, 16 + 57),       // (16, 16, 306, 126)
            (.large, 135.5, 16 + 135.5, 16 + 155),       // (16, 16, 306, 322)
            (.circular, 18.5, 18.5, 30),                  // (0, 0, 72, 72)
            (.rectangular, 62.5, 62.5, 30),               // (0, 0, 160, 72)
            // (14, 14, 343, 132); the height is the Lock Screen presentation's, not checked here.
            (.liveActivity, 154, 14 + 154, nil),
        ]
        for (family, spacer, x, y) in expected {
            let r = layout(tree, family)
            let text = try XCTUnwrap(r.root?.find("root.children[1]"), family.rawValue)
            XCTAssertEqual(text.frame.x, x, accuracy: 1e-9, family.rawValue)
            XCTAssertEqual(text.frame.width, 35, accuracy: 1e-9, family.rawValue)
            if let y { XCTAssertEqual(text.frame.y, y, accuracy: 1e-9, family.rawValue) }
            XCTAssertEqual(r.frame("root.children[0]")?.width ?? -1, spacer, accuracy: 1e-9, family.rawValue)
            XCTAssertEqual(r.frame("root.children[2]")?.width ?? -1, spacer, accuracy: 1e-9, family.rawValue)
            XCTAssertEqual(r.frame("root.children[2]")?.maxX ?? -1, r.metrics.contentRect.maxX, accuracy: 1e-9, family.rawValue)
            XCTAssertEqual(text.text?.lines.count, 1, family.rawValue)
            XCTAssertEqual(r.diagnostics, [], family.rawValue)
        }
        // The inline family shows the text alone on its one line (spacers are not shown there),
        // centred in the 234 pt strip.
        let inline = layout(tree, .inline)
        let text = try XCTUnwrap(inline.components.first { $0.type == "text" })
        XCTAssertEqual(text.frame.x + text.frame.width / 2, 117, accuracy: 1e-9)
        XCTAssertEqual(text.text?.lines.count, 1)
    }
}
