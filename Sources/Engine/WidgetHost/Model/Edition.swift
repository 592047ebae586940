/// The edition of the Omni app a script is written for (H1): the iOS app, or its HarmonyOS
/// edition, which has its own kinds, host rules and script API. An edition changes
/// declarations and rules, not the engine: the JSON, the clock, the limits and the storage are
/// one implementation. What the HarmonyOS docs leave open and the host decides is in
/// ``HarmonyRules``, one place to change.
public enum Edition: String, Sendable, Hashable, CaseIterable {
    /// The iOS app (the default): the kinds of S3 and the rules of docs/contract.md.
    case ios
    /// The HarmonyOS 6+ edition: desk and lock cards, the H rules.
    case harmony

    /// The edition names, comma-separated, for help and error messages.
    public static var namesList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// How reports and messages name it.
    public var title: String { self == .ios ? "iOS" : "HarmonyOS" }
}

/// The form of a HarmonyOS card (H1): a desk card on the home screen or a lock card on the lock screen.
public enum CardKind: String, Sendable, Hashable, CaseIterable {
    /// A card on the home screen (`1*2`, `2*2`, `2*4`, `4*4`).
    case desk
    /// A card on the lock screen (`lock_1*1`, `lock_1*2`).
    case lock

    /// The kind names, comma-separated.
    public static var namesList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The dimensions cards of this kind come in, in the docs' order.
    public var dimensions: [CardDimension] { CardDimension.allCases.filter { $0.kind == self } }

    /// The dimension a card of this kind has when none is given (``HarmonyRules``).
    public var defaultDimension: CardDimension { self == .desk ? HarmonyRules.defaultDeskDimension : HarmonyRules.defaultLockDimension }
}

/// The size of a HarmonyOS card (H1), written as the app writes it: rows `*` columns for desk
/// cards (`lock_1*2` is 160 × 76 vp, so the first number counts rows: `2*4` is the wide card).
public enum CardDimension: String, Sendable, Hashable, CaseIterable {
    /// A desk card one row high, two columns wide.
    case desk1x2 = "1*2"
    /// The square desk card (the default).
    case desk2x2 = "2*2"
    /// The wide desk card.
    case desk2x4 = "2*4"
    /// The large desk card.
    case desk4x4 = "4*4"
    /// The small lock card, 76 × 76 vp.
    case lock1x1 = "lock_1*1"
    /// The wide lock card, 160 × 76 vp.
    case lock1x2 = "lock_1*2"

    /// The kind a card of this dimension is.
    public var kind: CardKind { rawValue.hasPrefix("lock_") ? .lock : .desk }

    /// The dimension names, comma-separated.
    public static var namesList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The dimension in a file name (`2x4`, `lock_1x2`): `*` is no character for a path.
    public var fileName: String { rawValue.replacing("*", with: "x") }
}

/// A HarmonyOS card's kind and dimension: what `Widget.kind` and `Widget.dimension` give, and
/// the scope of `Shared` (H10).
public struct HarmonyCard: Sendable, Hashable {
    /// Desk or lock.
    public var kind: CardKind
    /// The card's size, one of ``kind``'s dimensions.
    public var dimension: CardDimension

    /// A card of `kind` with `dimension` (one of the kind's own, or the kind's default).
    public init(kind: CardKind, dimension: CardDimension? = nil) {
        self.kind = kind
        self.dimension = dimension ?? kind.defaultDimension
    }

    /// The default card: desk `2*2`.
    public static let `default` = HarmonyCard(kind: .desk)

    /// `desk 2*4`, as reports and messages print it.
    public var description: String { "\(kind.rawValue) \(dimension.rawValue)" }

    /// `desk_2x4`: the name of the `Shared` store of this kind and dimension (H10).
    public var sharedScope: String { "\(kind.rawValue)_\(dimension.fileName.replacing("lock_", with: ""))" }
}
