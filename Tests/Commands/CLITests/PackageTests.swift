import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `Scripts/package`: the Debian package of the three programs, its manual page and completions,
/// checked by lintian, unpacked into a scratch root, and every command of the README run with the
/// unpacked programs from a clone outside the checkout.
final class PackageTests: XCTestCase {
    /// The package built from the programs next to the test bundle (`--binaries`), into `folder`.
    static func build(into folder: TemporaryFolder) throws -> String {
        let built = try Program.run([packageRoot + "/Scripts/package", "--binaries", BuiltProgram.folder, "--gzip", "--out", folder.path],
                                    environment: ["PATH=/usr/bin:/bin", "SWIFT_BACKTRACE=enable=no"], timeout: .seconds(300))
        XCTAssertEqual(built.code, 0, built.err)
        let version = try binary(["--version"]).out.dropFirst("widgethost ".count).dropLast()
        let arch = try Program.run(["dpkg", "--print-architecture"], searchPath: true).out.dropLast()
        let deb = "\(folder.path)/widgethost_\(version)_\(arch).deb"
        XCTAssertEqual(built.out, deb + "\n")
        return deb
    }

    func testThePackageInstallsEveryProgramAndRunsEveryCommandOfTheReadme() throws {
        let lintian = try Program.required("lintian")
        let folder = try TemporaryFolder("package")
        let deb = try Self.build(into: folder)

        let list = try Program.run(["sh", "-c", "dpkg-deb --fsys-tarfile '\(deb)' | tar -t | grep -v '/$'"], searchPath: true)
        // The source record is there when the checkout is a remote's commit, unchanged (InitWorkflowTests reads one).
        let record = "./usr/share/widgethost/source"
        XCTAssertEqual(list.out.split(separator: "\n").map(String.init).filter { $0 != record }.sorted(), [
            "./usr/bin/widgethost",
            "./usr/libexec/widgethost/widgethost-render",
            "./usr/libexec/widgethost/widgethost-serve",
            "./usr/share/bash-completion/completions/widgethost",
            "./usr/share/doc/widgethost/changelog.gz",
            "./usr/share/doc/widgethost/copyright",
            "./usr/share/fish/vendor_completions.d/widgethost.fish",
            "./usr/share/man/man1/widgethost.1.gz",
            "./usr/share/zsh/vendor-completions/_widgethost",
        ])

        // Depends: the linked libraries as dpkg-shlibdeps names them, those loaded or read at run
        // time, the fonts; never the toolchain's Swift runtime.
        let depends = try Program.run(["dpkg-deb", "--field", deb, "Depends"], searchPath: true).out
        let names = Set(depends.split(separator: ",").map { $0.split(whereSeparator: { $0 == " " || $0 == "\n" }).first.map(String.init) ?? "" })
        for name in ["libc6", "libjavascriptcoregtk-4.1-0", "libcairo2", "libpango-1.0-0", "libpangocairo-1.0-0", "libfontconfig1",
                     "librsvg2-2", "libjpeg62-turbo", "libdeflate0", "libh2o-evloop0.13", "libsqlite3-0",
                     "libcurl4", "libxml2", "tzdata", "fonts-inter", "fonts-noto-cjk", "fonts-noto-color-emoji"] {
            XCTAssertTrue(names.contains(name), "\(name) is not in Depends: \(depends)")
        }
        XCTAssertFalse(depends.contains("swift"), depends)

        // lintian reports no error (its exit status is 1 when it does).
        let lint = try Program.run([lintian, "--tag-display-limit", "0", deb], environment: ["PATH=/usr/bin:/bin"], timeout: .seconds(300))
        XCTAssertEqual(lint.code, 0, lint.out + lint.err)
        XCTAssertFalse(lint.out.split(separator: "\n").contains { $0.hasPrefix("E: ") }, lint.out)

        // Unpacked under a scratch root, the programs find each other there.
        let root = folder.file("root")
        let unpacked = try Program.run(["dpkg-deb", "-x", deb, root], searchPath: true)
        XCTAssertEqual(unpacked.code, 0, unpacked.err)
        let bin = root + "/usr/bin"
        let completion = try Program.run(["bash", "-c", ". '\(root)/usr/share/bash-completion/completions/widgethost' && complete -p widgethost"],
                                         environment: ["PATH=\(bin):/usr/bin:/bin"], searchPath: true)
        XCTAssertEqual(completion.code, 0, completion.err)
        XCTAssertTrue(completion.out.hasPrefix("complete "), completion.out)
        let manual = try Program.run(["man", "--warnings", "-l", root + "/usr/share/man/man1/widgethost.1.gz"],
                                     environment: ["PATH=/usr/bin:/bin", "MANWIDTH=80", "MAN_KEEP_FORMATTING=0"], searchPath: true)
        XCTAssertEqual(manual.code, 0, manual.err)
        XCTAssertTrue(manual.out.contains("widgethost - a headless host for Omni widget and Live Activity scripts"), String(manual.out.prefix(300)))

        // The README's install line names this package, and its commands run with these programs
        // from a clone outside the checkout.
        let readme = try XCTUnwrap(Files.text(packageRoot + "/README.md"))
        XCTAssertTrue(readme.contains("\nsudo apt-get install ./\(deb.split(separator: "/").last!)\n"), "the README installs another file than \(deb)")
        let clone = folder.file("clone")
        let cloned = try Program.run(["git", "clone", "--quiet", "--shared", packageRoot, clone], environment: ["PATH=/usr/bin:/bin"], searchPath: true)
        XCTAssertEqual(cloned.code, 0, cloned.err)
        try ReadmeTests.runEveryCommand(in: clone, toolFolder: bin)
    }

