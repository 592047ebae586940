import JSONKit
import WidgetGeometry
import XCTest

/// The frames `render --format json` and `preview --format json` list for every component
/// (`GeometryResult.componentFrames`), from layouts whose frames are worked out elsewhere.
final class ComponentFrameTests: XCTestCase {
    /// The report's frames (`GeometryResult.componentFrames`): pointer, type and frame of every
    /// component, depth first, with a text's lines and scale.
    func testComponentFramesListEveryComponent() {
        let r = layout(#"""
        {"type": "hstack", "children": [
          {"type": "spacer"}, {"type": "text", "content": "centred by two spacers", "fontSize": 8}, {"type": "spacer"}]}
        """#)
        // The frames of StackPriorityGeometryTests.testATextBetweenTwoSpacersIsOfferedTheRowLessTheSpacersMinimums.
        XCTAssertEqual(r.componentFrames, [
            ["path": "", "type": "hstack", "x": 16, "y": 74.2, "width": 126, "height": 9.6],
            ["path": "/children/0", "type": "spacer", "x": 16, "y": 79, "width": 11, "height": 0],
            ["path": "/children/1", "type": "text", "x": 35, "y": 74.2, "width": 88, "height": 9.6,
             "lines": 1, "scale": 1, "truncated": false],
            ["path": "/children/2", "type": "spacer", "x": 131, "y": 79, "width": 11, "height": 0],
        ])
        // Shrunk to fit: a 20 pt "MMMMMMMMMMMMM" (13 × 10 = 130) in 126 pt on one line takes
        // the scale 126 / 130 = 0.969…, reported to the thousandth.
        let shrunk = layout(#"{"type": "text", "content": "MMMMMMMMMMMMM", "fontSize": 20, "lineLimit": 1}"#)
        XCTAssertEqual(shrunk.componentFrames.first?["lines"], 1)
        XCTAssertEqual(shrunk.componentFrames.first?["scale"]?.doubleValue ?? 0, 0.969, accuracy: 0.0015)
        XCTAssertEqual(shrunk.componentFrames.first?["truncated"], false)
    }

    func testComponentFramesNameTheLoopItem() {
        let r = layoutDocument(#"""
        {"type": "vstack", "dataSource": "${rows[row]}", "children": [{"type": "text", "content": "${row}", "fontSize": 10}]}
        """#, outputs: #"{"rows": ["a", "b"]}"#)
        let frames = r.componentFrames
        XCTAssertEqual(frames.map { $0["path"] }, ["", "/children/0", "/children/1"])
        XCTAssertEqual(frames[2]["source"], "/children/0")
        XCTAssertNotNil(frames[2]["item"]?.stringValue)
        XCTAssertNil(frames[0]["item"])
    }
}
