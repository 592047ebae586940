import WidgetHost
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Finding fixtures and choosing the ones a run covers.
public enum Suite {
    /// Every `.js` file under `paths` (files are taken as given), sorted, golden files excluded.
    public static func discover(_ paths: [String]) throws(FixtureError) -> [String] {
        var found: [String] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else { throw FixtureError(path: path, line: nil, message: "no such file or folder") }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                found += walk(path)
            } else {
                found.append(path)
            }
        }
        return Array(Set(found)).sorted()
    }

    private static func walk(_ directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var found: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
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

    /// The fixtures under `directory`: the `.js` files found as ``discover(_:)`` finds them
    /// whose text holds a `/*---` front-matter block (other scripts are not fixtures).
    public static func discoverFixtures(under directory: String) -> [String] {
        walk(directory).filter(hasFrontMatter).map { path in
            path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        }.sorted()
    }

    private static func hasFrontMatter(_ path: String) -> Bool {
        guard let file = fopen(path, "rb") else { return false }
        defer { fclose(file) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = fread(&buffer, 1, buffer.count, file)
        let marker: [UInt8] = Array("/*---".utf8)
        guard count >= marker.count else { return false }
        for start in 0...(count - marker.count) where buffer[start] == marker[0] && Array(buffer[start..<start + marker.count]) == marker {
            return true
        }
        return false
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
