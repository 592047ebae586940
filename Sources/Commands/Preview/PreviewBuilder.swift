import JSONKit
import Layout
import Timeline
import WidgetHost

/// Makes a ``PreviewDocument``: runs the script as each kind, simulates the span of the
/// refresh strip for the first kind, and checks the layout against its outputs.
public struct PreviewBuilder {
    /// The host that runs every script of this builder; a watch session keeps one.
    public let host: ScriptHost
    /// Whether the document keeps each refresh of the strip as its run left it (the studio's
    /// scrubber): its outputs, status and console, as much of them as ``refreshKeeping`` says.
    public var recordsRefreshes = false
    /// How much of the refreshes is kept when they are.
    public var refreshKeeping = RefreshKeeping.whole

    public init(host: ScriptHost = ScriptHost()) { self.host = host }

    public func build(_ inputs: PreviewInputs) -> PreviewDocument {
        var document = PreviewDocument(
            scriptPath: inputs.scriptPath, sourceText: inputs.source?.text, runs: [], timeline: nil, layout: nil, pictures: nil,
            problems: inputs.problems, budget: inputs.configuration.budget)
        guard let source = inputs.source else { return document }

        // A live network is asked once per kind; the strip replays what the first run saw,
        // so that previewing a script does not fetch once for every simulated refresh (nor,
        // under record, write the fixtures again for each).
        var recorded: NetworkRecorder?
        for (index, kind) in inputs.kinds.enumerated() {
            var configuration = inputs.configuration
            configuration.kind = kind
            if index == 0, configuration.network.mode == .live {
                let recorder = NetworkRecorder.inMemory()
                configuration.network.mode = .record
                configuration.network.recorder = recorder
                recorded = recorder
            } else if index == 0, configuration.network.mode == .record {
                recorded = configuration.network.recorder
            }
            document.runs.append(host.run(source, configuration: configuration))
        }

        if let simulation = inputs.simulation, let first = inputs.kinds.first {
            var configuration = inputs.configuration
            configuration.kind = first
            // The strip starts from empty storage so that simulating never touches the
            // state folder; the single run above is the one that reads and writes it.
            configuration.storage = StateStore()
            if let recorded, let fixtures = try? NetworkFixtures(json: recorded.json, source: "preview", folder: ".") {
                // A record run's recorder keeps the strip's exchanges too (for the studio's
                // network panel); a replay writes nothing.
                let keeper = inputs.configuration.network.mode == .record ? recorded : nil
                configuration.network = NetworkConfiguration(mode: .replay, fixtures: fixtures, recorder: keeper)
            }
            let runner = HostRefreshRunner(
                script: source, simulation: simulation, configuration: configuration, host: host, action: inputs.action)
            var recording = RefreshRecording(base: runner, keeping: recordsRefreshes ? refreshKeeping : nil)
            document.timeline = simulation.run(runner: &recording)
            document.refreshStates = recording.states
        }

        if let path = inputs.layoutPath, let layout = inputs.layout {
            let outputs = document.runs.first.map { $0.outputs } ?? [:]
            document.layout = LayoutSection(path: path, report: LayoutCheck.run(layout, outputs: outputs))
        }
        return document
    }
}

/// Runs the strip's refreshes with a ``HostRefreshRunner`` and, when asked, keeps what each
/// run left: its outputs, status and console, within `keeping`'s bounds.
struct RefreshRecording: RefreshScriptRunner {
    var base: HostRefreshRunner
    let keeping: RefreshKeeping?
    var states: [RefreshState] = []

    mutating func run(_ request: RefreshRunRequest) -> RefreshRunResult {
        let result = base.run(request)
        if let keeping, states.count < keeping.count {
            let outputs = JSONCut.outputs(result.outputs, valueLimit: keeping.valueBytes, totalLimit: keeping.outputsBytes)
            let console = JSONCut.console(base.lastReport?.console ?? [], limit: keeping.consoleBytes)
            var state = RefreshState(index: request.index, at: request.at, status: result.status.rawValue,
                                     outputs: outputs.outputs, console: console.entries)
            state.cut = outputs.cut
            state.leftOut = outputs.leftOut
            state.consoleLeftOut = console.leftOut
            states.append(state)
        }
        return result
    }
}
