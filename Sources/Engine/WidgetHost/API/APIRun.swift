import HTMLCore
import JSONKit
import ScriptCore
import ZonedTime

/// The per-run state of the wider API (A1–A8), made when a script first touches it:
/// the resolved profile, the widget's identity, storage read on first use and
/// written back once the run ends, fixture use counts, parsed HTML documents.
final class APIRun {
    unowned let state: any BindingContext
    let store: StateStore
    /// The script's name, from which a widget's identity is derived when nothing gives one.
    private let scriptName: String

    init(state: RunState) {
        self.state = state
        store = state.configuration.storage ?? StateStore()
        scriptName = state.wrapped.sourceURL
    }

    var configuration: RunConfiguration { state.configuration }

    /// The profile as this run sees it (A1), resolved for the run's start and zone.
    private(set) lazy var profile: JSONValue = configuration.profile.resolved(
        now: Int64(state.startedAt), zone: configuration.zone)

    /// `Widget.id` and `Widget.name`: the configuration's, else the profile's, else derived from the script's name.
    private(set) lazy var identity: WidgetIdentity = configuration.widgetIdentity(scriptName: scriptName)

    func permitted(_ name: String) -> Bool { profile["permissions"]?[name]?.boolValue ?? true }

    // MARK: Storage (A4)

    private var widgetState: WidgetState?
    private var widgetDirty = false
    private var widgetUnreadable = false
    private var slotValues: [String: String]?
    private var valuesDirty = false
    private var valuesUnreadable = false

    /// The `setValue` slot key: the widget kind and the slot (1 in a widget run, 999 in an app run).
    var slotKey: String { "\(configuration.kind.rawValue)-\(configuration.context.slot)" }

    /// The widget's storage lock and the slot values' (A12), held from the first touch until
    /// ``finish()`` has written what changed.
    private var widgetLock: StoreLock?
    private var valuesLock: StoreLock?
    /// The lock was still held by another run when this run's time limit passed: the run read
    /// nothing of its storage and saves nothing.
    private(set) var storageBusy = false
    /// Locks that could not be taken for another reason than a holder; the run went on without them.
    private var lockProblems: [String] = []

    /// Takes the widget's storage lock on first use, waiting for another run that holds it
    /// within this run's time limit. False when the run cannot use its storage: another run
    /// held the lock past the limit (`state-busy`), or the lock file cannot be made (the run
    /// then goes on, as it does when its storage cannot be read, and its save says why).
    func holdWidgetStorage() -> Bool {
        if widgetLock != nil { return true }
        if storageBusy { return false }
        guard WidgetIdentity.problem(withID: identity.id) == nil else { return true }
        do {
            guard let lock = try store.lock(widget: identity.id, until: state.deadline) else {
                busy("widgets/\(identity.id)/store.lock")
                return false
            }
            widgetLock = lock
            // No run of this store writes the widget's files now: what a killed one left can go.
            store.removeStaleTemporaries(widget: identity.id)
        } catch {
            // Said at the save, when the save itself works (a folder on the way that is not
            // reachable fails the read and the save too, and they say so).
            lockProblems.append("the widget's storage lock \(error.description)")
            widgetLock = StoreLock(file: nil)
        }
        return true
    }

    /// Takes the slot values' lock on first use, after the widget's (see ``holdWidgetStorage()``).
    private func holdValues() -> Bool {
        if valuesLock != nil { return true }
        guard holdWidgetStorage() else { return false }
        do {
            guard let lock = try store.lock(values: slotKey, until: state.deadline) else {
                busy("values/\(slotKey).lock")
                return false
            }
            valuesLock = lock
            store.removeStaleValueTemporaries()
        } catch {
            lockProblems.append("the shared values' lock \(error.description)")
            valuesLock = StoreLock(file: nil)
        }
        return true
    }

    private func busy(_ lockFile: String) {
        storageBusy = true
        let seconds = JSONValue.formatNumber(configuration.timeLimitSeconds)
        state.diagnose(
            .stateBusy, .error,
            "the state folder \(store.directory ?? ".") is in use: another run held its lock \(lockFile) for all of this run's time limit (\(seconds) s); this run read none of the widget's storage and saved nothing, so nothing stored is lost; run it again once the other run ends, or raise --timeout")
    }

