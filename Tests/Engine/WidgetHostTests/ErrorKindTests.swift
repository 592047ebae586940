import ErrorKinds
import HostSystem
import JSONKit
import TestSupport
import WidgetHost
import XCTest
import ZonedTime
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The exit code follows from what an error is, in one place (X2).
final class ErrorKindTests: XCTestCase {
    func testEachKindEndsACommandWithItsCode() {
        let codes: [(ErrorKind, Int32)] = [
            (.input(.usage), 64), (.input(.malformed), 65), (.input(.missing), 66),
            (.script, 1), (.environment(.refused), 1), (.environment(.notInstalled), 69),
            (.environment(.cannotCreate), 73), (.engine, 70), (.internal, 70),
        ]
        for (kind, code) in codes {
            XCTAssertEqual(ExitStatus.of(kind), code, "\(kind)")
        }
    }

    func testAnErrorThatDoesNotSayWhatItIsIsInternal() {
        struct Unsaid: Error {}
        XCTAssertEqual(ExitStatus.of(Unsaid() as any Error), 70)
        XCTAssertEqual(ExitStatus.of(JSONParseError(message: "x", offset: 0, line: 1, column: 1) as any Error), 65)
    }

    func testAScriptThatIsNotUTF8IsMalformedAndOneThatCannotBeReadIsMissing() throws {
        let folder = try TemporaryFolder("error-kinds")
        try Files.write(folder.file("latin1.js"), [0x63, 0x6F, 0x6E, 0x73, 0x74, 0x20, 0xE9])
        XCTAssertThrowsError(try ScriptSource.load(path: folder.file("latin1.js"))) {
            XCTAssertEqual(($0 as? ScriptLoadError)?.errorKind, .input(.malformed))
        }
        XCTAssertThrowsError(try ScriptSource.load(path: folder.file("absent.js"))) {
            XCTAssertEqual(($0 as? ScriptLoadError)?.errorKind, .input(.missing))
            XCTAssertEqual(ExitStatus.of($0), 66)
        }
        XCTAssertThrowsError(try ScriptSource.load(path: folder.path)) {
            XCTAssertEqual(($0 as? ScriptLoadError)?.errorKind, .input(.missing))
        }
    }

    /// A named pipe, or a device, where a script should be is refused at once, without waiting
    /// for a writer (a watch read one and never answered again).
    func testOnlyARegularFileIsReadAsAScript() throws {
        let folder = try TemporaryFolder("error-kinds")
        XCTAssertEqual(mkfifo(folder.file("pipe.js"), 0o600), 0)
        for (path, kind) in [(folder.file("pipe.js"), "a named pipe"), ("/dev/zero", "a device")] {
            XCTAssertThrowsError(try ScriptSource.load(path: path)) {
                XCTAssertEqual(($0 as? ScriptLoadError)?.description, "\(path): is not a regular file (\(kind)); name a file")
                XCTAssertEqual(ExitStatus.of($0), 66)
            }
        }
    }

    func testAFileThatCannotBeWrittenCannotBeCreated() throws {
        let folder = try TemporaryFolder("error-kinds")
        XCTAssertThrowsError(try AtomicFile.write([1], toPath: folder.file("no/such/folder/file"))) {
            XCTAssertEqual(ExitStatus.of($0), 73)
        }
    }

    func testAProfileThatIsNotJSONIsMalformedAndAMissingOneIsMissing() {
        XCTAssertEqual(DataFileError(kind: .malformed, path: "p.json", message: ": not JSON").errorKind, .input(.malformed))
        XCTAssertEqual(DataFileError(kind: .unreadable, path: "p.json", message: ": no such file").errorKind, .input(.missing))
    }

    func testAZoneNameThatIsWrongIsInputAndAnUnreadableZoneFileIsTheSystems() {
        XCTAssertEqual(ZoneError(kind: .unknownZone, identifier: "Mars/Olympus", message: "unknown").errorKind, .input(.malformed))
        XCTAssertEqual(ZoneError(kind: .corruptFile, identifier: "Europe/Paris", message: "corrupt").errorKind, .environment(.refused))
    }
}
