import Synchronization

extension Zone {
    /// The process's time zone, found the way the C library finds it:
    ///
    /// 1. `$TZ` when set (a leading ':' is ignored): a zone name, an absolute path to a
    ///    zone file, or a POSIX rule such as `CET-1CEST,M3.5.0,M10.5.0/3`. An empty
    ///    `$TZ` means UTC, as in glibc; a `$TZ` that is none of these is skipped.
    /// 2. The zone name that the `/etc/localtime` symlink points to, taken relative to
    ///    the zoneinfo directory (e.g. "Europe/Berlin").
    /// 3. `/etc/localtime` itself, parsed as a zone named "localtime".
    /// 4. UTC.
    ///
    /// The inputs are read on every call (`$TZ`, the link's target), and the zone found for
    /// the same inputs is kept: a run configuration asks for it each time it is made.
    public static func current() -> Zone {
        let tz = SystemFiles.environment("TZ")
        let localtimePath = "/etc/localtime"
        let directory = zoneinfoDirectory
        // Without a link, the zone comes from the file's own bytes, which are read each time.
        let key = SystemFiles.symlinkTarget(localtimePath).map { CurrentZoneKey(tz: tz, localtimeTarget: $0, zoneinfoDirectory: directory) }
        if let key, let last = lastCurrent.withLock({ $0 }), last.key == key { return last.zone }
        let zone = resolveCurrent(tz: tz, localtimePath: localtimePath, zoneinfoDirectory: directory)
        if let key { lastCurrent.withLock { $0 = (key, zone) } }
        return zone
    }

    /// The zone ``current()`` found last, and what it was found from.
    private static let lastCurrent = Mutex<(key: CurrentZoneKey, zone: Zone)?>(nil)

    /// `current()` with its inputs spelled out, for tests.
    static func resolveCurrent(tz: String?, localtimePath: String, zoneinfoDirectory: String) -> Zone {
        if var tz {
            if tz.hasPrefix(":") { tz.removeFirst() }
            if tz.isEmpty { return .utc }
            if tz.hasPrefix("/") {
                let name = zoneName(forPath: tz, zoneinfoDirectory: zoneinfoDirectory) ?? tz
                if let zone = try? Zone(identifier: name, path: tz) { return zone }
            } else if let zone = try? Zone(identifier: tz, zoneinfoDirectory: zoneinfoDirectory) {
                return zone
            } else if let zone = try? Zone(posixRule: tz) {
                return zone
            }
        }
        if let target = SystemFiles.symlinkTarget(localtimePath) {
            let absolute = target.hasPrefix("/") ? target : directoryName(localtimePath) + "/" + target
            if let name = zoneName(forPath: absolute, zoneinfoDirectory: zoneinfoDirectory),
               let zone = try? Zone(identifier: name, zoneinfoDirectory: zoneinfoDirectory) {
                return zone
            }
        }
        if let zone = try? Zone(identifier: "localtime", path: localtimePath) { return zone }
        return .utc
    }

    /// The zone name for a zone file path: the part after the zoneinfo directory, or
    /// after the last "/zoneinfo/" component; a leading "posix/" is dropped.
    static func zoneName(forPath path: String, zoneinfoDirectory: String) -> String? {
        let normalized = normalize(path)
        let directory = normalize(zoneinfoDirectory)
        var name: Substring?
        if normalized.hasPrefix(directory + "/") {
            name = normalized.dropFirst(directory.count + 1)
        } else if let end = lastEnd(of: "/zoneinfo/", in: normalized) {
            name = normalized[end...]
        }
        guard var result = name, !result.isEmpty else { return nil }
        if result.hasPrefix("posix/") { result = result.dropFirst(6) }
        return String(result)
    }

    /// Resolves "." and ".." components and repeated slashes of an absolute path.
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for component in path.split(separator: "/") {
            if component == "." { continue }
            if component == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(component)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The index just past the last occurrence of `needle` in `text`.
    static func lastEnd(of needle: String, in text: String) -> String.Index? {
        let n = Array(needle.utf8), t = Array(text.utf8)
        guard n.count <= t.count else { return nil }
        for start in stride(from: t.count - n.count, through: 0, by: -1) where t[start..<start + n.count].elementsEqual(n) {
            return text.utf8.index(text.utf8.startIndex, offsetBy: start + n.count)
        }
        return nil
    }

    static func directoryName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "" : String(path[..<slash])
    }
}

/// What ``Zone/current()`` is found from.
private struct CurrentZoneKey: Equatable, Sendable {
    var tz: String?
    var localtimeTarget: String
    var zoneinfoDirectory: String
}
