import TestSupport
import WidgetHostCLI
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `widgethost serve` is the `widgethost-serve` program next to `widgethost`: the tool execs it
/// with the arguments untouched, and says what to do when it is missing.
final class ServeProgramTests: XCTestCase {
    /// The built `widgethost-serve` next to the test bundle (and `widgethost`).
    func serveBinary() throws -> String {
        try BuiltProgram.path("widgethost-serve")
    }

    /// A library call never replaces its caller's process: `serve` is handed back to `main`.
    func testALibraryCallOfServeDoesNotReplaceTheProcess() {
        for arguments in [["serve", "--port", "0"], ["help", "serve"]] {
            let result = tool(arguments)
            XCTAssertEqual(result.code, 69, "\(arguments)")
            XCTAssertEqual(result.out, "")
            XCTAssertEqual(result.err, "error: 'widgethost serve' runs the widgethost-serve program in the process's place, which a library call does not do; start widgethost-serve itself\n")
        }
        XCTAssertEqual(WidgetHostTool.step(arguments: ["serve", "--quiet"], terminal: Terminal(writeOut: { _ in }, writeErr: { _ in })),
                       .program(SiblingProgram(program: "widgethost-serve", command: "serve", arguments: ["--quiet"])))
    }

    func testTheToolStillListsServe() {
        let help = tool("--help")
        XCTAssertTrue(help.out.contains("  serve                   Run a local Live Activity push receiver"), help.out)
    }

    func testServeHelpAndErrorsComeFromTheServeProgram() throws {
        let serve = try serveBinary()
        let help = try binary(["serve", "--help"])
        XCTAssertEqual(help.code, 0, help.err)
        XCTAssertEqual(help.err, "")
        XCTAssertTrue(help.out.hasPrefix("OVERVIEW: Run a local Live Activity push receiver"), help.out)
        XCTAssertTrue(help.out.contains("USAGE: widgethost serve [<options>]"), help.out)
        XCTAssertTrue(help.out.contains("  --host <address>"), help.out)
        XCTAssertTrue(help.out.contains("--max-connections-per-ip"), help.out)
        XCTAssertEqual(help.out, serveTool("--help").out, "the in-process serve prints the same help")
        XCTAssertEqual(try spawn([serve, "--help"], environment: ["NO_COLOR=1"]).out, help.out)
        XCTAssertEqual(try binary(["help", "serve"]).out, help.out)

        // A usage error and its exit code come back through the tool as before.
        let bad = try binary(["serve", "--port", "70000"])
        XCTAssertEqual(bad.code, 64)
        XCTAssertEqual(bad.err, "error: bad --port '70000'; use a whole number from 0 to 65535 (see 'widgethost serve --help')\n")
        XCTAssertEqual(bad.out, "")
    }

    func testALinkToTheToolFindsServeNextToTheRealFile() throws {
        _ = try serveBinary()
        let folder = try Files.makeTemporaryFolder("widgethost-push-cli")
        defer { removeFolder(folder) }
        XCTAssertEqual(symlink(try BuiltProgram.path("widgethost"), folder + "/widgethost"), 0)
        let help = try spawn([folder + "/widgethost", "serve", "--help"], environment: ["NO_COLOR=1"])
        XCTAssertEqual(help.code, 0, help.err)
        XCTAssertTrue(help.out.hasPrefix("OVERVIEW: Run a local Live Activity push receiver"), help.out)
    }

    /// A port another program holds is unavailable (69, X2), said in one line, not a refusal (1).
    /// A host that is not an IP address is a usage error (64), saying what to give; nothing
    /// is looked up by name.
    func testAHostThatIsNotAnAddressIsAUsageError() throws {
        let folder = try TemporaryFolder("serve-host")
        let result = try spawn([try serveBinary(), "--host", "example.com", "--port", "0", "--db", folder.file("push.db")],
                               environment: ["NO_COLOR=1"])
        XCTAssertEqual(result.code, 64, result.err)
        XCTAssertEqual(result.err, "error: cannot start the receiver: 'example.com' is not an IP address; use e.g. 127.0.0.1, 0.0.0.0 or ::1\n")
        XCTAssertNil(Files.text(folder.file("push.db")), "nothing is created")
    }

    func testAPortInUseIsOneLineAndExits69() throws {
        let folder = try TemporaryFolder("serve-port")
        let held = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(held, 0)
        defer { close(held) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(held, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        XCTAssertEqual(bound, 0)
        XCTAssertEqual(listen(held, 1), 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(held, $0, &length) }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        let result = try spawn([try serveBinary(), "--port", String(port), "--db", folder.file("push.db")], environment: ["NO_COLOR=1"])
        XCTAssertEqual(result.code, 69, result.err)
        XCTAssertTrue(result.err.contains("cannot listen on 127.0.0.1:\(port): the port is in use by another program"), result.err)
        XCTAssertFalse(result.err.contains("Fatal"), result.err)
    }

    func testWithoutTheServeProgramServeSaysWhatToDoAndExits69() throws {
        let folder = try Files.makeTemporaryFolder("widgethost-push-cli")
        defer { removeFolder(folder) }
        let alone = folder + "/widgethost"
        try copyFile(try BuiltProgram.path("widgethost"), to: alone)

        let result = try spawn([alone, "serve", "--port", "0"], environment: ["NO_COLOR=1"])
        XCTAssertEqual(result.code, 69)
        XCTAssertEqual(result.out, "")
        XCTAssertEqual(result.err.split(separator: "\n").count, 1, result.err)
        let parent = String(folder[..<folder.lastIndex(of: "/")!])
        XCTAssertTrue(result.err.hasPrefix("error: 'widgethost serve' runs the widgethost-serve program, which is in neither \(folder) nor \(parent)/libexec/widgethost; "), result.err)
        XCTAssertTrue(result.err.contains("install the package (Scripts/package builds it)"), result.err)
        XCTAssertTrue(result.err.contains("Scripts/widgethost"), result.err)

        let help = try spawn([alone, "serve", "--help"], environment: ["NO_COLOR=1"])
        XCTAssertEqual(help.code, 69)
        XCTAssertEqual(help.err, result.err)
        XCTAssertEqual(try spawn([alone, "help", "serve"], environment: ["NO_COLOR=1"]).code, 69)

        // Everything else works without it.
        let top = try spawn([alone, "--help"], environment: ["NO_COLOR=1"])
        XCTAssertEqual(top.code, 0)
        XCTAssertTrue(top.out.contains("  serve "), top.out)
        XCTAssertEqual(try spawn([alone, "--version"], environment: ["NO_COLOR=1"]).code, 0)
    }

    /// A hard link where the file system allows one (what `/proc/self/exe` reports is the
    /// path it was run by), else a copy.
    private func copyFile(_ source: String, to destination: String) throws {
        if link(source, destination) == 0 { return }
        guard let input = fopen(source, "rb") else { throw HarnessError("cannot read \(source)") }
        defer { fclose(input) }
        guard let output = fopen(destination, "wb") else { throw HarnessError("cannot write \(destination)") }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = fread(&buffer, 1, buffer.count, input)
            if count <= 0 { break }
            XCTAssertEqual(fwrite(buffer, 1, count, output), count)
        }
        fclose(output)
        XCTAssertEqual(chmod(destination, 0o755), 0)
    }

    private func removeFolder(_ folder: String) { Files.removeTree(folder) }
}
