import XCTest
final class PushContractPlaceholderTests: XCTestCase { func testPlaceholder() { XCTAssertEqual(1 + 1, 2) } }
