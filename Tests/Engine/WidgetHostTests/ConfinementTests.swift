import ErrorKinds
import JSONKit
import Synchronization
import HostSystem
import WidgetHost
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Storage never leaves the state folder (A5, A11): paths are split as the kernel splits
/// them (bytes, at 0x2F), and no symbolic link is followed on any component, even one
/// swapped in while a script runs. Each test lists the file system around the state
/// folder before and after.
final class ConfinementTests: APITestCase {
    var id: String { WidgetIdentity.derived(fromScriptName: "widget.js").id }

    /// Marks that join a `/` into one `Character` while the kernel still sees a separator.
    static let joiners = ["\u{0301}", "\u{200D}", "\u{200C}", "\u{FE0F}"]

    func testASeparatorFollowedByAJoiningMarkIsStillASeparator() throws {
        let root = try ScratchTree()
        let documents = try root.documents(of: id)
        root.makeFolder("elsewhere")
        for (index, mark) in Self.joiners.enumerated() {
            try root.write("elsewhere/\(mark)data.txt", "secret \(index)")
        }
        XCTAssertEqual(symlink(root.path + "/elsewhere", documents + "/link"), 0)
        let before = root.snapshot()

        let marks = JSONValue.array(Self.joiners.map(JSONValue.string)).serialized()
        let report = runAPI("""
            const _fm = FileManager.local()
            const _docs = _fm.documents()
            let reads = [], writes = [], removes = [], images = [], exists = [], dots = []
            for (const _mark of \(marks)) {
              const _path = _docs + "link/" + _mark + "data.txt"
              try { reads.push(_fm.readString(_path)) } catch (e) { reads.push(e.message) }
              try { _fm.writeString(_docs + "link/" + _mark + "new.txt", "planted"); writes.push("written") } catch (e) { writes.push(e.message) }
              try { _fm.saveImage(_docs + "link/" + _mark + "new.png", new Uint8Array([1, 2])); images.push("written") } catch (e) { images.push(e.message) }
              try { _fm.remove(_path); removes.push("removed") } catch (e) { removes.push(e.message) }
              exists.push(_fm.fileExists(_path))
              for (const _op of ["readString", "writeString", "remove", "fileExists"]) {
                try { _fm[_op](_docs + "../" + _mark + "x", "x"); dots.push("passed") } catch (e) { dots.push(e.message) }
              }
            }
            """) { $0.storage = root.store }
        let out = outputs(report)
        let link = "/files/LD/link is a symbolic link); the host does not follow links"
        for name in ["reads", "writes", "removes", "images"] {
            let messages = out[name]?.arrayValue?.compactMap(\.stringValue) ?? []
            XCTAssertEqual(messages.count, Self.joiners.count, name)
            for message in messages { XCTAssertTrue(message.hasSuffix(link), "\(name): \(message)") }
        }
        XCTAssertEqual(out["exists"], .array(Array(repeating: false, count: Self.joiners.count)))
        let dots = out["dots"]?.arrayValue?.compactMap(\.stringValue) ?? []
        XCTAssertEqual(dots.count, 4 * Self.joiners.count)
        for message in dots {
            XCTAssertTrue(message.hasSuffix("was refused: it contains a '..' segment, which would leave the widget's folder"), message)
        }
        XCTAssertEqual(root.snapshot().filter { !$0.key.hasSuffix("/store.lock") }, before, "nothing changed anywhere but the widget's lock file (A12)")
    }

    func testLinksOnTheWayToTheStoreAreNotFollowed() throws {
        let root = try ScratchTree()
        root.makeFolder("state")
        root.makeFolder("state/widgets")
        root.makeFolder("elsewhere")
        root.makeFolder("values-elsewhere")
        XCTAssertEqual(symlink(root.path + "/elsewhere", root.path + "/state/widgets/\(id)"), 0)
        XCTAssertEqual(symlink(root.path + "/values-elsewhere", root.path + "/state/values"), 0)
        let before = root.snapshot()
        let report = runAPI("Config.set('a', 1); setValue('v', 'x'); let v = Config.get('a')") { $0.storage = root.store }
        XCTAssertEqual(outputs(report)["v"], 1)
        // Read and write are both refused, and the run says that what it stored is lost.
        XCTAssertEqual(report.diagnostics.map(\.code), [.stateUnreadable, .stateUnreadable, .stateNotSaved, .stateNotSaved],
                       "\(report.diagnostics.map(\.message))")
        for diagnostic in report.diagnostics {
            XCTAssertTrue(diagnostic.message.contains("is reached through a symbolic link ("), diagnostic.message)
            XCTAssertTrue(diagnostic.message.contains("is a symbolic link); the host does not follow links"), diagnostic.message)
        }
        XCTAssertEqual(ExitStatus.of(report), 73)
        XCTAssertEqual(root.snapshot(), before, "nothing read or written through the links")
    }

