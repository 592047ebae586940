import JSONKit
import WidgetHost
import XCTest

/// C1–C8 and R1 as one run reports it.
final class ControlBindingTests: HostTestCase {
    let minute: Int64 = 60_000

    /// The host defines the control bindings as plain functions and notices, once the body
    /// has settled, any that are no longer in place: assigned, deleted or redefined.
    func testC8ReplacedDeletedOrRedefinedControlBindingsAreReported() {
        let report = run("""
            const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'setUpdateFreq')
            let shape = [typeof descriptor.value, descriptor.writable, descriptor.enumerable, descriptor.configurable]
            setUpdateFreq(30)
            delete setUpdateTime
            Object.defineProperty(globalThis, 'endLiveActivity', { get() { throw new Error('no') } })
            """)
        XCTAssertEqual(report.status, .ok)
        XCTAssertEqual(report.outputs["shape"], ["function", true, false, true])
        XCTAssertEqual(report.events.map(\.type), ["setUpdateFreq"])
        let replaced = report.diagnostics.filter { $0.code == .hostGlobalReplaced }.map(\.message)
        XCTAssertEqual(replaced.count, 2, "\(replaced)")
        XCTAssertTrue(replaced.contains { $0.contains("'setUpdateTime'") })
        XCTAssertTrue(replaced.contains { $0.contains("'endLiveActivity'") })
    }

    func testC1ValidFrequencyAndItsRequestedRefresh() {
        let report = run("setUpdateFreq(30)")
        XCTAssertEqual(report.events.first?.type, "setUpdateFreq")
        XCTAssertEqual(report.events.first?.args, [30])
        XCTAssertEqual(report.events.first?.valid, true)
        XCTAssertEqual(report.nextRefresh?.reason, .frequency)
        XCTAssertEqual(report.nextRefresh?.requested, Self.fixedNow + 30 * minute)
        XCTAssertEqual(report.json["nextRefresh"]?["requested"], "2025-11-29T08:30:00.000+00:00")
    }

    /// A Date whose `valueOf` and `getTime` the script replaced is read by its time value: the
    /// host calls none of the script's functions, the call is kept, and its event and the
    /// console show the Date (C3, C8).
    func testC3ADateIsReadByItsTimeValueNotByTheScriptsValueOf() {
        let report = run("""
            const d = new Date(Date.now() + 60 * 60 * 1000)
            d.valueOf = () => { throw new Error("patched valueOf") }
            d.getTime = () => { throw new Error("patched getTime") }
            Date.prototype.toISOString = () => "patched"
            setUpdateTime(d)
            console.log(d)
            """)
        XCTAssertEqual(report.status, .ok)
        XCTAssertEqual(report.events.map(\.valid), [true])
        XCTAssertEqual(report.events.first?.args, ["2025-11-29T09:00:00.000+00:00"])
        XCTAssertEqual(report.nextRefresh?.requested, Self.fixedNow + 60 * minute)
        XCTAssertEqual(report.console.first?.message, "2025-11-29T09:00:00.000Z")
    }

    func testC1InvalidArgumentsAreIgnoredWithAWarning() {
        let report = run("setUpdateFreq('30'); setUpdateFreq(0); setUpdateFreq(NaN); setUpdateFreq(); setUpdateFreq(-1)")
        XCTAssertEqual(report.events.map(\.valid), [false, false, false, false, false])
        XCTAssertEqual(report.diagnostics.filter { $0.code == .invalidArgument }.count, 5)
        let first = report.diagnostics[0]
        XCTAssertTrue(first.message.contains("setUpdateFreq"))
        XCTAssertTrue(first.message.contains("the string \"30\""))
        XCTAssertEqual(first.line, 1)
        XCTAssertEqual(first.column, 1)
        XCTAssertEqual(report.nextRefresh?.reason, .default)
        XCTAssertEqual(report.events[1].args, [0])
        XCTAssertEqual(report.events[2].args, ["NaN"])
    }

    func testC1FractionsAllowedAndBelowFiveClampsWithAWarning() {
        let fraction = run("setUpdateFreq(7.5)")
        XCTAssertEqual(fraction.nextRefresh?.requested, Self.fixedNow + 450_000)
        let low = run("\n  setUpdateFreq(1)")
        XCTAssertEqual(low.events.first?.valid, true)
        XCTAssertEqual(diagnostic(low, .freqBelowMinimum)?.line, 2)
        XCTAssertEqual(diagnostic(low, .freqBelowMinimum)?.column, 3)
        XCTAssertEqual(low.nextRefresh?.requested, Self.fixedNow + 5 * minute)
    }

    func testC2FrequencyInForceCarriesIntoLaterRuns() {
        let report = run("let quiet = true") { $0.frequencyInForce = 45 }
        XCTAssertEqual(report.nextRefresh?.reason, .frequency)
        XCTAssertEqual(report.nextRefresh?.requested, Self.fixedNow + 45 * minute)
        let unchanged = run("setUpdateFreq(15)") { $0.frequencyInForce = 45 }
        XCTAssertEqual(unchanged.nextRefresh?.requested, Self.fixedNow + 15 * minute)
    }

