import Layout
import Timeline
import WidgetHost

/// Everything one preview is made from. The command line builds it afresh on every
/// change in watch mode, so a file that has become unreadable or malformed is a
/// ``PreviewProblem`` in the view, not the end of the session.
public struct PreviewInputs: Sendable {
    /// The script's path as the author gave it; reports name the script by it.
    public var scriptPath: String
    /// The script, or nil when it could not be loaded (see ``problems``).
    public var source: ScriptSource?
    /// The kinds to run it as: one, or every widget kind (`--all-kinds`). The first is
    /// the one the refresh strip simulates.
    public var kinds: [ScriptKind]
    /// The run flags, the profile, network and storage (as `widgethost run` takes them).
    public var configuration: RunConfiguration
    /// The span the refresh strip covers (default: the 24 hours from the run).
    public var simulation: Simulation?
    /// The layout file's path and its parsed document, when `--layout` names one.
    public var layoutPath: String?
    public var layout: LayoutDocument?
    /// A button's action script, run before each tap's refresh on the strip (A8).
    public var action: ScriptSource?
    /// Files that could not be read or parsed.
    public var problems: [PreviewProblem]

    public init(
        scriptPath: String, source: ScriptSource?, kinds: [ScriptKind], configuration: RunConfiguration,
        simulation: Simulation?, layoutPath: String? = nil, layout: LayoutDocument? = nil, action: ScriptSource? = nil,
        problems: [PreviewProblem] = []
    ) {
        self.scriptPath = scriptPath
        self.source = source
        self.kinds = kinds
        self.configuration = configuration
        self.simulation = simulation
        self.layoutPath = layoutPath
        self.layout = layout
        self.action = action
        self.problems = problems
    }

    /// Every widget kind, in the contract's order (`--all-kinds`). A Live Activity script
    /// is a different kind of script; it is previewed with `--kind live`.
    public static var allWidgetKinds: [ScriptKind] { ScriptKind.allCases.filter { !$0.isLiveActivity } }
}

/// A file the preview could not use: shown at the top of the view, with what to do.
public struct PreviewProblem: Sendable, Hashable {
    /// A stable code: `missing-file`, `not-utf8`, `bad-data`, `bad-layout`.
    public var code: String
    /// One line that names the file and says what to do.
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}
