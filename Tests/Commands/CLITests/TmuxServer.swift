import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A tmux server of one test's own. Its socket is in the test's folder, not in the system's
/// tmux folder, so it goes with the folder and no other test (nor anything that cleans the
/// system's folder) can take it away; ``stop()`` ends the server however the test ends:
/// `kill-server`, then the server's process itself if it is still there.
final class TmuxServer {
    let socket: String
    private let tmux: String
    private let environment: [String]
    private var pid: pid_t?

    init(tmux: String, folder: String, environment: [String]) {
        self.tmux = tmux
        self.socket = folder + "/tmux.socket"
        self.environment = environment
    }

    /// `tmux -S SOCKET ARGUMENTS…`. After the `new-session` that starts the server, its process
    /// id is asked for, so that ``stop()`` can end it even when its socket no longer answers.
    func run(_ arguments: [String]) throws -> ToolResult {
        let result = try spawn([tmux, "-S", socket] + arguments, environment: environment)
        if pid == nil, arguments.first == "new-session", result.code == 0 {
            let asked = try spawn([tmux, "-S", socket, "display-message", "-p", "#{pid}"], environment: environment)
            pid = pid_t(asked.out.filter { $0 != "\n" })
        }
        return result
    }

    /// Ends the server and removes its socket; safe to call when it never started or has ended.
    func stop() {
        _ = try? spawn([tmux, "-S", socket, "kill-server"], environment: environment)
        if let pid {
            if !Wait.until(.seconds(5), poll: .milliseconds(20), { kill(pid, 0) != 0 }) { kill(pid, SIGKILL) }
            self.pid = nil
        }
        unlink(socket)
    }
}