    /// A thread swaps a folder of the widget for a link to a folder outside, again and
    /// again, while the script writes, reads, checks and removes files in it.
    func testAFolderSwappedForALinkDuringARunLetsNothingOut() throws {
        let root = try ScratchTree()
        let documents = try root.documents(of: id)
        root.makeFolder("elsewhere")
        try root.write("elsewhere/kept.txt", "outside")
        XCTAssertEqual(mkdir(documents + "/sub", 0o755), 0)
        let before = root.snapshot(below: "elsewhere")

        let flags = RaceFlags()
        let folder = documents + "/sub", spare = documents + "/spare"
        XCTAssertEqual(symlink(root.path + "/elsewhere", spare), 0)
        let exchange = try Exchange()
        let swapper = OSThread {
            var count = 0
            while !flags.done.load(ordering: .acquiring) && count < 5_000_000 {
                // The folder becomes the link in one step, and back again: it is never missing.
                guard exchange(folder, spare) else { break }
                var info = stat()
                for _ in 0..<10 { _ = lstat(folder, &info) }
                guard exchange(folder, spare) else { break }
                for _ in 0..<10 { _ = lstat(folder, &info) }
                count += 1
            }
            flags.swaps.store(count, ordering: .releasing)
        }
        let report = runAPI("""
            const _fm = FileManager.local()
            const _docs = _fm.documents()
            let written = 0, refused = 0, leaked = 0
            for (let _i = 0; _i < 6000; _i++) {
              if (_i % 30 === 0) {
                try { _fm.writeString(_docs + "sub/f" + (_i % 7) + ".txt", "inside " + _i); written++ } catch (e) { refused++ }
                try { _fm.saveImage(_docs + "sub/i" + (_i % 5) + ".png", new Uint8Array([_i & 255])) } catch (e) {}
              }
              try { if (_fm.readString(_docs + "sub/kept.txt") === "outside") leaked++ } catch (e) {}
              _fm.fileExists(_docs + "sub/kept.txt")
              try { _fm.remove(_docs + "sub/kept.txt") } catch (e) {}
            }
            """) {
            $0.storage = root.store
            // The loop shares the cores with the swapper (and with other tests running at
            // once): the limit is not what this test is about, so it is generous.
            $0.timeLimitSeconds = 120
        }
        flags.done.store(true, ordering: .releasing)
        swapper.join()
        let out = outputs(report)
        XCTAssertEqual((out["written"]?.doubleValue ?? 0) + (out["refused"]?.doubleValue ?? 0), 200)
        XCTAssertEqual(out["leaked"], 0, "no read went through the link")
        XCTAssertGreaterThan(flags.swaps.load(ordering: .acquiring), 0, "the folder was swapped during the run")
        XCTAssertEqual(root.snapshot(below: "elsewhere"), before, "nothing landed outside, nothing was read or removed there")
        XCTAssertEqual(root.read("elsewhere/kept.txt"), "outside")
    }

