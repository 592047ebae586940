import HostSystem
import JSONKit
import TestSupport
import XCTest

/// The studio advertised over mDNS as `_omniwidgets-code._tcp` through Avahi's daemon, and found
/// as the app's extension finds it: in network, mount and process namespaces the test makes
/// (`unshare`), whose loopback carries multicast, with a D-Bus and an Avahi daemon of their own
/// (Extension/discovery.sh): on the loopback of a machine without a network, on the loopback of
/// one with a network (not found there, and the studio says so), and with `--listen 0.0.0.0`
/// (found at the network's address). Everything started there ends with the namespace. With the
/// extension's package (`OMNI_VSCODE_VSIX`), its own "Connect Active Editor" finds the studio,
/// pairs and opens the script; without it, a query made as the extension makes it
/// (Extension/mdns_query.py) must find the studio's name, port and address.
final class StudioDiscoveryTests: XCTestCase {
    func testTheStudioIsFoundOverMulticastDNSOnTheLoopbackOfANamespace() throws {
        let unshare = try Program.required("unshare")
        for tool in ["ip", "dbus-daemon", "avahi-daemon", "python3"] { _ = try Program.required(tool) }
        let probe = try Program.run([unshare, "-n", "-m", "-p", "--fork", "--mount-proc", "true"], environment: ["PATH=/usr/sbin:/usr/bin:/sbin:/bin"])
        guard probe.code == 0 else {
            throw XCTSkip("discovery is tested in a network namespace, and this process may not make one (unshare: \(probe.err.trimmingTrailingNewlines)); run the tests as root or where user namespaces are allowed")
        }
        let unpacked: (TemporaryFolder, String)?
        do { unpacked = try StudioExtensionTests.unpackedExtension() } catch is XCTSkip { unpacked = nil }
        let work = try TemporaryFolder("discovery")
        let example = try ExampleCopy("weather.js")
        let script = packageRoot + "/Tests/Programs/StudioTests/Extension/discovery.sh"
        var arguments = [unshare, "-n", "-m", "-p", "--fork", "--mount-proc", "/bin/bash", script, work.path,
                         try BuiltProgram.path("widgethost"), example.script]
        if let unpacked { arguments.append(unpacked.0.file("extension")) }
        let result = try Program.run(arguments, environment: Program.defaultEnvironment + ["PATH=/usr/sbin:/usr/bin:/sbin:/bin"],
                                     timeout: .seconds(120))
        XCTAssertEqual(result.code, 0, result.out + result.err)
        let lines = result.out.split(separator: "\n").map(String.init)
        func value(_ name: String) -> String? { lines.first { $0.hasPrefix(name + ": ") }.map { String($0.dropFirst(name.count + 2)) } }
        func said(_ phase: String) -> [String] {
            lines.filter { $0.hasPrefix("\(phase) studio: ") }.map { String($0.dropFirst(phase.count + 9)) }
        }
        let advertised = #"widgethost studio: advertised over mDNS as "weather\.js · widgethost studio on [^"]+" \(_omniwidgets-code\._tcp\) on "#
        for phase in ["A", "B", "C"] {
            XCTAssertEqual(value("\(phase) studio exit"), "0", result.out)
            XCTAssertEqual(said(phase).last, "widgethost studio: stopped", phase)
        }

        // A: no network; the loopback's advertisement is found, at 127.0.0.1.
        let portA = try XCTUnwrap(value("A port").flatMap(Int.init), result.out)
        XCTAssertNotNil(said("A").first { $0.wholeMatch(of: try! Regex(advertised + "lo")) != nil }, "\(said("A"))")
        try check(value("A extension"), value("A query"), port: portA, addresses: ["127.0.0.1"], script: example.script)

        // B: a network, the studio on the loopback: not on the network, and it says what to do.
        XCTAssertNotNil(said("B").first { $0.wholeMatch(of: try! Regex(advertised + "lo; VS Code asks on the network's interface when the machine has one, so here it finds the studio with --listen \\(an address of the network, or 0\\.0\\.0\\.0\\), else use Connect Manually")) != nil }, "\(said("B"))")
        XCTAssertEqual(value("B network query"), "[]")

        // C: --listen 0.0.0.0; found from the network at the network's address.
        let portC = try XCTUnwrap(value("C port").flatMap(Int.init), result.out)
        XCTAssertTrue(said("C").contains("VS Code: http://10.9.9.9:\(portC) · pairing code \(said("C").first { $0.hasPrefix("VS Code:") }?.split(separator: " ").last ?? "")"), "\(said("C"))")
        XCTAssertNotNil(said("C").first { $0.wholeMatch(of: try! Regex(advertised + "lo, v0")) != nil }, "\(said("C"))")
        // The extension keeps the last address it heard for the name: the network's, or the
        // loopback's (it listens on both, and the studio is advertised on both); either answers.
        try check(value("C extension"), value("C query"), port: portC, addresses: ["10.9.9.9", "127.0.0.1"], script: nil)
    }

    /// What found the studio: the extension's report (it paired with one of `addresses` at `port`,
    /// opened the script and ran it) or the query's one service at the first of `addresses`.
    func check(_ extensionReport: String?, _ query: String?, port: Int, addresses: [String], script: String?) throws {
        if let extensionReport {
            let report = try JSONValue.parse(extensionReport)
            XCTAssertEqual(report["failures"], [], StudioExtensionTests.summary(report))
            let steps = report["steps"]?.arrayValue ?? []
            XCTAssertEqual(steps.first?["prompts"], ["Omni Widgets Pairing Code"], "found, not typed in")
            XCTAssertEqual(steps.first?["errors"], [])
            let endpoint = steps.first?["endpoint"]?.stringValue
            XCTAssertTrue(addresses.map { "http://\($0):\(port)" }.contains(endpoint ?? ""), "\(endpoint ?? "no endpoint")")
            if script != nil {
                XCTAssertEqual(steps.first?["opened"]?["text"]?.stringValue, Files.text(packageRoot + "/Fixtures/Examples/weather.js"))
            }
            XCTAssertEqual(steps.dropFirst().first?["panel"]?["title"], "weather")
        } else {
            let found = try JSONValue.parse(try XCTUnwrap(query, "neither the extension nor the query answered"))
            XCTAssertEqual(found.arrayValue?.count, 1, "\(found)")
            let service = try XCTUnwrap(found[0])
            XCTAssertTrue(service["name"]?.stringValue?.hasPrefix("weather.js · widgethost studio on ") ?? false, "\(service)")
            XCTAssertTrue(service["name"]?.stringValue?.hasSuffix("._omniwidgets-code._tcp.local") ?? false, "\(service)")
            XCTAssertEqual(service["port"]?.doubleValue, Double(port))
            XCTAssertEqual(service["address"]?.stringValue, addresses[0], "the target's A record is an address the studio listens on")
            XCTAssertEqual(service["txt"], ["txtvers=1", "server=widgethost"])
        }
    }
}

extension String {
    /// Without the newlines at its end.
    var trimmingTrailingNewlines: String {
        var text = Substring(self)
        while text.last == "\n" { text = text.dropLast() }
        return String(text)
    }
}
