import HostSystem
import XCTest

/// The one look-up of the tool's other programs: beside the running executable, then in
/// `../libexec/widgethost` from its folder (the package's layout).
final class SiblingProgramsTests: XCTestCase {
    func testTheFoldersAreTheExecutablesOwnThenLibexecBesideIt() {
        XCTAssertEqual(SiblingPrograms.folders(beside: "/usr/bin"), ["/usr/bin", "/usr/libexec/widgethost"])
        XCTAssertEqual(SiblingPrograms.folders(beside: "/opt/root/usr/bin/"), ["/opt/root/usr/bin", "/opt/root/usr/libexec/widgethost"])
        XCTAssertEqual(SiblingPrograms.folders(beside: "/bin"), ["/bin", "/libexec/widgethost"])
        XCTAssertEqual(SiblingPrograms.folders(beside: "/"), ["/", "/libexec/widgethost"])
        XCTAssertEqual(SiblingPrograms.folders(beside: "build"), ["build", "./libexec/widgethost"])
    }

    func testTheRunningExecutableIsThisTestProgramAndItsFolderIsLookedInFirst() throws {
        let executable = try XCTUnwrap(SiblingPrograms.runningExecutable())
        let folder = try XCTUnwrap(SiblingPrograms.executableFolder())
        XCTAssertEqual(folder + "/" + (executable.split(separator: "/").last.map(String.init) ?? ""), executable)
        // The test program itself is a program beside the running executable.
        let name = String(executable.split(separator: "/").last!)
        XCTAssertEqual(try SiblingPrograms.locate(name).get(), executable)
    }

    func testAMissingProgramSaysWhereItWasLookedFor() throws {
        let folder = try XCTUnwrap(SiblingPrograms.executableFolder())
        let missing = SiblingPrograms.NotFound(program: "widgethost-none", folders: SiblingPrograms.folders(beside: folder))
        XCTAssertEqual(SiblingPrograms.locate("widgethost-none"), .failure(missing))
    }
}
