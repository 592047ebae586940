import JSONKit
import PushContract
import XCTest

/// P6–P8, P10, P12 and L1–L5 at the contract level: the ledger the receiver's writer runs.
final class LedgerTests: XCTestCase {
    func testTheDocumentedSequence() throws {
        var ledger = PushLedger(registry: docRegistry())
        let start = ledger.receive(body(["nonce": "start-001"]))
        XCTAssertEqual(start.status, .accepted)
        XCTAssertEqual(start.httpStatus, 200)
        XCTAssertEqual(start.activity?.content, ["title": "进行中", "count": 1])
        XCTAssertEqual(start.activity?.status(at: docNow, rules: ledger.rules), .active)

        let update = ledger.receive(body(["nonce": "update-001", "timestamp": 1_710_000_001,
                                          "content_state": ["isLoading": false, "data": "{\"title\":\"已更新\",\"count\":2}"]],
                                         type: "update"), now: docNow + 1000)
        XCTAssertEqual(update.status, .accepted)
        XCTAssertEqual(update.warnings.map(\.code), [.updateTooSoon])
        XCTAssertEqual(update.activity?.content, ["title": "已更新", "count": 2])
        XCTAssertEqual(update.activity?.updateCount, 1)

        let end = ledger.receive(body(["nonce": "end-001", "timestamp": 1_710_000_002,
                                       "content_state": ["isLoading": false, "data": "{\"title\":\"已结束\"}"]], type: "end"),
                                 now: docNow + 2000)
        XCTAssertEqual(end.status, .accepted)
        XCTAssertEqual(end.activity?.content, ["title": "已结束"])
        XCTAssertEqual(end.activity?.endedAt, docNow + 2000)
        XCTAssertEqual(end.activity?.ending, .push)
        XCTAssertEqual(end.activity?.status(at: docNow + 2000, rules: ledger.rules), .ended)
        XCTAssertEqual(end.activity?.status(at: docNow + 2000 + 4 * 3_600_000, rules: ledger.rules), .dismissed)
    }

    // MARK: P6

    func testTheReplayWindow() {
        var ledger = PushLedger(registry: docRegistry())
        for (skew, accepted) in [(-301, false), (-300, true), (300, true), (301, false)] {
            var fresh = ledger
            let outcome = fresh.receive(body(["timestamp": .number(Double(1_710_000_000 + skew))]))
            XCTAssertEqual(outcome.status == .accepted, accepted, "skew \(skew)")
            if !accepted {
                XCTAssertEqual(outcome.reason, .timestampOutOfWindow)
                XCTAssertEqual(outcome.field, "timestamp")
                XCTAssertEqual(outcome.httpStatus, 400)
                XCTAssertTrue(outcome.message.contains("\(abs(skew)) s"), outcome.message)
            }
        }
        ledger.rules.windowSeconds = 10
        XCTAssertEqual(ledger.receive(body(["timestamp": 1_710_000_011])).reason, .timestampOutOfWindow)
    }

    func testDuplicateNoncePerUser() {
        var ledger = PushLedger(registry: PushRegistry(users: [
            .init(pushID: docUser, widgets: [.init(id: docWidget)]), .init(pushID: "other", widgets: [.init(id: docWidget)]),
        ]))
        XCTAssertEqual(ledger.receive(body(["nonce": "same"])).status, .accepted)
        let again = ledger.receive(body(["nonce": "same", "type": "update"]))
        XCTAssertEqual(again.reason, .duplicateNonce)
        XCTAssertEqual(again.httpStatus, 409)
        XCTAssertEqual(again.activity?.lastNonce, "same", "the refusal shows the activity, unchanged")
        XCTAssertEqual(ledger.receive(body(["nonce": "same", "user_id": "other"])).status, .accepted,
                       "nonces are per Push ID")
    }

    func testRefusedPushesDoNotConsumeTheirNonce() {
        var ledger = PushLedger(registry: docRegistry())
        XCTAssertEqual(ledger.receive(body(["nonce": "n"], type: "update")).reason, .noActiveActivity)
        XCTAssertFalse(ledger.hasNonce(userID: docUser, nonce: "n"))
        XCTAssertEqual(ledger.receive(body(["nonce": "n"])).status, .accepted)
    }

