import JSONKit
import WidgetHost
import XCTest
import ZonedTime
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// T2: the script's `Date` and `Intl` use the same zone rules as the report, the system's
/// current tzdata, for every zone it has (checked against Python's `zoneinfo`).
final class ZoneRulesTests: HostTestCase {
    /// A run leaves `TZ` at its zone, which later tests in this process would read as the
    /// process's own zone (`RunConfiguration`'s default): these runs put it back.
    private var processTZ: String?

    override func setUp() {
        super.setUp()
        processTZ = SystemFiles.environment("TZ")
    }

    override func tearDown() {
        if let processTZ { setenv("TZ", processTZ, 1) } else { unsetenv("TZ") }
        tzset()
        super.tearDown()
    }

    static func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 12) -> Int64 {
        CivilCalendar.daysFromCivil(year: year, month: month, day: day) * 86_400 + Int64(hour) * 3600
    }

    /// Instants in 2026, mid-2025 (Almaty's change), 2040 (the final rules), and a second
    /// either side of each of the zone's transitions from 2024 to 2026 and in 2040.
    static func instants(for zone: Zone) -> [Int64] {
        var instants = [at(2026, 1, 15), at(2026, 3, 15), at(2026, 4, 15), at(2026, 7, 1), at(2026, 10, 15),
                        at(2026, 11, 15), at(2025, 6, 1, 0), at(2040, 1, 15), at(2040, 7, 15)]
        for t in zone.data.transitions where t >= at(2024, 1, 1, 0) && t < at(2027, 1, 1, 0) {
            instants += [t - 1, t]
        }
        if let rule = zone.data.rule, let daylight = rule.daylight {
            for t in [rule.instant(year: 2040, date: daylight.start, time: daylight.startTime, offset: rule.standardOffset),
                      rule.instant(year: 2040, date: daylight.end, time: daylight.endTime, offset: daylight.offset)] {
                instants += [t - 1, t]
            }
        }
        return instants
    }

    /// Every name of the system's tzdata with its instants, and Python's offsets for them.
    static let reference: Result<(instants: [String: [Int64]], offsets: [String: [Int]]), ZoneReference.Failure> = {
        do {
            var instants: [String: [Int64]] = [:]
            for name in try ZoneReference.systemZoneNames() {
                instants[name] = ZoneRulesTests.instants(for: try Zone(identifier: name))
            }
            return .success((instants, try ZoneReference.offsets(instants)))
        } catch let failure as ZoneReference.Failure {
            return .failure(failure)
        } catch {
            return .failure(ZoneReference.Failure(description: "\(error)"))
        }
    }()

    func testT2TheIssuesCasesUseTheCurrentRules() {
        let script = """
            let hours = new Date().getHours()
            let offset = new Date().getTimezoneOffset()
            let text = new Date().toString()
            let intlHour = new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23' }).format()
            const _offset = (zone, t) => new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
              .formatToParts(t).find((p) => p.type === 'timeZoneName').value
            let almaty = _offset('Asia/Almaty', Date.UTC(2025, 5, 1))
            let nuuk = _offset('America/Nuuk', Date.UTC(2026, 0, 15))
            let asuncion = _offset('America/Asuncion', Date.UTC(2026, 6, 15))
            let cairo = _offset('Africa/Cairo', Date.UTC(2026, 6, 15))
            """
        let mexico = run(script) {
            $0.zone = self.zone("America/Mexico_City")
            $0.now = 1_782_907_200_000 // 2026-07-01T12:00:00Z
            $0.locale = "en-US"
        }
        XCTAssertEqual(mexico.status, .ok)
        XCTAssertEqual(mexico.json["startedAt"], "2026-07-01T06:00:00.000-06:00")
        XCTAssertEqual(mexico.outputs["hours"], 6)
        XCTAssertEqual(mexico.outputs["offset"], 360)
        XCTAssertEqual(mexico.outputs["text"], "Wed Jul 01 2026 06:00:00 GMT-0600 (Central Standard Time)")
        XCTAssertEqual(mexico.outputs["intlHour"], "06")
        XCTAssertEqual(mexico.outputs["almaty"], "GMT+05:00")
        XCTAssertEqual(mexico.outputs["nuuk"], "GMT-02:00")
        XCTAssertEqual(mexico.outputs["asuncion"], "GMT-03:00")
        XCTAssertEqual(mexico.outputs["cairo"], "GMT+03:00")
        XCTAssertEqual(codes(mexico), [])

        let almaty = run("let offset = new Date().getTimezoneOffset(), text = new Date().toString()") {
            $0.zone = self.zone("Asia/Almaty")
            $0.now = 1_748_736_000_000 // 2025-06-01T00:00:00Z
        }
        XCTAssertEqual(almaty.outputs["offset"], -300)
        XCTAssertEqual(almaty.outputs["text"]?.stringValue?.hasPrefix("Sun Jun 01 2025 05:00:00 GMT+0500"), true)
        XCTAssertEqual(almaty.json["startedAt"], "2025-06-01T05:00:00.000+05:00")
    }

    func testT2IntlAgreesWithPythonAndTheReportForEveryZone() throws {
        let (instants, expected) = try Self.reference.get()
        XCTAssertGreaterThan(instants.count, 500)
        // One run formats every zone at its instants; the offset is local time read back minus the instant.
        let request = JSONValue.object(JSONObject(instants.mapValues { JSONValue.array($0.map { JSONValue.number(Double($0 * 1000)) }) }))
        let report = run("""
            const _zones = \(request.serialized())
            let offsets = {}, unknown = []
            for (const zone of Object.keys(_zones)) {
              let format
              try {
                format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric',
                  month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
              } catch (e) { unknown.push(zone); continue }
              offsets[zone] = _zones[zone].map((t) => {
                const p = {}
                for (const part of format.formatToParts(t)) p[part.type] = part.value
                return (Date.UTC(+p.year, p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - t) / 1000
              })
            }
            """) {
            $0.memoryLimitMB = 2048
            $0.timeLimitSeconds = 120
        }
        XCTAssertEqual(report.status, .ok, "\(report.error.map { "\($0)" } ?? "")")
        XCTAssertEqual(report.outputs["unknown"], [])
        let offsets = report.outputs["offsets"]?.objectValue ?? [:]
        var wrong: [String] = []
        for (name, times) in instants.sorted(by: { $0.key < $1.key }) {
            let zone = try Zone(identifier: name)
            let python = expected[name] ?? []
            let script = offsets[name]?.arrayValue?.compactMap(\.intValue) ?? []
            let clock = times.map { zone.offsetSeconds(atEpochSeconds: $0) }
            if script != python || clock != python {
                wrong.append("\(name): Intl \(script), report \(clock), Python \(python) at \(times)")
            }
        }
        XCTAssertEqual(wrong, [], "\(wrong.count) of \(instants.count) zones differ")
    }

    func testT2DateAgreesWithPythonForEveryZone() throws {
        let (instants, expected) = try Self.reference.get()
        var wrong: [String] = []
        for (name, times) in instants.sorted(by: { $0.key < $1.key }) {
            let list = times.map { String($0 * 1000) }.joined(separator: ", ")
            let report = run("let offsets = [\(list)].map((t) => new Date(t).getTimezoneOffset())") {
                $0.zone = self.zone(name)
            }
            let script = report.outputs["offsets"]?.arrayValue?.compactMap(\.doubleValue) ?? []
            let python = (expected[name] ?? []).map { Double(-$0) / 60 }
            if script != python { wrong.append("\(name): getTimezoneOffset \(script), Python \(python) at \(times)") }
        }
        XCTAssertEqual(wrong, [], "\(wrong.count) of \(instants.count) zones differ")
    }
}
