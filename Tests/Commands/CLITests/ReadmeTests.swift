import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Every command the README shows (a `$ widgethost …` line in a code block) runs, from a fresh
/// clone of the repository, with the tool on the `PATH` as the README installs it, and ends
/// with the exit status the table below gives; a transcript shown under a command is what it
/// prints (up to a `…` line, after which the README leaves the rest out).
final class ReadmeTests: XCTestCase {
    /// What a command's transcript in the README shows.
    enum Shown {
        /// stdout.
        case stdout
        /// stderr, then stdout (a run with diagnostics).
        case stderrThenStdout
        /// A server: it runs until it says it is listening, then SIGTERM stops it.
        case server
    }

    struct Entry {
        let command: String
        let exit: Int32
        let shown: Shown
        init(_ command: String, exit: Int32 = 0, _ shown: Shown = .stdout) {
            self.command = command
            self.exit = exit
            self.shown = shown
        }
    }

    /// One line per command in the README, in its order. A new command's README example is one
    /// more line here.
    static let table: [Entry] = [
        Entry("widgethost run Fixtures/Examples/every-30-minutes.js --now 2026-11-29T08:00:00Z --tz UTC"),
        Entry("widgethost simulate Fixtures/Examples/every-5-minutes.js --now 2026-11-29T00:00:00Z --tz UTC --summary"),
        Entry("widgethost run Fixtures/Examples/mistake.js --now 2026-11-29T08:00:00Z --tz UTC", exit: 1, .stderrThenStdout),
        Entry("widgethost simulate Fixtures/Examples/live-score.js --kind live --now 2026-11-29T12:00:00Z --tz UTC --summary"),
        Entry("widgethost preview Fixtures/Examples/live-countdown.js --kind live --now 2026-11-29T18:20:00Z --tz UTC --html preview.html"),
        Entry("widgethost test Fixtures/Conformance"),
        Entry("widgethost push start --user-id PUSH_ID --widget-id WIDGET_ID --data '{\"title\":\"Live\",\"count\":1}'"),
        Entry("widgethost render Fixtures/Examples/progress-ring.js --size 120x120"),
        Entry("widgethost serve --port 0", .server),
        Entry("widgethost studio Fixtures/Examples/weather.js --profile Fixtures/Examples/weather.profile.json --layout Fixtures/Examples/weather.layout.json --port 0", .server),
        Entry("widgethost api"),
        Entry("widgethost init my-widget"),
        Entry("widgethost types --out my-widget/omni.d.ts"),
        Entry("widgethost completions bash"),
    ]

    private var clone = ""

    override func setUpWithError() throws {
        let folder = try Files.makeTemporaryFolder("widgethost-readme")
        clone = folder + "/clone"
        let cloned = try spawn(["/usr/bin/git", "clone", "--quiet", "--shared", packageRoot, clone], environment: ["PATH=/usr/bin:/bin"])
        guard cloned.code == 0 else { throw HarnessError("cannot clone \(packageRoot): \(cloned.err)") }
    }

    override func tearDown() {
        let folder = String(clone[..<clone.lastIndex(of: "/")!])
        _ = try? spawn(["/bin/rm", "-rf", folder], environment: [])
    }