    func testPruningForgetsOnlyNoncesOutsideTheWindow() {
        var ledger = PushLedger(registry: docRegistry())
        _ = ledger.receive(body(["nonce": "old"]))
        ledger.pruneNonces(now: docNow + 200_000)
        XCTAssertTrue(ledger.hasNonce(userID: docUser, nonce: "old"))
        ledger.pruneNonces(now: docNow + 302_000)
        XCTAssertFalse(ledger.hasNonce(userID: docUser, nonce: "old"))
        // A replay of it is now refused by the window instead.
        XCTAssertEqual(ledger.receive(body(["nonce": "old", "type": "update"]), now: docNow + 302_000).reason,
                       .timestampOutOfWindow)
    }

    // MARK: P7

    func testStaleTimestampsAreAcknowledgedButIgnored() {
        var ledger = PushLedger(registry: docRegistry())
        _ = ledger.receive(body(["nonce": "a", "timestamp": 1_710_000_010]))
        let stale = ledger.receive(body(["nonce": "b", "timestamp": 1_710_000_009,
                                         "content_state": ["data": "{\"title\":\"old\"}"]], type: "update"))
        XCTAssertEqual(stale.status, .ignored)
        XCTAssertEqual(stale.reason, .staleTimestamp)
        XCTAssertEqual(stale.httpStatus, 200)
        XCTAssertTrue(stale.isAcknowledged)
        XCTAssertEqual(stale.activity?.content, ["title": "进行中", "count": 1])
        XCTAssertTrue(ledger.hasNonce(userID: docUser, nonce: "b"), "an ignored push is acknowledged")
        let same = ledger.receive(body(["nonce": "c", "timestamp": 1_710_000_010], type: "update"))
        XCTAssertEqual(same.status, .accepted, "an equal timestamp is not older")
        XCTAssertEqual(ledger.receive(body(["nonce": "d", "timestamp": 1_710_000_001], type: "end")).status, .ignored)
    }

    // MARK: P8

    func testRegistryChecks() {
        var ledger = PushLedger(registry: docRegistry())
        let user = ledger.receive(body(["user_id": "nobody"]))
        XCTAssertEqual(user.reason, .unknownUser)
        XCTAssertEqual(user.httpStatus, 404)
        XCTAssertEqual(user.field, "user_id")
        let widget = ledger.receive(body(["widget_id": "nope"]))
        XCTAssertEqual(widget.reason, .unknownWidget)
        XCTAssertTrue(widget.message.contains("\"实时活动组件 ID\""), widget.message)
        let small = ledger.receive(body(["widget_id": "small-1"]))
        XCTAssertEqual(small.reason, .unknownWidget)
        XCTAssertTrue(small.message.contains("small widget"), small.message)
    }

    func testPushStartNeedsIOS17_2() {
        var old = PushLedger(registry: docRegistry(ios: IOSVersion(17, 1)))
        let start = old.receive(body())
        XCTAssertEqual(start.reason, .pushStartUnsupported)
        XCTAssertEqual(start.httpStatus, 422)
        XCTAssertTrue(start.message.contains("17.1"))
        var ok = PushLedger(registry: docRegistry(ios: IOSVersion(17, 2)))
        XCTAssertEqual(ok.receive(body()).status, .accepted)
    }

    func testOlderDevicesUpdateActivitiesStartedLocally() {
        let registry = PushRegistry(users: [.init(pushID: docUser, ios: IOSVersion(16, 4),
                                                  widgets: [.init(id: docWidget, activeOnDevice: true)])])
        var ledger = PushLedger(registry: registry)
        XCTAssertEqual(ledger.addDeviceActivities(now: docNow).count, 1)
        let update = ledger.receive(body(type: "update"))
        XCTAssertEqual(update.status, .accepted)
        XCTAssertEqual(update.warnings, [], "no update-too-soon for an activity the device started")
        XCTAssertEqual(update.activity?.startedBy, .device)
    }

    func testUpdateTooSoonOnlyWithinThreeSeconds() {
        var ledger = PushLedger(registry: docRegistry())
        _ = ledger.receive(body(["nonce": "s"]))
        XCTAssertEqual(ledger.receive(body(["nonce": "u1"], type: "update"), now: docNow + 2999).warnings.map(\.code),
                       [.updateTooSoon])
        XCTAssertEqual(ledger.receive(body(["nonce": "u2"], type: "update"), now: docNow + 3000).warnings, [])
    }

    // MARK: L1–L4

