import XCTest
@testable import ZonedTime

final class CurrentZoneTests: XCTestCase {
    private let zoneinfo = Zone.defaultZoneinfoDirectory

    private func resolve(tz: String?, localtime: String = "/nonexistent/localtime", zoneinfo: String? = nil) -> Zone {
        Zone.resolveCurrent(tz: tz, localtimePath: localtime, zoneinfoDirectory: zoneinfo ?? self.zoneinfo)
    }

    func testTZVariableNamesAZone() {
        XCTAssertEqual(resolve(tz: "Europe/Berlin").identifier, "Europe/Berlin")
        XCTAssertEqual(resolve(tz: ":Asia/Kolkata").identifier, "Asia/Kolkata")
        XCTAssertEqual(resolve(tz: ":Asia/Kolkata").offsetSeconds(atEpochSeconds: 0), 19_800)
    }

    func testTZVariableWithAbsolutePath() {
        let zone = resolve(tz: ":/usr/share/zoneinfo/America/New_York")
        XCTAssertEqual(zone.identifier, "America/New_York")
        XCTAssertEqual(zone.offsetSeconds(atEpochSeconds: 1_710_054_000), -14_400)
    }

    func testTZVariableWithPosixRule() {
        let zone = resolve(tz: "CET-1CEST,M3.5.0,M10.5.0/3")
        XCTAssertEqual(zone.identifier, "CET-1CEST,M3.5.0,M10.5.0/3")
        XCTAssertEqual(zone.offsetSeconds(atEpochSeconds: 1_719_792_000), 7200)
    }

    func testEmptyTZMeansUTC() {
        XCTAssertEqual(resolve(tz: ""), .utc)
        XCTAssertEqual(resolve(tz: ":"), .utc)
    }

    func testInvalidTZFallsBackToLocaltime() throws {
        let directory = try TemporaryDirectory()
        directory.symlink("localtime", to: "/usr/share/zoneinfo/Australia/Lord_Howe")
        let zone = resolve(tz: "Not/A_Zone", localtime: directory.path + "/localtime")
        XCTAssertEqual(zone.identifier, "Australia/Lord_Howe")
        XCTAssertEqual(resolve(tz: "../etc/passwd", localtime: "/nonexistent").identifier, "UTC")
    }

    func testLocaltimeSymlinkGivesTheZoneName() throws {
        let directory = try TemporaryDirectory()
        directory.symlink("absolute", to: "/usr/share/zoneinfo/Europe/Berlin")
        directory.symlink("posix", to: "/usr/share/zoneinfo/posix/Asia/Kolkata")
        XCTAssertEqual(resolve(tz: nil, localtime: directory.path + "/absolute").identifier, "Europe/Berlin")
        XCTAssertEqual(resolve(tz: nil, localtime: directory.path + "/posix").identifier, "Asia/Kolkata")
        // A relative link such as Debian's "../usr/share/zoneinfo/Europe/Berlin".
        let dots = String(repeating: "../", count: directory.path.split(separator: "/").count)
        directory.symlink("relative", to: dots + "usr/share/zoneinfo/America/New_York")
        XCTAssertEqual(resolve(tz: nil, localtime: directory.path + "/relative").identifier, "America/New_York")
    }

    func testLocaltimeFileWithoutSymlinkIsNamedLocaltime() throws {
        let directory = try TemporaryDirectory()
        var b = TZifBuilder()
        b.types = [.init(offset: 19_800, isDST: false, abbreviation: "IST")]
        b.footer = "IST-5:30"
        try directory.write("localtime", b.bytes())
        let zone = resolve(tz: nil, localtime: directory.path + "/localtime")
        XCTAssertEqual(zone.identifier, "localtime")
        XCTAssertEqual(zone.offsetSeconds(atEpochSeconds: 0), 19_800)
    }

    func testNothingGivesUTC() {
        XCTAssertEqual(resolve(tz: nil), .utc)
    }

    func testZoneNameForPath() {
        XCTAssertEqual(Zone.zoneName(forPath: "/usr/share/zoneinfo/Europe/Berlin", zoneinfoDirectory: zoneinfo), "Europe/Berlin")
        XCTAssertEqual(Zone.zoneName(forPath: "/etc/../usr/share/zoneinfo//Europe/./Berlin", zoneinfoDirectory: zoneinfo),
                       "Europe/Berlin")
        XCTAssertEqual(Zone.zoneName(forPath: "/opt/tz/zoneinfo/Asia/Tokyo", zoneinfoDirectory: zoneinfo), "Asia/Tokyo")
        XCTAssertEqual(Zone.zoneName(forPath: "/srv/tz/Asia/Tokyo", zoneinfoDirectory: "/srv/tz/"), "Asia/Tokyo")
        XCTAssertNil(Zone.zoneName(forPath: "/etc/localtime", zoneinfoDirectory: zoneinfo))
    }

    func testCurrentMatchesTheEnvironment() {
        // Whatever the machine says, current() must agree with a direct resolution.
        let expected = Zone.resolveCurrent(tz: SystemFiles.environment("TZ"), localtimePath: "/etc/localtime",
                                           zoneinfoDirectory: Zone.zoneinfoDirectory)
        XCTAssertEqual(Zone.current(), expected)
        XCTAssertFalse(Zone.current().identifier.isEmpty)
    }
}
