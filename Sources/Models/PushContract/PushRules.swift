/// The receiver's tunable limits; the defaults are the contract's.
public struct PushRules: Sendable, Hashable {
    /// Largest request body, bytes (P1). Default 64 KiB.
    public var bodyLimit: Int = 64 * 1024
    /// Replay window around the receiver's clock, seconds (P6). Default 300.
    public var windowSeconds: Int64 = 300
    /// How soon after a push `start` an `update` gets `update-too-soon`, ms (P8). Default 3000.
    public var updateReadyMs: Int64 = 3000
    /// Largest encoded content state, bytes (P9). Default 4096.
    public var contentStateLimit: Int = APNsPayload.byteLimit
    /// Longest nonce, characters (Unicode scalars) (P2). Default 128.
    public var nonceMaxLength: Int = 128
    /// How long an activity stays active before the system ends it, ms (L3). Default 8 h.
    public var lifetimeMs: Int64 = 8 * 3_600_000
    /// How long an ended activity stays visible, ms (L3). Default 4 h.
    public var dismissalMs: Int64 = 4 * 3_600_000

    /// The contract's defaults.
    public init() {}

    /// Timestamps above this are milliseconds, not seconds (P6).
    public static let millisecondThreshold: Double = 1e11
    /// The first iOS version with push-to-start (P8).
    public static let pushStartMinimumIOS = IOSVersion(17, 2)
}
