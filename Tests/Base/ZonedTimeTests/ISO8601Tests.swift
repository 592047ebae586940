import XCTest
@testable import ZonedTime

final class ISO8601Tests: XCTestCase {
    private var berlin: Zone { get throws { try Zone(identifier: "Europe/Berlin", zoneinfoDirectory: Zone.defaultZoneinfoDirectory) } }
    private var newYork: Zone { get throws { try Zone(identifier: "America/New_York", zoneinfoDirectory: Zone.defaultZoneinfoDirectory) } }
    private var kolkata: Zone { get throws { try Zone(identifier: "Asia/Kolkata", zoneinfoDirectory: Zone.defaultZoneinfoDirectory) } }

    /// 2026-11-29T19:53:54Z.
    private let instant: Int64 = 1_795_982_034_000

    func testFormat() throws {
        XCTAssertEqual(ISO8601.format(epochMs: instant, in: try berlin), "2026-11-29T20:53:54.000+01:00")
        XCTAssertEqual(ISO8601.format(epochMs: instant, in: .utc), "2026-11-29T19:53:54.000+00:00")
        XCTAssertEqual(ISO8601.format(epochMs: instant + 7, in: try newYork), "2026-11-29T14:53:54.007-05:00")
        XCTAssertEqual(ISO8601.format(epochMs: instant + 123, in: try kolkata), "2026-11-30T01:23:54.123+05:30")
        XCTAssertEqual(ISO8601.format(epochMs: 1_719_792_000_000, in: try berlin), "2024-07-01T02:00:00.000+02:00")
        XCTAssertEqual(ISO8601.format(epochMs: 0, in: .utc), "1970-01-01T00:00:00.000+00:00")
        XCTAssertEqual(ISO8601.format(epochMs: -1, in: .utc), "1969-12-31T23:59:59.999+00:00")
        XCTAssertEqual(ISO8601.format(epochMs: 1_710_054_000_000 - 1, in: try newYork), "2024-03-10T01:59:59.999-05:00")
        XCTAssertEqual(ISO8601.format(epochMs: 1_710_054_000_000, in: try newYork), "2024-03-10T03:00:00.000-04:00")
    }

    func testFormatUnusualOffsetsAndYears() throws {
        // Berlin local mean time is +00:53:28 (1811).
        XCTAssertEqual(ISO8601.format(epochMs: -5_000_000_000_000, in: try berlin), "1811-07-23T16:00:08.000+00:53:28")
        XCTAssertEqual(ISO8601.format(epochMs: 253_402_300_799_999, in: .utc), "9999-12-31T23:59:59.999+00:00")
        XCTAssertEqual(ISO8601.format(epochMs: 253_402_300_800_000, in: .utc), "+010000-01-01T00:00:00.000+00:00")
        XCTAssertEqual(ISO8601.format(epochMs: -62_167_219_200_001, in: .utc), "-000001-12-31T23:59:59.999+00:00")
        XCTAssertEqual(ISO8601.format(epochMs: 0, in: try Zone(posixRule: "<-0930>9:30")), "1969-12-31T14:30:00.000-09:30")
    }

    func testParseUTCForms() throws {
        let utc = Zone.utc
        XCTAssertEqual(try ISO8601.parse("2026-11-29T19:53:54Z", defaultZone: try berlin), instant)
        XCTAssertEqual(try ISO8601.parse("2026-11-29t19:53:54z", defaultZone: utc), instant)
        XCTAssertEqual(try ISO8601.parse("2026-11-29 19:53:54Z", defaultZone: utc), instant)
        XCTAssertEqual(try ISO8601.parse("2026-11-29T19:53:54.123Z", defaultZone: utc), instant + 123)
        XCTAssertEqual(try ISO8601.parse("2026-11-29T19:53:54.1Z", defaultZone: utc), instant + 100)
        XCTAssertEqual(try ISO8601.parse("2026-11-29T19:53:54.12Z", defaultZone: utc), instant + 120)
        XCTAssertEqual(try ISO8601.parse("2026-11-29T19:53:54.123456789Z", defaultZone: utc), instant + 123)
        XCTAssertEqual(try ISO8601.parse("2026-11-29T19:53:54.999999Z", defaultZone: utc), instant + 999)
        XCTAssertEqual(try ISO8601.parse("2026-11-29T19:53:54,5Z", defaultZone: utc), instant + 500)
        XCTAssertEqual(try ISO8601.parse("2026-11-29T19:53Z", defaultZone: utc), instant - 54_000)
    }

