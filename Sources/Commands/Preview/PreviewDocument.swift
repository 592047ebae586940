import JSONKit
import Layout
import Timeline
import WidgetHost

/// One preview: what the script did as each kind, the refresh strip, and the layout's
/// placeholders. The terminal view, the HTML report and `--format json` all render it.
public struct PreviewDocument: Sendable {
    public static let schema = "widgethost.preview/1"

    /// The script's path as the author gave it.
    public var scriptPath: String
    /// The script's text, for source excerpts; nil when it could not be loaded.
    public var sourceText: String?
    /// One run per kind, in the order asked for.
    public var runs: [RunReport]
    /// The simulated span of the first kind (the refresh strip and Live Activity span).
    public var timeline: TimelineReport?
    /// The layout check against the first kind's outputs, when a layout was given.
    public var layout: LayoutSection?
    /// The layout drawn at every family, light and dark, when it is a component tree (the
    /// command draws them and sets this).
    public var pictures: PictureSection?
    /// Files that could not be used.
    public var problems: [PreviewProblem]
    /// The budget in force (refreshes a day; nil for unlimited).
    public var budget: Int?
    /// Each run of the strip as it ended, in order, when the builder keeps them.
    public var refreshStates: [RefreshState] = []
    /// What the view says of the state folder the runs read and wrote (`.widgethost, kept
    /// between runs …`, as `run` says it); nil when the command does not say.
    public var stateLine: String?

    /// The first run: the kind the strip and the layout follow.
    public var primary: RunReport? { runs.first }

    /// True when a run did not end ok, the layout has an error, or a file was unusable:
    /// the command's exit status is then 1 (X2).
    public var hasFailures: Bool {
        !problems.isEmpty || runs.contains { $0.status != .ok } || (layout?.hasErrors ?? false)
    }
}

/// The layout part of a preview.
public struct LayoutSection: Sendable {
    /// The layout file as given.
    public var path: String
    /// Each placeholder with its rendered value, and what is wrong with any of them.
    public var report: LayoutReport

    public init(path: String, report: LayoutReport) {
        self.path = path
        self.report = report
    }

    public var hasErrors: Bool { report.hasErrors }
}

/// One run of the refresh strip as it ended: when, how, its outputs and its console.
public struct RefreshState: Sendable {
    /// Its position among the simulation's runs (0 first), and its virtual now.
    public var index: Int
    public var at: Int64
    /// `ok`, `error`, `timeout` or `memory`.
    public var status: String
    /// Its outputs (none unless it ended ok), as kept (``RefreshKeeping``).
    public var outputs: JSONObject
    public var console: [ConsoleEntry]
    /// The outputs cut to be kept, each with the size of its whole value (bytes of JSON), and
    /// how many were left out.
    public var cut: [String: Int] = [:]
    public var leftOut = 0
    /// Console entries left out to keep its text within bounds.
    public var consoleLeftOut = 0

    public init(index: Int, at: Int64, status: String, outputs: JSONObject, console: [ConsoleEntry]) {
        self.index = index
        self.at = at
        self.status = status
        self.outputs = outputs
        self.console = console
    }
}

/// How much of the strip's refreshes a builder keeps (``PreviewBuilder/refreshKeeping``): the
/// first ``count`` of them, each one's outputs cut (``JSONCut``) and its console's text bounded,
/// so that a script that publishes megabytes keeps no more than these bounds a refresh.
public struct RefreshKeeping: Sendable, Hashable {
    /// The refreshes kept, the first ones.
    public var count: Int
    /// Each output's JSON, bytes, and the outputs' in all.
    public var valueBytes: Int
    public var outputsBytes: Int
    /// The console's text, bytes.
    public var consoleBytes: Int

    public init(count: Int, valueBytes: Int, outputsBytes: Int, consoleBytes: Int) {
        self.count = count
        self.valueBytes = valueBytes
        self.outputsBytes = outputsBytes
        self.consoleBytes = consoleBytes
    }

    /// Every refresh, whole.
    public static let whole = RefreshKeeping(count: .max, valueBytes: .max, outputsBytes: .max, consoleBytes: .max)

}
