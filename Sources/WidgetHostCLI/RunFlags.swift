import Timeline
import WidgetHost
import ZonedTime

/// The flags every command that runs a script accepts (`run`, and later `simulate`, `push`, `preview`).
enum RunFlags {
    static let options: [OptionSpec] = [
        .value("kind", "kind", "Widget kind: \(ScriptKind.namesList). Default: small."),
        .value("now", "time", "Virtual now: ISO 8601 date-time (e.g. 2026-11-29T08:00:00Z) or epoch milliseconds. Default: the real time."),
        .value("tz", "zone", "IANA time zone, e.g. Europe/Berlin. Default: the process's zone."),
        .value("locale", "tag", "Default locale, a BCP 47 tag (e.g. en-US, de-DE, ja-JP), for Intl and toLocale…String; Device.language() is its language. Default: the profile's, zh-CN built in."),
        .value("seed", "n", "Seed for Math.random (0 to 2^53); same seed, same output."),
        .value("timeout", "seconds", "Wall-clock limit per run. Default: 10."),
        .value("memory-limit", "mb", "Memory limit per run in MB. Default: 30."),
        .flag("strict", "Turn binding warnings into exceptions thrown at the call."),
        .value("budget", "profile",
               "Refresh budget: strict (40 a day), typical (55), generous (70), unlimited, or a number of refreshes a day from 1 to 1440. A script that asks for nothing is refreshed every 1440/budget minutes. Default: typical."),
    ]

    /// Builds a run configuration from parsed flags.
    static func configuration(from arguments: ParsedArguments) throws(UsageError) -> RunConfiguration {
        var configuration = RunConfiguration()
        if let kind = arguments.value("kind") {
            guard let parsed = ScriptKind(rawValue: kind) else {
                throw UsageError("unknown kind '\(kind)'\(ParsedArguments.hint(kind, among: ScriptKind.allCases.map(\.rawValue))); use one of \(ScriptKind.namesList)")
            }
            configuration.kind = parsed
        }
        if let zone = arguments.value("tz") {
            do {
                configuration.zone = try Zone(identifier: zone)
            } catch {
                throw UsageError("unknown time zone '\(zone)'; use an IANA name such as Europe/Berlin or UTC")
            }
        }
        if let now = arguments.value("now") {
            do {
                configuration.now = try ISO8601.parse(now, defaultZone: configuration.zone)
            } catch {
                throw UsageError("bad --now '\(now)': \(error.message)")
            }
        }
        if let locale = arguments.value("locale") {
            guard LocaleTag.isWellFormed(locale) else {
                throw UsageError("bad --locale '\(locale)'; use a BCP 47 language tag such as zh-CN, en-US or de-DE")
            }
            configuration.locale = locale
        }
        if let seed = arguments.value("seed") {
            guard let value = UInt64(seed), value <= 1 << 53 else {
                throw UsageError("bad --seed '\(seed)'; use a whole number from 0 to 9007199254740992")
            }
            configuration.seed = value
        }
        if let timeout = arguments.value("timeout") {
            guard let value = Double(timeout), value > 0, value <= 3600 else {
                throw UsageError("bad --timeout '\(timeout)'; use a number of seconds above 0 and at most 3600")
            }
            configuration.timeLimitSeconds = value
        }
        if let memory = arguments.value("memory-limit") {
            guard let value = Double(memory), value >= 1, value <= 4096 else {
                throw UsageError("bad --memory-limit '\(memory)'; use a number of MB from 1 to 4096")
            }
            configuration.memoryLimitMB = value
        }
        configuration.strict = arguments.flag("strict")
        configuration.budget = try budget(from: arguments).refreshesPerDay
        return configuration
    }

    /// The `--budget` profile (R2); `typical` when not given.
    static func budget(from arguments: ParsedArguments) throws(UsageError) -> BudgetProfile {
        guard let text = arguments.value("budget") else { return .typical }
        do {
            return try BudgetProfile.parse(text)
        } catch {
            throw UsageError("unknown budget '\(text)'\(ParsedArguments.hint(text, among: ["strict", "typical", "generous", "unlimited"])); use strict (40 a day), typical (55), generous (70), unlimited, or a whole number of refreshes a day from 1 to \(BudgetProfile.maximumPerDay)")
        }
    }
}
