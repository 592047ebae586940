import XCTest
@testable import ZonedTime

final class TZifTests: XCTestCase {
    private let cet = TZifBuilder.TimeType(offset: 3600, isDST: false, abbreviation: "CET")
    private let cest = TZifBuilder.TimeType(offset: 7200, isDST: true, abbreviation: "CEST")
    private let lmt = TZifBuilder.TimeType(offset: 3208, isDST: false, abbreviation: "LMT")

    /// Like Debian's "slim" files: transitions stop early, the footer covers the future.
    func testSlimFileUsesFooterAfterLastTransition() throws {
        var b = TZifBuilder()
        b.types = [lmt, cet, cest]
        b.transitions = [-2_422_054_408, 1_711_846_800] // 1893-04-01 and 2024-03-31T01:00Z
        b.transitionTypes = [1, 2]
        b.footer = "CET-1CEST,M3.5.0,M10.5.0/3"
        let zone = try Zone(identifier: "Slim/Berlin", tzif: b.bytes())
        XCTAssertEqual(zone.offsetSeconds(atEpochSeconds: -3_000_000_000), 3208)
        XCTAssertEqual(zone.offsetSeconds(atEpochSeconds: 1_711_846_799), 3600)
        XCTAssertEqual(zone.offsetSeconds(atEpochSeconds: 1_711_846_800), 7200)
        // After the last transition, the footer: 2024-10-27T01:00Z back to CET, 2045 summer DST.
        XCTAssertEqual(zone.offsetSeconds(atEpochSeconds: 1_729_990_799), 7200)
        XCTAssertEqual(zone.offsetSeconds(atEpochSeconds: 1_729_990_800), 3600)
        XCTAssertEqual(zone.abbreviation(atEpochSeconds: 1_729_990_800), "CET")
        XCTAssertEqual(zone.offsetSeconds(atEpochSeconds: 2_383_000_000), 7200)
        XCTAssertEqual(zone.abbreviation(atEpochSeconds: 2_383_000_000), "CEST")
        XCTAssertTrue(zone.isDST(atEpochSeconds: 2_383_000_000))
    }

    func testFooterOnlyFile() throws {
        var b = TZifBuilder()
        b.types = [.init(offset: -18_000, isDST: false, abbreviation: "EST")]
        b.footer = "EST5EDT,M3.2.0,M11.1.0"
        let zone = try Zone(identifier: "Slim/NY", tzif: b.bytes())
        XCTAssertEqual(zone.offsetSeconds(atEpochSeconds: 1_710_053_999), -18_000)
        XCTAssertEqual(zone.offsetSeconds(atEpochSeconds: 1_710_054_000), -14_400)
    }

    func testVersion1File() throws {
        var b = TZifBuilder()
        b.version = 0
        b.types = [cet, cest]
        b.transitions = [1_711_846_800, 1_729_990_800]
        b.transitionTypes = [1, 0]
        let zone = try Zone(identifier: "V1", tzif: b.bytes())
        XCTAssertEqual(zone.offsetSeconds(atEpochSeconds: 1_700_000_000), 3600)
        XCTAssertEqual(zone.offsetSeconds(atEpochSeconds: 1_720_000_000), 7200)
        XCTAssertEqual(zone.abbreviation(atEpochSeconds: 1_720_000_000), "CEST")
        XCTAssertEqual(zone.offsetSeconds(atEpochSeconds: 1_750_000_000), 3600)
    }

    func testVersion2UsesSixtyFourBitSection() throws {
        // A transition before 1901 exists only in the 64-bit section.
        var b = TZifBuilder()
        b.version = 0x33
        b.types = [lmt, cet]
        b.transitions = [-3_000_000_000]
        b.transitionTypes = [1]
        b.leapSeconds = [(78_796_800, 1), (94_694_401, 2)]
        b.footer = "CET-1"
        let zone = try Zone(identifier: "V3", tzif: b.bytes())
        XCTAssertEqual(zone.offsetSeconds(atEpochSeconds: -3_000_000_001), 3208)
        XCTAssertEqual(zone.offsetSeconds(atEpochSeconds: -3_000_000_000), 3600)
        XCTAssertEqual(zone.offsetSeconds(atEpochSeconds: 0), 3600)
    }

