import WidgetGeometry
import XCTest

/// Every family at its size on every device of the table,
/// gauges, and loops that do not fit.
final class FamilyGeometryTests: XCTestCase {
    func testReferenceDeviceFamilySizes() {
        let d = DeviceModel.reference
        XCTAssertEqual(d.name, "iphone-15-pro")
        XCTAssertEqual(d.screen, Size(width: 393, height: 852))
        let expected: [WidgetFamily: Size] = [
            .small: Size(width: 158, height: 158), .medium: Size(width: 338, height: 158),
            .large: Size(width: 338, height: 354), .circular: Size(width: 72, height: 72),
            .rectangular: Size(width: 160, height: 72), .inline: Size(width: 234, height: 26),
            .liveActivity: Size(width: 371, height: 160),
        ]
        for family in WidgetFamily.allCases {
            XCTAssertEqual(d.metrics(family).size, expected[family], family.rawValue)
        }
        XCTAssertEqual(d.metrics(.small).contentRect, Rect(x: 16, y: 16, width: 126, height: 126))
        XCTAssertEqual(d.metrics(.medium).cornerRadius, 22)
        XCTAssertEqual(d.metrics(.circular).cornerRadius, 36)
        XCTAssertEqual(d.metrics(.rectangular).contentMargins, .zero)
        XCTAssertEqual(d.metrics(.liveActivity).contentRect, Rect(x: 14, y: 14, width: 343, height: 132))
    }

    func testEveryDeviceInTheTable() {
        // name: small, medium, large, circular, rectangular, inline, Live Activity.
        let table: [(String, Double, [Double])] = [
            ("iphone-15-pro", 393, [158, 338, 158, 338, 354, 72, 160, 72, 234, 26, 371, 160]),
            ("iphone-15-pro-max", 430, [170, 364, 170, 364, 382, 76, 172, 76, 257, 26, 408, 160]),
            ("iphone-14", 390, [158, 338, 158, 338, 354, 72, 160, 72, 234, 26, 368, 160]),
            ("iphone-14-plus", 428, [170, 364, 170, 364, 382, 76, 172, 76, 257, 26, 406, 160]),
            ("iphone-13-mini", 375, [155, 329, 155, 329, 345, 72, 157, 72, 225, 26, 353, 160]),
            ("iphone-11", 414, [169, 360, 169, 360, 379, 76, 160, 72, 248, 26, 392, 160]),
            ("iphone-se", 375, [148, 321, 148, 321, 324, 68, 153, 68, 225, 26, 353, 160]),
        ]
        XCTAssertEqual(DeviceModel.all.map(\.name), table.map(\.0))
        for (name, screenWidth, v) in table {
            guard let d = DeviceModel.named(name.uppercased()) else { XCTFail("no \(name)"); continue }
            XCTAssertEqual(d.screen.width, screenWidth, name)
            let sizes = WidgetFamily.allCases.map { d.metrics($0).size }
            XCTAssertEqual(sizes, [Size(width: v[0], height: v[0]), Size(width: v[1], height: v[2]),
                                   Size(width: v[3], height: v[4]), Size(width: v[5], height: v[5]),
                                   Size(width: v[6], height: v[7]), Size(width: v[8], height: v[9]),
                                   Size(width: v[10], height: v[11])], name)
            // The Live Activity is 22 pt narrower than the screen on every device.
            XCTAssertEqual(d.metrics(.liveActivity).size.width, screenWidth - 22, name)
        }
        XCTAssertNil(DeviceModel.named("pixel-9"))
    }

    func testFamilyNames() {
        XCTAssertEqual(WidgetFamily(name: "systemSmall"), .small)
        XCTAssertEqual(WidgetFamily(name: "accessory-circular"), .circular)
        XCTAssertEqual(WidgetFamily(name: "live"), .liveActivity)
        XCTAssertNil(WidgetFamily(name: "huge"))
        XCTAssertEqual(WidgetFamily.allCases.filter(\.isMonochrome), [.circular, .rectangular, .inline])
    }

    func testTheSameTreeInEveryFamily() {
        let tree = #"{"type": "vstack", "children": [{"type": "shape", "content": "rectangle"}]}"#
        for family in WidgetFamily.allCases where family != .inline && family != .liveActivity {
            let r = layout(tree, family)
            // A flexible shape fills the content area: the family less its margins. (The inline
            // family shows no shapes; the Live Activity is as tall as its content's ideal
            // height: LockScreenGeometryTests.)
            XCTAssertEqual(r.root?.frame, r.metrics.contentRect, family.rawValue)
        }
    }

