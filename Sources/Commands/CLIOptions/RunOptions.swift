import Timeline
import WidgetGeometry
import WidgetHost
import ZonedTime

/// What a run of a script is set to: its kind, clock, zone, locale, seed, limits, budget and
/// context. The command line (`--kind`, `--now`, `--tz` …) and a conformance fixture's front
/// matter (`kind:`, `now:`, `tz:`, `limits: { timeout: }` …) are decoded by the same
/// declarations (``declarations``), so a fixture and a command line cannot mean different
/// things. A field left nil keeps ``RunConfiguration``'s default.
public struct RunOptions: Sendable {
    /// The edition of the app (`--edition`, `edition:`).
    public var edition: Edition?
    /// The widget kind of an iOS run (`--kind`, `kind:`).
    public var kind: ScriptKind?
    /// The card kind of a HarmonyOS run (`--kind desk|lock`, `kind:`).
    public var cardKind: CardKind?
    /// The card dimension of a HarmonyOS run (`--dimension`, `dimension:`).
    public var dimension: CardDimension?
    /// The virtual now in epoch milliseconds (`--now`, `now:`), read in ``zone``.
    public var now: Int64?
    /// The time zone (`--tz`, `tz:`).
    public var zone: Zone?
    /// The default locale, a BCP 47 tag (`--locale`, `locale:`).
    public var locale: String?
    /// The seed of `Math.random` (`--seed`, `seed:`).
    public var seed: UInt64?
    /// The wall-clock limit in seconds (`--timeout`, `limits: { timeout: }`).
    public var timeout: Double?
    /// The memory limit in MB (`--memory-limit`, `limits: { memory: }`).
    public var memoryLimit: Double?
    /// The console entries kept (`limits: { console: }`; front matter only).
    public var consoleLimit: Int?
    /// The timer firings allowed (`limits: { timers: }`; front matter only).
    public var timerLimit: Int?
    /// Binding warnings become exceptions (`--strict`, `strict:`).
    public var strict = false
    /// The refresh budget (`--budget`; command line only).
    public var budget: BudgetProfile?
    /// Widget or app context (`--context`, `context:`).
    public var context: RunContext?
    /// The device profile file (`--profile`; a fixture's `profile:` may also be an inline map).
    public var profile: String?
    /// Live, replay or record (`--network`; fixtures always replay).
    public var network: NetworkMode?
    /// The network fixture file (`--fixtures`, `fixtures:`, beside the fixture).
    public var fixtures: String?
    /// The state folder (`--state`; fixtures keep their state in memory).
    public var state: String?
    /// Start from empty storage kept in memory, the state folder neither read nor written
    /// (`--fresh-state`; fixtures always do).
    public var freshState = false
    /// The entries of `$params` (`--param key=value`; a fixture's `params:` is a map).
    public var params: [(key: String, value: String)] = []
    /// The device whose widget sizes a layout is drawn at (`--device`; a fixture's is `render.device`).
    public var device: DeviceModel?

    /// No option given: every field at its default.
    public init() {}

    /// One option of a run: its command-line form and, when fixtures take it, its front-matter
    /// key, with how its text is laid onto ``RunOptions``. A client (a page of controls) can
    /// build its fields from `spec` (the name, placeholder, help, and the allowed words or range
    /// of ``ValueKind``) and hand what they hold to ``decode(_:)``, which refuses a bad value as
    /// the command line does.
    public struct Declaration: Sendable {
        /// The option as the command line and help see it (`--name`, placeholder, help, values).
        public let spec: OptionSpec
        /// The front-matter key (`tz`, `limits.timeout`), or nil when fixtures do not take it.
        public let key: String?
        /// Whether `--name` is a command-line option (`limits.console` is front matter only).
        public let onCommandLine: Bool
        /// Lays the option's text onto `options`, or refuses it.
        let apply: @Sendable (String, inout RunOptions) throws(UsageError) -> Void

        init<V>(_ option: Option<V>, key: String?, onCommandLine: Bool = true,
                set: @escaping @Sendable (inout RunOptions, V) throws(UsageError) -> Void) {
            spec = option.spec
            self.key = key
            self.onCommandLine = onCommandLine
            apply = { (text, options) throws(UsageError) in try set(&options, try option.decode(text)) }
        }

