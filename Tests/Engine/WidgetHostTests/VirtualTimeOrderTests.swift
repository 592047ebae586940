import WidgetHost
import XCTest

/// T3: the one ordering of virtual time (``DeadlineQueue``), under a run's timers and the
/// simulation's scheduler: earliest deadline first, ties in insertion order.
final class VirtualTimeOrderTests: HostTestCase {
    func testEntriesThatShareADeadlineComeOutInInsertionOrder() {
        var queue = DeadlineQueue<Double, String>()
        queue.insert("late", at: 20)
        queue.insert("first", at: 10)
        queue.insert("second", at: 10)
        queue.insert("early", at: 5)
        queue.insert("third", at: 10)
        var order: [String] = []
        while let entry = queue.popFirst() { order.append(entry.element) }
        XCTAssertEqual(order, ["early", "first", "second", "third", "late"])
        XCTAssertTrue(queue.isEmpty)
    }

    func testARemovedEntryNeverComesOutAndIsRemovedOnce() {
        var queue = DeadlineQueue<Int64, String>()
        let a = queue.insert("a", at: 10)
        let b = queue.insert("b", at: 10)
        queue.insert("c", at: 30)
        XCTAssertTrue(queue.remove(b))
        XCTAssertFalse(queue.remove(b), "already removed")
        XCTAssertEqual(queue.count, 2)
        XCTAssertEqual(queue.first()?.element, "a")
        XCTAssertEqual(queue.popFirst(notAfter: 9)?.element, nil, "nothing is due at 9")
        XCTAssertEqual(queue.popFirst(notAfter: 10)?.key, a)
        XCTAssertFalse(queue.remove(a), "already taken")
        XCTAssertFalse(queue.remove(DeadlineQueue<Int64, String>.Key(value: 99)), "never inserted")
        XCTAssertEqual(queue.waiting.map(\.element), ["c"])
        XCTAssertEqual(queue.popFirst()?.element, "c")
        XCTAssertNil(queue.popFirst())
    }

    func testManyEntriesWithTiesAndRemovalsKeepTheirOrder() {
        var queue = DeadlineQueue<Int64, Int>()
        var generator = SystemRandomNumberGenerator()
        var expected: [(deadline: Int64, index: Int)] = []
        var keys: [DeadlineQueue<Int64, Int>.Key] = []
        let count = 50_000
        for index in 0..<count {
            let deadline = Int64.random(in: 0..<1_000, using: &generator)  // many ties
            keys.append(queue.insert(index, at: deadline))
            expected.append((deadline, index))
        }
        for index in stride(from: 0, to: count, by: 3) { XCTAssertTrue(queue.remove(keys[index])) }
        expected.removeAll { $0.index % 3 == 0 }
        expected.sort { $0.deadline != $1.deadline ? $0.deadline < $1.deadline : $0.index < $1.index }
        XCTAssertEqual(queue.count, expected.count)
        var taken: [Int] = []
        taken.reserveCapacity(expected.count)
        while let entry = queue.popFirst() { taken.append(entry.element) }
        XCTAssertEqual(taken, expected.map(\.index))
    }

    func testInsertingAndRemovingInALoopLeavesOnlyTheLiveEntries() {
        var queue = DeadlineQueue<Double, Int>()
        queue.insert(-1, at: 1e9)
        for index in 0..<100_000 { queue.remove(queue.insert(index, at: Double(index))) }
        XCTAssertEqual(queue.count, 1)
        XCTAssertEqual(queue.waiting.map(\.element), [-1])
        XCTAssertEqual(queue.popFirst()?.element, -1)
    }

    func testT3TimersThatShareADueTimeFireInTheOrderTheyWereSet() {
        let report = run("""
            const order = []
            for (let i = 0; i < 5; i++) setTimeout(() => order.push('t' + i), 100)
            const gone = setTimeout(() => order.push('gone'), 100)
            setTimeout(() => order.push('first'), 50)
            const tick = setInterval(() => { order.push('tick'); setTimeout(() => order.push('after-tick'), 0) }, 100)
            clearTimeout(gone)
            clearTimeout(gone)
            clearTimeout(123456)
            await sleep(250)
            clearInterval(tick)
            let seen = order.join(',')
            """)
        XCTAssertEqual(report.status, .ok)
        // The interval was set after t0…t4, so it fires after them at 100; its re-armed entry
        // at 200 was made when it fired, after nothing else due at 200.
        XCTAssertEqual(report.outputs["seen"], "first,t0,t1,t2,t3,t4,tick,after-tick,tick,after-tick")
        XCTAssertEqual(report.finishedAt, Self.fixedNow + 250)
    }

    func testT3TenThousandTimersFireInOrderAndClearedOnesNever() {
        let report = run("""
            let fired = 0, last = -1, sorted = true, cleared = 0
            const ids = []
            for (let i = 0; i < 10000; i++) {
              const due = (i * 7919) % 1000
              ids.push(setTimeout(() => { fired++; if (due < last) sorted = false; last = due; if (i % 2) cleared++ }, due))
            }
            for (let i = 1; i < 10000; i += 2) clearTimeout(ids[i])
            await sleep(1000)
            """)
        XCTAssertEqual(report.status, .ok)
        XCTAssertEqual(report.outputs["fired"], 5000)
        XCTAssertEqual(report.outputs["sorted"], true)
        XCTAssertEqual(report.outputs["cleared"], 0)
        XCTAssertEqual(report.outputs["last"], 998)
    }
}
