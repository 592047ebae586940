import XCTest
import Timeline

final class VirtualSchedulerTests: XCTestCase {
    func testTasksRunByDeadlineThenInsertionWithNowAtTheirDeadline() {
        let scheduler = VirtualScheduler(now: 1000)
        var log: [String] = []
        scheduler.schedule(at: 3000) { log.append("c@\(scheduler.now)") }
        scheduler.schedule(at: 2000) { log.append("a@\(scheduler.now)") }
        scheduler.schedule(at: 2000) { log.append("b@\(scheduler.now)") }
        XCTAssertEqual(scheduler.pendingCount, 3)
        XCTAssertEqual(scheduler.nextDeadline, 2000)
        XCTAssertEqual(scheduler.advance(to: 5000), 3)
        XCTAssertEqual(log, ["a@2000", "b@2000", "c@3000"])
        XCTAssertEqual(scheduler.now, 5000)
        XCTAssertEqual(scheduler.pendingCount, 0)
        XCTAssertNil(scheduler.nextDeadline)
    }

    func testAdvanceByRunsOnlyDueTasks() {
        let scheduler = VirtualScheduler(now: 0)
        var ran: [Int64] = []
        for deadline: Int64 in [10, 20, 30] { scheduler.schedule(at: deadline) { ran.append(scheduler.now) } }
        XCTAssertEqual(scheduler.advance(by: 20), 2)
        XCTAssertEqual(ran, [10, 20])
        XCTAssertEqual(scheduler.now, 20)
        XCTAssertEqual(scheduler.advance(by: 5), 0)
        XCTAssertEqual(scheduler.now, 25)
        XCTAssertEqual(scheduler.pendingCount, 1)
    }

    func testTasksScheduledWhileRunningRunInTheSameAdvance() {
        let scheduler = VirtualScheduler(now: 0)
        var ran: [Int64] = []
        func tick() {
            ran.append(scheduler.now)
            scheduler.schedule(at: scheduler.now + 100) { tick() }
        }
        scheduler.schedule(at: 100) { tick() }
        XCTAssertEqual(scheduler.advance(to: 450), 4)
        XCTAssertEqual(ran, [100, 200, 300, 400])
        XCTAssertEqual(scheduler.nextDeadline, 500)
        let left = scheduler.cancelAll()
        XCTAssertEqual(left.map(\.deadline), [500])
        XCTAssertEqual(scheduler.pendingCount, 0)
    }

    func testCancelWithdrawsATaskOnce() {
        let scheduler = VirtualScheduler(now: 0)
        var ran: [String] = []
        let a = scheduler.schedule(at: 10) { ran.append("a") }
        scheduler.schedule(at: 20) { ran.append("b") }
        XCTAssertTrue(scheduler.cancel(a))
        XCTAssertFalse(scheduler.cancel(a))
        XCTAssertEqual(scheduler.pendingCount, 1)
        XCTAssertEqual(scheduler.nextDeadline, 20)
        scheduler.runUntilIdle()
        XCTAssertEqual(ran, ["b"])
        XCTAssertEqual(scheduler.now, 20)
        XCTAssertFalse(scheduler.cancel(a))
    }

    func testPastDeadlineRunsAtNowAndTheClockNeverGoesBack() {
        let scheduler = VirtualScheduler(now: 500)
        var at: Int64 = -1
        scheduler.schedule(at: 100) { at = scheduler.now }
        XCTAssertEqual(scheduler.advance(to: 200), 1)
        XCTAssertEqual(at, 500)
        XCTAssertEqual(scheduler.now, 500)
    }

    func testCancelAllReportsLeftoversInRunOrder() {
        let scheduler = VirtualScheduler(now: 0)
        let late = scheduler.schedule(at: 90) {}
        let early = scheduler.schedule(at: 30) {}
        let gone = scheduler.schedule(at: 60) {}
        scheduler.cancel(gone)
        let left = scheduler.cancelAll()
        XCTAssertEqual(left.map(\.id), [early, late])
        XCTAssertEqual(left.map(\.deadline), [30, 90])
        XCTAssertEqual(scheduler.runUntilIdle(), 0)
        XCTAssertEqual(scheduler.now, 0)
    }

    func testManyTasksStayOrdered() {
        let scheduler = VirtualScheduler(now: 0)
        var ran: [Int64] = []
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<500 {
            let deadline = Int64(generator.next(atMost: 1000))
            scheduler.schedule(at: deadline) { ran.append(deadline) }
        }
        scheduler.runUntilIdle()
        XCTAssertEqual(ran.count, 500)
        XCTAssertEqual(ran, ran.sorted())
    }
}
