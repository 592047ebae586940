import XCTest
@testable import ZonedTime

/// Expected values were checked with `TZ=<zone> date -d @<t> +%z` and `zdump -v` on Debian 12 (tzdata 2025b).
final class ZoneTests: XCTestCase {
    private func zone(_ name: String) throws -> Zone {
        try Zone(identifier: name, zoneinfoDirectory: Zone.defaultZoneinfoDirectory)
    }

    func testBerlinSummerAndWinter() throws {
        let berlin = try zone("Europe/Berlin")
        XCTAssertEqual(berlin.identifier, "Europe/Berlin")
        XCTAssertEqual(berlin.offsetSeconds(atEpochSeconds: 1_719_792_000), 7200) // 2024-07-01
        XCTAssertEqual(berlin.abbreviation(atEpochSeconds: 1_719_792_000), "CEST")
        XCTAssertTrue(berlin.isDST(atEpochSeconds: 1_719_792_000))
        XCTAssertEqual(berlin.offsetSeconds(atEpochSeconds: 1_705_276_800), 3600) // 2024-01-15
        XCTAssertEqual(berlin.abbreviation(atEpochSeconds: 1_705_276_800), "CET")
        XCTAssertFalse(berlin.isDST(atEpochSeconds: 1_705_276_800))
    }

    func testBerlinTransitions2024() throws {
        let berlin = try zone("Europe/Berlin")
        // 2024-03-31T01:00Z forward, 2024-10-27T01:00Z back.
        XCTAssertEqual(berlin.offsetSeconds(atEpochSeconds: 1_711_846_799), 3600)
        XCTAssertEqual(berlin.offsetSeconds(atEpochSeconds: 1_711_846_800), 7200)
        XCTAssertEqual(berlin.offsetSeconds(atEpochSeconds: 1_729_990_799), 7200)
        XCTAssertEqual(berlin.offsetSeconds(atEpochSeconds: 1_729_990_800), 3600)
    }

    func testNewYorkSwitchesAt0700UTC() throws {
        let newYork = try zone("America/New_York")
        XCTAssertEqual(newYork.offsetSeconds(atEpochSeconds: 1_710_053_999), -18_000)
        XCTAssertEqual(newYork.abbreviation(atEpochSeconds: 1_710_053_999), "EST")
        XCTAssertEqual(newYork.offsetSeconds(atEpochSeconds: 1_710_054_000), -14_400)
        XCTAssertEqual(newYork.abbreviation(atEpochSeconds: 1_710_054_000), "EDT")
        XCTAssertTrue(newYork.isDST(atEpochSeconds: 1_710_054_000))
        // 2024-11-03T06:00Z back to EST.
        XCTAssertEqual(newYork.offsetSeconds(atEpochSeconds: 1_730_613_599), -14_400)
        XCTAssertEqual(newYork.offsetSeconds(atEpochSeconds: 1_730_613_600), -18_000)
    }

    func testKolkata() throws {
        let kolkata = try zone("Asia/Kolkata")
        XCTAssertEqual(kolkata.offsetSeconds(atEpochSeconds: 1_719_792_000), 19_800)
        XCTAssertEqual(kolkata.offsetSeconds(atEpochSeconds: 1_705_276_800), 19_800)
        XCTAssertEqual(kolkata.abbreviation(atEpochSeconds: 1_719_792_000), "IST")
        XCTAssertFalse(kolkata.isDST(atEpochSeconds: 1_719_792_000))
        XCTAssertEqual(kolkata.offsetSeconds(atEpochSeconds: 2_383_000_000), 19_800)
        // Madras Mean Time, +05:21:10, in 1900.
        XCTAssertEqual(kolkata.offsetSeconds(atEpochSeconds: -2_208_988_800), 19_270)
        XCTAssertEqual(kolkata.abbreviation(atEpochSeconds: -2_208_988_800), "MMT")
    }

