import JSONKit
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `widgethost serve` as a user runs it: started, loaded, killed, restarted, stopped.
final class PushServeTests: XCTestCase {
    func testKillNineUnderLoadLosesNoAcknowledgedPush() throws {
        let directory = try Files.makeTemporaryFolder("widgethost-push-cli")
        defer { Files.removeTree(directory) }
        var server: ServeProcess? = try ServeProcess.serving(directory, ["--quiet"])
        let port = server!.port
        XCTAssertEqual(PushConnection(port: port)?.request("POST", "/api/push", body: cliPushBody("start", nonce: "start"))?.status, 200)

        let acknowledged = AcknowledgedNonces()
        let threads = (0..<8).map { worker in
            LoadThread {
                guard let connection = PushConnection(port: port) else { return }
                for index in 0..<100_000 {
                    let nonce = "w\(worker)-\(index)"
                    guard let response = connection.request("POST", "/api/push", body: cliPushBody("update", nonce: nonce))
                    else { return }
                    if response.status == 200 { acknowledged.add(nonce) }
                }
            }
        }
        // Killed once it has acknowledged more than 50 pushes (a bound, not a fixed sleep).
        XCTAssertTrue(Wait.until(.seconds(60)) { acknowledged.count > 50 }, "the receiver acknowledged pushes")
        XCTAssertEqual(server!.stop(SIGKILL), 128 + SIGKILL)
        server = nil
        threads.forEach { $0.join() }
        let nonces = acknowledged.all
        XCTAssertGreaterThan(nonces.count, 50, "the receiver acknowledged pushes before it was killed")

        let restarted = try ServeProcess.serving(directory, ["--quiet"])
        let connection = try XCTUnwrap(PushConnection(port: restarted.port))
        for nonce in nonces {
            let replay = connection.request("POST", "/api/push", body: cliPushBody("update", nonce: nonce))
            XCTAssertEqual(replay?.status, 409, nonce)
            if replay?.status != 409 { break }
            XCTAssertEqual(replay?.json?["reason"], "duplicate-nonce")
        }
        let health = connection.request("GET", "/api/activities")
        XCTAssertEqual(health?.json?["activities"]?[0]?["state"], "active")
        XCTAssertEqual(restarted.stop(SIGTERM), 0)
    }

    func testStartsPrintsACurlCommandAndStopsCleanly() throws {
        let directory = try Files.makeTemporaryFolder("widgethost-push-cli")
        defer { Files.removeTree(directory) }
        let server = try ServeProcess(["--port", "0", "--db", directory + "/push.db"])
        let id = try server.waitForLine(containing: "Push ID ")
        XCTAssertTrue(id.contains("push-"), id)
        try server.waitForLine(containing: "-H 'Content-Type: application/json' \\")
        try server.waitForLine(containing: "Stop with Ctrl-C.")
        let connection = try XCTUnwrap(PushConnection(port: server.port))
        XCTAssertEqual(connection.request("GET", "/healthz")?.status, 200)
        XCTAssertEqual(connection.request("POST", "/api/push", body: cliPushBody("start", nonce: "x"))?.json?["reason"],
                       "unknown-user")
        try server.waitForLine(containing: "POST /api/push 404 refused unknown-user")
        XCTAssertEqual(server.stop(SIGINT), 0)
        XCTAssertTrue(server.lines.contains { $0.contains("SIGINT received, stopping") })
    }

    /// `serve --log-format json`: one widgethost.serve.request/1 object per request (JSON Lines).
    func testTheRequestLogAsJSONLines() throws {
        let directory = try Files.makeTemporaryFolder("widgethost-push-cli")
        defer { Files.removeTree(directory) }
        let server = try ServeProcess(["--port", "0", "--db", directory + "/push.db", "--user-id", "u", "--widget-id", "w",
                                       "--log-format", "json"])
        let url = "http://127.0.0.1:\(server.port)/api/push"
        let sent = tool("push", "start", "--user-id", "u", "--widget-id", "w", "--data", "{\"a\":1}", "--send", "--url", url)
        XCTAssertEqual(sent.code, 0, sent.err)
        let line = try server.waitForLine(containing: "widgethost.serve.request/1")
        let entry = try JSONValue.parse(line)
        XCTAssertEqual(entry["schema"], "widgethost.serve.request/1")
        XCTAssertEqual(entry["method"], "POST")
        XCTAssertEqual(entry["path"], "/api/push")
        XCTAssertEqual(entry["status"], 200)
        XCTAssertNotNil(entry["durationMs"]?.doubleValue)
        XCTAssertFalse(server.lines.contains { $0.contains(" POST /api/push 200 ") }, "the text log is replaced, not doubled")
        XCTAssertEqual(server.stop(SIGTERM), 0)
        XCTAssertEqual(serveTool("--log-format", "xml").code, 64)
    }

    func testServeRefusesBadOptions() throws {
        XCTAssertEqual(serveTool("--user-id", "u").code, 64)
        XCTAssertEqual(serveTool("--registry", "/nonexistent/registry.json").code, 66)
        let directory = try Files.makeTemporaryFolder("widgethost-push-cli")
        defer { Files.removeTree(directory) }
        writeFile(directory + "/bad.json", Array("{\"users\": [{\"push_id\": 1}]}".utf8))
        let bad = serveTool("--registry", directory + "/bad.json")
        XCTAssertEqual(bad.code, 65)
        XCTAssertTrue(bad.err.contains("push_id must be a non-empty string"), bad.err)
        XCTAssertEqual(serveTool("--port", "70000").code, 64)
        XCTAssertEqual(serveTool("--now", "yesterday").code, 64)
        XCTAssertEqual(serveTool("--db", "/nonexistent/dir/push.db", "--port", "0").code, 66)
    }

    func testARegistryFile() throws {
        let directory = try Files.makeTemporaryFolder("widgethost-push-cli")
        defer { Files.removeTree(directory) }
        writeFile(directory + "/registry.json", Array("""
            {"users": [{"push_id": "old", "ios": "16.4", "widgets": ["w1", {"id": "w2", "active_on_device": true}]}]}
            """.utf8))
        let server = try ServeProcess(["--port", "0", "--db", directory + "/push.db", "--registry", directory + "/registry.json",
                                       "--now", "2024-03-09T16:00:00Z"])
        let connection = try XCTUnwrap(PushConnection(port: server.port))
        var body = cliPushBody("start", nonce: "a").objectValue!
        body["user_id"] = "old"
        body["widget_id"] = "w1"
        XCTAssertEqual(connection.request("POST", "/api/push", body: .object(body))?.json?["reason"], "push-start-unsupported")
        body["type"] = "update"
        body["widget_id"] = "w2"
        XCTAssertEqual(connection.request("POST", "/api/push", body: .object(body))?.status, 200)
        XCTAssertEqual(server.stop(SIGTERM), 0)
    }
}