    func testOneActiveActivityPerWidgetAndNoActiveActivity() {
        var ledger = PushLedger(registry: docRegistry())
        let update = ledger.receive(body(["nonce": "u"], type: "update"))
        XCTAssertEqual(update.reason, .noActiveActivity)
        XCTAssertEqual(update.httpStatus, 409)
        XCTAssertNil(update.activity)
        XCTAssertEqual(ledger.receive(body(["nonce": "e", "content_state": nil], type: "end")).reason, .noActiveActivity)
        XCTAssertEqual(ledger.receive(body(["nonce": "s1"])).status, .accepted)
        let second = ledger.receive(body(["nonce": "s2"]))
        XCTAssertEqual(second.reason, .activityAlreadyActive)
        XCTAssertEqual(ledger.receive(body(["nonce": "e1", "content_state": nil], type: "end")).status, .accepted)
        let after = ledger.receive(body(["nonce": "u2"], type: "update"))
        XCTAssertEqual(after.reason, .noActiveActivity)
        XCTAssertTrue(after.message.contains("ended at"), after.message)
        let restart = ledger.receive(body(["nonce": "s3"]))
        XCTAssertEqual(restart.activity?.number, 2)
    }

    func testActivitiesExpireAfterEightHours() {
        var ledger = PushLedger(registry: docRegistry())
        _ = ledger.receive(body(["nonce": "s"]))
        let later = docNow + 8 * 3_600_000
        let record = ledger.activity(ActivityKey(userID: docUser, widgetID: docWidget), at: later)
        XCTAssertEqual(record?.ending, .expired)
        XCTAssertEqual(record?.endedAt, later)
        let update = ledger.receive(body(["nonce": "u", "timestamp": .number(Double(later / 1000))], type: "update"), now: later)
        XCTAssertEqual(update.reason, .noActiveActivity)
        XCTAssertTrue(update.message.contains("expired"), update.message)
    }

    func testEndWithoutDataKeepsTheContent() {
        var ledger = PushLedger(registry: docRegistry())
        _ = ledger.receive(body(["nonce": "s"]))
        let end = ledger.receive(body(["nonce": "e", "content_state": nil], type: "end"))
        XCTAssertEqual(end.activity?.content, ["title": "进行中", "count": 1])
        XCTAssertEqual(end.activity?.updateCount, 0)
    }

    // MARK: P10, P12

    func testTheResponseShape() throws {
        var ledger = PushLedger(registry: docRegistry())
        let outcome = ledger.receive(body(["nonce": "s"]), path: .sandbox)
        let json = outcome.json(rules: ledger.rules)
        XCTAssertEqual(json["ok"], true)
        XCTAssertEqual(json["status"], "accepted")
        XCTAssertEqual(json["reason"], .null)
        XCTAssertEqual(json["warnings"], [])
        XCTAssertEqual(json["sound"], ["mode": "custom", "name": "push_click.caf", "decided_by": "sound_mode"])
        XCTAssertEqual(json["path"], "/api/sandbox/push")
        XCTAssertEqual(json["environment"], "sandbox")
        XCTAssertEqual(json["activity"]?["state"], "active")
        XCTAssertEqual(json["activity"]?["last_path"], "/api/sandbox/push")
        XCTAssertEqual(json["activity"]?["started_at"], "2024-03-09T16:00:00.000Z")
        XCTAssertEqual(json["payload"]?["aps"]?["event"], "start")
        XCTAssertNotNil(json["message"]?.stringValue)

        let refused = ledger.receive(body(["nonce": "s"]), path: .production).json(rules: ledger.rules)
        XCTAssertEqual(refused["ok"], false)
        XCTAssertEqual(refused["status"], "refused")
        XCTAssertEqual(refused["reason"], "duplicate-nonce")
        XCTAssertEqual(refused["field"], "nonce")
        XCTAssertEqual(refused["activity"]?["last_nonce"], "s")

        let text = OrderedJSON.render(json.objectValue!, order: OrderedJSON.responseOrder)
        XCTAssertTrue(text.hasPrefix("{\n  \"ok\": true,\n  \"status\": \"accepted\",\n  \"reason\": null,"), text)
        XCTAssertEqual(try JSONValue.parse(text), json)
    }

    func testSandboxAndProductionBehaveTheSame() {
        var a = PushLedger(registry: docRegistry()), b = PushLedger(registry: docRegistry())
        let bodies = [body(["nonce": "1"]), body(["nonce": "1"]), body(["nonce": "2"], type: "update"),
                      body(["nonce": "3", "timestamp": 1], type: "end")]
        for value in bodies {
            let x = a.receive(value, path: .production), y = b.receive(value, path: .sandbox)
            XCTAssertEqual(x.status, y.status)
            XCTAssertEqual(x.reason, y.reason)
            XCTAssertEqual(x.activity?.content, y.activity?.content)
        }
    }
}
