/// The registry of the script API, built from one declaration per global (``APIGlobal``, in
/// `API/Globals/`), each naming the editions it belongs to: the host installs a run's edition's
/// globals into each context from it (``RunState/installHostGlobals(in:)``), `widgethost api`
/// prints it, and docs/api.md and docs/api-harmony.md (``APIReference/markdown(for:)``) and
/// `omni.d.ts` (``TypeDeclarations``) are generated from it; tests fail when the committed pages
/// and the code disagree. A global of one edition is absent from the other (`typeof Weather` is
/// `"undefined"` in the HarmonyOS edition), never a stub.
public enum APIRegistry {
    /// Every section of the reference pages, with the globals of both editions.
    private static let allSections: [APISection] = [
        APISection(title: "Network", globals: network + HarmonyAPI.network),
        APISection(title: "Storage", globals: storage + HarmonyAPI.storage),
        APISection(title: "Context", globals: context + HarmonyAPI.context),
        APISection(title: "Device data", globals: device + HarmonyAPI.device),
        APISection(title: "Files and HTML", globals: files + HarmonyAPI.files),
        APISection(title: "Control bindings, console and timers", globals: HarmonyAPI.control + runtime),
    ]

    /// One edition's tables, worked out once.
    private struct Tables: Sendable {
        let sections: [APISection]
        let globals: [APIGlobal]
        let byName: [String: APIGlobal]
        let madeBeforeTheScript: [APIGlobal]
        let installedByTheHost: [APIGlobal]
        let madeOnFirstRead: [String]

        init(_ edition: Edition) {
            sections = allSections.map { APISection(title: $0.title, globals: $0.globals.filter { $0.editions.contains(edition) }) }
                .filter { !$0.globals.isEmpty }
            globals = sections.flatMap(\.globals)
            byName = Dictionary(globals.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            madeBeforeTheScript = globals.filter { $0.installation.functionBody != nil }
            installedByTheHost = globals.filter {
                if case .host = $0.installation { true } else { false }
            }.sorted { first, _ in first.kind == .function }
            madeOnFirstRead = globals.filter {
                switch $0.installation {
                case .onFirstRead, .script: true
                case .control, .function, .host: false
                }
            }.map(\.name)
        }
    }

    private static let tables: [Edition: Tables] = Dictionary(uniqueKeysWithValues: Edition.allCases.map { ($0, Tables($0)) })

    private static func tables(_ edition: Edition) -> Tables { tables[edition]! }

    /// The reference page's sections of `edition`, in order.
    public static func sections(for edition: Edition) -> [APISection] { tables(edition).sections }

    /// Every global of `edition`, in the order of its reference page.
    public static func globals(for edition: Edition) -> [APIGlobal] { tables(edition).globals }

    /// Every documented entry point of `edition`.
    public static func members(for edition: Edition) -> [APIMember] { globals(for: edition).flatMap(\.members) }

    /// The global named `name` in `edition`.
    public static func global(_ name: String, in edition: Edition) -> APIGlobal? { tables(edition).byName[name] }

    /// The iOS edition's sections (``sections(for:)``).
    public static var sections: [APISection] { sections(for: .ios) }

    /// The iOS edition's globals, in the order of the reference page.
    public static var globals: [APIGlobal] { globals(for: .ios) }

    /// The iOS global named `name`.
    public static func global(_ name: String) -> APIGlobal? { global(name, in: .ios) }

    /// The iOS edition's documented entry points.
    public static var members: [APIMember] { members(for: .ios) }

    /// The globals made before the script runs, as data properties: the control bindings and timers.
    static func madeBeforeTheScript(in edition: Edition) -> [APIGlobal] { tables(edition).madeBeforeTheScript }

    /// The globals the host's own code puts in place before the script runs (`sleep`, then `console`).
    static func installedByTheHost(in edition: Edition) -> [APIGlobal] { tables(edition).installedByTheHost }

    /// The names of the globals built on first read, as accessors.
    static func madeOnFirstRead(in edition: Edition) -> [String] { tables(edition).madeOnFirstRead }
}