    func testC3UpdateTimeAcceptsNumbersAndDates() {
        let number = run("setUpdateTime(Date.now() + 3_600_000)")
        XCTAssertEqual(number.nextRefresh?.reason, .updateTime)
        XCTAssertEqual(number.nextRefresh?.requested, Self.fixedNow + 60 * minute)
        let date = run("""
            const tomorrow = new Date()
            tomorrow.setDate(tomorrow.getDate() + 1)
            tomorrow.setHours(0, 1, 0, 0)
            setUpdateTime(tomorrow)
            """) { $0.zone = self.zone("Europe/Berlin") }
        XCTAssertEqual(date.json["nextRefresh"]?["requested"], "2025-11-30T00:01:00.000+01:00")
        XCTAssertEqual(date.events.first?.args, ["2025-11-29T23:01:00.000+00:00"])
    }

    func testC3SecondsPastAndInvalidTimes() {
        let seconds = run("setUpdateTime(1764406800)")
        XCTAssertEqual(codes(seconds), ["time-looks-like-seconds", "time-in-past"])
        XCTAssertTrue(diagnostic(seconds, .timeLooksLikeSeconds)?.message.contains("* 1000") ?? false)
        XCTAssertEqual(seconds.events.first?.valid, false)
        let past = run("setUpdateTime(Date.now() - 1)")
        XCTAssertEqual(codes(past), ["time-in-past"])
        let invalid = run("setUpdateTime('tomorrow'); setUpdateTime(new Date('nonsense'))")
        XCTAssertEqual(codes(invalid), ["invalid-argument", "invalid-argument"])
        XCTAssertTrue(invalid.diagnostics[1].message.contains("Invalid Date"))
    }

    func testC4UpdateTimeIsOneShotAndWinsOverFrequency() {
        let report = run("setUpdateFreq(30); setUpdateTime(Date.now() + 7_200_000)")
        XCTAssertEqual(report.nextRefresh?.reason, .updateTime)
        XCTAssertEqual(report.requests.updateFrequencyMinutes, 30)
        // The next run sets no time: the frequency in force decides again.
        let next = run("") { $0.frequencyInForce = report.requests.updateFrequencyMinutes }
        XCTAssertEqual(next.nextRefresh?.reason, .frequency)
    }

    func testC5LastValidCallWinsAndEveryCallIsRecordedInOrderWithVirtualTime() {
        let report = run("setUpdateFreq(10)\nawait sleep(60_000)\nsetUpdateFreq('bad')\nsetUpdateFreq(20)")
        XCTAssertEqual(report.events.map(\.valid), [true, false, true])
        XCTAssertEqual(report.events.map(\.at), [Self.fixedNow, Self.fixedNow + minute, Self.fixedNow + minute])
        XCTAssertEqual(report.requests.updateFrequencyMinutes, 20)
        XCTAssertEqual(report.nextRefresh?.requested, Self.fixedNow + minute + 20 * minute)
    }

    func testC6EndLiveActivity() {
        let live = run("await sleep(1000)\nendLiveActivity()\nendLiveActivity()\nthrow new Error('after')", kind: .live)
        XCTAssertEqual(live.status, .error)
        XCTAssertEqual(live.liveActivity?.state, .ended)
        XCTAssertEqual(live.liveActivity?.endedAt, Self.fixedNow + 1000)
        XCTAssertEqual(live.events.map(\.valid), [true, false])
        XCTAssertEqual(diagnostic(live, .alreadyEnded)?.severity, .info)
        XCTAssertNil(run("endLiveActivity()", kind: .live).nextRefresh, "an ended activity asks for no refresh")
        XCTAssertEqual(run("let a = 1", kind: .live).liveActivity?.state, .active)
        let widget = run("endLiveActivity()")
        XCTAssertEqual(diagnostic(widget, .endOutsideLiveActivity)?.severity, .warning)
        XCTAssertNil(widget.liveActivity)
        XCTAssertEqual(widget.events.first?.valid, false)
    }

    func testC7StrictModeThrowsAtTheCall() {
        let report = run("""
            let type = '', range = '', low = ''
            try { setUpdateFreq('x') } catch (e) { type = e.name }
            try { setUpdateTime(5) } catch (e) { range = e.name }
            try { setUpdateFreq(1) } catch (e) { low = e.name }
            """) { $0.strict = true }
        XCTAssertEqual(report.outputs["type"], "TypeError")
        XCTAssertEqual(report.outputs["range"], "RangeError")
        XCTAssertEqual(report.outputs["low"], "RangeError")
        XCTAssertNil(report.requests.updateFrequencyMinutes)
        let uncaught = run("setUpdateFreq(-1)") { $0.strict = true }
        XCTAssertEqual(uncaught.status, .error)
        XCTAssertEqual(uncaught.error?.name, "RangeError")
    }

    func testC8HostileArgumentsNeverCrashTheHost() {
        let report = run("""
            setUpdateFreq({ valueOf() { throw new Error('no') } })
            setUpdateFreq(Symbol('s'))
            setUpdateTime(new Proxy({}, {}))
            let caught = ''
            const d = new Date(); d.valueOf = () => { throw new Error('trap') }
            try { setUpdateTime(d) } catch (e) { caught = e.message }
            """)
        XCTAssertEqual(report.status, .ok)
        XCTAssertEqual(codes(report).filter { $0 == "invalid-argument" }.count, 3)
    }
}
