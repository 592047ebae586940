import ZonedTime

/// One zone of `zoneinfo64` in ICU's form, made from the zone's TZif data.
///
/// ICU keeps a zone as its transitions (`trans`, with `transPre32`/`transPost32` for instants
/// outside 32 bits), a byte per transition naming a type (`typeMap`), the types as pairs of
/// raw offset and saving in seconds (`typeOffsets`; type 0 holds before the first transition),
/// and for later instants a recurring rule from January 1 (UTC) of `finalYear` on.
struct ICUZoneEntry {
    var transitions: [Int64]
    var typeMap: [UInt8]
    /// Raw offset and saving of each type.
    var types: [(raw: Int, saving: Int)]
    var finalRule: ICUFinalRule?
    var finalYear: Int?

    /// Where transitions are listed instead of a rule ICU cannot say: up to this year.
    static let listedThroughYear = 2100

    /// A zone that TZif files describe: listed transitions, then the footer rule.
    init(_ data: TZifData) throws(ResourceBundleError) {
        let beforeAll = Self.startOfYear(1970) - 1
        // A zone made from a POSIX rule alone has no types: it follows the rule throughout.
        let initial = data.types.first ?? data.rule?.localTimeType(at: beforeAll)
            ?? LocalTimeType(offset: 0, isDST: false, abbreviation: "UTC")
        var transitions = data.transitions
        var periods = [initial] + data.transitionTypes.map { data.types[Int($0)] }
        finalRule = nil
        finalYear = nil
        if let footer = data.rule {
            let conversion = ICUFinalRule.convert(footer)
            // The rule takes over on January 1 (UTC) after the last listed transition; the
            // footer's own transitions until then are listed too (a "slim" file stops early).
            let lastYear: Int
            if case .inexpressible = conversion {
                lastYear = Self.listedThroughYear
            } else {
                lastYear = transitions.last.map { Self.utcYear(of: $0) } ?? Self.utcYear(of: 0)
            }
            let limit = Self.startOfYear(lastYear + 1)
            var t = transitions.last ?? beforeAll
            var current = periods[periods.count - 1]
            while let next = Self.nextChange(of: footer, after: t, before: limit, from: current) {
                transitions.append(next.at)
                periods.append(next.type)
                t = next.at
                current = next.type
            }
            if case .rule(let rule) = conversion {
                finalRule = rule
                finalYear = lastYear + 1
            }
        }
        let split = Self.rawAndSaving(periods)
        var types: [(raw: Int, saving: Int)] = [split[0]]
        var typeMap: [UInt8] = []
        for pair in split.dropFirst() {
            if let index = types.firstIndex(where: { $0 == pair }) {
                typeMap.append(UInt8(index))
            } else {
                guard types.count < 256 else { throw ResourceBundleError(detail: "more than 256 local time types") }
                typeMap.append(UInt8(types.count))
                types.append(pair)
            }
        }
        self.transitions = transitions
        self.typeMap = typeMap
        self.types = types
    }

    /// Raw offset and saving for each period (the initial one, then one per transition).
    ///
    /// TZif gives only the total offset and a DST flag. A daylight period saves what it adds to
    /// the standard period nearest before it (or after it); a daylight period that is behind
    /// its standard time (a negative saving, as Europe/Dublin's winter) counts as standard,
    /// and a standard period between two of those as daylight, the way ICU's own data has them.
    static func rawAndSaving(_ periods: [LocalTimeType]) -> [(raw: Int, saving: Int)] {
        func standard(near i: Int) -> Int? {
            if let j = periods[..<i].lastIndex(where: { !$0.isDST }) { return periods[j].offset }
            return periods[(i + 1)...].first(where: { !$0.isDST })?.offset
        }
        return periods.indices.map { i in
            let p = periods[i]
            if p.isDST {
                guard let s = standard(near: i) else { return (p.offset - 3600, 3600) }
                return p.offset > s ? (s, p.offset - s) : (p.offset, 0)
            }
            // Standard time between two periods of negative saving is ICU's daylight time.
            if i > 0, i + 1 < periods.count {
                let before = periods[i - 1], after = periods[i + 1]
                if before.isDST, after.isDST, before.offset < p.offset, after.offset < p.offset {
                    return (before.offset, p.offset - before.offset)
                }
            }
            return (p.offset, 0)
        }
    }

    /// The first instant after `t` and before `limit` at which `rule`'s type differs from `current`.
    static func nextChange(
        of rule: PosixTimeZone, after t: Int64, before limit: Int64, from current: LocalTimeType
    ) -> (at: Int64, type: LocalTimeType)? {
        guard let daylight = rule.daylight else { return nil }
        var candidates: [Int64] = []
        for year in (utcYear(of: t) - 1)...(utcYear(of: limit) + 1) {
            candidates.append(rule.instant(year: year, date: daylight.start, time: daylight.startTime, offset: rule.standardOffset))
            candidates.append(rule.instant(year: year, date: daylight.end, time: daylight.endTime, offset: daylight.offset))
        }
        for at in candidates.sorted() where at > t && at < limit {
            let type = rule.localTimeType(at: at)
            if type != current { return (at, type) }
        }
        return nil
    }

    static func utcYear(of t: Int64) -> Int {
        CivilCalendar.civilFromDays(ICUFinalRule.floorDiv(t, 86_400)).year
    }

    static func startOfYear(_ year: Int) -> Int64 {
        CivilCalendar.daysFromCivil(year: year, month: 1, day: 1) * 86_400
    }

    /// The zone's entries of the `Zones` table.
    func resourceEntries(ruleKey: String?) -> [(key: String, value: ResourceValue)] {
        var entries: [(key: String, value: ResourceValue)] = [
            ("typeOffsets", .intVector(types.flatMap { [Int32($0.raw), Int32($0.saving)] })),
        ]
        if !transitions.isEmpty {
            let low = Int64(Int32.min), high = Int64(Int32.max)
            func pairs(_ values: [Int64]) -> [Int32] {
                values.flatMap { [Int32(truncatingIfNeeded: $0 >> 32), Int32(bitPattern: UInt32(truncatingIfNeeded: $0))] }
            }
            let before = transitions.filter { $0 < low }, within = transitions.filter { (low...high).contains($0) }
            let after = transitions.filter { $0 > high }
            if !before.isEmpty { entries.append(("transPre32", .intVector(pairs(before)))) }
            if !within.isEmpty { entries.append(("trans", .intVector(within.map { Int32($0) }))) }
            if !after.isEmpty { entries.append(("transPost32", .intVector(pairs(after)))) }
            entries.append(("typeMap", .binary(typeMap)))
        }
        if let finalRule, let finalYear, let ruleKey {
            entries.append(("finalRule", .string(ruleKey)))
            entries.append(("finalRaw", .int(Int32(finalRule.rawOffset))))
            entries.append(("finalYear", .int(Int32(finalYear))))
        }
        return entries
    }
}