    /// Reads (and with `mutate`, changes) the widget's stored state.
    func widget<R>(mutate: Bool = false, _ body: (inout WidgetState) -> R) -> R {
        if widgetState == nil, !holdWidgetStorage() { widgetState = WidgetState() }
        if widgetState == nil, let problem = WidgetIdentity.problem(withID: identity.id) {
            widgetUnreadable = true
            widgetState = WidgetState()
            state.diagnose(
                .invalidWidgetID, .error,
                "Widget.id \(JSONValue.quote(identity.id)) cannot name a storage folder: it \(problem) (a widget id is \(WidgetIdentity.idRule)); the run's storage started empty and is not saved")
        }
        if widgetState == nil {
            do {
                widgetState = try store.widget(identity.id)
            } catch {
                widgetState = WidgetState()
                if error.onTheWay {
                    // No stored file to protect: the save at the end tries, and says if it fails.
                    state.diagnose(.stateUnreadable, .warning, "the widget's storage \(error.description); the run started with empty storage")
                } else {
                    widgetUnreadable = true
                    state.diagnose(
                        .stateUnreadable, .warning,
                        "the widget's storage \(error.description); the run started with empty storage and will not save over that file (fix or delete it)")
                }
            }
        }
        let result = body(&widgetState!)
        if mutate { widgetDirty = true }
        return result
    }

    func values<R>(mutate: Bool = false, _ body: (inout [String: String]) -> R) -> R {
        if slotValues == nil, !holdValues() { slotValues = [:] }
        if slotValues == nil {
            do {
                slotValues = try store.values(slotKey)
            } catch {
                slotValues = [:]
                if error.onTheWay {
                    state.diagnose(.stateUnreadable, .warning, "the shared values \(error.description); the run started without them")
                } else {
                    valuesUnreadable = true
                    state.diagnose(
                        .stateUnreadable, .warning,
                        "the shared values \(error.description); the run started without them and will not save over that file (fix or delete it)")
                }
            }
        }
        let result = body(&slotValues!)
        if mutate { valuesDirty = true }
        return result
    }

    /// The HarmonyOS `Setting.set` values of a card refresh, kept in memory for the run only (H10).
    var settingsInMemory: JSONObject = [:]

    // MARK: Shared (H10)

    private var sharedValues: JSONObject?
    private var sharedDirty = false
    private var sharedUnreadable = false
    private var sharedLock: StoreLock?

    /// The `Shared` scope of the run's card: its kind and dimension (`desk_2x4`).
    var sharedScope: String { configuration.card.sharedScope }

    /// Takes the `Shared` values' lock on first use, after the widget's (see ``holdWidgetStorage()``).
    private func holdShared() -> Bool {
        if sharedLock != nil { return true }
        guard holdWidgetStorage() else { return false }
        do {
            guard let lock = try store.lock(shared: sharedScope, until: state.deadline) else {
                busy("shared/\(sharedScope).lock")
                return false
            }
            sharedLock = lock
        } catch {
            lockProblems.append("the Shared values' lock \(error.description)")
            sharedLock = StoreLock(file: nil)
        }
        return true
    }

    /// Reads (and with `mutate`, changes) the `Shared` values of the run's card kind and dimension.
    func shared<R>(mutate: Bool = false, _ body: (inout JSONObject) -> R) -> R {
        if sharedValues == nil, !holdShared() { sharedValues = [:] }
        if sharedValues == nil {
            do {
                sharedValues = try store.shared(sharedScope)
            } catch {
                sharedValues = [:]
                if !error.onTheWay { sharedUnreadable = true }
                state.diagnose(
                    .stateUnreadable, .warning,
                    "the Shared values \(error.description); the run started without them\(error.onTheWay ? "" : " and will not save over that file (fix or delete it)")")
            }
        }
        let result = body(&sharedValues!)
        if mutate { sharedDirty = true }
        return result
    }

    // MARK: Network (A3)

    /// How many requests each fixture (by index) has answered in this run.
    var fixtureUses: [Int: Int] = [:]
    /// Exchanges this run recorded.
    var recordedCount = 0
    /// Deprecated functions already reported in this run.
    var reportedDeprecations: Set<String> = []

    // MARK: Script-built globals and HTML

    /// The factories of ``APIScript``, evaluated once per context on first use.
    var factories: ProtectedValue?
    var htmlDocuments: [Int: HTMLDocument] = [:]
    var nextHTMLHandle = 1

    // MARK: End of run

    /// Writes storage back (A4) and the recorded fixtures (A3); frees parsed documents. Without
    /// `saving`, what the run changed in storage is dropped (H10: a HarmonyOS run that did not end ok).
    func finish(saving: Bool = true) {
        if !saving {
            widgetDirty = false
            valuesDirty = false
            sharedDirty = false
        }
        var saved = false
        if widgetDirty, !widgetUnreadable, !storageBusy, let widgetState {
            do { try store.setWidget(identity.id, widgetState); saved = true } catch {
                state.diagnose(.stateNotSaved, .error, "the widget's storage could not be saved: \(error.description)")
            }
        }
        if valuesDirty, !valuesUnreadable, !storageBusy, let slotValues {
            do { try store.setValues(slotKey, slotValues); saved = true } catch {
                state.diagnose(.stateNotSaved, .error, "the shared values could not be saved: \(error.description)")
            }
        }
        if sharedDirty, !sharedUnreadable, !storageBusy, let sharedValues {
            do { try store.setShared(sharedScope, sharedValues); saved = true } catch {
                state.diagnose(.stateNotSaved, .error, "the Shared values could not be saved: \(error.description)")
            }
        }
        if saved, !lockProblems.isEmpty {
            state.diagnose(
                .stateUnreadable, .warning,
                "storage was saved without its lock, so a run in another process could have saved over it: \(lockProblems.joined(separator: "; ")) (fix or delete the lock file)")
        }
        lockProblems = []
        widgetDirty = false
        valuesDirty = false
        sharedDirty = false
        // Written: the next run of the widget may read it now.
        sharedLock = nil
        valuesLock = nil
        widgetLock = nil
        if recordedCount > 0, let recorder = configuration.network.recorder {
            do { try recorder.write() } catch {
                state.diagnose(.stateNotSaved, .error, "the recorded fixtures could not be written: \(error.description)")
            }
            recordedCount = 0
        }
        htmlDocuments.removeAll()
        factories = nil
    }
}

