import JSONKit
import PushContract
@testable import PushReceiver
import TestSupport
import XCTest

/// Each P rule over real HTTP on loopback, against an in-process receiver.
final class HTTPContractTests: XCTestCase {
    // MARK: P1

    func testRequestLevelRefusals() throws {
        let receiver = try TestReceiver()
        let port = receiver.port
        let garbage = try exchange(port, "POST", "/api/push", body: Array("{not json".utf8))
        XCTAssertEqual(garbage.status, 400)
        XCTAssertEqual(garbage.reason, "malformed-json")
        XCTAssertEqual(garbage.json?["ok"], false)
        XCTAssertEqual(garbage.headers["content-type"], "application/json")
        XCTAssertEqual(try exchange(port, "POST", "/api/push", body: Array("[1,2,3]".utf8)).reason, "malformed-json")
        XCTAssertEqual(try exchange(port, "POST", "/api/push", body: []).reason, "malformed-json")
        let binary: [UInt8] = (0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }
        XCTAssertEqual(try exchange(port, "POST", "/api/push", body: binary).status, 400)

        let text = try exchange(port, "POST", "/api/push", body: Array(pushBody(nonce: "t").serialized().utf8),
                                contentType: "text/plain")
        XCTAssertEqual(text.status, 415)
        XCTAssertEqual(text.reason, "unsupported-media-type")
        XCTAssertEqual(try exchange(port, "POST", "/api/push", body: [], contentType: nil).status, 415)
        let charset = try exchange(port, "POST", "/api/push", body: Array(pushBody(nonce: "c").serialized().utf8),
                                   contentType: "Application/JSON; charset=utf-8")
        XCTAssertEqual(charset.status, 200, "parameters such as charset are allowed")

        let get = try exchange(port, "GET", "/api/push")
        XCTAssertEqual(get.status, 405)
        XCTAssertEqual(get.reason, "method-not-allowed")
        XCTAssertEqual(get.headers["allow"], "POST")
        XCTAssertEqual(try exchange(port, "PUT", "/api/sandbox/push").status, 405)
        XCTAssertEqual(try exchange(port, "POST", "/api/activities").status, 405)
        let missing = try exchange(port, "POST", "/api/pushes", body: [])
        XCTAssertEqual(missing.status, 404)
        XCTAssertEqual(missing.reason, "not-found")
        XCTAssertEqual(try exchange(port, "GET", "/").status, 404)
    }

    func testBodiesOver64KiBAre413() throws {
        let receiver = try TestReceiver()
        // Declared: refused by H2O on the headers (its own plain-text body), before the body is read.
        let connection = try RawConnection(port: receiver.port)
        connection.send(Array("POST /api/push HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n".utf8))
        let declared = try XCTUnwrap(connection.readResponse(timeoutSeconds: 3))
        XCTAssertEqual(declared.status, 413)
        XCTAssertEqual(String(decoding: declared.body, as: UTF8.self), "request entity is too large")
        // Exactly at the limit is read (and is not JSON); one byte over is refused.
        let atLimit = [UInt8](repeating: 0x20, count: 64 * 1024)
        XCTAssertEqual(try exchange(receiver.port, "POST", "/api/push", body: atLimit).reason, "malformed-json")
        let over = try exchange(receiver.port, "POST", "/api/push", body: atLimit + [0x20])
        XCTAssertEqual(over.status, 413)
        XCTAssertEqual(over.reason, "body-too-large", "the receiver's own refusal")
    }

    // MARK: P2, P3

    func testFieldErrorsNameTheField() throws {
        let receiver = try TestReceiver()
        let cases: [(JSONValue, String, String)] = [
            (pushBody(nonce: "a", changes: ["timestamp": "1710000000"]), "wrong-type", "timestamp"),
            (pushBody(nonce: "a", changes: ["timestamp": 1_710_000_000.5]), "wrong-type", "timestamp"),
            (pushBody(nonce: "a", changes: ["user_id": 12]), "wrong-type", "user_id"),
            (pushBody(nonce: "a", changes: ["widget_id": nil]), "missing-field", "widget_id"),
            (pushBody(nonce: "a", changes: ["type": "begin"]), "invalid-value", "type"),
            (pushBody(nonce: "a", changes: ["silent": "yes"]), "wrong-type", "silent"),
            (pushBody(nonce: "a", changes: ["content_state": ["data": ["title": "x"]]]), "data-not-string", "content_state.data"),
            (pushBody(nonce: "a", data: "[1]"), "data-not-json-object", "content_state.data"),
            (pushBody(nonce: "a", data: nil), "missing-field", "content_state.data"),
        ]
        for (value, reason, field) in cases {
            let response = try post(receiver.port, value)
            XCTAssertEqual(response.status, 400, reason)
            XCTAssertEqual(response.reason, reason)
            XCTAssertEqual(response.json?["field"]?.stringValue, field)
            XCTAssertTrue(response.json?["message"]?.stringValue?.contains(field) ?? false)
        }
        let unknown = try post(receiver.port, pushBody(nonce: "u", changes: ["colour": "red"]))
        XCTAssertEqual(unknown.status, 200)
        XCTAssertEqual(unknown.json?["warnings"]?[0]?["code"], "unknown-field")
    }