    func testParseOffsets() throws {
        let utc = Zone.utc
        XCTAssertEqual(try ISO8601.parse("2026-11-29T20:53:54+01:00", defaultZone: utc), instant)
        XCTAssertEqual(try ISO8601.parse("2026-11-29T20:53:54+0100", defaultZone: utc), instant)
        XCTAssertEqual(try ISO8601.parse("2026-11-29T20:53:54+01", defaultZone: utc), instant)
        XCTAssertEqual(try ISO8601.parse("2026-11-29T14:53:54-05", defaultZone: utc), instant)
        XCTAssertEqual(try ISO8601.parse("2026-11-29T14:53:54.000-05:00", defaultZone: utc), instant)
        XCTAssertEqual(try ISO8601.parse("2026-11-30T01:23:54+05:30", defaultZone: utc), instant)
        XCTAssertEqual(try ISO8601.parse("2026-11-29T20:53+01:00", defaultZone: utc), instant - 54_000)
        XCTAssertEqual(try ISO8601.parse("1811-07-23T16:00:08.000+00:53:28", defaultZone: utc), -5_000_000_000_000)
        XCTAssertEqual(try ISO8601.parse("2026-11-29T19:53:54-00:00", defaultZone: utc), instant)
    }

    func testParseLocalTimeInDefaultZone() throws {
        XCTAssertEqual(try ISO8601.parse("2026-11-29T20:53:54", defaultZone: try berlin), instant)
        XCTAssertEqual(try ISO8601.parse("2026-11-29T14:53:54", defaultZone: try newYork), instant)
        XCTAssertEqual(try ISO8601.parse("2026-11-29T19:53:54", defaultZone: .utc), instant)
        XCTAssertEqual(try ISO8601.parse("2024-07-01T02:00", defaultZone: try berlin), 1_719_792_000_000)
    }

    func testDateOnlyIsMidnightInDefaultZone() throws {
        XCTAssertEqual(try ISO8601.parse("2026-11-29", defaultZone: .utc), 1_795_910_400_000)
        XCTAssertEqual(try ISO8601.parse("2026-11-29", defaultZone: try berlin), 1_795_910_400_000 - 3_600_000)
        XCTAssertEqual(try ISO8601.parse("2026-11-29", defaultZone: try kolkata), 1_795_910_400_000 - 19_800_000)
        XCTAssertEqual(try ISO8601.parse("2024-02-29", defaultZone: .utc), 1_709_164_800_000)
    }

    func testEpochMilliseconds() throws {
        XCTAssertEqual(try ISO8601.parse("1795982034000", defaultZone: .utc), instant)
        XCTAssertEqual(try ISO8601.parse("0", defaultZone: .utc), 0)
        XCTAssertEqual(try ISO8601.parse("-1", defaultZone: .utc), -1)
        XCTAssertEqual(try ISO8601.parse("9223372036854775807", defaultZone: .utc), Int64.max)
        XCTAssertEqual(try ISO8601.parse("-9223372036854775808", defaultZone: .utc), Int64.min)
        XCTAssertThrowsError(try ISO8601.parse("9223372036854775808", defaultZone: .utc)) { error in
            XCTAssertEqual((error as? ISO8601Error)?.message, "expected epoch milliseconds within the 64-bit range")
        }
    }

    func testHour24MeansEndOfDay() throws {
        XCTAssertEqual(try ISO8601.parse("2026-11-28T24:00:00Z", defaultZone: .utc), 1_795_910_400_000)
        XCTAssertEqual(try ISO8601.parse("2026-11-28T24:00Z", defaultZone: .utc), 1_795_910_400_000)
        XCTAssertEqual(try ISO8601.parse("2026-12-31T24:00:00.000Z", defaultZone: .utc),
                       try ISO8601.parse("2027-01-01", defaultZone: .utc))
    }

    func testDSTGapAndOverlapUseTheEarlierOffset() throws {
        let berlin = try berlin
        // 2024-03-31 02:30 does not exist in Berlin: read with +01:00, it is 01:30Z (03:30 CEST).
        let skipped = try ISO8601.parse("2024-03-31T02:30:00", defaultZone: berlin)
        XCTAssertEqual(skipped, 1_711_848_600_000)
        XCTAssertEqual(ISO8601.format(epochMs: skipped, in: berlin), "2024-03-31T03:30:00.000+02:00")
        // 2024-10-27 02:30 happens twice: the first, with +02:00, is 00:30Z.
        let ambiguous = try ISO8601.parse("2024-10-27T02:30:00", defaultZone: berlin)
        XCTAssertEqual(ambiguous, 1_729_989_000_000)
        XCTAssertEqual(ISO8601.format(epochMs: ambiguous, in: berlin), "2024-10-27T02:30:00.000+02:00")
        // New York: 2024-03-10 02:30 is skipped, 2024-11-03 01:30 repeats.
        let newYork = try newYork
        XCTAssertEqual(try ISO8601.parse("2024-03-10T02:30", defaultZone: newYork), 1_710_055_800_000)
        XCTAssertEqual(try ISO8601.parse("2024-11-03T01:30", defaultZone: newYork), 1_730_611_800_000)
        // Lord Howe's half-hour gap: 2024-10-06 02:15 local is skipped.
        let lordHowe = try Zone(identifier: "Australia/Lord_Howe", zoneinfoDirectory: Zone.defaultZoneinfoDirectory)
        let lh = try ISO8601.parse("2024-10-06T02:15", defaultZone: lordHowe)
        XCTAssertEqual(ISO8601.format(epochMs: lh, in: lordHowe), "2024-10-06T02:45:00.000+11:00")
    }

