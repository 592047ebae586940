/// A time zone: the UTC offsets, DST flags and abbreviations of one region over time,
/// read from the system's TZif files (RFC 8536) without Foundation.
///
/// Transitions listed in the file are used up to the last one; after it the file's
/// POSIX TZ footer rule (e.g. `CET-1CEST,M3.5.0,M10.5.0/3`) applies, so "slim" files
/// work for any future date.
public struct Zone: Sendable, Hashable, CustomStringConvertible {
    /// The zone's name, e.g. "Europe/Berlin".
    public let identifier: String
    /// The zone's transitions, local time types and footer rule.
    package let data: TZifData

    /// Coordinated Universal Time, abbreviation "UTC".
    public static let utc = Zone(identifier: "UTC", fixedOffset: 0, abbreviation: "UTC")

    /// The default zoneinfo directory, `/usr/share/zoneinfo`.
    public static let defaultZoneinfoDirectory = "/usr/share/zoneinfo"

    /// The directory zone files are read from: `$TZDIR` when set and not empty, else
    /// `/usr/share/zoneinfo`.
    public static var zoneinfoDirectory: String {
        if let dir = SystemFiles.environment("TZDIR"), !dir.isEmpty { return dir }
        return defaultZoneinfoDirectory
    }

    /// Names that always work, even without zone files. They are built in rather than
    /// read, so they are identical on every machine.
    static let builtInUTCNames: Set<String> = [
        "UTC", "Etc/UTC", "UCT", "Etc/UCT", "Universal", "Etc/Universal", "Zulu", "Etc/Zulu",
    ]
    static let builtInGMTNames: Set<String> = ["GMT", "Etc/GMT", "GMT0", "Etc/GMT0", "Greenwich", "Etc/Greenwich"]

    init(identifier: String, data: TZifData) {
        self.identifier = identifier
        self.data = data
    }

    init(identifier: String, fixedOffset: Int, abbreviation: String) {
        let type = LocalTimeType(offset: fixedOffset, isDST: false, abbreviation: abbreviation)
        self.init(identifier: identifier, data: TZifData(transitions: [], transitionTypes: [], types: [type], rule: nil))
    }

    /// Loads the zone named `identifier` from `$TZDIR` or `/usr/share/zoneinfo`.
    ///
    /// "UTC", "GMT", "Etc/UTC" and their usual aliases ("Etc/GMT", "UCT", "Zulu", ...)
    /// are built in and need no file. Identifiers that are empty, absolute, or contain
    /// "..", NUL or a backslash are refused.
    public init(identifier: String) throws(ZoneError) {
        try self.init(identifier: identifier, zoneinfoDirectory: Zone.zoneinfoDirectory)
    }

    /// Loads the zone named `identifier` from the given zoneinfo directory.
    public init(identifier: String, zoneinfoDirectory directory: String) throws(ZoneError) {
        if Zone.builtInUTCNames.contains(identifier) {
            self.init(identifier: identifier, fixedOffset: 0, abbreviation: "UTC")
            return
        }
        if Zone.builtInGMTNames.contains(identifier) {
            self.init(identifier: identifier, fixedOffset: 0, abbreviation: "GMT")
            return
        }
        if let problem = Zone.identifierProblem(identifier) {
            throw ZoneError(kind: .invalidIdentifier, identifier: identifier,
                            message: "invalid time zone identifier \"\(identifier)\": \(problem)")
        }
        let path = directory.hasSuffix("/") ? directory + identifier : directory + "/" + identifier
        try self.init(identifier: identifier, path: path)
    }

    /// Loads a zone file at an absolute `path`, naming the zone `identifier`.
    init(identifier: String, path: String) throws(ZoneError) {
        switch SystemFiles.read(path, limit: 1 << 20) {
        case .success(let bytes):
            try self.init(identifier: identifier, tzif: bytes, source: path)
        case .failure(.notFound), .failure(.isDirectory):
            throw ZoneError(kind: .unknownZone, identifier: identifier,
                            message: "unknown time zone \"\(identifier)\" (no zone file \(path))")
        case .failure(.tooLarge):
            throw ZoneError(kind: .corruptFile, identifier: identifier,
                            message: "corrupt time zone file \(path): too large to be a TZif file")
        case .failure(.other(let reason)):
            throw ZoneError(kind: .unreadableFile, identifier: identifier,
                            message: "cannot read time zone file \(path): \(reason)")
        }
    }

