import JSONKit
import WidgetHost
import XCTest

/// T1–T4: virtual time, zones, timers, seeded randomness.
final class TimeTests: HostTestCase {
    func testT1EveryClockReadsVirtualNow() {
        let report = run("""
            let now = Date.now()
            let constructed = new Date().getTime()
            let called = Date()
            let formatted = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format()
            let parts = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric' }).formatToParts()[0].value
            let explicit = new Date(0).getTime()
            let isDate = new Date() instanceof Date && new Date().constructor === Date
            """)
        XCTAssertEqual(report.outputs["now"], .number(Double(Self.fixedNow)))
        XCTAssertEqual(report.outputs["constructed"], .number(Double(Self.fixedNow)))
        XCTAssertTrue(report.outputs["called"]?.stringValue?.hasPrefix("Sat Nov 29 2025 08:00:00") ?? false)
        XCTAssertEqual(report.outputs["formatted"], "11/29/2025")
        XCTAssertEqual(report.outputs["parts"], "2025")
        XCTAssertEqual(report.outputs["explicit"], 0)
        XCTAssertEqual(report.outputs["isDate"], true)
    }

    func testT1TheVirtualDateNeedsNoBuiltInTheScriptCanChange() {
        let report = run("""
            Reflect.construct = null
            class Stamp extends Date { label() { return 'at ' + this.getTime() } }
            let plain = new Date().getTime()
            let full = new Date(2020, 0, 2, 3, 4, 5, 6).getMilliseconds()
            let sub = new Stamp().label()
            let subIsBoth = new Stamp(0) instanceof Stamp && new Stamp(0) instanceof Date
            let subPart = new Stamp(2021, 5).getMonth()
            let invalid = isNaN(new Date(undefined).getTime())
            let length = Date.length
            """)
        XCTAssertEqual(report.status, .ok, "\(report.error.map { "\($0)" } ?? "")")
        XCTAssertEqual(report.outputs["plain"], .number(Double(Self.fixedNow)))
        XCTAssertEqual(report.outputs["full"], 6)
        XCTAssertEqual(report.outputs["sub"], .string("at \(Self.fixedNow)"))
        XCTAssertEqual(report.outputs["subIsBoth"], true)
        XCTAssertEqual(report.outputs["subPart"], 5)
        XCTAssertEqual(report.outputs["invalid"], true)
        XCTAssertEqual(report.outputs["length"], 7)
    }

    func testT1HostGlobalsAreThereForScriptsThatNameThemOrComputeNames() {
        // Every run gets every host global, whether the script names them or computes the names.
        let unnamed = run("let s = new Date().toLocaleDateString('en-US', { timeZone: 'UTC' })")
        XCTAssertEqual(unnamed.outputs["s"], "11/29/2025")
        let named = run("let s = Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).format()")
        XCTAssertEqual(named.outputs["s"], "11/29/2025")
        let computed = run("""
            const _g = this, _name = ['In', 'tl'].join('')
            let s = _g[_name].DateTimeFormat('en-US', { timeZone: 'UTC' }).format()
            let kinds = ['Cal', 'Req'].map((p) => typeof this [p + (p === 'Cal' ? 'endar' : 'uest')]).join()
            let clock = typeof globalThis['Da' + 'te'].now
            """)
        XCTAssertEqual(computed.outputs["s"], "11/29/2025")
        XCTAssertEqual(computed.outputs["kinds"], "object,function")
        XCTAssertEqual(computed.outputs["clock"], "function")
        let aliased = run("""
            const _g = this, _name = ['In', 'tl'].join('')
            let s = _g[_name].DateTimeFormat('en-US', { timeZone: 'UTC' }).format()
            """)
        XCTAssertEqual(aliased.outputs["s"], "11/29/2025")
        let evaluated = run("let t = eval('typeof Calendar + typeof setUpdateFreq')")
        XCTAssertEqual(evaluated.outputs["t"], "objectfunction")
    }

    func testT2ZonesApplyPerRunInOneProcess() {
        let script = "let hour = new Date().getHours(), offset = new Date().getTimezoneOffset()"
        let tokyo = run(script) { $0.zone = self.zone("Asia/Tokyo") }
        let newYork = run(script) { $0.zone = self.zone("America/New_York") }
        let tokyoAgain = run(script) { $0.zone = self.zone("Asia/Tokyo") }
        XCTAssertEqual(tokyo.outputs["hour"], 17)
        XCTAssertEqual(tokyo.outputs["offset"], -540)
        XCTAssertEqual(newYork.outputs["hour"], 3)
        XCTAssertEqual(newYork.outputs["offset"], 300)
        XCTAssertEqual(tokyoAgain.outputs, tokyo.outputs)
        XCTAssertEqual(newYork.json["startedAt"], "2025-11-29T03:00:00.000-05:00")
    }

    func testT3TimersAndSleepRunOnTheVirtualClock() {
        let report = run("""
            const order = []
            setTimeout(() => order.push('b'), 200)
            setTimeout(() => order.push('a'), 100)
            setTimeout(() => order.push('a2'), 100)
            let ticks = 0
            const id = setInterval(() => { if (++ticks === 3) clearInterval(id) }, 60_000)
            const cancelled = setTimeout(() => order.push('never'), 50); clearTimeout(cancelled)
            await sleep(3_600_000)
            let elapsed = Date.now() - \(Self.fixedNow)
            let seen = order.join(',')
            let intervalTicks = ticks
            """)
        XCTAssertEqual(report.status, .ok)
        XCTAssertEqual(report.outputs["elapsed"], 3_600_000)
        XCTAssertEqual(report.outputs["seen"], "a,a2,b")
        XCTAssertEqual(report.outputs["intervalTicks"], 3)
        XCTAssertEqual(report.finishedAt, Self.fixedNow + 3_600_000)
    }

    func testT3TimerArgumentsAndSleepNeedNoBuiltInTheScriptCanChange() {
        let report = run("""
            Reflect.apply = null
            Function.prototype.apply = null
            Promise = null
            let sum = 0
            setTimeout((a, b) => { sum = a + b }, 10, 2, 3)
            setTimeout(function () { 'use strict'; sum += 10 }, 20)
            await sleep(30)
            let at = Date.now()
            """)
        XCTAssertEqual(report.status, .ok, "\(report.error.map { "\($0)" } ?? "")")
        XCTAssertEqual(report.outputs["sum"], 15)
        XCTAssertEqual(report.outputs["at"], .number(Double(Self.fixedNow + 30)))
    }

    func testT4SeededRandomIsReproducible() {
        let script = "let r = [Math.random(), Math.random(), Math.random()]"
        let one = run(script) { $0.seed = 7 }
        let again = run(script) { $0.seed = 7 }
        let other = run(script) { $0.seed = 8 }
        XCTAssertEqual(one.json.serialized(), again.json.serialized())
        XCTAssertNotEqual(one.outputs["r"], other.outputs["r"])
        for value in one.outputs["r"]?.arrayValue ?? [] {
            XCTAssertGreaterThanOrEqual(value.doubleValue ?? -1, 0)
            XCTAssertLessThan(value.doubleValue ?? 2, 1)
        }
    }
}
