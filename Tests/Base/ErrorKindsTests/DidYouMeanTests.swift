import ErrorKinds
import XCTest

final class DidYouMeanTests: XCTestCase {
    private func nearest(_ name: String, _ candidates: [String]) -> String? {
        DidYouMean.nearest(to: name, among: candidates)
    }

    func testCloseNamesAreSuggested() {
        XCTAssertEqual(nearest("nmae", ["name", "age"]), "name", "a swap of neighbours costs 1")
        XCTAssertEqual(nearest("titel", ["title", "temp"]), "title")
        XCTAssertEqual(nearest("Title", ["title"]), "title", "case alone is distance 0")
        XCTAssertEqual(nearest("temprature", ["temperature", "time"]), "temperature")
        XCTAssertEqual(nearest("usr", ["url", "user"]), "user", "the closest wins")
        XCTAssertEqual(nearest("cat", ["hat", "bat"]), "bat", "ties go to the name that sorts first")
        XCTAssertEqual(nearest("cells", ["cell", "cels"]), "cell")
    }

    func testFarOrTinyNamesAreNot() {
        XCTAssertNil(nearest("x", ["y"]), "one letter against one letter is not a suggestion")
        XCTAssertNil(nearest("abc", ["xyz"]))
        XCTAssertNil(nearest("weather", ["title", "name"]))
        XCTAssertNil(nearest("a", []))
        XCTAssertNil(nearest("name", ["name"]), "the name itself is not a suggestion")
        XCTAssertNil(nearest("", ["a"]))
        XCTAssertNil(nearest("ab", [""]))
    }

    func testThresholdGrowsWithLength() {
        XCTAssertEqual(DidYouMean.threshold(3), 1)
        XCTAssertEqual(DidYouMean.threshold(6), 2)
        XCTAssertEqual(DidYouMean.threshold(7), 3)
        XCTAssertEqual(nearest("abcd", ["wxcd"]), "wxcd", "distance 2 over 4 letters")
        XCTAssertNil(nearest("abcd", ["wxyd"]), "distance 3 over 4 letters")
        XCTAssertNil(nearest("abc", ["xyc"]), "distance 2 over 3 letters")
        XCTAssertEqual(nearest("abcdef", ["wxcdef"]), "wxcdef")
        XCTAssertNil(nearest("abcdef", ["wxydef"]))
    }

    func testDistance() {
        func d(_ a: String, _ b: String, _ limit: Int = 10) -> Int? {
            DidYouMean.distance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit)
        }
        XCTAssertEqual(d("kitten", "sitting"), 3)
        XCTAssertEqual(d("ab", "ba"), 1)
        XCTAssertEqual(d("", "abc"), 3)
        XCTAssertEqual(d("abc", ""), 3)
        XCTAssertEqual(d("same", "same"), 0)
        XCTAssertNil(d("kitten", "sitting", 2))
        XCTAssertEqual(d("城市", "城巿"), 1)
    }
}
