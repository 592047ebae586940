import HostSystem
import JSONKit
import Preview
import PushReceiver
import Synchronization
import WidgetHost
import WidgetHostCLI

/// What the studio shows now, and what it shows next: the command line it was started with, the
/// controls the page set over it, the view last built, and the pages waiting for the next one.
/// Builds are one at a time (a save and a control change do not run the script at once).
/// `@unchecked Sendable`: every field that changes is behind `state` or `building`.
final class StudioSession: @unchecked Sendable {
    /// The script and flags as given on the command line.
    let base: [String]
    private let state = Mutex<State>(State())
    private let building = Mutex<Void>(())
    /// The view last asked for, as JSON, and its version: made once a version, every page
    /// asking for it gets the same bytes.
    private let served = Mutex<(version: Int, body: [UInt8])?>(nil)

    struct State {
        /// The controls last asked for (a save rebuilds with them first).
        var controls: [String: String] = [:]
        /// The view last built, of whichever page.
        var view = StudioView.empty
        /// The views built since the last save, by their controls, the most recently asked last:
        /// each page gets the one its own controls (its address) say.
        var views: [(controls: [String: String], view: StudioView)] = []
        /// One more at each save: a view built before it is not shown again.
        var generation = 0
        var lastGood: PictureSection?
        var waiting: [(since: Int, responder: HTTPResponder)] = []
        var stopping = false
    }

    /// The studio's one drawing child.
    let pictures: StudioPictures

    init(base: [String], pictures: StudioPictures = StudioPictures()) {
        self.base = base
        self.pictures = pictures
    }

    /// The view now.
    var view: StudioView { state.withLock { $0.view } }

    /// The view now as JSON (`widgethost.studio.view/1`), serialized once a version.
    var viewBody: [UInt8] {
        let view = self.view
        if let served = served.withLock({ $0 }), served.version == view.version { return served.body }
        let body = Array(view.json.serialized().utf8)
        served.withLock { if ($0?.version ?? -1) < view.version { $0 = (view.version, body) } }
        return body
    }

    /// The controls a page last asked for (flag name → value; empty values dropped).
    var controls: [String: String] { state.withLock { $0.controls } }

    /// How many views are kept for pages with different controls.
    static let keptViews = 8

    /// The command line of `controls` laid over the one the studio was started with: each control
    /// is the flag of that name, in place of the one given (a `param` control replaces every `--param`).
    func arguments(_ controls: [String: String]) -> [String] {
        let given = controls.filter { !$0.value.isEmpty && StudioControls.names.contains($0.key) }
        var result = StudioTool.without(Array(given.keys), in: base)
        for name in given.keys.sorted() {
            guard let value = given[name] else { continue }
            if name == "param" {
                for entry in value.split(separator: ",") where !entry.isEmpty {
                    result += ["--param", String(entry).trimmingCharacters]
                }
            } else {
                result += ["--\(name)", value]
            }
        }
        return result
    }

    /// Builds the first view; a usage mistake in the command line throws as the command
    /// line's own (nothing is served then).
    func start() throws {
        let started = MonotonicClock.milliseconds()
        let build = try StudioProgram.build(base, pictures: pictures)
        building.withLock { _ in _ = publish(build, controls: [:], started: started, generation: state.withLock { $0.generation }) }
    }

    /// Rebuilds with the controls as they are (after a save); the new view.
    @discardableResult
    func rebuild() -> StudioView {
        building.withLock { _ in
            let controls = state.withLock { state in
                state.generation += 1
                state.views = []
                return state.controls
            }
            do {
                return try build(controls)
            } catch {
                // What the save broke (an --icons folder gone, …) is said over the last view.
                return failure((error as? UsageError)?.message ?? "\(error)")
            }
        }
    }

    /// The view for `controls` (a page's own: its address decides what it shows, whatever other
    /// pages ask for): the one built for them since the last save, else a new build. A control the
    /// studio cannot use (a zone that does not exist, a now that is not a time) builds nothing and
    /// throws a ``ControlRefusal`` naming it and saying what to change. `published` gets the view
    /// as soon as it is built, before the day's pictures are drawn.
    func apply(_ controls: [String: String], published: (StudioView) -> Void = { _ in }) throws(ControlRefusal) -> StudioView {
        let names = StudioControls.names + ProfileControls.names(of: StudioProgram.profile(base))
        let kept = controls.filter { !$0.value.isEmpty && names.contains($0.key) }
        if let unknown = controls.keys.sorted().first(where: { !names.contains($0) }) {
            throw ControlRefusal(control: nil, message: "unknown control '\(unknown)'; the controls are \(names.joined(separator: ", "))")
        }
        if let refusal = refusal(kept) { throw refusal }
        return try building.withLock { _ throws(ControlRefusal) in
            if let kept = state.withLock({ $0.kept(kept) }) {
                published(kept)
                return kept
            }
            do {
                return try build(kept, published: published)
            } catch {
                // Not one control's doing (a save broke the icons folder, …): said over the last view.
                let failed = failure((error as? UsageError)?.message ?? "\(error)")
                published(failed)
                return failed
            }
        }
    }

    /// The control of `controls` the studio cannot use, each checked alone over the command line
    /// it was started with, and why; nil when each is usable (or when that command line is not).
    func refusal(_ controls: [String: String]) -> ControlRefusal? {
        if controls["network"] == NetworkMode.record.rawValue {
            return ControlRefusal(control: "network", message: "the network control takes \(StudioControls.networkModes.joined(separator: " or ")); record writes the fixtures file, so it is a start-up flag only: start the studio with --network record")
        }
        guard (try? StudioProgram.check(base)) != nil else { return nil }
        let profile = StudioProgram.profile(base)
        for name in controls.keys.sorted() {
            guard let value = controls[name] else { continue }
            do {
                if StudioControls.names.contains(name) {
                    try StudioProgram.check(arguments([name: value]))
                } else if let profile {
                    _ = try ProfileControls.edited(profile, [name: value])
                }
            } catch let error as UsageError {
                return ControlRefusal(control: name, message: error.message)
            } catch let error as CommandError {
                return ControlRefusal(control: name, message: error.message)
            } catch {
                return ControlRefusal(control: name, message: "\(error)")
            }
        }
        return nil
    }