    /// Generated paths: joining marks, zero-width joiners, variation selectors, dots,
    /// separators, NUL, backslashes, lone surrogates and long segments, around links that
    /// point outside. Whatever a path does, nothing outside the widget's own folders changes.
    func testGeneratedPathsChangeNothingOutsideTheWidgetsFolders() throws {
        let root = try ScratchTree()
        let documents = try root.documents(of: id)
        root.makeFolder("elsewhere")
        try root.write("elsewhere/data.txt", "outside")
        try root.write("outside.txt", "outside")
        let links = ["link": root.path + "/elsewhere", "file-link": root.path + "/outside.txt", "up": "../../../../../.."]
        // Paths are built as segments around separators, each segment a name with a mark
        // before or after it now and then, so the hostile shapes (`link/\u{0301}x`, `../\u{200D}x`) come up often.
        let names = [
            "link", "link", "link", "link", "file-link", "up", "a", "data.txt", "data.txt", ".", "..", "...", "elsewhere", "outside.txt",
            "é", "e\u{0301}", "\u{212A}", "%2e%2e", "\u{1F469}\u{200D}\u{1F4BB}", "", String(repeating: "x", count: 300),
            String(repeating: "é", count: 130),
        ]
        let separators = [
            "/", "/", "/", "/\u{0301}", "/\u{200D}", "/\u{200C}", "/\u{FE0F}", "/\u{20E3}", "//", "/./", "/../", "/\u{0301}../",
            "/\u{200D}./", "\u{0301}/", "/\u{0}", "\\",
        ]
        let marks = [
            "\u{0301}", "\u{200D}", "\u{200C}", "\u{FE0F}", "\u{FE0E}", "\u{20E3}", "\u{0}", "\\", " ", "\t", "\n", "\u{2215}", "\u{FF0F}",
            "\u{E000}", "\u{E001}", ".", "/",
        ]
        // Files outside whose names a path through a link could reach.
        for mark in marks where mark != "\u{0}" && mark != "/" && mark != "\u{E000}" && mark != "\u{E001}" {
            for name in ["data.txt", "a", "up"] { try root.write("elsewhere/" + mark + name, "outside") }
        }
        var generator = SplitMix(seed: 17)
        // The widget's lock file is its own too (A12).
        let own = ["state/widgets/\(id)/files/LD", "state/widgets/\(id)/files/LL", "state/widgets/\(id)/store.lock"]
        func isOwn(_ path: String) -> Bool { own.contains { path == $0 || path.hasPrefix($0 + "/") } }
        var done = 0.0
        for round in 0..<8 {
            // Links to outside, planted again before every round (a round may remove one: that removes the link itself).
            for (name, target) in links.sorted(by: { $0.key < $1.key }) {
                if unlink(documents + "/" + name) != 0 { Files.removeTree(documents + "/" + name) }
                XCTAssertEqual(symlink(target, documents + "/" + name), 0, name)
            }
            let before = root.snapshot()
            var paths: [String] = []
            for _ in 0..<150 {
                var segments: [String] = []
                for _ in 0..<(1 + generator.next(4)) {
                    var segment = names[generator.next(names.count)]
                    if generator.next(5) < 2 { segment = marks[generator.next(marks.count)] + segment }
                    if generator.next(5) < 1 { segment += marks[generator.next(marks.count)] }
                    segments.append(segment)
                }
                let prefix = ["", "LD:\(id)/", "LD:\(id)/", "LD:\(id)/", "LD:\(id)/", "LL:\(id)/", "LD:", "LD:\(id)\u{0301}/"][generator.next(8)]
                var path = prefix + segments[0]
                for segment in segments.dropFirst() { path += separators[generator.next(separators.count)] + segment }
                paths.append(path)
            }
            // One operation per path (so a removal cannot undo what a write did), chosen by the generator.
            let operations = ["writeString", "writeString", "saveImage", "readString", "readString", "fileExists", "remove", "remove"]
            let calls = paths.map { "[\(Self.javaScriptLiteral($0)), \"\(operations[generator.next(operations.count)])\"]" }
            let report = runAPI("""
                const _fm = FileManager.local()
                const _calls = [\(calls.joined(separator: ", "))]
                let done = 0, threw = 0, leaked = 0
                for (const [_path, _op] of _calls) {
                  try {
                    const _result = _fm[_op](_path, _op === "saveImage" ? new Uint8Array([7]) : "fuzz")
                    if (_result === "outside") leaked++
                    done++
                  } catch (e) { threw++ }
                }
                """) { $0.storage = root.store }
            let out = outputs(report)
            XCTAssertEqual((out["done"]?.doubleValue ?? 0) + (out["threw"]?.doubleValue ?? 0), Double(paths.count), "round \(round)")
            XCTAssertEqual(out["leaked"], 0, "round \(round): no read reached a file outside")
            done += out["done"]?.doubleValue ?? 0
            let after = root.snapshot()
            for (path, entry) in after where before[path] != entry {
                XCTAssertTrue(isOwn(path), "round \(round): changed outside the widget's folders: \(path)")
            }
            for (path, entry) in before where after[path] != entry && !isOwn(path) {
                XCTFail("round \(round): changed outside the widget's folders: \(path) (was \(entry))")
            }
        }
        XCTAssertGreaterThan(done, 0, "some generated paths are fine")
        XCTAssertEqual(root.read("elsewhere/data.txt"), "outside")
        XCTAssertEqual(root.read("outside.txt"), "outside")
    }