        init(_ flag: Flag, key: String?, set: @escaping @Sendable (inout RunOptions, Bool) -> Void) {
            spec = flag.spec
            self.key = key
            onCommandLine = true
            apply = { (text, options) throws(UsageError) in
                guard let value = ["true": true, "false": false][text] else {
                    throw UsageError("bad --\(flag.spec.name) '\(text)'; use true or false")
                }
                set(&options, value)
            }
        }
    }

    /// A kind as `--kind` names it: an iOS widget kind or a HarmonyOS card kind; which edition
    /// takes it is decided with `--edition` (``declarations`` decode the edition first).
    public enum KindName: Sendable, Hashable {
        /// An iOS widget kind (S3).
        case ios(ScriptKind)
        /// A HarmonyOS card kind (H1).
        case card(CardKind)
        /// A word that is a kind of neither edition, refused with the run's edition's kinds.
        case unknown(String)

        /// Every kind name of both editions, iOS first.
        public static let names = ScriptKind.allCases.map(\.rawValue) + CardKind.allCases.map(\.rawValue)

        /// The kind named `text`, of either edition, or an unknown one.
        public init(_ text: String) {
            if let kind = ScriptKind(rawValue: text) {
                self = .ios(kind)
            } else if let kind = CardKind(rawValue: text) {
                self = .card(kind)
            } else {
                self = .unknown(text)
            }
        }
    }

    /// `--edition`.
    public static let edition = Option<Edition>.choice(
        "edition", "edition",
        "The app's edition the script is written for: ios, or harmony (HarmonyOS cards: --kind desk|lock with --dimension, the 4.5 s limit and that edition's API). Default: ios.")
    /// `--kind`.
    public static let kind = Option<KindName>(
        "kind", "kind", "Widget kind: \(ScriptKind.namesList) (ios); desk or lock (harmony). Default: small, or desk.",
        value: .choices(KindName.names)) { KindName($0) }
    /// `--dimension`.
    public static let dimension = Option<CardDimension>.choice(
        "dimension", "size",
        "A HarmonyOS card's dimension: 1*2, 2*2, 2*4 or 4*4 (desk), lock_1*1 or lock_1*2 (lock). Default: 2*2 (desk), lock_1*1 (lock).",
        list: "one of \(CardDimension.namesList)")

    /// Refuses `--edition harmony` for a command that draws (`render`, `preview`, `simulate
    /// --layout`): HarmonyOS cards are laid out by ArkUI, which the host does not imitate yet.
    public static func refuseHarmonyPictures(_ configuration: RunConfiguration, command: String) throws(UsageError) {
        guard configuration.edition == .harmony else { return }
        throw UsageError("\(command) draws iOS widgets; HarmonyOS cards are not drawn yet (the edition's docs publish no desk card sizes and no reference images): run, test and simulate take --edition harmony")
    }

    /// `--edition` as `push` and `serve` take it: only to be refused for harmony.
    public static let liveEdition = edition.helped("The app's edition: ios (the default) is the only one with Live Activities and pushes; harmony is refused.")

    /// Refuses `--edition harmony` for a command about Live Activities and pushes (`push`,
    /// `serve`), which that edition does not have (H1).
    public static func refuseHarmony(_ arguments: ParsedArguments, command: String) throws(UsageError) {
        guard try arguments.get(edition) == .harmony else { return }
        throw UsageError("\(command) is about Live Activities and their pushes, which the harmony edition does not have (its docs name none); drop --edition harmony")
    }

    /// The iOS kind a HarmonyOS card most resembles, for a did-you-mean: `small` is desk `2*2`.
    static let cardLike: [ScriptKind: HarmonyCard] = [
        .small: HarmonyCard(kind: .desk, dimension: .desk2x2), .medium: HarmonyCard(kind: .desk, dimension: .desk2x4),
        .large: HarmonyCard(kind: .desk, dimension: .desk4x4), .circular: HarmonyCard(kind: .lock, dimension: .lock1x1),
        .rectangular: HarmonyCard(kind: .lock, dimension: .lock1x2),
    ]

