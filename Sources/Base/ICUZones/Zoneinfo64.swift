import ErrorKinds
import ZonedTime

/// Why the engine's zone rules could not be made from the system's tzdata.
public struct ZoneRulesError: KindedError, Sendable, Equatable, CustomStringConvertible {
    /// The engine cannot be given the system's zone rules.
    public var errorKind: ErrorKind { .engine }
    public var message: String
    init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// ICU's `zoneinfo64` resource bundle, made from the system's tzdata.
///
/// Its tables: `Names` (every zone and link name, sorted, as ICU searches them), `Zones`
/// (for each name in that order: a zone's table, or for a link the index of its zone),
/// `Regions` (each name's country, "001" for none), `Rules` (the final rules, by key) and
/// `TZVersion`. A zone's table lists the indexes of the names that link to it (`links`).
enum Zoneinfo64 {
    /// The bundle's bytes, as ICU reads them from `zoneinfo64.res`.
    static func bundle(_ data: SystemTZData) throws(ZoneRulesError) -> [UInt8] {
        let root = try tree(data)
        do {
            return try ResourceBundleWriter.write(root: root)
        } catch {
            throw ZoneRulesError("cannot write ICU's zone data: \(error.detail)")
        }
    }

    /// The bundle's contents.
    static func tree(_ data: SystemTZData) throws(ZoneRulesError) -> ResourceValue {
        var zones = data.zones
        for (name, rule) in ICUOnlyZones.rules where zones[name] == nil && data.links[name] == nil {
            zones[name] = try? Zone(posixRule: rule)
        }
        var targets: [String: String] = [:]
        for name in data.links.keys where zones[name] == nil {
            if let target = data.target(of: name) { targets[name] = target }
        }
        for (name, target) in ICUOnlyZones.links where zones[name] == nil && targets[name] == nil && zones[target] != nil {
            targets[name] = target
        }
        let names = (Array(zones.keys) + Array(targets.keys)).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        var index: [String: Int] = [:]
        for (i, name) in names.enumerated() { index[name] = i }
        var linksTo: [String: [Int32]] = [:]
        for (name, target) in targets { linksTo[target, default: []].append(Int32(index[name]!)) }

        var rules: [[Int32]] = []
        var ruleKeys: [[Int32]: String] = [:]
        var entries: [ResourceValue] = []
        entries.reserveCapacity(names.count)
        for name in names {
            if let target = targets[name] {
                entries.append(.int(Int32(index[target]!)))
                continue
            }
            let entry: ICUZoneEntry
            do { entry = try ICUZoneEntry(zones[name]!.data) } catch {
                throw ZoneRulesError("cannot express the zone \(name) in ICU's form: \(error.detail)")
            }
            var key: String?
            if let rule = entry.finalRule {
                if let known = ruleKeys[rule.vector] { key = known } else {
                    var digits = String(rules.count)
                    while digits.count < 4 { digits = "0" + digits }
                    let made = "R" + digits
                    ruleKeys[rule.vector] = made
                    rules.append(rule.vector)
                    key = made
                }
            }
            var table = entry.resourceEntries(ruleKey: key)
            if let links = linksTo[name] {
                table.append(("links", .intVector(([Int32(index[name]!)] + links).sorted())))
            }
            entries.append(.table(table))
        }
        let regions: [ResourceValue] = names.map { name in
            // A link of its own country (Europe/Oslo) keeps it; another takes its zone's.
            .string(data.regions[name] ?? targets[name].flatMap { data.regions[$0] } ?? "001")
        }
        return .table([
            ("TZVersion", .string(data.version)),
            ("Names", .array(names.map { .string($0) })),
            ("Zones", .array(entries)),
            ("Regions", .array(regions)),
            ("Rules", .table(rules.map { vector in (ruleKeys[vector]!, .intVector(vector)) })),
        ])
    }
}