    func testCivilConversionMatchesParse() throws {
        let berlin = try berlin
        let civil = CivilDateTime(year: 2024, month: 10, day: 27, hour: 2, minute: 30)
        XCTAssertEqual(civil.epochMilliseconds(in: berlin), 1_729_989_000_000)
        XCTAssertEqual(CivilDateTime(epochMilliseconds: 1_729_989_000_000, in: berlin), civil)
        XCTAssertEqual(CivilDateTime(epochMilliseconds: 1_729_992_600_000, in: berlin), civil) // second 02:30, +01:00
    }

    func testRoundTrips() throws {
        let zones = [Zone.utc, try berlin, try newYork, try kolkata,
                     try Zone(identifier: "Australia/Lord_Howe", zoneinfoDirectory: Zone.defaultZoneinfoDirectory)]
        var ms: Int64 = -2_208_988_800_000 // 1900
        while ms < 4_102_444_800_000 { // 2100
            for zone in zones {
                let text = ISO8601.format(epochMs: ms, in: zone)
                XCTAssertEqual(try ISO8601.parse(text, defaultZone: .utc), ms, text)
                let civil = CivilDateTime(epochMilliseconds: ms, in: zone)
                XCTAssertTrue(civil.isValid)
            }
            ms += 86_399_123 * 37
        }
    }

    private func assertRejected(_ text: String, _ message: String = ISO8601.expectation,
                                file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try ISO8601.parse(text, defaultZone: .utc), file: file, line: line) { error in
            let e = error as? ISO8601Error
            XCTAssertEqual(e?.input, text, file: file, line: line)
            XCTAssertEqual(e?.message, message, file: file, line: line)
            XCTAssertEqual(e?.description, "invalid date-time \"\(text)\": \(message)", file: file, line: line)
        }
    }

    func testRejectsInvalidDates() {
        assertRejected("2026-02-30", "expected a day from 01 to 28 in 2026-02")
        assertRejected("2026-02-29T10:00:00Z", "expected a day from 01 to 28 in 2026-02")
        assertRejected("2026-04-31", "expected a day from 01 to 30 in 2026-04")
        assertRejected("2026-13-01", "expected a month from 01 to 12")
        assertRejected("2026-00-10", "expected a month from 01 to 12")
        assertRejected("2026-01-00", "expected a day from 01 to 31 in 2026-01")
    }

    func testRejectsInvalidTimes() {
        assertRejected("2026-11-29T24:00:01Z", "expected an hour from 00 to 23 (or 24:00:00)")
        assertRejected("2026-11-29T24:30Z", "expected an hour from 00 to 23 (or 24:00:00)")
        assertRejected("2026-11-29T24:00:00.001Z", "expected an hour from 00 to 23 (or 24:00:00)")
        assertRejected("2026-11-29T25:00Z", "expected an hour from 00 to 23 (or 24:00:00)")
        assertRejected("2026-11-29T12:60Z", "expected minutes from 00 to 59")
        assertRejected("2026-11-29T12:00:60Z", "expected seconds from 00 to 59")
        assertRejected("2026-11-29T12:00:00.1234567890Z", "expected at most 9 fraction digits")
        assertRejected("2026-11-29T12:00+24:00", "expected a UTC offset from -23:59 to +23:59")
        assertRejected("2026-11-29T12:00+01:60", "expected a UTC offset from -23:59 to +23:59")
    }

    func testRejectsGarbage() {
        for text in ["", "now", "-", "12a", "2026-11", "2026-1-29", "26-11-29", "2026/11/29", "2026-11-29T",
                     "2026-11-29T19", "2026-11-29T19:5", "2026-11-29T19:53:5", "2026-11-29T19:53:54.", "2026-11-29T19:53:54.Z",
                     "2026-11-29T19:53:54ZZ", "2026-11-29T19:53:54+1", "2026-11-29T19:53:54+01:0", "2026-11-29T19:53:54 Z",
                     " 2026-11-29T19:53:54Z", "2026-11-29T19:53:54Z ", "2026-11-29Z", "2026-11-29x", "2026-11-29T19:53:54UTC",
                     "+1", "1.5", "1e3", "2026-11-29T19:53:54+01:00:0"] {
            assertRejected(text)
        }
        XCTAssertEqual(ISO8601.expectation,
                       "expected an ISO 8601 date-time such as 2026-11-29T08:00:00Z or epoch milliseconds")
    }

    func testExtendedYears() throws {
        XCTAssertEqual(try ISO8601.parse("+010000-01-01T00:00:00.000+00:00", defaultZone: .utc), 253_402_300_800_000)
        XCTAssertEqual(try ISO8601.parse("-000001-12-31T23:59:59.999+00:00", defaultZone: .utc), -62_167_219_200_001)
        XCTAssertEqual(try ISO8601.parse("0000-01-01T00:00:00Z", defaultZone: .utc), -62_167_219_200_000)
    }
}
