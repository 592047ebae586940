import ZonedTime

/// The system's tzdata as the engine's zone rules need it: the version and the names
/// listed in `tzdata.zi` (zones and links), each zone read from its TZif file by
/// ``ZonedTime``, and each name's country from `zone.tab`.
struct SystemTZData {
    /// The tzdata release, e.g. "2025b".
    var version: String
    /// Zones by name, as the report's clock reads them.
    var zones: [String: Zone]
    /// Links: name to the name it stands for.
    var links: [String: String]
    /// ISO 3166 country codes by zone name.
    var regions: [String: String]

    /// Reads `tzdata.zi`, `zone.tab` and the zone files of `directory`.
    static func load(directory: String) throws(ZoneRulesError) -> SystemTZData {
        let indexPath = directory + "/tzdata.zi"
        let index: [UInt8]
        switch SystemFiles.read(indexPath, limit: 1 << 24) {
        case .success(let bytes): index = bytes
        case .failure(let failure): throw ZoneRulesError("cannot read \(indexPath): \(failure)")
        }
        var version: String?
        var zoneNames: [String] = []
        var links: [String: String] = [:]
        for line in index.split(separator: 0x0A) {
            let fields = line.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).map { String(decoding: $0, as: UTF8.self) }
            if fields.count >= 3, fields[0] == "#", fields[1] == "version" { version = fields[2] }
            if fields.count >= 2, fields[0] == "Z" { zoneNames.append(fields[1]) }
            if fields.count >= 3, fields[0] == "L" { links[fields[2]] = fields[1] }
        }
        guard let version, !zoneNames.isEmpty else {
            throw ZoneRulesError("\(indexPath) names no tzdata version or no zones")
        }
        var zones: [String: Zone] = [:]
        for name in zoneNames {
            // A zone whose file is missing is unknown to the report's clock too: left out of both.
            if let zone = try? Zone(identifier: name, zoneinfoDirectory: directory) { zones[name] = zone }
        }
        var regions: [String: String] = [:]
        if case .success(let table) = SystemFiles.read(directory + "/zone.tab", limit: 1 << 20) {
            for line in table.split(separator: 0x0A) where line.first != 0x23 {
                let fields = line.split(separator: 0x09).map { String(decoding: $0, as: UTF8.self) }
                if fields.count >= 3 { regions[fields[2]] = fields[0] }
            }
        }
        return SystemTZData(version: version, zones: zones, links: links, regions: regions)
    }

    /// The name a link finally stands for, or nil when the chain ends nowhere.
    func target(of name: String) -> String? {
        var current = name
        for _ in 0..<16 {
            if zones[current] != nil { return current }
            guard let next = links[current] else { return nil }
            current = next
        }
        return nil
    }
}

/// Names ICU's own data has that tzdata does not (or no longer) list: the old Java-style
/// abbreviations and two retired aliases, as links, and the `SystemV` zones, as POSIX rules.
/// They stay so that a zone a script could name before is still there.
enum ICUOnlyZones {
    static let links: [String: String] = [
        "ACT": "Australia/Darwin", "AET": "Australia/Sydney", "AGT": "America/Argentina/Buenos_Aires",
        "ART": "Africa/Cairo", "AST": "America/Anchorage", "BET": "America/Sao_Paulo", "BST": "Asia/Dhaka",
        "CAT": "Africa/Maputo", "CNT": "America/St_Johns", "CST": "America/Chicago", "CTT": "Asia/Shanghai",
        "EAT": "Africa/Nairobi", "ECT": "Europe/Paris", "IET": "America/Indiana/Indianapolis",
        "IST": "Asia/Kolkata", "JST": "Asia/Tokyo", "MIT": "Pacific/Apia", "NET": "Asia/Yerevan",
        "NST": "Pacific/Auckland", "PLT": "Asia/Karachi", "PNT": "America/Phoenix",
        "PRT": "America/Puerto_Rico", "PST": "America/Los_Angeles", "SST": "Pacific/Guadalcanal",
        "VST": "Asia/Ho_Chi_Minh", "Canada/East-Saskatchewan": "America/Regina",
        "US/Pacific-New": "America/Los_Angeles",
    ]

    /// Fixed offsets, and the US rule of 1977 (last Sunday of April to last Sunday of October).
    static let rules: [String: String] = [
        "Etc/Unknown": "<Unknown>0",
        "SystemV/AST4": "AST4", "SystemV/AST4ADT": "AST4ADT,M4.5.0,M10.5.0",
        "SystemV/CST6": "CST6", "SystemV/CST6CDT": "CST6CDT,M4.5.0,M10.5.0",
        "SystemV/EST5": "EST5", "SystemV/EST5EDT": "EST5EDT,M4.5.0,M10.5.0",
        "SystemV/HST10": "HST10",
        "SystemV/MST7": "MST7", "SystemV/MST7MDT": "MST7MDT,M4.5.0,M10.5.0",
        "SystemV/PST8": "PST8", "SystemV/PST8PDT": "PST8PDT,M4.5.0,M10.5.0",
        "SystemV/YST9": "YST9", "SystemV/YST9YDT": "YST9YDT,M4.5.0,M10.5.0",
    ]
}
