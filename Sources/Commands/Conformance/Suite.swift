import HostSystem
import WidgetHost
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Finding fixtures and choosing the ones a run covers.
///
/// A fixture is found by the bytes of its path, whatever they are (a name need not be UTF-8),
/// as a ``FileSystem/Location``: the folder named (or the current one) as the base, the folders
/// below it and its name, shown escaped. A folder is walked once, however many links lead to
/// it (a link `again -> .` leads nowhere new), and a file is read only when it is a regular
/// file: a named pipe is never opened for reading, so it cannot block the run.
public enum Suite {
    /// What a search found: the fixtures, and what it passed over, one line each.
    public struct Found: Sendable {
        /// The fixtures, sorted by the bytes of their paths, each once.
        public var fixtures: [FileSystem.Location] = []
        /// What was passed over in a folder and why (`suite/again: the folder suite was walked
        /// already`), for the command to say.
        public var passedOver: [String] = []
        /// The `.js` files found in the folders walked that have no front-matter block, shown
        /// and sorted: the scripts the run leaves out (helpers, widgets not made fixtures yet).
        /// Files named themselves are not listed: one without the block is an error.
        public var withoutFrontMatter: [String] = []
    }

    /// The fixtures `paths` name, sorted: under a folder, its `.js` files with a `/*---`
    /// front-matter block (other scripts there, such as helpers, are not fixtures); a file is
    /// taken as named, and one without the block is a ``FixtureError`` (`not-a-fixture`).
    public static func discover(_ paths: [SystemPath]) throws(FixtureError) -> Found {
        var walk = Walk()
        for path in paths {
            var info = stat()
            guard path.withCString({ stat($0, &info) }) == 0 else {
                throw FixtureError(path: path.shown, line: nil, message: "no such file or folder", errorKind: .input(.missing))
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                walk.walk(path, display: path.shown)
                continue
            }
            let location: FileSystem.Location
            do { location = try FileSystem.location(ofUserPath: path) } catch {
                throw FixtureError(path: path.shown, line: nil, message: error.message, errorKind: .input(.missing))
            }
            let head: [UInt8]?
            do { head = try FileSystem.read(userPath: path, limit: headSize, head: true) } catch {
                throw FixtureError(path: path.shown, line: nil, message: "cannot be read: \(error.message)", errorKind: .input(.missing))
            }
            guard let head else { throw FixtureError(path: path.shown, line: nil, message: "no such file or folder", errorKind: .input(.missing)) }
            guard hasFrontMatter(head) else { throw FixtureError(path: path.shown, line: nil, message: notAFixture) }
            walk.add(location, identity: FileSystem.Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
        }
        return walk.result
    }

    /// ``discover(_:)`` for paths given as text.
    public static func discover(_ paths: [String]) throws(FixtureError) -> Found {
        try discover(paths.map { SystemPath($0) })
    }

    /// What a named file without a front-matter block is told, with its diagnostic code.
    public static let notAFixture = "not a fixture: it has no /*--- … ---*/ front-matter block saying how to run it and what it must do (see docs/conformance.md); add one, or name only fixtures [not-a-fixture]"

    /// The fixtures under `directory`, as ``discover(_:)`` finds them in a folder, shown
    /// without the leading `./`.
    public static func discoverFixtures(under directory: String) -> Found {
        var walk = Walk()
        let path = SystemPath(directory)
        walk.walk(path, display: directory == "." || directory == "./" ? "" : path.shown)
        return walk.result
    }

    /// How much of a file is read to see whether it opens a front-matter block.
    static let headSize = 65536

    /// Whether `head`, a file's first bytes, holds the marker that opens a front-matter block.
    private static func hasFrontMatter(_ head: [UInt8]) -> Bool {
        head[...].firstRange(of: FrontMatterMarkers.open) != nil
    }

    /// One search: the folders and files seen (by identity, so each is taken once whatever
    /// leads to it), the fixtures found and what was passed over.
    private struct Walk {
        var folders: [FileSystem.Identity: String] = [:]
        var files: [FileSystem.Identity: String] = [:]
        var found: [FileSystem.Location] = []
        var passedOver: [String] = []
        var withoutFrontMatter: [String] = []

        var result: Found {
            Found(fixtures: found.sorted { $0.path < $1.path }, passedOver: passedOver,
                  withoutFrontMatter: withoutFrontMatter.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        }

        /// Takes a fixture file, once: the same file under another name is passed over.
        mutating func add(_ location: FileSystem.Location, identity: FileSystem.Identity) {
            if let first = files[identity] {
                if first != location.display { passedOver.append("\(location.display): the same file as \(first), which runs once") }
                return
            }
            files[identity] = location.display
            found.append(location)
        }

        /// Walks the folder `base` (followed as named) and the folders below it, depth first in
        /// the order of their names' bytes, without recursion; `display` is how `base` is shown
        /// (empty for the current folder).
        mutating func walk(_ base: SystemPath, display: String) {
            func shown(_ names: [[UInt8]]) -> String {
                let tail = names.map(SystemPath.escape).joined(separator: "/")
                guard !display.isEmpty else { return tail }
                return names.isEmpty ? display : display.hasSuffix("/") ? display + tail : display + "/" + tail
            }
            guard let identity = FileSystem.identity(of: base) else { return }
            if let first = folders[identity] {
                passedOver.append("\(shown([])): the folder \(first.isEmpty ? "." : first) was walked already (each folder is walked once)")
                return
            }
            folders[identity] = shown([])
            var stack: [[[UInt8]]] = [[]]
            while let below = stack.popLast() {
                var path = base
                for name in below { path = path.appending(name) }
                guard let entries = FileSystem.entries(inFolder: path) else {
                    passedOver.append("\(shown(below)): cannot be opened as a folder")
                    continue
                }
                var next: [[[UInt8]]] = []
                for entry in entries where entry.name.first != 0x2E {
                    let names = below + [entry.name]
                    let isScript = entry.name.count > 3 && entry.name.suffix(3).elementsEqual(".js".utf8)
                    switch entry.kind {
                    case .folder:
                        guard let identity = entry.identity else { continue }
                        if let first = folders[identity] {
                            passedOver.append("\(shown(names)): the folder \(first.isEmpty ? "." : first) was walked already (each folder is walked once)")
                            continue
                        }
                        folders[identity] = shown(names)
                        next.append(names)
                    case .regularFile where isScript:
                        guard let identity = entry.identity else { continue }
                        let location = FileSystem.Location(base: base, folders: below, name: entry.name, display: shown(names))
                        let head: [UInt8]?
                        do { head = try FileSystem.read(userPath: location.path, limit: headSize, head: true) } catch {
                            passedOver.append("\(shown(names)): \(error.message)")
                            continue
                        }
                        if let head, hasFrontMatter(head) {
                            add(location, identity: identity)
                        } else if head != nil {
                            let name = shown(names)
                            withoutFrontMatter.append(name.hasPrefix("./") ? String(name.dropFirst(2)) : name)
                        }
                    case .other where isScript:
                        passedOver.append("\(shown(names)): \(entry.description), not a regular file; only regular files are read")
                    case .missing where isScript:
                        passedOver.append("\(shown(names)): a symbolic link that leads nowhere")
                    default:
                        break
                    }
                }
                stack += next.reversed()
            }
        }
    }

    /// The fixtures of shard `index` (1-based) of `count`: every count-th one, deterministically.
    public static func shard<Path>(_ paths: [Path], index: Int, count: Int) -> [Path] {
        paths.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    /// Parses `I/N`.
    public static func parseShard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, index >= 1, index <= count
        else { return nil }
        return (index, count)
    }
}