    /// The `$ ` lines of the README's code blocks, each with the lines shown under it.
    static func examples(in readme: String) -> [(command: String, transcript: [String])] {
        var found: [(String, [String])] = []
        var inBlock = false
        var current: Int?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                inBlock.toggle()
                current = nil
                continue
            }
            guard inBlock else { continue }
            if line.hasPrefix("$ ") {
                found.append((String(line.dropFirst(2)), []))
                current = found.count - 1
            } else if let current {
                found[current].1.append(line)
            }
        }
        return found
    }

    /// The folder of the built `widgethost` and `widgethost-serve`, side by side as installed.
    private func toolFolder() throws -> String {
        let executable = try BuiltProgram.path("widgethost")
        let folder = String(executable[..<executable.lastIndex(of: "/")!])
        XCTAssertEqual(access(folder + "/widgethost-serve", X_OK), 0, "widgethost-serve is not next to widgethost")
        return folder
    }

    func testEveryCommandInTheReadmeRunsWithTheExitStatusShown() throws {
        try Self.runEveryCommand(in: clone, toolFolder: try toolFolder())
    }

    /// Runs every command of the README of the checkout `clone`, in it, with `toolFolder` first
    /// on the `PATH`, and checks each one's exit status and transcript.
    static func runEveryCommand(in clone: String, toolFolder: String) throws {
        let readme = Files.text(clone + "/README.md") ?? ""
        let examples = Self.examples(in: readme)
        XCTAssertEqual(examples.map(\.command), Self.table.map(\.command),
                       "the README's commands and this table differ: add the new command to the table")
        // A home outside the clone, so that what the tools keep there (font caches) is not
        // taken for what the examples leave behind.
        let home = String(clone[..<clone.lastIndex(of: "/")!]) + "/home"
        mkdir(home, 0o755)
        let environment = ["PATH=\(toolFolder):/usr/bin:/bin", "NO_COLOR=1", "TZ=UTC", "HOME=\(home)"]
        for (entry, example) in zip(Self.table, examples) {
            if entry.shown == .server {
                try runServer(entry.command, in: clone, environment: environment)
                continue
            }
            let result = try spawn(["/bin/sh", "-c", "cd '\(clone)' && exec \(entry.command)"], environment: environment)
            XCTAssertEqual(result.code, entry.exit, "\(entry.command)\n\(result.err)")
            var transcript = example.transcript
            while transcript.last == "" { transcript.removeLast() }
            guard !transcript.isEmpty else { continue }
            let printed = entry.shown == .stderrThenStdout ? result.err + result.out : result.out
            var lines = printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            while lines.last == "" { lines.removeLast() }
            if transcript.last == "…" {
                transcript.removeLast()
                XCTAssertEqual(Array(lines.prefix(transcript.count)), transcript, entry.command)
            } else {
                XCTAssertEqual(lines, transcript, entry.command)
            }
        }
        // Run from the repository's root, the examples leave nothing git would offer to commit:
        // each writes where it says, and .gitignore covers those files.
        let status = try spawn(["/usr/bin/git", "-C", clone, "status", "--porcelain", "--untracked-files=all"], environment: ["PATH=/usr/bin:/bin"])
        XCTAssertEqual(status.code, 0, status.err)
        XCTAssertEqual(status.out, "", "the README's examples leave files behind in the checkout")
    }

    /// Starts a server command, waits until it says it is listening, stops it with SIGTERM and
    /// checks its exit status.
    private static func runServer(_ command: String, in clone: String, environment: [String]) throws {
        var output: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&output), 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, output[1], 2)
        posix_spawn_file_actions_addclose(&actions, output[0])
        posix_spawn_file_actions_addclose(&actions, output[1])
        let words: [String] = ["/bin/sh", "-c", "cd '\(clone)' && exec \(command)"]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let env: [UnsafeMutablePointer<CChar>?] = (environment + ["SWIFT_BACKTRACE=enable=no"]).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) }; env.forEach { free($0) } }
        var pid: pid_t = 0
        XCTAssertEqual(posix_spawn(&pid, "/bin/sh", &actions, nil, argv, env), 0)
        posix_spawn_file_actions_destroy(&actions)
        close(output[1])
        defer { close(output[0]) }
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        var descriptor = pollfd(fd: output[0], events: Int16(POLLIN), revents: 0)
        // Up to 20 s for the start banner.
        for _ in 0..<200 where !text.contains("listening on") {
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let count = read(output[0], &buffer, buffer.count)
            if count <= 0 { break }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        XCTAssertTrue(text.contains("listening on"), "\(command) never said it was listening: \(text)")
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        XCTAssertEqual((status >> 8) & 0xFF, 0, "\(command) after SIGTERM: \(text)")
    }

    func testTheTableAndTheReadmeParserSeeTheSameShape() {
        let sample = "text\n```\n$ widgethost api\nRequest  (constructor)\n…\n```\n```sh\nScripts/setup\n```\n"
        let examples = Self.examples(in: sample)
        XCTAssertEqual(examples.map(\.command), ["widgethost api"])
        XCTAssertEqual(examples.first?.transcript, ["Request  (constructor)", "…"])
    }
}
