import Synchronization
import HostSystem
import XCTest
@testable import WidgetHost

/// The threads the host starts: joined once however often asked, and a preparer that never
/// waits for a context nobody asked for.
final class ThreadingTests: XCTestCase {
    func testJoiningAThreadTwiceIsHarmless() {
        let ran = Atomic<Int>(0)
        let thread = OSThread { ran.add(1, ordering: .relaxed) }
        thread.join()
        thread.join()
        XCTAssertEqual(ran.load(ordering: .relaxed), 1)
    }

    func testTakingWithNothingPreparedReturnsAtOnce() {
        let preparer = ContextPreparer()
        defer { preparer.stop() }
        XCTAssertNil(preparer.take())
    }

    func testTakingWaitsForTheContextAskedFor() {
        let preparer = ContextPreparer()
        defer { preparer.stop() }
        preparer.prepare(in: HostEngine())
        XCTAssertNotNil(preparer.take())
        XCTAssertNil(preparer.take(), "a context is taken once")
    }

    func testTakingAfterStopReturnsAtOnce() {
        let preparer = ContextPreparer()
        preparer.stop()
        XCTAssertNil(preparer.take())
    }
}