    func testCircularGaugeIsAFixedRingWithItsSlots() {
        let r = layout(#"""
        {"type": "gauge", "content": 0.75, "style": "acircular", "children": [
          {"type": "zstack", "children": [{"type": "icon", "content": "bolt.fill", "fontSize": 10}]},
          {"type": "zstack", "children": [{"type": "text", "content": "75%", "fontSize": 10}]},
          {"type": "text", "content": "0", "fontSize": 6}, {"type": "text", "content": "100", "fontSize": 6},
          {"type": "icon", "content": "x"}]}
        """#, .circular)
        // Circular family 72 × 72, no margins; the ring is 58 across: at (7, 7).
        assertFrame(r, "root", 7, 7, 58, 58)
        XCTAssertEqual(r.root?.drawnFrame, Rect(x: 7, y: 7, width: 58, height: 58))
        // Label (12 square) centred at 38 % of the height: y = 7 + 22.04 − 6.
        assertFrame(r, "root.children[0]", 7 + 23, 7 + 58 * 0.38 - 6, 12, 12, accuracy: 1e-9)
        // Current value "75%" (15 × 12) centred at 62 %.
        assertFrame(r, "root.children[1]", 7 + 21.5, 7 + 58 * 0.62 - 6, 15, 12, accuracy: 1e-9)
        // Minimum bottom left (3 × 7.2), maximum bottom right (9 × 7.2).
        assertFrame(r, "root.children[2]", 7, 7 + 58 - 7.2, 3, 7.2, accuracy: 1e-9)
        assertFrame(r, "root.children[3]", 7 + 58 - 9, 7 + 58 - 7.2, 9, 7.2, accuracy: 1e-9)
        XCTAssertEqual(codes(r), ["render-ignored"])
    }

    func testLinearGaugeIsAsWideAsOffered() {
        let r = layout(#"""
        {"type": "gauge", "content": 0.33, "style": "alinear", "children": [
          {"type": "text", "content": "0", "fontSize": 10}, {"type": "text", "content": "100", "fontSize": 10}]}
        """#, .rectangular)
        // 160 wide; a 6 pt bar and a 12 pt row below it, 2 pt apart: 6 + 12 + 2 = 20 tall.
        assertFrame(r, "root", 0, (72 - 20) / 2, 160, 20)
        XCTAssertEqual(r.root?.drawnFrame, Rect(x: 0, y: 26, width: 160, height: 6))
        assertFrame(r, "root.children[1]", 160 - 15, 26 + 8, 15, 12)
    }

    func testSizesInMessagesAreRoundedToATenthOfAPoint() {
        XCTAssertEqual(Size(width: 65, height: 86.6826171875).description, "65x86.7")
        XCTAssertEqual(Size(width: 0.04, height: -0.04).description, "0x0")
        // Five texts 15.185 × 36.444, 8 apart: 5 × 36.444 + 4 × 8 = 214.22 tall.
        let r = layoutDocument(#"""
        {"type": "vstack", "dataSource": "${events[ev]}", "children": [
          {"type": "text", "content": "${ev}", "fontSize": 30.37}]}
        """#, outputs: #"{"events": ["a", "b", "c", "d", "e"]}"#)
        let overflow = r.diagnostics.first { $0.code == .overflow }
        XCTAssertTrue(overflow?.message.hasPrefix("the layout is 15.2x214.2; the widget has 126x126 inside its margins") ?? false,
                      overflow?.message ?? "none")
    }

    func testALoopWhoseItemsDoNotFit() {
        let r = layoutDocument(#"""
        {"type": "vstack", "dataSource": "${events[ev]}", "children": [
          {"type": "text", "content": "${ev}", "fontSize": 30}]}
        """#, outputs: #"{"events": ["a", "b", "c", "d", "e"]}"#)
        // Five texts 15 × 36, 8 apart: 5 × 36 + 4 × 8 = 212 tall, more than 126. Centred, the
        // stack starts at 16 + (126 − 212) / 2 = −27: the first and last items fall outside the
        // 158 pt widget (−27…9 and 149…185); items 1 to 3 are inside.
        assertFrame(r, "root", 16 + 55.5, -27, 15, 212)
        assertFrame(r, "root.children[4]", 71.5, 149, 15, 36)
        let loop = r.diagnostics.first { $0.code == .loopOverflow }
        XCTAssertEqual(loop?.field, "/dataSource")
        XCTAssertTrue(loop?.message.hasPrefix("3 of 5 items of ${events[ev]} fit; item 0") ?? false, loop?.message ?? "none")
        let overflow = r.diagnostics.first { $0.code == .overflow }
        XCTAssertTrue(overflow?.message.contains("27 pt fall outside the widget") ?? false, overflow?.message ?? "none")
        // The same loop with three items fits in the large widget and says nothing.
        let large = layoutDocument(#"{"type": "vstack", "dataSource": "${events[ev]}", "children": [{"type": "text", "content": "${ev}", "fontSize": 30}]}"#,
                                   outputs: #"{"events": ["a", "b", "c"]}"#, .large)
        XCTAssertEqual(large.diagnostics, [])
    }

    func testTruncatedTextInALoopNamesTheTemplateFieldAndItem() {
        let r = layoutDocument(#"""
        {"type": "vstack", "children": [{"type": "vstack", "dataSource": "${rows[row]}", "children": [
          {"type": "text", "content": "${row}", "lineLimit": 1, "minimumScaleFactor": 1}]}]}
        """#, outputs: #"{"rows": ["short", "a title much too long for a small widget to show"]}"#)
        let d = r.diagnostics.first { $0.code == .textTruncated }
        XCTAssertEqual(d?.path, "root.children[0].children[1]")
        XCTAssertEqual(d?.field, "/children/0/children/0/content (item 1 of ${rows[row]})")
        let loop = r.diagnostics.first { $0.code == .loopOverflow }
        XCTAssertTrue(loop?.message.hasPrefix("1 of 2 items") ?? false, loop?.message ?? "none")
        XCTAssertEqual(r.root?.find("root.children[0].children[1]")?.loopItems, "item 1 of ${rows[row]}")
        XCTAssertEqual(r.root?.find("root.children[0].children[1]")?.sourcePointer, "/children/0/children/0")
    }
}
