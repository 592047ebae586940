import ZonedTime

/// Everything a run can be told, besides the script itself. Defaults follow the contract.
public struct RunConfiguration: Sendable {
    /// The edition of the app the script is written for (H1). Default `ios`.
    public var edition: Edition = .ios
    /// The widget kind (S3) of an iOS run. Default `small`.
    public var kind: ScriptKind = .small
    /// The card of a HarmonyOS run (H1): its kind and dimension. Default desk `2*2`.
    public var card: HarmonyCard = .default
    /// Virtual *now* as epoch milliseconds (T1); nil means the real current time.
    public var now: Int64?
    /// The run's time zone (T2). Default: the process's own zone.
    public var zone: Zone = Zone.current()
    /// The run's default locale (T5), a BCP 47 tag; nil: the profile's (``DeviceProfile/locale``).
    public var locale: String?
    /// Seed for `Math.random` (T4); nil keeps the engine's generator.
    public var seed: UInt64?
    /// The limit per run in seconds: of wall-clock time (S6), and in the HarmonyOS edition of
    /// virtual time as well (H4). Default 10, and 4.5 in the HarmonyOS edition.
    public var timeLimitSeconds: Double {
        get { givenTimeLimit ?? (edition == .harmony ? HarmonyRules.timeLimitSeconds : 10) }
        set { givenTimeLimit = newValue }
    }
    private var givenTimeLimit: Double?
    /// Memory limit in MiB (S6). Default 30, the device's widget ceiling.
    public var memoryLimitMB: Double = 30
    /// Turn binding warnings into exceptions thrown at the call (C7).
    public var strict = false
    /// Refreshes per 24 h the system grants; nil for `unlimited`. Decides the default cadence of R1.
    public var budget: Int? = 55
    /// The frequency already in force from earlier runs (C2), in minutes.
    public var frequencyInForce: Double?
    /// Console entries kept per run (S8). Default 200.
    public var consoleLimit = 200
    /// Control events kept per run; the rest are counted.
    public var eventLimit = 1000
    /// Virtual timer callbacks a run may fire before it is stopped.
    public var timerFiringLimit = 100_000

    // MARK: The wider API (A1–A8)

    /// Where the script runs (A7): a widget refresh (default) or the app (the editor, a `runjs` URL).
    public var context: RunContext = .widget
    /// `$params`: the query parameters of a `runjs` URL, laid over the profile's `params`.
    public var params: [String: String] = [:]
    /// Device-dependent answers (A1). Default: the built-in profile.
    public var profile = DeviceProfile()
    /// How requests reach the network (A2, A3). Default: live.
    public var network = NetworkConfiguration.live
    /// Storage and files (A4, A5). nil gives the run a store of its own that ends with it;
    /// give every run of a simulation the same store to carry state from run to run.
    public var storage: StateStore?
    /// `Widget.id` and `Widget.name`; nil: the profile's, else derived from the script's file name.
    public var widget: WidgetIdentity?

    /// The contract's defaults: a `small` widget run now, in the process's zone, with the built-in
    /// profile, live network and a store of its own.
    public init() {}

    /// `Widget.id` and `Widget.name` of a run of the script named `scriptName` (its
    /// ``ScriptSource/name``): ``widget``, else the profile's `widget`, else derived from the name.
    public func widgetIdentity(scriptName: String) -> WidgetIdentity {
        if let widget { return widget }
        let derived = WidgetIdentity.derived(fromScriptName: scriptName)
        let fromProfile = profile.overlay["widget"]
        return WidgetIdentity(id: fromProfile?["id"]?.stringValue ?? derived.id, name: fromProfile?["name"]?.stringValue ?? derived.name)
    }

    /// The locale the run formats in and `Device.language()` derives from (T5).
    public var effectiveLocale: String {
        if let locale { return locale }
        let device = profile.overlay["device"]
        if edition == .harmony, device?["locale"] == nil, device?["language"] == nil { return HarmonyRules.defaultLocale }
        return profile.locale
    }

    /// The limits in force, as every report prints them.
    public var limits: RunLimits {
        RunLimits(timeLimitSeconds: timeLimitSeconds, memoryLimitMB: memoryLimitMB, consoleEntries: consoleLimit)
    }

    /// The largest script a run parses, in bytes of UTF-8 text (S6): a sixteenth of the memory
    /// limit (1.875 MiB at the default 30 MB). Parsing takes many times a script's size, so a
    /// larger script is refused before anything parses it: the run ends `memory`
    /// (`script-too-large`).
    public var maximumScriptBytes: Int { Self.share(of: memoryLimitMB, per: 16) }

    /// The most tokens a run parses (S6): one for each 128 bytes of the memory limit (245,760 at
    /// the default 30 MB), more than the engine's parse takes for a token (measured: 40 to 115
    /// bytes). The host's own scan stops at the token past it, before the engine parses
    /// anything, and the run ends `memory` (`script-too-large`).
    public var maximumScriptTokens: Int { Self.share(of: memoryLimitMB, per: 128) }

    /// The memory limit in bytes divided by `divisor`, 0 for a limit that is not a positive number.
    private static func share(of megabytes: Double, per divisor: Double) -> Int {
        let bytes = megabytes * 1_048_576 / divisor
        guard bytes.isFinite, bytes > 0 else { return 0 }
        return Int(min(bytes, 1e15))
    }

    /// Minutes between refreshes the system picks for a widget that asked for nothing (R1, H7).
    public var defaultCadenceMinutes: Double {
        edition == .harmony ? HarmonyRules.defaultCadenceMinutes : 1440 / Double(budget ?? 55)
    }

    /// The kind as reports name it: `small`, `live`, or a card's `desk`, `lock`.
    public var kindName: String { edition == .harmony ? card.kind.rawValue : kind.rawValue }

    /// Whether the run counts virtual time against its limit (H4): `sleep` and fixture delays spend it.
    public var limitsVirtualTime: Bool { edition == .harmony }
}

/// Where a script runs (A7).
public enum RunContext: String, Sendable, Hashable, CaseIterable {
    /// The main app: the editor's Run button or a `runjs` URL. `isDebug()` is true;
    /// `Widget.openUrl`, `Widget.reload` and `Setting.add` take effect; `setValue` slot 999.
    case app
    /// The widget extension refreshing on the home screen (the default). `setValue` slot 1.
    case widget

    /// The `setValue`/`getValue` slot: 999 in the app (the editor's debug slot), 1 in a widget.
    public var slot: Int { self == .app ? 999 : 1 }
}

/// The limits a run was held to (S6), printed in every report.
public struct RunLimits: Sendable, Hashable {
    /// Wall-clock limit per run, in seconds (``RunConfiguration/timeLimitSeconds``).
    public var timeLimitSeconds: Double
    /// Memory limit, in MiB (``RunConfiguration/memoryLimitMB``).
    public var memoryLimitMB: Double
    /// Console entries kept per run (``RunConfiguration/consoleLimit``).
    public var consoleEntries: Int
}
