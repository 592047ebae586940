import HostSystem
import JSONKit
import TestSupport
import XCTest

/// The studio advertised over mDNS as `_omniwidgets-code._tcp` through Avahi's daemon, and found
/// as the app's extension finds it: in network, mount and process namespaces the test makes
/// (`unshare`), whose loopback carries multicast, with a D-Bus and an Avahi daemon of their own
/// (Extension/discovery.sh). Everything started there ends with the namespace. With the
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
        let port = try XCTUnwrap(lines.first { $0.hasPrefix("port: ") }.flatMap { Int($0.dropFirst(6)) }, result.out)
        let said = lines.filter { $0.hasPrefix("studio: ") }.map { String($0.dropFirst(8)) }
        let advertised = try XCTUnwrap(said.first { $0.contains("mDNS") }, result.out)
        XCTAssertNotNil(advertised.wholeMatch(of: /widgethost studio: advertised over mDNS as "weather\.js · widgethost studio on [^"]+" \(_omniwidgets-code\._tcp\) on lo/),
                        advertised)
        XCTAssertEqual(said.last, "widgethost studio: stopped")
        XCTAssertTrue(lines.contains("studio exit: 0"), result.out)

        if let line = lines.first(where: { $0.hasPrefix("extension: ") }) {
            // The extension's own discovery found the studio, paired, opened, ran and synced.
            let report = try JSONValue.parse(String(line.dropFirst("extension: ".count)))
            XCTAssertEqual(report["failures"], [], StudioExtensionTests.summary(report))
            let steps = report["steps"]?.arrayValue ?? []
            XCTAssertEqual(steps.first?["prompts"], ["Omni Widgets Pairing Code"], "found, not typed in")
            XCTAssertEqual(steps.first?["errors"], [])
            XCTAssertEqual(steps.first?["opened"]?["text"]?.stringValue, Files.text(packageRoot + "/Fixtures/Examples/weather.js"))
            XCTAssertEqual(steps.dropFirst().first?["panel"]?["title"], "weather")
        } else {
            let line = try XCTUnwrap(lines.first { $0.hasPrefix("query: ") }, result.out)
            let found = try JSONValue.parse(String(line.dropFirst("query: ".count)))
            XCTAssertEqual(found.arrayValue?.count, 1, "\(found)")
            let service = try XCTUnwrap(found[0])
            XCTAssertTrue(service["name"]?.stringValue?.hasPrefix("weather.js · widgethost studio on ") ?? false, "\(service)")
            XCTAssertTrue(service["name"]?.stringValue?.hasSuffix("._omniwidgets-code._tcp.local") ?? false, "\(service)")
            XCTAssertEqual(service["port"]?.doubleValue, Double(port))
            XCTAssertEqual(service["address"], "127.0.0.1", "the target's A record is the address listened on")
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