    /// The last view again, one version on, with `problem` said over it.
    private func failure(_ problem: String) -> StudioView {
        let failed = state.withLock { state -> StudioView in
            var next = state.view
            next.version += 1
            next.problem = problem
            next.stale = next.document?.pictures != nil
            state.view = next
            return next
        }
        // Made here, once, before the pages hear of it and ask.
        _ = viewBody
        notify(failed)
        return failed
    }

    /// Builds the view for `controls` and publishes it; then draws the day's pictures and
    /// publishes the view again with them (a save or a control shows the families first).
    private func build(_ controls: [String: String], published: (StudioView) -> Void = { _ in }) throws(UsageError) -> StudioView {
        let started = MonotonicClock.milliseconds()
        let generation = state.withLock { $0.generation }
        var build: StudioProgram.Build
        do {
            build = try StudioProgram.build(arguments(controls), profileEdits: controls.filter { !StudioControls.names.contains($0.key) },
                                            pictures: pictures)
        } catch let error as UsageError {
            throw error
        } catch let error as CommandError {
            throw UsageError(error.message)
        } catch {
            throw UsageError("\(error)")
        }
        return publish(build, controls: controls, started: started, generation: generation, published: published)
    }

    /// Publishes `build` as the next view, made with `controls` from `started` on; then draws
    /// the day's pictures and publishes the view again with them.
    @discardableResult
    private func publish(_ build: StudioProgram.Build, controls: [String: String], started: Double, generation: Int,
                         published: (StudioView) -> Void = { _ in }) -> StudioView {
        var document = build.document
        StudioPanels.nameOutputs(in: &document)
        let fresh = document.pictures.map { !$0.families.isEmpty } ?? false
        let panels = StudioPanels.html(build)
        let view = state.withLock { state -> StudioView in
            var stale = false
            if fresh {
                state.lastGood = document.pictures
            } else if document.pictures != nil || document.primary?.status != .ok, let last = state.lastGood {
                document.pictures = last
                stale = true
            }
            state.controls = controls
            var built = StudioView(version: state.view.version + 1, document: document, stale: stale, controls: controls,
                                   buildMs: MonotonicClock.milliseconds() - started, panels: panels)
            built.complete = build.refreshDrawing == nil
            state.view = built
            if state.generation == generation { state.keep(controls, built) }
            return built
        }
        // Made here, once, before the pages hear of it and ask.
        _ = viewBody
        notify(view)
        published(view)
        guard let drawing = build.refreshDrawing else { return view }
        let drawn = drawing.draw()
        let complete = state.withLock { state -> StudioView in
            var next = view
            next.version = state.view.version + 1
            next.refreshPictures = drawn.pictures
            next.refreshPicturesProblem = drawn.problem
            next.dayMs = MonotonicClock.milliseconds() - started
            next.complete = true
            state.view = next
            if state.generation == generation { state.keep(controls, next) }
            return next
        }
        // Made here, once, before the pages hear of it and ask.
        _ = viewBody
        notify(complete)
        return view
    }

    /// Answers `responder` with the next view's version once it is past `since` (at once if it is).
    func waitForChange(since: Int, responder: HTTPResponder) {
        let now = state.withLock { state -> Int? in
            if state.stopping { return -1 }
            if state.view.version > since { return state.view.version }
            // Those the server answered because their pages went away are let go of here.
            state.waiting.removeAll { $0.responder.isAnswered }
            state.waiting.append((since, responder))
            return nil
        }
        if let now { responder.respond(now < 0 ? StudioService.stopping : StudioService.event(version: now)) }
    }

    /// The studio is stopping: every waiting page is answered 503 (an event stream's end), and so
    /// is every page that asks from now on, so that no request is left waiting when the server stops.
    func stop() {
        let waiting = state.withLock { state in
            state.stopping = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for (_, responder) in waiting { responder.respond(StudioService.stopping) }
    }

    /// Answers every waiting page (the studio is stopping, or a view was built).
    func notify(_ view: StudioView? = nil) {
        let version = view?.version ?? self.view.version
        let waiting = state.withLock { state in
            defer { state.waiting = [] }
            return state.waiting
        }
        for (_, responder) in waiting { responder.respond(StudioService.event(version: version)) }
    }
}

extension StudioSession.State {
    /// The view built for `controls` since the last save, now the most recently asked for.
    mutating func kept(_ controls: [String: String]) -> StudioView? {
        guard let index = views.firstIndex(where: { $0.controls == controls }) else { return nil }
        let entry = views.remove(at: index)
        views.append(entry)
        self.controls = controls
        return entry.view
    }

    /// Keeps `view` as the one for `controls` (the oldest goes past ``StudioSession/keptViews``).
    mutating func keep(_ controls: [String: String], _ view: StudioView) {
        views.removeAll { $0.controls == controls }
        views.append((controls, view))
        if views.count > StudioSession.keptViews { views.removeFirst(views.count - StudioSession.keptViews) }
    }
}

/// A control the studio cannot use, and why: `control` names its field (nil when the refusal is
/// of the request as a whole).
struct ControlRefusal: Error {
    var control: String?
    var message: String
}

extension String {
    /// Without spaces at either end.
    var trimmingCharacters: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
