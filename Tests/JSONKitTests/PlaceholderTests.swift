import XCTest
final class JSONKitPlaceholderTests: XCTestCase { func testPlaceholder() { XCTAssertEqual(1 + 1, 2) } }
