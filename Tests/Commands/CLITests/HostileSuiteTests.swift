import HostSystem
import JSONKit
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Suites a careless or hostile author hands to `widgethost test`, run by the built program as a
/// user runs it: each ends with every fixture reported, nothing written outside the suite and no
/// hang or crash.
final class HostileSuiteTests: XCTestCase {
    let passing = "/*---\ndescription: passes\nexpect:\n  status: ok\n  outputs: { a: 1 }\n---*/\nlet a = 1\n"

    /// The JSON report of `test ARGS… --reporter json`, by path: each fixture's outcome and its
    /// first failure.
    func results(_ arguments: [String], environment: [String] = Program.defaultEnvironment) throws -> (code: Int32, results: [String: (outcome: String, failure: String)], err: String) {
        let run = try Program.run([try BuiltProgram.path("widgethost"), "test"] + arguments + ["--reporter", "json", "--jobs", "1"],
                                  environment: environment, timeout: .seconds(60))
        let report = try JSONValue.parse(run.out)
        var found: [String: (String, String)] = [:]
        for result in try XCTUnwrap(report["results"]?.arrayValue, run.out + run.err) {
            let path = try XCTUnwrap(result["path"]?.stringValue)
            XCTAssertNil(found[path], "\(path) is reported twice")
            found[path] = (result["outcome"]?.stringValue ?? "", result["failures"]?[0]?.stringValue ?? "")
        }
        return (run.code, found, run.err)
    }

    // MARK: Goldens