    func testLordHoweHasThirtyMinuteDST() throws {
        let lordHowe = try zone("Australia/Lord_Howe")
        XCTAssertEqual(lordHowe.offsetSeconds(atEpochSeconds: 1_719_792_000), 37_800) // July: +10:30
        XCTAssertFalse(lordHowe.isDST(atEpochSeconds: 1_719_792_000))
        XCTAssertEqual(lordHowe.abbreviation(atEpochSeconds: 1_719_792_000), "+1030")
        XCTAssertEqual(lordHowe.offsetSeconds(atEpochSeconds: 1_705_276_800), 39_600) // January: +11
        XCTAssertTrue(lordHowe.isDST(atEpochSeconds: 1_705_276_800))
        XCTAssertEqual(lordHowe.abbreviation(atEpochSeconds: 1_705_276_800), "+11")
        // 2024-04-06T15:00Z back, 2024-10-05T15:30Z forward.
        XCTAssertEqual(lordHowe.offsetSeconds(atEpochSeconds: 1_712_415_599), 39_600)
        XCTAssertEqual(lordHowe.offsetSeconds(atEpochSeconds: 1_712_415_600), 37_800)
        XCTAssertEqual(lordHowe.offsetSeconds(atEpochSeconds: 1_728_142_199), 37_800)
        XCTAssertEqual(lordHowe.offsetSeconds(atEpochSeconds: 1_728_142_200), 39_600)
        // 2045 comes from the footer rule <+1030>-10:30<+11>-11,M10.1.0,M4.1.0.
        XCTAssertEqual(lordHowe.offsetSeconds(atEpochSeconds: 2_383_000_000), 37_800)
        XCTAssertEqual(lordHowe.offsetSeconds(atEpochSeconds: 2_366_755_200), 39_600)
    }

    func testFooterRuleGivesBerlinDSTIn2045AndBeyond() throws {
        let berlin = try zone("Europe/Berlin")
        XCTAssertEqual(berlin.offsetSeconds(atEpochSeconds: 2_383_000_000), 7200) // 2045-07-07
        XCTAssertEqual(berlin.abbreviation(atEpochSeconds: 2_383_000_000), "CEST")
        XCTAssertEqual(berlin.offsetSeconds(atEpochSeconds: 2_366_755_200), 3600) // 2044-12-31
        // 2045-03-26T01:00Z and 2045-10-29T01:00Z, the last Sundays of March and October.
        XCTAssertEqual(berlin.offsetSeconds(atEpochSeconds: 2_374_102_799), 3600)
        XCTAssertEqual(berlin.offsetSeconds(atEpochSeconds: 2_374_102_800), 7200)
        XCTAssertEqual(berlin.offsetSeconds(atEpochSeconds: 2_392_851_599), 7200)
        XCTAssertEqual(berlin.offsetSeconds(atEpochSeconds: 2_392_851_600), 3600)
        // 2400-07-01 and 2400-01-01.
        XCTAssertTrue(berlin.isDST(atEpochSeconds: 13_585_190_400))
        XCTAssertFalse(berlin.isDST(atEpochSeconds: 13_569_465_600))
    }

    func testBeforeFirstTransitionUsesLocalMeanTime() throws {
        let berlin = try zone("Europe/Berlin")
        XCTAssertEqual(berlin.offsetSeconds(atEpochSeconds: -5_000_000_000), 3208) // +00:53:28
        XCTAssertEqual(berlin.abbreviation(atEpochSeconds: -5_000_000_000), "LMT")
        XCTAssertEqual(berlin.offsetSeconds(atEpochSeconds: Int64.min), 3208)
        XCTAssertEqual(try zone("America/New_York").offsetSeconds(atEpochSeconds: -5_000_000_000), -17_762)
    }

    func testExtremeInstantsDoNotTrap() throws {
        let berlin = try zone("Europe/Berlin")
        XCTAssertTrue([3600, 7200].contains(berlin.offsetSeconds(atEpochSeconds: Int64.max)))
        XCTAssertTrue([3600, 7200].contains(berlin.offsetSeconds(atEpochSeconds: Int64.max - 1)))
        XCTAssertEqual(try zone("Asia/Kolkata").offsetSeconds(atEpochSeconds: Int64.max), 19_800)
    }

    func testUTCNamesAreBuiltIn() throws {
        let empty = "/nonexistent-zoneinfo"
        for name in ["UTC", "GMT", "Etc/UTC", "Etc/GMT", "Zulu"] {
            let z = try Zone(identifier: name, zoneinfoDirectory: empty)
            XCTAssertEqual(z.identifier, name)
            XCTAssertEqual(z.offsetSeconds(atEpochSeconds: 1_719_792_000), 0)
            XCTAssertFalse(z.isDST(atEpochSeconds: 1_719_792_000))
        }
        XCTAssertEqual(try Zone(identifier: "UTC", zoneinfoDirectory: empty).abbreviation(atEpochSeconds: 0), "UTC")
        XCTAssertEqual(try Zone(identifier: "GMT", zoneinfoDirectory: empty).abbreviation(atEpochSeconds: 0), "GMT")
        XCTAssertEqual(Zone.utc.identifier, "UTC")
        XCTAssertEqual(try Zone(identifier: "UTC"), Zone.utc)
        XCTAssertThrowsError(try Zone(identifier: "Europe/Berlin", zoneinfoDirectory: empty))
    }

