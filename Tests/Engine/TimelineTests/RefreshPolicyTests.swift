import XCTest
@testable import Timeline

/// R1–R3 in isolation.
final class RefreshPolicyTests: XCTestCase {
    func testR1UpdateTimeWinsThenFrequencyThenDefault() {
        let t: Int64 = 1_000_000
        XCTAssertEqual(RefreshRequest.after(finishedAt: t, updateTime: t + 7 * minute, frequencyMinutes: 30,
                                            defaultCadenceMs: 99),
                       RefreshRequest(at: t + 7 * minute, reason: .updateTime))
        XCTAssertEqual(RefreshRequest.after(finishedAt: t, updateTime: nil, frequencyMinutes: 30, defaultCadenceMs: 99),
                       RefreshRequest(at: t + 30 * minute, reason: .frequency))
        XCTAssertEqual(RefreshRequest.after(finishedAt: t, updateTime: nil, frequencyMinutes: nil, defaultCadenceMs: 99),
                       RefreshRequest(at: t + 99, reason: .default))
    }

    func testR1FrequencyIsAtLeastFiveMinutesAndFractionsCount() {
        XCTAssertEqual(RefreshRequest.effectiveIntervalMs(minutes: 2), 5 * minute)
        XCTAssertEqual(RefreshRequest.effectiveIntervalMs(minutes: 0.01), 5 * minute)
        XCTAssertEqual(RefreshRequest.effectiveIntervalMs(minutes: 7.5), 450_000)
        XCTAssertEqual(RefreshRequest.effectiveIntervalMs(minutes: 1e300), 1000 * day)
    }

    func testR2SpacingFromThePreviousRefreshOfAnyKind() {
        var policy = RefreshGrantPolicy(budget: 55, jitterSeed: nil)
        policy.record(at: 0, charged: false)
        let grant = policy.grant(requested: 2 * minute, notBefore: 0)
        XCTAssertEqual(grant, RefreshGrantPolicy.Grant(at: 5 * minute, jitterMs: 0, reasons: [.spacing]))
        let onTime = policy.grant(requested: 6 * minute, notBefore: 0)
        XCTAssertEqual(onTime, RefreshGrantPolicy.Grant(at: 6 * minute, jitterMs: 0, reasons: []))
    }

    func testR2BudgetDelaysUntilTheOldestRefreshLeavesTheWindow() {
        var policy = RefreshGrantPolicy(budget: 3, jitterSeed: nil)
        for t: Int64 in [0, 10 * minute, 20 * minute] { policy.record(at: t, charged: true) }
        XCTAssertEqual(policy.budgetLeft(at: 20 * minute), 0)
        let grant = policy.grant(requested: 30 * minute, notBefore: 20 * minute)
        XCTAssertEqual(grant, RefreshGrantPolicy.Grant(at: day, jitterMs: 0, reasons: [.budget]))
        // Exactly 24 h after the oldest, the window (t - 24 h, t] no longer holds it.
        XCTAssertEqual(policy.budgetLeft(at: day), 1)
        XCTAssertEqual(policy.chargedInWindow(at: day - 1), 3)
        // Free refreshes are not charged but still space the next one.
        policy.record(at: day + minute, charged: false)
        XCTAssertEqual(policy.chargedInWindow(at: day + minute), 2)
        let spaced = policy.grant(requested: day + 2 * minute, notBefore: day + minute)
        XCTAssertEqual(spaced, RefreshGrantPolicy.Grant(at: day + 6 * minute, jitterMs: 0, reasons: [.spacing]))
    }

    func testR2NoBudgetForUnlimitedButSpacingHolds() {
        var policy = RefreshGrantPolicy(budget: nil, jitterSeed: nil)
        for i: Int64 in 0..<500 { policy.record(at: i * 5 * minute, charged: true) }
        XCTAssertNil(policy.budgetLeft(at: 0))
        let grant = policy.grant(requested: 2495 * minute + 1, notBefore: 2495 * minute)
        XCTAssertEqual(grant, RefreshGrantPolicy.Grant(at: 2500 * minute, jitterMs: 0, reasons: [.spacing]))
    }

    func testR3JitterIsSeededLateNeverEarlyAndAtMostTenMinutes() {
        var a = RefreshGrantPolicy(budget: 55, jitterSeed: 9)
        var b = RefreshGrantPolicy(budget: 55, jitterSeed: 9)
        var jitters: [Int64] = []
        for i: Int64 in 0..<200 {
            let requested = i * hour
            let grant = a.grant(requested: requested, notBefore: 0)
            XCTAssertEqual(grant, b.grant(requested: requested, notBefore: 0))
            XCTAssertEqual(grant.at - requested, grant.jitterMs)
            XCTAssertTrue((0...(10 * minute)).contains(grant.jitterMs))
            XCTAssertEqual(grant.reasons, grant.jitterMs > 0 ? [.jitter] : [])
            jitters.append(grant.jitterMs)
        }
        XCTAssertGreaterThan(Set(jitters).count, 150)
    }

    func testReasonsAreListedInTheOrderApplied() {
        var policy = RefreshGrantPolicy(budget: 1, jitterSeed: 3)
        policy.record(at: 0, charged: true)
        let grant = policy.grant(requested: minute, notBefore: 2 * minute)
        XCTAssertEqual(Array(grant.reasons.prefix(3)), [.busy, .spacing, .budget])
        XCTAssertEqual(grant.at, day + grant.jitterMs)
    }
}