    func testVersion4AndNoIndicators() throws {
        var b = TZifBuilder()
        b.version = 0x34
        b.indicators = false
        b.types = [.init(offset: 19_800, isDST: false, abbreviation: "IST")]
        b.footer = "IST-5:30"
        XCTAssertEqual(try Zone(identifier: "V4", tzif: b.bytes()).offsetSeconds(atEpochSeconds: 0), 19_800)
    }

    func testLastTransitionTypeWithoutFooter() throws {
        var b = TZifBuilder()
        b.types = [cet, cest]
        b.transitions = [0]
        b.transitionTypes = [1]
        let zone = try Zone(identifier: "NoFooter", tzif: b.bytes())
        XCTAssertEqual(zone.offsetSeconds(atEpochSeconds: -1), 3600)
        XCTAssertEqual(zone.offsetSeconds(atEpochSeconds: 5_000_000_000), 7200)
    }

    func testRealFilesAllParse() throws {
        for name in ["Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Apia",
                     "America/Sao_Paulo", "Africa/Casablanca", "Antarctica/Troll", "America/Nuuk", "Etc/GMT+5"] {
            let zone = try Zone(identifier: name, zoneinfoDirectory: Zone.defaultZoneinfoDirectory)
            XCTAssertEqual(zone.identifier, name)
        }
        let gmtPlus5 = try Zone(identifier: "Etc/GMT+5", zoneinfoDirectory: Zone.defaultZoneinfoDirectory)
        XCTAssertEqual(gmtPlus5.offsetSeconds(atEpochSeconds: 0), -18_000)
        XCTAssertEqual(gmtPlus5.abbreviation(atEpochSeconds: 0), "-05")
    }

    private func assertCorrupt(_ bytes: [UInt8], _ detail: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try Zone(identifier: "Bad", tzif: bytes), file: file, line: line) { error in
            XCTAssertEqual((error as? ZoneError)?.kind, .corruptFile, file: file, line: line)
            XCTAssertEqual((error as? ZoneError)?.message, "corrupt time zone file for \"Bad\": \(detail)",
                           file: file, line: line)
        }
    }

    func testCorruptFiles() {
        assertCorrupt([], "too short to be a TZif file")
        assertCorrupt(Array(repeating: 0x41, count: 60), "not a TZif file (missing \"TZif\" magic)")

        var good = TZifBuilder()
        good.types = [cet, cest]
        good.transitions = [0, 100]
        good.transitionTypes = [1, 0]
        good.footer = "CET-1CEST,M3.5.0,M10.5.0/3"
        let bytes = good.bytes()
        XCTAssertNoThrow(try Zone(identifier: "Good", tzif: bytes))

        assertCorrupt(Array(bytes.dropLast(1)), "unterminated TZ string footer")
        assertCorrupt(Array(bytes.prefix(bytes.count - 40)), "truncated TZif data block")
        assertCorrupt(Array(bytes.prefix(50)), "truncated TZif header")

        var version = bytes
        version[4] = 0x31
        assertCorrupt(version, "unsupported TZif version byte 49")

        var descending = good
        descending.transitions = [100, 0]
        assertCorrupt(descending.bytes(), "transition times are not ascending")

        var badType = good
        badType.transitionTypes = [1, 5]
        assertCorrupt(badType.bytes(), "transition refers to local time type 5 of 2")

        var badFooter = good
        badFooter.footer = "CET-1CEST,M3.5.0"
        assertCorrupt(badFooter.bytes(), "invalid TZ string footer \"CET-1CEST,M3.5.0\"")

        var noTypes = good
        noTypes.types = []
        noTypes.transitions = []
        noTypes.transitionTypes = []
        assertCorrupt(noTypes.bytes(), "no local time types")
    }
}
