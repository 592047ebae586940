import ErrorKinds
import JSONKit
import PushContract
import WidgetHost
import ZonedTime

/// The `pushes:` and `registry:` keys (P1–P12, L1, L4, L5): the fixture's push requests go,
/// in order, to an in-process receiver that decides them with the contract `widgethost serve`
/// uses — ``PushHTTP`` for the request line and headers, ``PushContract`` and ``PushLedger``
/// for the body and the state, ``PushStoreWrite`` for what is stored before the answer — and
/// `expect.pushes`, `expect.activities` and `expect.stored` check what came of them.
///
/// ```yaml
/// registry: { users: [{ push_id: user-1, ios: "17.4", widgets: [live-1] }] }
/// pushes:
///   - { user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{"t":1}' }, timestamp: 1795939200, nonce: a }
///   - { at: "+10s", body: { user_id: user-1, widget_id: live-1, type: end, timestamp: 1795939210, nonce: a } }
/// expect:
///   pushes:
///     - { status: accepted, http: 200, exitCode: 0 }
///     - { status: refused, http: 409, reason: duplicate-nonce, exitCode: 1 }
/// ```
///
/// Each result is the response body the receiver would send (P10) with `http` (its HTTP
/// status) and `exitCode` (what `widgethost push --send` returns for it, X2). A restart
/// entry's result is `{ restart: true, at, activities, nonces }`: what the receiver reloaded
/// from its store. The HTTP server itself, SQLite and killing the process are covered by
/// Tests/Receiver/PushReceiverTests and Tests/Commands/CLITests/PushServeTests.
struct PushCheck {
    /// The registry of a fixture that names none: one Push ID on iOS 18.0 with one Live Activity widget.
    static let defaultRegistry = PushRegistry(users: [PushRegistry.User(pushID: "user-1", widgets: [PushRegistry.Widget(id: "live-1")])])

    let rules = PushRules()
    let registry: PushRegistry
    private var ledger: PushLedger
    /// The receiver's store, in memory: what ``PushStoreWrite`` says to keep.
    private var writes: [PushStoreWrite] = []
    private var storedNonces: [PushLedger.NonceKey: Int64] = [:]
    private var storedActivities: [ActivityKey: ActivityRecord] = [:]
    private(set) var results: [JSONValue] = []
    private(set) var clock: Int64

    /// A receiver opened at `now`: as `widgethost serve` starts, it creates the activities the
    /// registry says the app started on the device.
    init(registry: PushRegistry, now: Int64) {
        self.registry = registry
        self.clock = now
        ledger = PushLedger(rules: rules, registry: registry)
        for record in ledger.addDeviceActivities(now: now) { storedActivities[record.key] = record }
    }

    /// Sends one entry.
    mutating func send(_ entry: PushRequestEntry) {
        clock = entry.at
        if entry.restart {
            // Everything in memory is lost; the store is what the receiver reloads (P11).
            ledger = PushLedger(rules: rules, registry: registry, activities: storedActivities.keys.sorted().map { storedActivities[$0]! },
                                nonces: storedNonces.map { ($0.key, $0.value) })
            for record in ledger.addDeviceActivities(now: entry.at) { storedActivities[record.key] = record }
            results.append([
                "restart": true, "at": .string(UTCTime.format(epochMs: entry.at)),
                "activities": .number(Double(storedActivities.count)), "nonces": .number(Double(storedNonces.count)),
            ])
            return
        }
        let body = Array(entry.body.utf8)
        if let refusal = PushHTTP.checkHead(method: entry.method, path: entry.path, contentType: entry.contentType,
                                            contentLength: body.count, bodyLimit: rules.bodyLimit) {
            var response = PushHTTP.refusalJSON(refusal, path: entry.path, receivedAt: entry.at).objectValue ?? [:]
            response["http"] = .number(Double(refusal.httpStatus))
            response["exitCode"] = .number(Double(ExitStatus.ofPushResponse(httpStatus: refusal.httpStatus, ok: false)))
            results.append(.object(response))
            return
        }
        let outcome = ledger.receive(body: body, path: PushPath(rawValue: entry.path) ?? .production, now: entry.at)
        if let write = outcome.storeWrite {
            writes.append(write)
            storedNonces[write.nonceKey] = write.timestamp
            if let activity = write.activity { storedActivities[activity.key] = activity }
        }
        var response = outcome.json(rules: rules).objectValue ?? [:]
        response["http"] = .number(Double(outcome.httpStatus))
        response["exitCode"] = .number(Double(ExitStatus.ofPushResponse(httpStatus: outcome.httpStatus, ok: outcome.isAcknowledged)))
        results.append(.object(response))
    }

    /// Every activity at the receiver's last clock, sorted by Push ID and widget.
    var activities: JSONValue { .array(ledger.snapshot(at: clock).map { $0.json(at: clock, rules: rules) }) }
    /// The stored pushes in arrival order.
    var stored: JSONValue { .array(writes.map { $0.json }) }

    // MARK: The fixture keys

    /// Runs a fixture's pushes and checks `expect.pushes`, `expect.activities` and `expect.stored`.
    static func run(_ fixture: Fixture, now: Int64, zone: Zone) -> [String] {
        let registry: PushRegistry
        switch registryOf(fixture) {
        case .success(let value): registry = value
        case .failure(let error): return ["malformed fixture: \(error.message)"]
        }
        var entries: [PushRequestEntry] = []
        if let list = fixture.settings["pushes"] {
            switch PushRequestEntry.parse(list, start: now, zone: zone) {
            case .success(let value): entries = value
            case .failure(let error): return ["malformed fixture: \(error.message)"]
            }
        }
        var receiver = PushCheck(registry: registry, now: now)
        for entry in entries { receiver.send(entry) }
        var failures: [String] = []
        if let want = fixture.expect["pushes"] {
            failures += Expectation.subsetDifferences(want, .array(receiver.results), at: "pushes", substringKeys: ["message"])
        }
        if let want = fixture.expect["activities"] {
            failures += Expectation.subsetDifferences(want, receiver.activities, at: "activities")
        }
        if let want = fixture.expect["stored"] {
            failures += Expectation.subsetDifferences(want, receiver.stored, at: "stored")
        }
        return failures
    }

    /// `registry:`: a map in the registry file format, or a registry file beside the fixture.
    static func registryOf(_ fixture: Fixture) -> Result<PushRegistry, PushEntryError> {
        guard let value = fixture.settings["registry"] else { return .success(defaultRegistry) }
        let text: String
        if let file = value.stringValue {
            let registry = fixture.path(beside: file)
            guard let bytes = try? FileBytes.read(path: registry) else {
                return .failure(PushEntryError("registry: cannot read \(registry.shown)"))
            }
            text = String(decoding: bytes, as: UTF8.self)
        } else {
            text = value.serialized()
        }
        do {
            return .success(try PushRegistry.parse(text))
        } catch {
            return .failure(PushEntryError("registry: \(error.message)"))
        }
    }
}