    /// Lays `--kind` onto `options`, refusing a kind of the other edition (H1).
    static func setKind(_ options: inout RunOptions, _ name: KindName) throws(UsageError) {
        let edition = options.edition ?? .ios
        switch (name, edition) {
        case (.unknown(let text), .ios):
            throw UsageError("unknown kind '\(text)'\(ParsedArguments.hint(text, among: ScriptKind.allCases.map(\.rawValue))); use one of \(ScriptKind.namesList)")
        case (.unknown(let text), .harmony):
            throw UsageError("unknown kind '\(text)'\(ParsedArguments.hint(text, among: CardKind.allCases.map(\.rawValue))); the harmony edition's cards are desk and lock")
        case (.ios(let kind), .ios): options.kind = kind
        case (.card(let kind), .harmony): options.cardKind = kind
        case (.card(let kind), .ios):
            throw UsageError("kind '\(kind.rawValue)' is a card of the harmony edition (did you mean '--edition harmony --kind \(kind.rawValue)'?); iOS widgets are \(ScriptKind.namesList)")
        case (.ios(let kind), .harmony):
            if let card = cardLike[kind] {
                throw UsageError("kind '\(kind.rawValue)' is an iOS widget; the harmony edition's cards are desk and lock (did you mean '--kind \(card.kind.rawValue) --dimension \(card.dimension.rawValue)'?)")
            }
            let what = kind == .live ? "Live Activities" : "\(kind.rawValue) widgets"
            throw UsageError("kind '\(kind.rawValue)' does not exist in the harmony edition, which has no \(what); use desk or lock (with --dimension)")
        }
    }

    /// Lays `--dimension` onto `options`: a HarmonyOS option, one of the card kind's dimensions (H1).
    static func setDimension(_ options: inout RunOptions, _ dimension: CardDimension) throws(UsageError) {
        guard options.edition == .harmony else {
            throw UsageError("--dimension '\(dimension.rawValue)' is a size of the harmony edition's cards (did you mean '--edition harmony --dimension \(dimension.rawValue)'?); an iOS widget's size is its --kind")
        }
        if let kind = options.cardKind, dimension.kind != kind {
            let own = kind.dimensions.map(\.rawValue)
            throw UsageError("dimension '\(dimension.rawValue)' is a \(dimension.kind.rawValue) card's (did you mean '--kind \(dimension.kind.rawValue) --dimension \(dimension.rawValue)'?); \(kind.rawValue) cards are \(Words.list(own))")
        }
        options.dimension = dimension
    }

    /// `--now`; its text is read in the zone of `--tz`, which ``declarations`` decode first.
    public static let now = Option<String>.text(
        "now", "time", "Virtual now: ISO 8601 date-time (e.g. 2026-11-29T08:00:00Z) or epoch milliseconds. Default: the real time.")
    /// `--tz`.
    public static let zone = Option<Zone>("tz", "zone", "IANA time zone, e.g. Europe/Berlin. Default: the process's zone.") {
        (text) throws(UsageError) in
        do { return try Zone(identifier: text) } catch {
            throw UsageError("unknown time zone '\(text)'; use an IANA name such as Europe/Berlin or UTC")
        }
    }
    /// `--locale`.
    public static let locale = Option<String>(
        "locale", "tag",
        "Default locale, a BCP 47 tag (e.g. en-US, de-DE, ja-JP), for Intl and toLocale…String; Device.language() is its language. Default: the profile's, zh-CN built in."
    ) { (text) throws(UsageError) in
        guard LocaleTag.isWellFormed(text) else {
            throw UsageError("bad --locale '\(text)'; use a BCP 47 language tag such as zh-CN, en-US or de-DE")
        }
        return text
    }
    /// `--seed`.
    public static let seed = Option<UInt64>(
        "seed", "n", "Seed for Math.random (0 to 2^53); same seed, same output.", value: .number(0...9_007_199_254_740_992)
    ) {
        (text) throws(UsageError) in
        guard let value = UInt64(text), value <= 1 << 53 else {
            throw UsageError("bad --seed '\(text)'; use a whole number from 0 to 9007199254740992")
        }
        return value
    }
    /// `--timeout`.
    public static let timeout = Option<Double>.number(
        "timeout", "seconds", "Wall-clock limit per run (in the harmony edition also of virtual time). Default: 10, or 4.5 (harmony).", in: 0...3600, above: true,
        use: "use a number of seconds above 0 and at most 3600") { $0 }
    /// `--memory-limit`.
    public static let memoryLimit = Option<Double>.number(
        "memory-limit", "mb", "Memory limit per run in MB. Default: 30.", in: 1...4096,
        use: "use a number of MB from 1 to 4096") { $0 }
    /// `limits: { console: }`: a count past Int's range is no limit at all.
    static let consoleLimit = count("console-limit", "Console entries kept per run. Default: 200.")
    /// `limits: { timers: }`.
    static let timerLimit = count("timer-limit", "Timer firings allowed per run. Default: 100000.")
    /// `--strict`.
    public static let strict = Flag("strict", "Turn binding warnings into exceptions thrown at the call.")
    /// `--budget`: a profile name or a number of refreshes a day.
    public static let budget = Option<BudgetProfile>(
        "budget", "profile",
        "Refresh budget: strict (40 a day), typical (55), generous (70), unlimited, or a number of refreshes a day from 1 to 1440. A script that asks for nothing is refreshed every 1440/budget minutes. Default: typical."
    ) { (text) throws(UsageError) in
        do { return try BudgetProfile.parse(text) } catch {
            throw UsageError("unknown budget '\(text)'\(ParsedArguments.hint(text, among: BudgetProfile.names)); use strict (40 a day), typical (55), generous (70), unlimited, or a whole number of refreshes a day from 1 to \(BudgetProfile.maximumPerDay)")
        }
    }
    /// `--context`.
    public static let context = Option<RunContext>.choice(
        "context", "context",
        "widget (a home-screen refresh) or app (the editor or a runjs URL: isDebug() is true; Widget.openUrl, Widget.reload and Setting.add take effect). Default: widget.")

