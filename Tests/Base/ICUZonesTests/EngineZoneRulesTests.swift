@testable import ICUZones
import TestSupport
import XCTest
import ZonedTime
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where the engine's zone rules come from: made once per tzdata into a cache folder.
final class EngineZoneRulesTests: XCTestCase {
    var scratch = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        scratch = try Files.makeTemporaryFolder("widgethost-zones")
    }

    override func tearDown() {
        Files.removeTree(scratch)
        super.tearDown()
    }

    func write(_ path: String, _ bytes: [UInt8]) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0, path)
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    func read(_ path: String) -> [UInt8]? {
        if case .success(let bytes) = SystemFiles.read(path, limit: 1 << 24) { return bytes }
        return nil
    }

    func inode(_ path: String) -> UInt64? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    /// A zoneinfo folder of two names: Asia/Tokyo, copied from the system, and a link to it.
    func makeZoneinfo(version: String = "2099z") -> String {
        let folder = scratch + "/zoneinfo"
        mkdir(folder, 0o755)
        mkdir(folder + "/Asia", 0o755)
        write(folder + "/Asia/Tokyo", read(Zone.zoneinfoDirectory + "/Asia/Tokyo") ?? [])
        write(folder + "/tzdata.zi", Array("# version \(version)\nZ Asia/Tokyo 9:18:59 - LMT 1887 D 31 15u\n9 - JST\nL Asia/Tokyo Japan\n".utf8))
        write(folder + "/zone.tab", Array("JP\t+353916+1394441\tAsia/Tokyo\n".utf8))
        return folder
    }

    func testMakesTheDataOnceAndKeepsIt() throws {
        let zoneinfo = makeZoneinfo()
        let cache = scratch + "/cache"
        guard case .current(let folder) = EngineZoneRules.locate(zoneinfoDirectory: zoneinfo, cacheRoot: cache) else {
            return XCTFail("no data made")
        }
        XCTAssertTrue(folder.hasPrefix(cache + "/widgethost/zoneinfo/"), folder)
        let file = folder + "/zoneinfo64.res"
        let bytes = try XCTUnwrap(read(file))
        XCTAssertEqual(Array(bytes[2...3]), [0xDA, 0x27])
        XCTAssertEqual(String(decoding: bytes[12..<16], as: UTF8.self), "ResB")
        XCTAssertEqual(bytes, try Zoneinfo64.bundle(try SystemTZData.load(directory: zoneinfo)))
        // The next process finds it and writes nothing.
        let first = inode(file)
        XCTAssertEqual(EngineZoneRules.locate(zoneinfoDirectory: zoneinfo, cacheRoot: cache), .current(folder: folder))
        XCTAssertEqual(inode(file), first)
        XCTAssertEqual(try FileList.names(in: folder), ["zoneinfo64.res"])
    }

    func testANewTZDataGetsNewData() {
        let zoneinfo = makeZoneinfo(version: "2099y")
        let cache = scratch + "/cache"
        let before = EngineZoneRules.locate(zoneinfoDirectory: zoneinfo, cacheRoot: cache)
        // An upgrade replaces tzdata.zi (here: another file of another size renamed over it).
        write(zoneinfo + "/tzdata.zi.new", Array("# version 2099z\nZ Asia/Tokyo 9 - JST\n".utf8))
        rename(zoneinfo + "/tzdata.zi.new", zoneinfo + "/tzdata.zi")
        let after = EngineZoneRules.locate(zoneinfoDirectory: zoneinfo, cacheRoot: cache)
        guard case .current(let old) = before, case .current(let new) = after else { return XCTFail("\(before) \(after)") }
        XCTAssertNotEqual(old, new)
    }

    func testSaysWhyWhenTheRulesCannotBeMade() {
        let zoneinfo = makeZoneinfo()
        // No tzdata.zi: nothing says which zones there are, nor which version.
        unlink(zoneinfo + "/tzdata.zi")
        guard case .builtIn(let reason) = EngineZoneRules.locate(zoneinfoDirectory: zoneinfo, cacheRoot: scratch + "/cache") else {
            return XCTFail("made data without tzdata.zi")
        }
        XCTAssertTrue(reason.contains(zoneinfo + "/tzdata.zi"), reason)

        // A tzdata.zi that names no zone.
        write(zoneinfo + "/tzdata.zi", Array("# version 2099z\n".utf8))
        guard case .builtIn(let empty) = EngineZoneRules.locate(zoneinfoDirectory: zoneinfo, cacheRoot: scratch + "/cache") else {
            return XCTFail("made data from no zones")
        }
        XCTAssertTrue(empty.contains("no zones"), empty)

        // A cache folder that cannot be made: a file stands where it should be.
        let zoneinfo2 = makeZoneinfo()
        write(scratch + "/blocked", [1])
        guard case .builtIn(let blocked) = EngineZoneRules.locate(zoneinfoDirectory: zoneinfo2, cacheRoot: scratch + "/blocked") else {
            return XCTFail("wrote into a file")
        }
        XCTAssertTrue(blocked.contains(scratch + "/blocked/widgethost"), blocked)
    }

    func testAFolderInTheSharedTemporaryFolderMustBePrivate() {
        let mine = scratch + "/private"
        if case .failure(let error) = CacheFiles.privateFolder(mine) { XCTFail(error.message) }
        var info = stat()
        XCTAssertEqual(stat(mine, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)
        // Someone else's folder, or one others can write to, or a link, is refused.
        let open = scratch + "/open"
        mkdir(open, 0o777)
        chmod(open, 0o777)
        guard case .failure = CacheFiles.privateFolder(open) else { return XCTFail("accepted a folder others can write to") }
        let link = scratch + "/link"
        symlink(mine, link)
        guard case .failure = CacheFiles.privateFolder(link) else { return XCTFail("accepted a symbolic link") }
    }

    func testThisProcessUsesTheSystemsRules() throws {
        guard case .current(let folder) = EngineZoneRules.prepare() else {
            return XCTFail("this process uses the engine's compiled-in rules: \(EngineZoneRules.prepare())")
        }
        XCTAssertEqual(SystemFiles.environment(EngineZoneRules.variable), folder)
        XCTAssertNotNil(read(folder + "/zoneinfo64.res"))
    }
}

struct FolderUnreadable: Error { var path: String }

/// The names in a folder.
enum FileList {
    static func names(in path: String) throws -> [String] {
        guard let directory = opendir(path) else { throw FolderUnreadable(path: path) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
