import XCTest
final class TimelinePlaceholderTests: XCTestCase { func testPlaceholder() { XCTAssertEqual(1 + 1, 2) } }