    /// `test --update` wrote a PNG over `../victim.txt` named by `golden:`, and through a golden
    /// that was a link to a file elsewhere. A golden is written only beside its fixture, by name,
    /// inside the suite's folder: a link at its name is replaced, a link on the way (a folder
    /// the walk followed) is refused, and any other `golden:` is a malformed fixture.
    func testUpdateWritesGoldensOnlyBesideTheirFixtureInsideTheSuite() throws {
        let root = try TemporaryFolder("goldens")
        let suite = root.file("suite"), outside = root.file("outside")
        XCTAssertEqual(mkdir(suite, 0o755), 0)
        XCTAssertEqual(mkdir(outside, 0o755), 0)
        for name in ["victim.txt", "victim.png", "victim.json"] { try Files.write(root.file(name), "victim") }
        let drawing = "let drawing = [{ op: 'rect', x: 0, y: 0, width: 10, height: 10, fill: '#FF0000' }]\n"
        func fixture(_ render: String) -> String { "/*---\ndescription: draws\nrender: \(render)\nexpect:\n  status: ok\n---*/\n" + drawing }
        try Files.write(suite + "/escape.js", fixture(#"{ golden: "../victim.txt" }"#))
        try Files.write(suite + "/folder.js", fixture(#"{ golden: "sub/picture.png" }"#))
        try Files.write(suite + "/text.js", fixture(#"{ golden: "notes.txt" }"#))
        try Files.write(suite + "/linked.js", fixture("{ size: 20x20 }"))
        XCTAssertEqual(symlink("../victim.png", suite + "/linked.png"), 0)
        try Files.write(suite + "/report.js", "/*---\ndescription: pins its report\nexpect:\n  status: ok\n---*/\nlet a = 1\n")
        XCTAssertEqual(symlink("../victim.json", suite + "/report.expected.json"), 0)
        try Files.write(outside + "/inner.js", fixture("{ size: 20x20 }"))
        XCTAssertEqual(symlink("../outside", suite + "/shared"), 0)

        let run = try results([suite, "--update"])
        XCTAssertEqual(run.code, 1, run.err)
        XCTAssertEqual(run.results[suite + "/escape.js"]?.failure,
                       #"malformed fixture: render.golden is a file name beside the fixture, without a folder ('/', '..'), such as ring-dark.png (it is "../victim.txt")"#)
        XCTAssertEqual(run.results[suite + "/folder.js"]?.failure,
                       #"malformed fixture: render.golden is a file name beside the fixture, without a folder ('/', '..'), such as ring-dark.png (it is "sub/picture.png")"#)
        XCTAssertEqual(run.results[suite + "/text.js"]?.failure,
                       #"malformed fixture: render.golden is a picture's file name, ending in .png, such as ring-dark.png (it is "notes.txt")"#)
        XCTAssertEqual(run.results[suite + "/linked.js"]?.outcome, "passed")
        XCTAssertEqual(run.results[suite + "/report.js"]?.outcome, "passed")
        XCTAssertEqual(run.results[suite + "/shared/inner.js"]?.failure,
                       "cannot write \(suite)/shared/inner.png: is reached through a symbolic link (\(suite)/shared is a symbolic link); the host does not follow links")
        // Nothing outside the suite changed; the links in it are files now.
        for name in ["victim.txt", "victim.png", "victim.json"] { XCTAssertEqual(Files.text(root.file(name)), "victim", name) }
        XCTAssertEqual(Files.listing(outside), ["inner.js"])
        XCTAssertEqual(Files.listing(root.path), ["outside", "outside/inner.js", "suite", "suite/escape.js", "suite/folder.js", "suite/linked.js",
                                                  "suite/linked.png", "suite/report.expected.json", "suite/report.js", "suite/shared", "suite/text.js",
                                                  "victim.json", "victim.png", "victim.txt"])
        var info = stat()
        XCTAssertEqual(lstat(suite + "/linked.png", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG)
        XCTAssertEqual(Array(Files.bytes(suite + "/linked.png").prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertEqual(lstat(suite + "/report.expected.json", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG)
        XCTAssertEqual(try JSONValue.parse(Files.text(suite + "/report.expected.json") ?? "")["schema"], "widgethost.run/1")
    }

    // MARK: Deep front matter

    /// A front matter nested 100,000 levels, as a flow list or map, is a malformed fixture at its
    /// line (it overflowed the stack of the runner, which then reported nothing), and the good
    /// fixture beside it still passes.
    func testDeepFrontMatterIsAMalformedFixtureAndTheOthersStillRun() throws {
        let suite = try TemporaryFolder("deep")
        try Files.write(suite.file("good.js"), passing)
        let levels = 100_000
        try Files.write(suite.file("lists.js"), "/*---\ndescription: deep\nx: " + String(repeating: "[", count: levels)
                        + String(repeating: "]", count: levels) + "\nexpect:\n  status: ok\n---*/\n")
        try Files.write(suite.file("maps.js"), "/*---\ndescription: deep\nx: " + String(repeating: "{a: ", count: levels)
                        + String(repeating: "}", count: levels) + "\nexpect:\n  status: ok\n---*/\n")
        let run = try results([suite.path])
        XCTAssertEqual(run.code, 1, run.err)
        XCTAssertEqual(run.results.count, 3)
        XCTAssertEqual(run.results[suite.file("good.js")]?.outcome, "passed")
        for name in ["lists.js", "maps.js"] {
            XCTAssertEqual(run.results[suite.file(name)]?.outcome, "failed", name)
            XCTAssertEqual(run.results[suite.file(name)]?.failure,
                           "malformed fixture: \(suite.file(name)):3: maps and lists nest more than 512 levels deep, the most a front matter may")
        }
    }

    // MARK: Links and pipes

    /// Links to a folder already walked (`again -> .`, twice, and one back up from a subfolder)
    /// ran the suite again through each of them, two of them for ever, and a named pipe called
    /// `p.js` was opened and waited on for ever. Each folder is walked once, each file run once,
    /// and only regular files are read; what is passed over is said on stderr.
    func testEachFolderIsWalkedOnceAndOnlyRegularFilesAreRead() throws {
        let suite = try TemporaryFolder("links")
        try Files.write(suite.file("good.js"), passing)
        XCTAssertEqual(mkdir(suite.file("sub"), 0o755), 0)
        try Files.write(suite.file("sub/inner.js"), passing)
        XCTAssertEqual(symlink(".", suite.file("again")), 0)
        XCTAssertEqual(symlink(".", suite.file("again2")), 0)
        XCTAssertEqual(symlink("..", suite.file("sub/loop")), 0)
        XCTAssertEqual(symlink("good.js", suite.file("same.js")), 0)
        XCTAssertEqual(symlink("nowhere.js", suite.file("dangling.js")), 0)
        XCTAssertEqual(mkfifo(suite.file("p.js"), 0o644), 0)

        let run = try results([suite.path])
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertEqual(run.results.keys.sorted(), [suite.file("good.js"), suite.file("sub/inner.js")])
        XCTAssertEqual(run.results.values.map(\.outcome), ["passed", "passed"])
        XCTAssertEqual(run.err.split(separator: "\n"), [  // in the order of the walk: names by their bytes, depth first
            "test: passed over \(suite.file("again")): the folder \(suite.path) was walked already (each folder is walked once)",
            "test: passed over \(suite.file("again2")): the folder \(suite.path) was walked already (each folder is walked once)",
            "test: passed over \(suite.file("dangling.js")): a symbolic link that leads nowhere",
            "test: passed over \(suite.file("p.js")): a named pipe, not a regular file; only regular files are read",
            "test: passed over \(suite.file("same.js")): the same file as \(suite.file("good.js")), which runs once",
            "test: passed over \(suite.file("sub/loop")): the folder \(suite.path) was walked already (each folder is walked once)",
        ])

        // A pipe named on the command line is refused, not waited on.
        let named = try Program.run([try BuiltProgram.path("widgethost"), "test", suite.file("p.js")], timeout: .seconds(60))
        XCTAssertEqual(named.code, 66)
        XCTAssertEqual(named.err, "error: \(suite.file("p.js")): cannot be read: is not a regular file (a named pipe); only regular files are read\n")
    }

    // MARK: Names that are not UTF-8

    /// A failing fixture named `caf\xe9.js` was passed over ("1 passed", exit 0), and so was a
    /// folder whose name is not UTF-8: every file runs, by the bytes of its path, and is shown
    /// escaped.
    func testEveryFileRunsWhateverTheBytesOfItsName() throws {
        let suite = try TemporaryFolder("names")
        let widgethost = try BuiltProgram.path("widgethost")
        try Files.write(suite.file("good.js"), passing)
        let failing = "/*---\ndescription: fails\nexpect:\n  status: error\n---*/\nlet a = 1\n"
        try Files.write(suite.path, name: Array("caf".utf8) + [0xE9] + Array(".js".utf8), failing)
        try Files.write(suite.path, folders: [[0x64, 0xFF]], name: Array("inner.js".utf8), passing)
        let cafe = suite.path + "/caf\\xe9.js", inner = suite.path + "/d\\xff/inner.js"

        let run = try results([suite.path])
        XCTAssertEqual(run.code, 1, run.err)
        XCTAssertEqual(run.results.keys.sorted(), [cafe, inner, suite.file("good.js")].sorted())
        XCTAssertEqual(run.results[cafe]?.outcome, "failed")
        XCTAssertEqual(run.results[cafe]?.failure, "status: expected \"error\", got \"ok\"")
        XCTAssertEqual(run.results[inner]?.outcome, "passed")
        XCTAssertEqual(run.err, "")

        let spec = try Program.run([widgethost, "test", suite.path, "--jobs", "1"], timeout: .seconds(60))
        XCTAssertTrue(spec.out.contains("  FAIL \(cafe)"), spec.out)
        XCTAssertEqual(spec.out.split(separator: "\n").last, "2 passed, 1 failed")

        // Named on the command line, by the same bytes.
        let named = try Program.run(["/bin/sh", "-c", "exec \"$0\" test \"$1/$(printf 'caf\\351.js')\" --reporter json", widgethost, suite.path],
                                    timeout: .seconds(60))
        XCTAssertEqual(named.code, 1, named.err)
        let report = try JSONValue.parse(named.out)
        XCTAssertEqual(report["results"]?[0]?["path"], .string(cafe))
        XCTAssertEqual(report["results"]?.arrayValue?.count, 1)
    }
}
