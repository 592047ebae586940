/// A small, fast, seeded pseudo-random generator (SplitMix64, Steele, Lea and Flood, 2014).
///
/// The same seed always yields the same sequence, on every platform and toolchain:
/// the algorithm is spelled out here and bounded draws use this type's own
/// ``next(atMost:)`` rather than the standard library's unspecified mapping.
/// It is not suitable for cryptography.
public struct SeededGenerator: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    ///
    /// - Parameter seed: Any value; seeds that differ give unrelated sequences.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 uniformly distributed bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed integer in `0...bound`, without modulo bias.
    ///
    /// - Parameter bound: The largest value that may come out.
    /// - Returns: A value from 0 through `bound`.
    public mutating func next(atMost bound: UInt64) -> UInt64 {
        if bound == UInt64.max { return next() }
        let range = bound + 1
        // Reject the top sliver of values that would make some results more likely.
        let limit = UInt64.max - (UInt64.max % range)
        while true {
            let value = next()
            if value < limit { return value % range }
        }
    }
}