    func testBinariesThatNeedTheToolchainsSwiftRuntimeAreRefused() throws {
        let folder = try TemporaryFolder("package")
        let fake = folder.file("bin")
        // A program linked to the Swift runtime's shared library in place of widgethost-serve.
        let made = try Program.run(["sh", "-c", "mkdir '\(fake)' && for p in widgethost widgethost-serve widgethost-render; do cp '\(try BuiltProgram.path("widgethost"))' '\(fake)'/$p; done"], searchPath: true)
        XCTAssertEqual(made.code, 0, made.err)
        let dynamic = try XCTUnwrap(Self.swiftLinkedProgram(), "no program here links libswiftCore.so")
        let copied = try Program.run(["cp", dynamic, fake + "/widgethost-serve"], searchPath: true)
        XCTAssertEqual(copied.code, 0, copied.err)
        let refused = try Program.run([packageRoot + "/Scripts/package", "--binaries", fake, "--out", folder.path], environment: ["PATH=/usr/bin:/bin"])
        XCTAssertEqual(refused.code, 65)
        XCTAssertEqual(refused.err, "error: \(fake)/widgethost-serve needs the Swift runtime's shared libraries, which no Debian package provides; build it with this package's Package.swift, which links the Swift runtime in (or leave out --binaries)\n")
        XCTAssertEqual(Files.list(folder.path).sorted(), ["bin"])

        let missing = try Program.run([packageRoot + "/Scripts/package", "--binaries", folder.file("none"), "--out", folder.path], environment: ["PATH=/usr/bin:/bin"])
        XCTAssertEqual(missing.code, 66)
        XCTAssertTrue(missing.err.hasPrefix("error: \(folder.path)/none/widgethost is missing; "), missing.err)
        let bad = try Program.run([packageRoot + "/Scripts/package", "--colour"], environment: ["PATH=/usr/bin:/bin"])
        XCTAssertEqual(bad.code, 64)
    }

    /// The test bundle (an executable on Linux), linked to the toolchain's `libswiftCore.so`.
    static func swiftLinkedProgram() -> String? {
        guard let bundle = CommandLine.arguments.first(where: { $0.hasSuffix(".xctest") }) else { return nil }
        let linked = (try? Program.run(["readelf", "-d", bundle], searchPath: true))?.out.contains("[libswiftCore.so]") ?? false
        return linked ? bundle : nil
    }
}
