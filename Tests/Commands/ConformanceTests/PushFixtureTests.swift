import JSONKit
import WidgetHost
import XCTest
@testable import Conformance

/// `pushes:`, `registry:` and `expect.pushes/activities/stored`: passing and failing fixtures.
final class PushFixtureTests: XCTestCase {
    let runner = FixtureRunner()

    func run(_ frontMatter: String, script: String = "") throws -> FixtureResult {
        runner.run(try Fixture.parse(ScriptSource(text: "/*---\n" + frontMatter + "\n---*/\n" + script, name: "p.js")))
    }

    /// A start of the default registry's widget at the default now (1795939200 s).
    func start(_ nonce: String, timestamp: Int = 1_795_939_200) -> String {
        "{ user_id: user-1, widget_id: live-1, type: start, content_state: { data: '{\"t\":1}' }, timestamp: \(timestamp), nonce: \(nonce) }"
    }

    func testAcceptedRefusedAndTheirResponses() throws {
        let result = try run("""
            pushes:
              - \(start("a"))
              - \(start("a"))
              - '{"user_id": '
            expect:
              pushes:
                - { ok: true, status: accepted, http: 200, exitCode: 0, received_at: "2026-11-29T08:00:00.000Z", activity: { state: active, content: { t: 1 } } }
                - { ok: false, status: refused, http: 409, exitCode: 1, reason: duplicate-nonce, message: "already accepted" }
                - { status: refused, http: 400, reason: malformed-json }
              activities: [{ user_id: user-1, widget_id: live-1, number: 1, last_nonce: a }]
              stored: [{ nonce: a, path: /api/push, status: accepted }]
            """)
        XCTAssertEqual(result.outcome, .passed, "\(result.failures)")
    }

    func testWrongExpectationsFailWithWhatDiffered() throws {
        let result = try run("""
            pushes:
              - \(start("a"))
            expect:
              pushes:
                - { status: refused, http: 409, message: "no such words" }
                - { status: accepted }
            """)
        XCTAssertEqual(result.outcome, .failed)
        XCTAssertEqual(result.failures.count, 1)
        XCTAssertTrue(result.failures[0].hasPrefix("pushes: expected 2 items, got 1: [{"), result.failures[0])

        let single = try run("""
            pushes:
              - \(start("a", timestamp: 1_795_938_800))
            expect:
              pushes: [{ status: accepted, http: 200, message: "Started" }]
              stored: [{ nonce: a }]
            """)
        XCTAssertEqual(single.failures, [
            "pushes[0].http: expected 200, got 400",
            "pushes[0].message: expected a text containing \"Started\", got \"timestamp 1795938800 (2026-11-29T07:53:20.000Z) is 400 s behind the receiver's clock (2026-11-29T08:00:00.000Z); it must be within 300 s. Send the current time in seconds and check the sender's clock.\"",
            "pushes[0].status: expected \"accepted\", got \"refused\"",
            "stored: expected 1 item, got 0: []",
        ])
    }

    func testEnvelopesSetTheClockPathMethodAndBody() throws {
        let result = try run("""
            registry: { users: [{ push_id: old, ios: "16.4", widgets: [{ id: w, active_on_device: true }] }] }
            pushes:
              - { at: "+90s", path: /api/sandbox/push, body: { user_id: old, widget_id: w, type: update, content_state: { data: "{}" }, timestamp: 1795939290, nonce: a } }
              - { method: GET, body: "" }
              - { contentType: null, body: "{}" }
              - { padTo: 70000, body: "{}" }
              - { repeat: { N: ["x", 3] }, body: { user_id: old, widget_id: w, type: start, content_state: { data: "{}" }, timestamp: 1795939290, nonce: N } }
              - { at: "2026-11-29T08:02:00Z", restart: true }
            expect:
              pushes:
                - { status: accepted, path: /api/sandbox/push, environment: sandbox, received_at: "2026-11-29T08:01:30.000Z", activity: { started_by: device } }
                - { http: 405, reason: method-not-allowed }
                - { http: 415, reason: unsupported-media-type }
                - { http: 413, reason: body-too-large, message: "The body is 70000 bytes" }
                - { http: 422, reason: push-start-unsupported, nonce: xxx }
                - { restart: true, at: "2026-11-29T08:02:00.000Z", activities: 1, nonces: 1 }
            """)
        XCTAssertEqual(result.outcome, .passed, "\(result.failures)")
    }

    func testMalformedPushesAndRegistryNameTheEntry() throws {
        let cases: [(String, String)] = [
            ("pushes: { a: 1 }", "malformed fixture: 'pushes' is a list"),
            ("pushes: [{ body: \"{}\", when: \"+1s\" }]", "malformed fixture: pushes[0]: unknown envelope key 'when'"),
            ("pushes: [\"{}\", { at: soon, body: \"{}\" }]", "malformed fixture: pushes[1]: 'at' is +DURATION after now"),
            ("pushes: [{ restart: true, body: \"{}\" }]", "malformed fixture: pushes[0]: 'restart: true' stands alone"),
            ("pushes: [{ padTo: 1, body: \"{}\" }]", "malformed fixture: pushes[0]: 'padTo' is a byte count at least the body's own size (2)"),
            ("pushes: [{ repeat: { X: [a, 2] }, body: \"{}\" }]", "malformed fixture: pushes[0]: repeat: the body does not contain 'X'"),
            ("registry: { users: [] }", "malformed fixture: registry: the registry lists no users"),
            ("registry: missing.json", "malformed fixture: registry: cannot read missing.json"),
        ]
        for (frontMatter, message) in cases {
            let result = try run(frontMatter + "\nexpect:\n  pushes: []")
            XCTAssertEqual(result.outcome, .failed, frontMatter)
            XCTAssertTrue(result.failures.first?.hasPrefix(message) ?? false, "\(frontMatter): \(result.failures)")
        }
    }

    func testPushesReachTheSimulatedTimelineAsSimulatePushesReadsThem() throws {
        let result = try run("""
            kind: live
            simulate: { hours: 1 }
            pushes:
              - { at: "+10m", body: { user_id: user-1, widget_id: live-1, type: update, content_state: { data: '{"v":2}' }, timestamp: 1795939800, nonce: u } }
            expect:
              timeline: { refreshCount: 1, liveActivities: [{ startedBy: script, updates: 1, content: { v: 2 } }] }
            """, script: "let v = 1\nsetUpdateFreq(60)\n")
        XCTAssertEqual(result.outcome, .passed, "\(result.failures)")

        let refused = try run("""
            kind: live
            simulate: { hours: 1 }
            pushes:
              - { at: "+10m", body: { user_id: user-1, widget_id: live-1, type: update, timestamp: 1795939800, nonce: u } }
            expect:
              timeline: { refreshCount: 1 }
            """)
        XCTAssertEqual(refused.failures.count, 1)
        XCTAssertTrue(refused.failures[0].hasPrefix(
            "malformed fixture: simulate: pushes[0]: the request is refused: A push update must carry content_state.data"), refused.failures[0])
        XCTAssertTrue(refused.failures[0].hasSuffix("[missing-field]"), refused.failures[0])
    }
}
