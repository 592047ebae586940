/// A run's default locale (T5): a BCP 47 language tag such as `zh-CN`, `en-US` or `de-DE`.
///
/// The tag is checked for its shape here (RFC 5646: a language subtag of 2–3 or 5–8 letters,
/// then subtags of 1–8 letters and digits); the engine canonicalises it (`zh-cn` reads as `zh-CN`).
public enum LocaleTag {
    /// The built-in profile's locale: Simplified Chinese in mainland China, as most of the app's users have.
    public static let builtIn = "zh-CN"

    /// Whether `tag` is a well-formed BCP 47 tag.
    public static func isWellFormed(_ tag: String) -> Bool {
        guard !tag.isEmpty, tag.utf8.count <= 64 else { return false }
        let subtags = tag.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard let first = subtags.first, (2...3).contains(first.count) || (5...8).contains(first.count),
            first.allSatisfy(isLetter)
        else { return false }
        return subtags.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { isLetter($0) || isDigit($0) } }
    }

    /// The language subtag, lowercased: `zh` for `zh-Hans-CN` (what `Device.language()` answers).
    public static func language(of tag: String) -> String {
        String(tag.split(separator: "-", maxSplits: 1).first ?? Substring(tag)).lowercased()
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
