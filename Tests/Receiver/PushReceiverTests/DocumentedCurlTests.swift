import JSONKit
import PushContract
@testable import PushReceiver
import TestSupport
import XCTest

/// The product documentation's three curl commands, sent unchanged by curl (only the URL
/// points at the local receiver), to a receiver whose clock is at their timestamps.
final class DocumentedCurlTests: XCTestCase {
    /// The commands from Fixtures/Push/documented-curl.sh, verbatim.
    func documentedCommands() -> [String] {
        let text = Files.text(packageRoot + "/Fixtures/Push/documented-curl.sh") ?? ""
        var commands: [String] = []
        var current: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") { continue }
            if line.isEmpty {
                if !current.isEmpty { commands.append(current.joined(separator: "\n")) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { commands.append(current.joined(separator: "\n")) }
        return commands
    }

    /// Runs one command with sh, pointed at `url`; returns the HTTP status and response.
    func send(_ command: String, to url: String) throws -> (status: Int, json: JSONValue) {
        let local = command.replacingFirst("https://omni.umiibo.app/api/push", with: url + "/api/push")
        XCTAssertNotEqual(local, command)
        let result = try runProgram(["sh", "-c", local + " -sS -w '\\n%{http_code}'"])
        XCTAssertEqual(result.code, 0, result.out)
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false)
        let status = Int(lines.last ?? "") ?? 0
        let json = try JSONValue.parse(lines.dropLast().joined(separator: "\n"))
        return (status, json)
    }

    func testStartUpdateEndThenReplaysAreDuplicates() throws {
        let commands = documentedCommands()
        XCTAssertEqual(commands.count, 3)
        let receiver = try TestReceiver(registry: PushRegistry(users: [.init(pushID: docUser, widgets: [.init(id: docWidget)])]))

        let start = try send(commands[0], to: receiver.url)
        XCTAssertEqual(start.status, 200, "\(start.json)")
        XCTAssertEqual(start.json["status"], "accepted")
        XCTAssertEqual(start.json["type"], "start")
        XCTAssertEqual(start.json["activity"]?["state"], "active")
        XCTAssertEqual(start.json["activity"]?["content"], ["title": "进行中", "count": 1])
        XCTAssertEqual(start.json["sound"]?["name"], "push_click.caf")
        XCTAssertEqual(start.json["payload"]?["aps"]?["alert"]?["title"], "实时活动已启动")

        let update = try send(commands[1], to: receiver.url)
        XCTAssertEqual(update.status, 200, "\(update.json)")
        XCTAssertEqual(update.json["status"], "accepted")
        XCTAssertEqual(update.json["activity"]?["state"], "active")
        XCTAssertEqual(update.json["activity"]?["content"], ["title": "已更新", "count": 2])
        XCTAssertEqual(update.json["activity"]?["updates"], 1)
        XCTAssertEqual(update.json["activity"]?["last_timestamp"], 1_710_000_001)
        // The documented update follows its start at once: the receiver says to wait a few seconds.
        XCTAssertEqual(update.json["warnings"]?[0]?["code"], "update-too-soon")

        let end = try send(commands[2], to: receiver.url)
        XCTAssertEqual(end.status, 200, "\(end.json)")
        XCTAssertEqual(end.json["activity"]?["state"], "ended")
        XCTAssertEqual(end.json["activity"]?["ending"], "push")
        XCTAssertEqual(end.json["activity"]?["content"], ["title": "已结束"])
        XCTAssertEqual(end.json["activity"]?["dismissed_at"], "2024-03-09T20:00:00.000Z")

        let state = try exchange(receiver.port, "GET", "/api/activities", contentType: nil).json
        XCTAssertEqual(state?["activities"]?[0]?["state"], "ended")
        XCTAssertEqual(state?["activities"]?[0]?["last_nonce"], "end-001")

        for command in commands {
            let replay = try send(command, to: receiver.url)
            XCTAssertEqual(replay.status, 409)
            XCTAssertEqual(replay.json["reason"], "duplicate-nonce")
        }
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }
}
