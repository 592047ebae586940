@testable import Studio
import Synchronization
import XCTest

/// Pairing as `POST /pair` uses it: the code, the token, the limit on wrong codes and the wait
/// after them, with a clock the test moves.
final class StudioPairingTests: XCTestCase {
    /// A clock the test sets, in seconds.
    final class Clock: Sendable {
        let now = Mutex(1000.0)
        func advance(_ seconds: Double) { now.withLock { $0 += seconds } }
    }

    func testTheRightCodeGivesATokenOf256BitsThatTheRoutesTake() throws {
        let pairing = StudioPairing(announce: { _ in })
        let code = pairing.code
        XCTAssertNotNil(code.wholeMatch(of: /[0-9]{6}/), code)
        XCTAssertFalse(pairing.authorizes(nil))
        guard case .paired(let token) = pairing.pair(code: code, name: "VS Code", version: "1.90.0") else {
            return XCTFail("the right code was refused")
        }
        XCTAssertNotNil(token.wholeMatch(of: /[0-9a-f]{64}/), token)
        XCTAssertTrue(pairing.authorizes("Bearer \(token)"))
        XCTAssertFalse(pairing.authorizes(token), "without the Bearer scheme")
        // The token with its last digit changed (to another digit whatever it was).
        XCTAssertFalse(pairing.authorizes("Bearer \(token.dropLast())\(token.last == "0" ? "1" : "0")"))
        XCTAssertEqual(pairing.client?.name, "VS Code")
        XCTAssertEqual(pairing.client?.version, "1.90.0")
        // A new pairing replaces the token.
        guard case .paired(let second) = pairing.pair(code: code, name: "VS Code", version: "1.91.0") else {
            return XCTFail("the right code was refused the second time")
        }
        XCTAssertNotEqual(second, token)
        XCTAssertFalse(pairing.authorizes("Bearer \(token)"))
        XCTAssertTrue(pairing.authorizes("Bearer \(second)"))
    }

    func testFiveWrongCodesMakeANewCodeSaidWhereTheStudioRunsAndPairingWaitsAMinute() throws {
        let clock = Clock()
        let said = Mutex<[String]>([])
        let pairing = StudioPairing(clock: { clock.now.withLock { $0 } }, announce: { line in said.withLock { $0.append(line) } })
        let first = pairing.code
        let wrong = first == "000000" ? "000001" : "000000"
        for left in [4, 3, 2, 1] {
            XCTAssertEqual(pairing.pair(code: wrong, name: "x", version: ""), .wrong(left: left))
        }
        XCTAssertEqual(said.withLock { $0 }, [])
        XCTAssertEqual(pairing.pair(code: wrong, name: "x", version: ""), .locked(seconds: 60))
        let second = pairing.code
        XCTAssertEqual(said.withLock { $0 }, ["5 wrong pairing codes: pairing waits 60 s · new pairing code \(second)"])
        // While it waits, even the new code is refused.
        clock.advance(59)
        XCTAssertEqual(pairing.pair(code: second, name: "x", version: ""), .locked(seconds: 1))
        clock.advance(1)
        if first != second {
            XCTAssertEqual(pairing.pair(code: first, name: "x", version: ""), .wrong(left: 4), "the old code is gone")
        }
        guard case .paired = pairing.pair(code: second, name: "x", version: "") else { return XCTFail("the new code was refused") }
    }

    func testCodesAreSixDigitsWithLeadingZerosAndVary() {
        let codes = (0..<2000).map { _ in StudioPairing.newCode() }
        XCTAssertTrue(codes.allSatisfy { $0.wholeMatch(of: /[0-9]{6}/) != nil })
        XCTAssertGreaterThan(Set(codes).count, 1990)
        // About one code in ten starts with 0 (a code cut to fewer digits would never).
        XCTAssertGreaterThan(codes.filter { $0.hasPrefix("0") }.count, 100)
    }
}
