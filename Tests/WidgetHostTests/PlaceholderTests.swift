import XCTest
final class WidgetHostPlaceholderTests: XCTestCase { func testPlaceholder() { XCTAssertEqual(1 + 1, 2) } }
