/// The registry of the script API, built from one declaration per global (``APIGlobal``, in
/// `API/Globals/`): the host installs these globals into each context from it
/// (``RunState/installHostGlobals(in:)``), `widgethost api` prints it, and docs/api.md
/// (``APIReference/markdown()``) and `omni.d.ts` (``TypeDeclarations``) are generated from it;
/// tests fail when the committed pages and the code disagree.
public enum APIRegistry {
    /// The reference page's sections, in order.
    public static let sections: [APISection] = [
        APISection(title: "Network", globals: network),
        APISection(title: "Storage", globals: storage),
        APISection(title: "Context", globals: context),
        APISection(title: "Device data", globals: device),
        APISection(title: "Files and HTML", globals: files),
        APISection(title: "Control bindings, console and timers", globals: runtime),
    ]

    /// Every global, in the order of the reference page.
    public static let globals: [APIGlobal] = sections.flatMap(\.globals)

    /// The global named `name`.
    public static func global(_ name: String) -> APIGlobal? { globals.first { $0.name == name } }

    /// Every documented entry point.
    public static var members: [APIMember] { globals.flatMap(\.members) }

    /// The globals made before the script runs, as data properties: the control bindings and timers.
    static let madeBeforeTheScript: [APIGlobal] = globals.filter { $0.installation.functionBody != nil }

    /// The globals the host's own code puts in place before the script runs (`sleep`, then `console`).
    static let installedByTheHost: [APIGlobal] = globals.filter {
        if case .host = $0.installation { true } else { false }
    }.sorted { first, _ in first.kind == .function }

    /// The names of the globals built on first read, as accessors.
    static let madeOnFirstRead: [String] = globals.filter {
        switch $0.installation {
        case .onFirstRead, .script: true
        case .control, .function, .host: false
        }
    }.map(\.name)
}
