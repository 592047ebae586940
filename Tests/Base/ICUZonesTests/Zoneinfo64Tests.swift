@testable import ICUZones
import XCTest
import ZonedTime

/// The `zoneinfo64` tree made from the system's tzdata: what ICU looks names up in.
final class Zoneinfo64Tests: XCTestCase {
    static let system: SystemTZData = {
        do { return try SystemTZData.load(directory: Zone.zoneinfoDirectory) } catch { fatalError("\(error)") }
    }()

    func table(_ value: ResourceValue?) -> [String: ResourceValue] {
        guard case .table(let entries)? = value else { return [:] }
        return Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    func strings(_ value: ResourceValue?) -> [String] {
        guard case .array(let items)? = value else { return [] }
        return items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
    }

    func testEveryNameOfTheSystemTZDataIsThereSortedWithItsZone() throws {
        let root = table(try Zoneinfo64.tree(Self.system))
        let names = strings(root["Names"])
        guard case .array(let zones)? = root["Zones"] else { return XCTFail("no Zones") }
        XCTAssertEqual(zones.count, names.count)
        XCTAssertEqual(strings(root["Regions"]).count, names.count)
        XCTAssertEqual(root["TZVersion"], .string(Self.system.version))
        // ICU searches Names by binary search in code-unit order.
        XCTAssertEqual(names, names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        XCTAssertEqual(Set(names).count, names.count)
        for name in Self.system.zones.keys { XCTAssertTrue(names.contains(name), name) }
        for name in Self.system.links.keys { XCTAssertTrue(names.contains(name), name) }
        // ICU's own extra names stay: a link, and a zone made from a rule.
        for name in ["PST", "IST", "SystemV/EST5EDT", "Etc/Unknown"] { XCTAssertTrue(names.contains(name), name) }

        // A link is the index of its zone, and the zone lists the link among its equivalents.
        let eastern = try XCTUnwrap(names.firstIndex(of: "US/Eastern"))
        let newYork = try XCTUnwrap(names.firstIndex(of: "America/New_York"))
        XCTAssertEqual(zones[eastern], .int(Int32(newYork)))
        guard case .intVector(let links)? = table(zones[newYork])["links"] else { return XCTFail("New York lists no links") }
        XCTAssertTrue(links.contains(Int32(eastern)) && links.contains(Int32(newYork)))
        for case .int(let target) in zones {
            guard case .table = zones[Int(target)] else { return XCTFail("a link to a link at \(target)") }
        }
    }

    func testRegionsComeFromZoneTab() throws {
        let root = table(try Zoneinfo64.tree(Self.system))
        let names = strings(root["Names"]), regions = strings(root["Regions"])
        func region(_ name: String) -> String? { names.firstIndex(of: name).map { regions[$0] } }
        XCTAssertEqual(region("America/Mexico_City"), "MX")
        XCTAssertEqual(region("US/Eastern"), "US")       // a link takes its zone's country
        XCTAssertEqual(region("Europe/Oslo"), "NO")      // a name of its own in zone.tab keeps it
        XCTAssertEqual(region("Etc/UTC"), "001")
    }

    func testFinalRulesAreSharedByKey() throws {
        let root = table(try Zoneinfo64.tree(Self.system))
        let rules = table(root["Rules"])
        XCTAssertFalse(rules.isEmpty)
        let names = strings(root["Names"])
        guard case .array(let zones)? = root["Zones"] else { return XCTFail("no Zones") }
        let berlin = table(zones[try XCTUnwrap(names.firstIndex(of: "Europe/Berlin"))])
        guard case .string(let key)? = berlin["finalRule"] else { return XCTFail("Berlin has no final rule") }
        XCTAssertEqual(rules[key], .intVector([2, -1, 1, 7200, 0, 9, -1, 1, 10800, 0, 3600]))
        XCTAssertEqual(berlin["finalRaw"], .int(3600))
        for (key, value) in rules {
            guard case .intVector(let vector) = value else { return XCTFail("\(key) is not a vector") }
            XCTAssertEqual(vector.count, 11, key)
        }
        // Asia/Almaty has kept +05 since 2024: no rule, and its last type is +05.
        let almaty = table(zones[try XCTUnwrap(names.firstIndex(of: "Asia/Almaty"))])
        XCTAssertNil(almaty["finalRule"])
    }

    /// The cache is keyed by ``EngineZoneRules/dataRevision``: data made from the same tzdata
    /// must change only with a new revision, or machines keep the old data.
    func testTheBundleChangesOnlyWithANewDataRevision() throws {
        let data = SystemTZData(
            version: "2000a",
            zones: ["Europe/Test": try Zone(posixRule: "CET-1CEST,M3.5.0,M10.5.0/3"),
                    "Etc/Test": try Zone(posixRule: "<+05>-5")],
            links: ["Test": "Europe/Test"],
            regions: ["Europe/Test": "DE"])
        let bytes = try Zoneinfo64.bundle(data)
        let hash = CacheFiles.hexHash(bytes: bytes)
        XCTAssertEqual(
            [EngineZoneRules.dataRevision: hash], ["zoneinfo64 1": "38496e30f92d71d7"],
            "the bundle changed: give EngineZoneRules.dataRevision a new value and put the new hash here")
    }
}
