import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where `widgethost` finds `widgethost-serve` and `widgethost-render`: beside itself, or in
/// `../libexec/widgethost` from its folder (the package's layout), under any root.
final class SiblingProgramTests: XCTestCase {
    /// `ROOT/usr/bin/widgethost`, with the other two programs in `ROOT/usr/libexec/widgethost`
    /// when `withOthers`.
    private func installed(in folder: TemporaryFolder, withOthers: Bool) throws -> String {
        let bin = folder.file("usr/bin"), libexec = folder.file("usr/libexec/widgethost")
        var commands = ["mkdir -p '\(bin)' '\(libexec)'", "cp '\(try BuiltProgram.path("widgethost"))' '\(bin)/'"]
        if withOthers {
            commands.append("cp '\(try BuiltProgram.path("widgethost-serve"))' '\(try BuiltProgram.path("widgethost-render"))' '\(libexec)/'")
        }
        let made = try Program.run(["sh", "-c", commands.joined(separator: " && ")], searchPath: true)
        XCTAssertEqual(made.code, 0, made.err)
        return bin + "/widgethost"
    }

    func testTheOtherProgramsAreFoundInLibexecBesideTheToolsFolder() throws {
        let folder = try TemporaryFolder("libexec")
        let widgethost = try installed(in: folder, withOthers: true)
        let serve = try spawn([widgethost, "serve", "--help"], environment: ["NO_COLOR=1"])
        XCTAssertEqual(serve.code, 0, serve.err)
        XCTAssertTrue(serve.out.hasPrefix("OVERVIEW: Run a local Live Activity push receiver"), serve.out)

        let picture = folder.file("ring.png")
        let render = try spawn([widgethost, "render", example("progress-ring.js"), "--size", "60x60", "--out", picture], environment: ["NO_COLOR=1", "TZ=UTC"])
        XCTAssertEqual(render.code, 0, render.err)
        XCTAssertEqual(Files.read(picture)?.prefix(8).map { $0 }, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

        // The fixture workers are the drawing program found there, so a render: fixture passes.
        let test = try spawn([widgethost, "test", packageRoot + "/Fixtures/Conformance/D/circle.js"], environment: ["NO_COLOR=1", "TZ=UTC"])
        XCTAssertEqual(test.code, 0, test.out + test.err)
        XCTAssertTrue(test.out.hasSuffix("1 passed, 0 failed\n"), test.out)
    }

    func testAMissingProgramIsNamedWithTheFoldersLookedInAndTheThreeProgramsToInstall() throws {
        let folder = try TemporaryFolder("libexec")
        let widgethost = try installed(in: folder, withOthers: false)
        let remedy = "widgethost needs its three programs (widgethost, widgethost-serve, widgethost-render) in one folder, "
            + "or the other two in ../libexec/widgethost from widgethost's folder: install the package (Scripts/package builds it), "
            + "copy all three from .build/release after 'swift build -c release', or run Scripts/widgethost from a checkout, which builds all three"
        let looked = "which is in neither \(folder.path)/usr/bin nor \(folder.path)/usr/libexec/widgethost"
        let serve = try spawn([widgethost, "serve", "--port", "0"], environment: ["NO_COLOR=1"])
        XCTAssertEqual(serve.code, 69)
        XCTAssertEqual(serve.out, "")
        XCTAssertEqual(serve.err, "error: 'widgethost serve' runs the widgethost-serve program, \(looked); \(remedy)\n")

        let render = try spawn([widgethost, "render", example("progress-ring.js")], environment: ["NO_COLOR=1"])
        XCTAssertEqual(render.code, 69)
        XCTAssertEqual(render.err, "error: 'widgethost render' runs the widgethost-render program, \(looked); \(remedy)\n")
        XCTAssertNil(Files.read(folder.file("usr/bin/progress-ring.png")))
    }
}
