import PushReceiver
import XCTest

/// Which `Host` headers a server with an allow list answers (the DNS-rebinding rule).
final class HostAllowListTests: XCTestCase {
    let loopback = HostAllowList(hosts: HostAllowList.loopbackNames, port: 8790)

    func testTheLoopbackNamesAtThePortAreAdmitted() {
        for header in ["127.0.0.1:8790", "localhost:8790", "LOCALHOST:8790", "[::1]:8790", "[0:0:0:0:0:0:0:1]:8790"] {
            XCTAssertTrue(loopback.admits(header), header)
        }
    }

    func testOtherNamesPortsAndFormsAreRefused() {
        for header in [nil, "", "attacker.test", "attacker.test:8790", "127.0.0.1", "127.0.0.1:8791", "localhost:80",
                       "127.0.0.2:8790", "127.1:8790", "::1:8790", "[::1]", "[::1]x", "localhost:", "localhost:+8790",
                       "localhost:08790x", "localhost.:8790", "[127.0.0.1]:8790", "localhost:8790@attacker.test"] {
            XCTAssertFalse(loopback.admits(header), header ?? "no Host")
        }
    }

    func testAListeningAddressIsAdmittedInItsCanonicalForm() {
        let list = HostAllowList(hosts: HostAllowList.loopbackNames + ["192.168.1.20", "[FE80::0001]"], port: 80)
        XCTAssertTrue(list.admits("192.168.1.20"), "no port names port 80")
        XCTAssertTrue(list.admits("192.168.1.20:80"))
        XCTAssertTrue(list.admits("[fe80::1]"))
        XCTAssertFalse(list.admits("192.168.1.21:80"))
        XCTAssertEqual(list.origins, ["http://127.0.0.1:80", "http://localhost:80", "http://[::1]:80", "http://192.168.1.20:80", "http://[fe80::1]:80"])
    }
}