    /// `--profile`.
    public static let profile = Option<String>.file(
        "profile", "file",
        "Device profile (JSON) laid over the built-in one: Device, Location, Weather, Health, calendar events, settings, $params, Widget.id and name, permissions. See docs/profile.md.")
    /// `--network`.
    public static let network = Option<NetworkMode>.choice(
        "network", "mode",
        "live (real HTTP), replay (answers only from --fixtures; nothing leaves the machine) or record (live, and every exchange is written to --fixtures). Default: live, or replay when --fixtures is given.",
        noun: "network mode")
    /// `--fixtures`.
    public static let fixtures = Option<String>.file(
        "fixtures", "file", "Fixture file: the answers replay uses, or where record writes. See docs/network.md.")
    /// The state folder a run keeps storage in when `--state` names none.
    public static let defaultStateFolder = ".widgethost"
    /// `--state`.
    public static let state = Option<String>.folder(
        "state", "dir",
        "State folder: Config, setConfig, setValue, Setting.set and FileManager files, read and written by every run, kept per widget id. Default: .widgethost in the current folder.")
    /// `--fresh-state`.
    public static let freshState = Flag(
        "fresh-state", "Start from empty storage: the run reads nothing from the state folder and writes nothing to it.")
    /// `--param key=value`, repeatable.
    public static let param = Option<(key: String, value: String)>(
        "param", "key=value", "An entry of $params, as from a runjs URL's query string; repeat for more.", repeated: true
    ) { (entry) throws(UsageError) in
        guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else {
            throw UsageError("bad --param '\(entry)'; use key=value, e.g. --param city=Shanghai")
        }
        return (String(entry[..<equals]), String(entry[entry.index(after: equals)...]))
    }

    /// `--now`'s text as epoch milliseconds, read in `zone`.
    private static func time(_ text: String, in zone: Zone) throws(UsageError) -> Int64 {
        do {
            return try ISO8601.parse(text, defaultZone: zone)
        } catch {
            throw UsageError("bad --now '\(text)': \(error.message)")
        }
    }

    /// `--device NAME`, one of the devices whose sizes are known; the commands that draw a layout
    /// say in its help what it goes with (``Option/helped(_:)``).
    public static let device: Option<DeviceModel> = {
        let names = DeviceModel.all.map(\.name)
        return .choice("device", "name", "The device whose widget sizes are used (see docs/render.md). Default: iphone-15-pro.",
                       among: names, list: names.joined(separator: ", ")) { DeviceModel.named($0) }
    }()

    private static func count(_ name: String, _ help: String) -> Option<Int> {
        Option<Int>(name, "n", help, value: .number(0...Double.greatestFiniteMagnitude)) { (text) throws(UsageError) in
            guard let number = Double(text), number > 0 else { throw UsageError("bad --\(name) '\(text)'; use a positive number") }
            return Int(exactly: number.rounded(.down)) ?? .max
        }
    }

