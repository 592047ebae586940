import HostSystem
import WidgetHost
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Finding fixtures and choosing the ones a run covers.
public enum Suite {
    /// The fixtures `paths` name, sorted: under a folder, its `.js` files with a `/*---`
    /// front-matter block (other scripts there, such as helpers, are not fixtures); a file is
    /// taken as named, and one without the block is a ``FixtureError`` (`not-a-fixture`).
    public static func discover(_ paths: [String]) throws(FixtureError) -> [String] {
        var found: [String] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else { throw FixtureError(path: path, line: nil, message: "no such file or folder", errorKind: .input(.missing)) }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                found += walk(path).filter(hasFrontMatter)
            } else if access(path, R_OK) != 0 {
                throw FixtureError(path: path, line: nil, message: "cannot be read: \(String(cString: strerror(errno)))", errorKind: .input(.missing))
            } else if hasFrontMatter(path) {
                found.append(path)
            } else {
                throw FixtureError(path: path, line: nil, message: notAFixture)
            }
        }
        return Array(Set(found)).sorted()
    }

    /// What a named file without a front-matter block is told, with its diagnostic code.
    public static let notAFixture = "not a fixture: it has no /*--- … ---*/ front-matter block saying how to run it and what it must do (see docs/conformance.md); add one, or name only fixtures [not-a-fixture]"

    private static func walk(_ directory: String) -> [String] {
        var found: [String] = []
        for name in FileSystem.names(inFolder: directory) ?? [] where !name.hasPrefix(".") {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                found += walk(path)
            } else if name.hasSuffix(".js") {
                found.append(path)
            }
        }
        return found
    }

    /// The fixtures under `directory`, as ``discover(_:)`` finds them in a folder, without its
    /// leading `./`.
    public static func discoverFixtures(under directory: String) -> [String] {
        walk(directory).filter(hasFrontMatter).map { path in
            path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        }.sorted()
    }

    /// The `.js` files under the folders among `paths` that have no front-matter block: the
    /// scripts a run of those folders leaves out (helpers, widgets not made fixtures yet),
    /// sorted, without a leading `./`. Files named themselves are not listed.
    public static func scriptsWithoutFrontMatter(under paths: [String]) -> [String] {
        var found: Set<String> = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }
            for script in walk(path) where !hasFrontMatter(script) {
                found.insert(script.hasPrefix("./") ? String(script.dropFirst(2)) : script)
            }
        }
        return found.sorted()
    }

    /// Whether the file's first 64 KiB hold the marker that opens a front-matter block.
    private static func hasFrontMatter(_ path: String) -> Bool {
        guard let file = fopen(path, "rb") else { return false }
        defer { fclose(file) }
        let head = [UInt8](unsafeUninitializedCapacity: 65536) { buffer, count in
            count = fread(buffer.baseAddress, 1, buffer.count, file)
        }
        return head[...].firstRange(of: FrontMatterMarkers.open) != nil
    }

    /// The fixtures of shard `index` (1-based) of `count`: every count-th one, deterministically.
    public static func shard(_ paths: [String], index: Int, count: Int) -> [String] {
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
