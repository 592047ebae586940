import XCTest
final class ScriptCorePlaceholderTests: XCTestCase { func testPlaceholder() { XCTAssertEqual(1 + 1, 2) } }
