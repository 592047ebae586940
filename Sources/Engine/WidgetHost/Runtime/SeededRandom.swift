import ScriptCore

/// `Math.random` with `--seed` (T4): sfc32 over four 32-bit words, set from the seed and
/// stirred fifteen times; each number takes 53 bits from two outputs. A built-in-shaped
/// function, in `Math.random`'s place with its attributes (writable, not enumerable, configurable).
struct SeededRandom {
    private var a: UInt32 = 0x9E37_79B9
    private var b: UInt32 = 0x243F_6A88
    private var c: UInt32 = 0xB7E1_5162
    private var d: UInt32

    init(seed: UInt64) {
        let low = UInt32(truncatingIfNeeded: seed)
        d = low ^ 0x5bd1_e995
        a ^= UInt32(truncatingIfNeeded: seed >> 32)
        b ^= low
        for _ in 0..<15 { _ = next() }
    }

    mutating func next() -> UInt32 {
        var t = a &+ b
        a = b ^ (b >> 9)
        b = c &+ (c << 3)
        c = (c << 21) | (c >> 11)
        d = d &+ 1
        t = t &+ d
        c = c &+ t
        return t
    }

    /// A number in [0, 1) with 53 random bits.
    mutating func nextDouble() -> Double {
        let high = Double(next() >> 5), low = Double(next() >> 6)
        return (high * 67_108_864 + low) / 9_007_199_254_740_992
    }

    static func install(seed: UInt64, in context: ScriptContext) {
        var generator = SeededRandom(seed: seed)
        let random = context.builtInFunction("random") { call in call.context.number(generator.nextDouble()) }
        guard case .returned(let math) = try? context.propertyCatching(context.global, "Math"), math.isObject else { return }
        try? math.setProperty("random", random)
    }
}