    /// Builds a zone from the bytes of a TZif file (versions 1 to 4).
    public init(identifier: String, tzif bytes: [UInt8]) throws(ZoneError) {
        try self.init(identifier: identifier, tzif: bytes, source: "for \"\(identifier)\"")
    }

    private init(identifier: String, tzif bytes: [UInt8], source: String) throws(ZoneError) {
        do {
            self.init(identifier: identifier, data: try TZifReader.parse(bytes))
        } catch {
            throw ZoneError(kind: .corruptFile, identifier: identifier,
                            message: "corrupt time zone file \(source): \(error.detail)")
        }
    }

    /// Builds a zone from a POSIX TZ rule such as `CET-1CEST,M3.5.0,M10.5.0/3` or
    /// `<+0530>-5:30` (offsets count hours west of Greenwich). The identifier is the rule.
    public init(posixRule rule: String) throws(ZoneError) {
        guard let parsed = PosixTimeZone(parsing: rule) else {
            throw ZoneError(kind: .invalidRule, identifier: rule,
                            message: "invalid POSIX TZ rule \"\(rule)\": expected e.g. CET-1CEST,M3.5.0,M10.5.0/3")
        }
        self.init(identifier: rule, data: TZifData(transitions: [], transitionTypes: [], types: [], rule: parsed))
    }

    /// Why `identifier` may not name a zone file, or nil when it may.
    static func identifierProblem(_ identifier: String) -> String? {
        if identifier.isEmpty { return "it is empty" }
        if identifier.hasPrefix("/") { return "it must be relative, such as Europe/Berlin" }
        if Zone.lastEnd(of: "..", in: identifier) != nil { return "it must not contain \"..\"" }
        if identifier.utf8.contains(0) { return "it must not contain NUL" }
        if identifier.utf8.contains(0x5C) { return "it must not contain a backslash" }
        return nil
    }

    /// The identifier.
    public var description: String { identifier }

    // MARK: Queries

    /// The local time type in effect at `t` epoch seconds.
    func localTimeType(atEpochSeconds t: Int64) -> LocalTimeType {
        let transitions = data.transitions
        guard let last = transitions.last else {
            if let rule = data.rule { return rule.localTimeType(at: t) }
            return data.types[0]
        }
        if t > last, let rule = data.rule { return rule.localTimeType(at: t) }
        if t < transitions[0] { return data.types[0] }
        // Last transition at or before t.
        var low = 0, high = transitions.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if transitions[mid] <= t { low = mid } else { high = mid - 1 }
        }
        return data.types[Int(data.transitionTypes[low])]
    }

    /// Seconds east of UTC in effect at `t` seconds after 1970-01-01T00:00:00Z.
    public func offsetSeconds(atEpochSeconds t: Int64) -> Int {
        localTimeType(atEpochSeconds: t).offset
    }

    /// The abbreviation in effect at `t` epoch seconds, e.g. "CEST" or "+0530".
    public func abbreviation(atEpochSeconds t: Int64) -> String {
        localTimeType(atEpochSeconds: t).abbreviation
    }

    /// Whether daylight saving time is in effect at `t` epoch seconds.
    public func isDST(atEpochSeconds t: Int64) -> Bool {
        localTimeType(atEpochSeconds: t).isDST
    }

    /// The instant for a wall-clock time given as milliseconds since the local epoch,
    /// using the earlier (pre-transition) offset for ambiguous and skipped times.
    func epochMilliseconds(fromLocal local: Int64) -> Int64 {
        let localSeconds = floorDiv(local, 1000)
        var candidates: [Int] = []
        for step in -3...3 {
            let o = offsetSeconds(atEpochSeconds: localSeconds &+ Int64(step) * 43_200)
            if !candidates.contains(o) { candidates.append(o) }
        }
        var best: Int64?
        for o in candidates {
            let instant = local &- Int64(o) * 1000
            if offsetSeconds(atEpochSeconds: floorDiv(instant, 1000)) == o, best == nil || instant < best! {
                best = instant
            }
        }
        if let best { return best }
        // Skipped by a forward transition: read it with the offset from before the gap.
        let largest = Int64(candidates.max()!)
        let before = offsetSeconds(atEpochSeconds: floorDiv(local &- largest * 1000, 1000))
        return local &- Int64(before) * 1000
    }
}