    /// Every option of a run, in the order help lists them and ``decode(_:)`` reads them
    /// (the zone before the time read in it).
    public static let declarations: [Declaration] = [
        Declaration(edition, key: "edition") { $0.edition = $1 },
        Declaration(kind, key: "kind") { (options: inout RunOptions, name: KindName) throws(UsageError) in try setKind(&options, name) },
        Declaration(dimension, key: "dimension") { (options: inout RunOptions, size: CardDimension) throws(UsageError) in
            try setDimension(&options, size)
        },
        Declaration(zone, key: "tz") { $0.zone = $1 },
        Declaration(now, key: "now") { (options: inout RunOptions, text: String) throws(UsageError) in
            options.now = try time(text, in: options.zone ?? Zone.current())
        },
        Declaration(locale, key: "locale") { $0.locale = $1 },
        Declaration(seed, key: "seed") { $0.seed = $1 },
        Declaration(timeout, key: "limits.timeout") { $0.timeout = $1 },
        Declaration(memoryLimit, key: "limits.memory") { $0.memoryLimit = $1 },
        Declaration(consoleLimit, key: "limits.console", onCommandLine: false) { $0.consoleLimit = $1 },
        Declaration(timerLimit, key: "limits.timers", onCommandLine: false) { $0.timerLimit = $1 },
        Declaration(strict, key: "strict") { $0.strict = $1 },
        Declaration(budget, key: nil) { (options: inout RunOptions, budget: BudgetProfile) throws(UsageError) in
            guard options.edition != .harmony else {
                throw UsageError("--budget is the iOS edition's rolling budget; the harmony edition has the platform's quota of \(HarmonyRules.timedRefreshesPerDay) timed refreshes a card per calendar day (drop --budget)")
            }
            options.budget = budget
        },
        Declaration(context, key: "context") { $0.context = $1 },
        Declaration(profile, key: nil) { $0.profile = $1 },
        Declaration(network, key: nil) { $0.network = $1 },
        Declaration(fixtures, key: nil) { $0.fixtures = $1 },
        Declaration(state, key: nil) { $0.state = $1 },
        Declaration(freshState, key: nil) { $0.freshState = $1 },
        Declaration(param, key: nil) { $0.params.append($1) },
        Declaration(device, key: nil) { $0.device = $1 },
    ]

    /// The options of every command that runs a script, in the order help shows them.
    public static let commandLine: [OptionSpec] = [
        edition.spec, kind.spec, dimension.spec, now.spec, zone.spec, locale.spec, seed.spec, timeout.spec, memoryLimit.spec, strict.spec, budget.spec,
    ]
    /// The options of the wider script API (profile, network, state, context, parameters), in
    /// the order help shows them.
    public static let scriptAPI: [OptionSpec] = [
        profile.spec, network.spec, fixtures.spec, state.spec, freshState.spec, context.spec, param.spec,
    ]

    /// The options `text` gives: `text(declaration)` is the option's texts (a flag's is
    /// `true`), none when it is not given. The command line and the front matter both come here.
    public static func decode(_ text: (Declaration) -> [String]) throws(UsageError) -> RunOptions {
        var options = RunOptions()
        for declaration in declarations {
            for value in text(declaration) { try declaration.apply(value, &options) }
        }
        return options
    }

    /// The run options of the command line, for a command that declares ``commandLine``.
    public static func decode(_ arguments: ParsedArguments) throws(UsageError) -> RunOptions {
        try decode { declaration in
            guard declaration.onCommandLine else { return [] }
            return arguments.texts(of: declaration.spec)
        }
    }

    /// Lays the options over `configuration` (fields left nil keep its values).
    public func apply(to configuration: inout RunConfiguration) {
        if let edition { configuration.edition = edition }
        if let kind { configuration.kind = kind }
        if cardKind != nil || dimension != nil {
            configuration.card = HarmonyCard(kind: cardKind ?? dimension?.kind ?? .desk, dimension: dimension)
        }
        if let zone { configuration.zone = zone }
        if let now { configuration.now = now }
        if let locale { configuration.locale = locale }
        if let seed { configuration.seed = seed }
        if let timeout { configuration.timeLimitSeconds = timeout }
        if let memoryLimit { configuration.memoryLimitMB = memoryLimit }
        if let consoleLimit { configuration.consoleLimit = consoleLimit }
        if let timerLimit { configuration.timerFiringLimit = timerLimit }
        if strict { configuration.strict = true }
        configuration.budget = (budget ?? .typical).refreshesPerDay
        if let context { configuration.context = context }
    }

    /// A run configuration with these options laid over the defaults.
    public var configuration: RunConfiguration {
        var configuration = RunConfiguration()
        apply(to: &configuration)
        return configuration
    }
}