    // MARK: P4, P5, P10

    func testWarningsSoundAndResponseShape() throws {
        let receiver = try TestReceiver()
        let start = try post(receiver.port, pushBody(nonce: "s", changes: ["silent": true, "sound_mode": "system"]))
        XCTAssertEqual(start.status, 200)
        let json = try XCTUnwrap(start.json)
        XCTAssertEqual(json["ok"], true)
        XCTAssertEqual(json["status"], "accepted")
        XCTAssertEqual(json["reason"], .null)
        XCTAssertEqual(json["sound"], ["mode": "silent", "name": nil, "decided_by": "silent"])
        XCTAssertEqual(json["warnings"]?[0]?["code"], "sound-conflict")
        XCTAssertEqual(json["activity"]?["state"], "active")
        XCTAssertEqual(json["payload"]?["aps"]?["event"], "start")
        XCTAssertTrue(String(decoding: start.body, as: UTF8.self).hasPrefix("{\n  \"ok\": true,\n  \"status\": \"accepted\""))

        let update = try post(receiver.port, pushBody("update", nonce: "u", changes: ["alert_title": "ignored"]))
        XCTAssertEqual(update.status, 200)
        let codes = update.json?["warnings"]?.arrayValue?.compactMap { $0["code"]?.stringValue }
        XCTAssertEqual(codes, ["alert-ignored", "update-too-soon"])
        XCTAssertEqual(update.json?["sound"]?["name"], "push_click.caf")
    }

    // MARK: P6

