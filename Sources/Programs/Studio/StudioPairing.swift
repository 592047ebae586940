import HostSystem
import Synchronization

/// Pairing with the app's VS Code extension, as the app's editor pairs: a six-digit code shown
/// where the studio runs, exchanged by `POST /pair` for a bearer token that the sync routes
/// need. The token (256 random bits) lives in memory only, until the studio stops; a new
/// pairing replaces it.
///
/// Wrong codes are limited: after ``wrongCodesAllowed`` of them the code is replaced (the new
/// one is said where the studio runs) and pairing is refused for ``lockSeconds``. A guesser then
/// tries 5 of the 10⁶ codes a minute: 7,200 a day, a chance under 1 % of finding one in a day,
/// about 139 days on average.
final class StudioPairing: Sendable {
    /// Wrong codes in a row before the code is replaced and pairing waits.
    static let wrongCodesAllowed = 5
    /// Seconds pairing is refused after ``wrongCodesAllowed`` wrong codes.
    static let lockSeconds = 60.0

    /// Who paired, and when (the page shows it).
    struct Client: Sendable, Equatable {
        var name: String
        var version: String
        /// Wall-clock milliseconds.
        var at: Int64
    }

    /// What a `POST /pair` got.
    enum Outcome: Sendable, Equatable {
        /// Paired: the token the sync routes need from now on.
        case paired(token: String)
        /// A wrong code; `left` more before the code is replaced.
        case wrong(left: Int)
        /// The code was replaced after too many wrong ones, or pairing is still waiting: retry
        /// after `seconds`, with the code said where the studio runs.
        case locked(seconds: Int)
    }

    private struct State {
        var code: String
        var token: String?
        var client: Client?
        var wrong = 0
        var lockedUntil: Double = 0
    }

    private let state: Mutex<State>
    /// Monotonic seconds (a parameter, so tests move time).
    private let clock: @Sendable () -> Double
    /// Says a new code where the studio runs.
    private let announce: @Sendable (String) -> Void

    init(clock: @escaping @Sendable () -> Double = { MonotonicClock.milliseconds() / 1000 },
         announce: @escaping @Sendable (String) -> Void) {
        state = Mutex(State(code: Self.newCode()))
        self.clock = clock
        self.announce = announce
    }

    /// The code to give the extension now.
    var code: String { state.withLock { $0.code } }

    /// The paired client, nil before the first pairing.
    var client: Client? { state.withLock { $0.client } }

    /// Checks `code` for the client `name` `version`; a right one replaces the token.
    func pair(code given: String, name: String, version: String) -> Outcome {
        let now = clock()
        let (outcome, replaced) = state.withLock { state -> (Outcome, String?) in
            if now < state.lockedUntil { return (.locked(seconds: Int((state.lockedUntil - now).rounded(.up))), nil) }
            guard Self.equal(given, state.code) else {
                state.wrong += 1
                guard state.wrong >= Self.wrongCodesAllowed else { return (.wrong(left: Self.wrongCodesAllowed - state.wrong), nil) }
                state.wrong = 0
                state.code = Self.newCode()
                state.lockedUntil = now + Self.lockSeconds
                return (.locked(seconds: Int(Self.lockSeconds)), state.code)
            }
            state.wrong = 0
            let token = RandomBytes.hex(count: 32)
            state.token = token
            state.client = Client(name: name, version: version, at: WallClock.nowMilliseconds())
            return (.paired(token: token), nil)
        }
        if let replaced {
            announce("\(Self.wrongCodesAllowed) wrong pairing codes: pairing waits \(Int(Self.lockSeconds)) s · new pairing code \(replaced)")
        }
        return outcome
    }

    /// Whether `header` (the request's `Authorization`) is `Bearer` and the current token.
    func authorizes(_ header: String?) -> Bool {
        guard let header, header.hasPrefix("Bearer ") else { return false }
        let given = String(header.dropFirst("Bearer ".count))
        return state.withLock { state in state.token.map { Self.equal(given, $0) } ?? false }
    }

    /// Six decimal digits, each of the 10⁶ codes equally likely.
    static func newCode() -> String {
        while true {
            let bytes = RandomBytes.bytes(count: 4)
            let number = bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            // The largest multiple of 10⁶ below 2³²: numbers above it would favour small codes.
            guard number < 4_294_000_000 else { continue }
            let text = String(number % 1_000_000)
            return String(repeating: "0", count: 6 - text.count) + text
        }
    }

    /// Compares in time that depends on the lengths only, not on where the texts differ.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