    /// A JavaScript string literal of `text`, each UTF-16 unit escaped, so lone surrogates
    /// (which a Swift string cannot hold) reach the script as written.
    static func javaScriptLiteral(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0xE000: literal += "\\ud800"  // stand-ins for lone surrogates
            case 0xE001: literal += "\\udfff"
            default:
                for unit in String(scalar).utf16 { literal += "\\u" + hex4(UInt32(unit)) }
            }
        }
        return literal + "\""
    }

    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// `renameat2(…, RENAME_EXCHANGE)`: swaps two names in one step (the C library has it;
/// Swift's Glibc module does not show it).
struct Exchange: Sendable {
    private let call: @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    init() throws {
        struct Missing: Error {}
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { throw Missing() }
        call = unsafeBitCast(symbol, to: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32).self)
    }

    func callAsFunction(_ first: String, _ second: String) -> Bool {
        call(AT_FDCWD, first, AT_FDCWD, second, 2 /* RENAME_EXCHANGE */) == 0
    }
}

final class RaceFlags: Sendable {
    let done = Atomic<Bool>(false)
    let swaps = Atomic<Int>(0)
}

/// A seeded generator for repeatable test inputs.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}

/// A temporary folder holding a state folder (`state/`) and whatever a test puts around it.
final class ScratchTree {
    let path: String
    var store: StateStore { StateStore(directory: path + "/state") }

    init() throws {
        path = try Files.makeTemporaryFolder("widgethost-confine")
    }

    deinit { Files.removeTree(path) }

    func makeFolder(_ relative: String) { mkdir(path + "/" + relative, 0o755) }

    /// Makes the documents folder of widget `id` and returns its path.
    func documents(of id: String) throws -> String {
        for folder in ["state", "state/widgets", "state/widgets/\(id)", "state/widgets/\(id)/files", "state/widgets/\(id)/files/LD"] {
            makeFolder(folder)
        }
        return path + "/state/widgets/\(id)/files/LD"
    }

    func write(_ relative: String, _ text: String) throws { try Files.write(path + "/" + relative, text) }
    func read(_ relative: String) -> String { String(decoding: Files.bytes(path + "/" + relative), as: UTF8.self) }

    /// Every entry below `relative` (links not followed), by its name's bytes: a folder,
    /// a file with its size and a hash of its bytes, or a link with its target.
    func snapshot(below relative: String = "") -> [String: String] {
        var entries: [String: String] = [:]
        func walk(_ folder: [UInt8], _ shown: String) {
            guard let directory = opendir(folder.map { CChar(bitPattern: $0) } + [0]) else { return }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                if name == [0x2E] || name == [0x2E, 0x2E] { continue }
                let child = folder + [0x2F] + name
                let label = (shown.isEmpty ? "" : shown + "/") + Self.escaped(name)
                var info = stat()
                guard lstat(child.map { CChar(bitPattern: $0) } + [0], &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    entries[label] = "folder"
                    walk(child, label)
                case S_IFLNK:
                    var target = [CChar](repeating: 0, count: 4096)
                    let count = readlink(child.map { CChar(bitPattern: $0) } + [0], &target, target.count)
                    entries[label] = "link to " + String(decoding: target.prefix(max(0, count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                default:
                    let bytes = Files.bytes(String(decoding: child, as: UTF8.self))
                    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
                    entries[label] = "file of \(info.st_size) bytes, \(hash)"
                }
            }
        }
        walk(Array((relative.isEmpty ? path : path + "/" + relative).utf8), "")
        return entries
    }

    /// A name's bytes as text, with anything outside printable ASCII as `\xNN`.
    static func escaped(_ name: [UInt8]) -> String {
        var text = ""
        for byte in name {
            if byte >= 0x21 && byte < 0x7F && byte != 0x5C { text.unicodeScalars.append(Unicode.Scalar(byte)) } else {
                text += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
            }
        }
        return text
    }
}
