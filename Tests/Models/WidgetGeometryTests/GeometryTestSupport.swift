import JSONKit
import Layout
import WidgetGeometry
import XCTest

/// Lays out JSON text with the fixed metrics: a character is half the font size wide (0.55 at
/// semibold and heavier, a whole em for CJK and emoji), a line 1.2 × the font size tall.
func layout(_ json: String, _ family: WidgetFamily = .small, device: DeviceModel = .reference,
            options: GeometryOptions = GeometryOptions(), file: StaticString = #filePath, line: UInt = #line) -> GeometryResult {
    do {
        return WidgetGeometry.layout(try JSONValue.parse(json), family: family, device: device, options: options)
    } catch {
        XCTFail("bad JSON in the test: \(error)", file: file, line: line)
        return WidgetGeometry.layout(.null, family: family)
    }
}

/// Lays out a layout file against outputs, so loops and the file's pointers are known.
func layoutDocument(_ text: String, outputs: String, _ family: WidgetFamily = .small,
                    file: StaticString = #filePath, line: UInt = #line) -> GeometryResult {
    do {
        let doc = try LayoutDocument.parse(text: text)
        guard case .object(let out) = try JSONValue.parse(outputs) else {
            XCTFail("outputs must be an object", file: file, line: line)
            return WidgetGeometry.layout(.null, family: family)
        }
        return WidgetGeometry.layout(doc, outputs: out, family: family)
    } catch {
        XCTFail("bad layout in the test: \(error)", file: file, line: line)
        return WidgetGeometry.layout(.null, family: family)
    }
}

func assertFrame(_ result: GeometryResult, _ path: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                 accuracy: Double = 1e-6, file: StaticString = #filePath, line: UInt = #line) {
    guard let f = result.frame(path) else {
        XCTFail("no component at \(path); have \(result.components.map(\.path))", file: file, line: line)
        return
    }
    XCTAssertEqual(f.x, x, accuracy: accuracy, "\(path).x of \(f)", file: file, line: line)
    XCTAssertEqual(f.y, y, accuracy: accuracy, "\(path).y of \(f)", file: file, line: line)
    XCTAssertEqual(f.width, w, accuracy: accuracy, "\(path).width of \(f)", file: file, line: line)
    XCTAssertEqual(f.height, h, accuracy: accuracy, "\(path).height of \(f)", file: file, line: line)
}

func codes(_ result: GeometryResult) -> [String] { result.diagnostics.map(\.code.rawValue) }