    func testReplayWindowAndMilliseconds() throws {
        let receiver = try TestReceiver()
        let late = try post(receiver.port, pushBody(nonce: "w", timestamp: 1_710_000_000 - 301))
        XCTAssertEqual(late.status, 400)
        XCTAssertEqual(late.reason, "timestamp-out-of-window")
        let early = try post(receiver.port, pushBody(nonce: "w", timestamp: 1_710_000_000 + 301))
        XCTAssertEqual(early.reason, "timestamp-out-of-window")
        let ms = try post(receiver.port, pushBody(nonce: "w", timestamp: 1_710_000_000_000))
        XCTAssertEqual(ms.status, 400)
        XCTAssertEqual(ms.reason, "timestamp-in-milliseconds")
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "w", timestamp: 1_710_000_000 - 300)).status, 200)
    }

    func testDuplicateNonceAlsoAfterARestart() throws {
        let directory = try Files.makeTemporaryFolder("push-receiver-test")
        defer { Files.removeTree(directory) }
        let database = directory + "/push.db"
        do {
            let receiver = try TestReceiver(database: database)
            XCTAssertEqual(try post(receiver.port, pushBody(nonce: "once")).status, 200)
            let again = try post(receiver.port, pushBody("update", nonce: "once"))
            XCTAssertEqual(again.status, 409)
            XCTAssertEqual(again.reason, "duplicate-nonce")
            receiver.server.stop()
        }
        let restarted = try TestReceiver(database: database)
        let replay = try post(restarted.port, pushBody("update", nonce: "once"))
        XCTAssertEqual(replay.status, 409)
        XCTAssertEqual(replay.reason, "duplicate-nonce")
        XCTAssertEqual(replay.json?["activity"]?["last_nonce"], "once", "the activity survived the restart too")
        XCTAssertEqual(try post(restarted.port, pushBody("update", nonce: "fresh")).status, 200)
    }

    // MARK: P7

    func testStaleTimestampIsIgnoredWith200() throws {
        let receiver = try TestReceiver()
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "s", timestamp: 1_710_000_010)).status, 200)
        let stale = try post(receiver.port, pushBody("update", nonce: "old", timestamp: 1_710_000_005, data: "{\"v\":1}"))
        XCTAssertEqual(stale.status, 200)
        XCTAssertEqual(stale.json?["status"], "ignored")
        XCTAssertEqual(stale.json?["ok"], true)
        XCTAssertEqual(stale.reason, "stale-timestamp")
        XCTAssertEqual(stale.json?["activity"]?["content"], ["title": "进行中", "count": 1])
    }

    // MARK: P8, L4

    func testRegistryAndActivityRefusals() throws {
        let receiver = try TestReceiver()
        let user = try post(receiver.port, pushBody(nonce: "a", changes: ["user_id": "stranger"]))
        XCTAssertEqual(user.status, 404)
        XCTAssertEqual(user.reason, "unknown-user")
        let widget = try post(receiver.port, pushBody(nonce: "a", changes: ["widget_id": "nope"]))
        XCTAssertEqual(widget.status, 404)
        XCTAssertEqual(widget.reason, "unknown-widget")
        let old = try post(receiver.port, pushBody(nonce: "a", changes: ["user_id": "old-phone", "widget_id": "local"]))
        XCTAssertEqual(old.status, 422)
        XCTAssertEqual(old.reason, "push-start-unsupported")
        let local = try post(receiver.port, pushBody("update", nonce: "b", changes: ["user_id": "old-phone", "widget_id": "local"]))
        XCTAssertEqual(local.status, 200, "an activity started in the app can be updated on iOS 16.4")
        XCTAssertEqual(local.json?["activity"]?["started_by"], "device")
        let none = try post(receiver.port, pushBody("update", nonce: "c", changes: ["widget_id": "second"]))
        XCTAssertEqual(none.status, 409)
        XCTAssertEqual(none.reason, "no-active-activity")
    }

    // MARK: P9

    func testOversizedContentStateIs413() throws {
        let receiver = try TestReceiver()
        let big = "{\"t\":\"" + String(repeating: "\\\"", count: 1100) + "\"}"
        let response = try post(receiver.port, pushBody(nonce: "big", data: big))
        XCTAssertEqual(response.status, 413)
        XCTAssertEqual(response.reason, "payload-too-large")
    }

    // MARK: P11, P12

    func testEveryAcknowledgedPushIsStoredWithItsPath() throws {
        let receiver = try TestReceiver()
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "p1")).status, 200)
        XCTAssertEqual(try post(receiver.port, pushBody("update", nonce: "p2"), path: "/api/sandbox/push").status, 200)
        XCTAssertEqual(try post(receiver.port, pushBody("update", nonce: "p3", timestamp: 1_709_999_990)).json?["status"], "ignored")
        XCTAssertEqual(try post(receiver.port, pushBody("update", nonce: "p2")).status, 409)
        receiver.server.stop()
        let store = try PushStore(path: receiver.directory + "/push.db")
        let pushes = try store.loadPushes()
        XCTAssertEqual(pushes.map(\.nonce), ["p1", "p2", "p3"])
        XCTAssertEqual(pushes.map(\.path), ["/api/push", "/api/sandbox/push", "/api/push"])
        XCTAssertEqual(pushes.map(\.status), ["accepted", "accepted", "ignored"])
        XCTAssertEqual(pushes.map(\.type), ["start", "update", "update"])
        XCTAssertEqual(try JSONValue.parse(pushes[0].body), pushBody(nonce: "p1"))
    }

    func testSandboxBehavesLikeProduction() throws {
        let receiver = try TestReceiver()
        let path = "/api/sandbox/push"
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "s"), path: path).status, 200)
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "s"), path: path).reason, "duplicate-nonce")
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "x", timestamp: 1), path: path).reason, "timestamp-out-of-window")
        let response = try post(receiver.port, pushBody("end", nonce: "e"), path: path)
        XCTAssertEqual(response.json?["environment"], "sandbox")
        XCTAssertEqual(response.json?["activity"]?["state"], "ended")
    }

    // MARK: State endpoints

    func testActivitiesAndHealth() throws {
        let receiver = try TestReceiver()
        XCTAssertEqual(try post(receiver.port, pushBody(nonce: "s")).status, 200)
        let state = try exchange(receiver.port, "GET", "/api/activities", contentType: nil)
        XCTAssertEqual(state.status, 200)
        let json = try XCTUnwrap(state.json)
        XCTAssertEqual(json["clock"], "fixed")
        XCTAssertEqual(json["now"], "2024-03-09T16:00:00.000Z")
        let activities = try XCTUnwrap(json["activities"]?.arrayValue)
        XCTAssertEqual(activities.count, 2, "the pushed one and the one the old phone started")
        let pushed = try XCTUnwrap(activities.first { $0["widget_id"] == .string(docWidget) })
        XCTAssertEqual(pushed["state"], "active")
        XCTAssertEqual(pushed["content"], ["title": "进行中", "count": 1])
        let health = try exchange(receiver.port, "GET", "/healthz", contentType: nil)
        XCTAssertEqual(health.status, 200)
        XCTAssertEqual(health.json?["acknowledged"], 1)
        XCTAssertTrue(receiver.log.all.contains { $0.contains("POST /api/push 200 accepted start") }, "\(receiver.log.all)")
    }
}