extension RunState {
    /// The wider API's state for this run, made on first use.
    var api: APIRun {
        if let apiRun { return apiRun }
        let made = APIRun(state: self)
        apiRun = made
        return made
    }
}

extension BindingContext {
    /// A wrong argument to an API call that the app does not document as throwing:
    /// an `invalid-argument` warning at the call, and in strict mode (C7) an exception.
    func misuse(_ call: NativeCall, _ function: String, _ message: String, kind: NativeError.Kind = .typeError) throws {
        let site = callSite(call.context, name: function)
        diagnose(.invalidArgument, .warning, message, line: site.line, column: site.column)
        if configuration.strict { throw NativeError(kind, message) }
    }

    /// An app-only call in a widget run (A7): a no-op with an `app-only-api` info, recorded as an invalid event.
    /// Returns true when the call takes effect (an app run).
    func appOnly(_ call: NativeCall, _ function: String) -> Bool {
        guard configuration.context == .app else {
            let site = callSite(call.context, name: function)
            diagnose(
                .appOnlyAPI, .info,
                "\(function) only takes effect in the app (the editor or a runjs URL); in a widget refresh it does nothing, as on the device (try --context app)",
                line: site.line, column: site.column)
            record(function, call, valid: false)
            return false
        }
        record(function, call, valid: true)
        return true
    }

    /// A promise the host loop settles `delay` virtual milliseconds from now (T3, S4).
    ///
    /// `site` is where the script made the call (``callSite(_:name:)``, read while its frame
    /// is on the stack): an error that rejects the promise is made long after, from the host
    /// loop, so it carries that place as its own (S2), named `function`.
    func deferred(_ context: ScriptContext, _ label: String, delay: Double = 0,
                  site: (line: Int?, column: Int?)? = nil, function: String = "",
                  _ settle: @escaping (ScriptContext) -> APIOutcome) -> JSValue {
        let (promise, resolve, reject) = context.makePromise()
        let onResolve = ProtectedValue(resolve)
        let onReject = ProtectedValue(reject)
        let work = HostWork(label: label) { [unowned self] context throws(ScriptError) in
            switch settle(context) {
            case .value(let value):
                try context.call(onResolve.value, arguments: [value])
            case .failure(let error):
                let made = context.makeError(error.kind, error.message)
                if let site, let line = site.line { self.place(made, line: line, column: site.column ?? 1, function: function) }
                try context.call(onReject.value, arguments: [made])
            }
        }
        timers.add(work: work, now: now, delay: delay)
        return promise
    }

}

/// How an async API call ends.
enum APIOutcome {
    case value(JSValue)
    case failure(NativeError)
}

extension RunState {
    /// Gives an error made by the host the script's place, as the engine gives its own
    /// errors: `line`, `column` and `sourceURL` in the wrapped text's coordinates (mapped back
    /// as for any error) and a one-frame `stack`. Defined as own properties: no setter a
    /// script put on `Error.prototype` runs.
    func place(_ error: JSValue, line: Int, column: Int, function: String) {
        let engineColumn = wrapped.engineColumn(line: line, column: column)
        let context = error.context
        error.define("line", context.number(Double(line)), attributes: .dontEnum)
        error.define("column", context.number(Double(engineColumn)), attributes: .dontEnum)
        error.define("sourceURL", context.string(wrapped.sourceURL), attributes: .dontEnum)
        error.define("stack", context.string("\(function)@\(wrapped.sourceURL):\(line):\(engineColumn)"), attributes: .dontEnum)
    }
}

extension BindingContext {
    /// A JSON value as a fresh JavaScript value.
    func javaScript(_ json: JSONValue, in context: ScriptContext) -> JSValue {
        switch json {
        case .null: return context.null
        case .bool(let flag): return context.boolean(flag)
        case .number(let number): return context.number(number)
        case .string(let text): return context.string(text)
        case .array, .object: return context.parseJSON(json.serialized()) ?? context.undefined
        }
    }
}