    func testEqualityAndDescription() throws {
        XCTAssertEqual(try zone("Europe/Berlin"), try zone("Europe/Berlin"))
        XCTAssertNotEqual(try zone("Europe/Berlin"), try zone("Europe/Paris"))
        XCTAssertEqual(try zone("Asia/Kolkata").description, "Asia/Kolkata")
    }

    private func assertZoneError(_ identifier: String, _ kind: ZoneError.Kind, _ message: String,
                                 file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try zone(identifier), file: file, line: line) { error in
            let e = error as? ZoneError
            XCTAssertEqual(e?.kind, kind, file: file, line: line)
            XCTAssertEqual(e?.identifier, identifier, file: file, line: line)
            XCTAssertEqual(e?.message, message, file: file, line: line)
            XCTAssertEqual(e?.description, message, file: file, line: line)
        }
    }

    func testBadIdentifiersAreRejected() {
        assertZoneError("", .invalidIdentifier, "invalid time zone identifier \"\": it is empty")
        assertZoneError("/etc/passwd", .invalidIdentifier,
                        "invalid time zone identifier \"/etc/passwd\": it must be relative, such as Europe/Berlin")
        assertZoneError("../../etc/passwd", .invalidIdentifier,
                        "invalid time zone identifier \"../../etc/passwd\": it must not contain \"..\"")
        assertZoneError("Europe/..", .invalidIdentifier,
                        "invalid time zone identifier \"Europe/..\": it must not contain \"..\"")
        assertZoneError("Europe/Ber\0lin", .invalidIdentifier,
                        "invalid time zone identifier \"Europe/Ber\0lin\": it must not contain NUL")
        assertZoneError("Europe\\Berlin", .invalidIdentifier,
                        "invalid time zone identifier \"Europe\\Berlin\": it must not contain a backslash")
    }

    func testUnknownZonesAreNamedAsSuch() {
        assertZoneError("Mars/Olympus_Mons", .unknownZone,
                        "unknown time zone \"Mars/Olympus_Mons\" (no zone file /usr/share/zoneinfo/Mars/Olympus_Mons)")
        assertZoneError("Europe", .unknownZone, "unknown time zone \"Europe\" (no zone file /usr/share/zoneinfo/Europe)")
        assertZoneError("Europe/Berlin/x", .unknownZone,
                        "unknown time zone \"Europe/Berlin/x\" (no zone file /usr/share/zoneinfo/Europe/Berlin/x)")
    }

    func testNonTZifFilesAreCorrupt() {
        assertZoneError("zone.tab", .corruptFile,
                        "corrupt time zone file /usr/share/zoneinfo/zone.tab: not a TZif file (missing \"TZif\" magic)")
    }

    func testTZDIRIsHonoured() throws {
        let directory = try TemporaryDirectory()
        var builder = TZifBuilder()
        builder.types = [.init(offset: 12_345, isDST: false, abbreviation: "ODD")]
        builder.footer = "<ODD>-3:25:45"
        try directory.write("Test/Odd", builder.bytes())
        try directory.write("Test/Garbage", Array("TZif2 but not really".utf8))

        let previous = SystemFiles.environment("TZDIR")
        setenv("TZDIR", directory.path, 1)
        defer {
            if let previous { setenv("TZDIR", previous, 1) } else { unsetenv("TZDIR") }
        }
        XCTAssertEqual(Zone.zoneinfoDirectory, directory.path)
        let odd = try Zone(identifier: "Test/Odd")
        XCTAssertEqual(odd.offsetSeconds(atEpochSeconds: 0), 12_345)
        XCTAssertEqual(odd.abbreviation(atEpochSeconds: 0), "ODD")
        XCTAssertThrowsError(try Zone(identifier: "Test/Garbage")) { error in
            XCTAssertEqual((error as? ZoneError)?.kind, .corruptFile)
            XCTAssertEqual((error as? ZoneError)?.message,
                           "corrupt time zone file \(directory.path)/Test/Garbage: too short to be a TZif file")
        }
        XCTAssertThrowsError(try Zone(identifier: "Europe/Berlin")) { error in
            XCTAssertEqual((error as? ZoneError)?.kind, .unknownZone)
        }
        XCTAssertNoThrow(try Zone(identifier: "UTC"))
    }

    func testUnreadableFile() {
        // Reading /proc/self/mem at offset 0 fails with EIO, even for root.
        XCTAssertThrowsError(try Zone(identifier: "self/mem", zoneinfoDirectory: "/proc")) { error in
            XCTAssertEqual((error as? ZoneError)?.kind, .unreadableFile)
            XCTAssertEqual((error as? ZoneError)?.message,
                           "cannot read time zone file /proc/self/mem: Input/output error")
        }
    }
}
