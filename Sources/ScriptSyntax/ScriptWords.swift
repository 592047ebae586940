/// The words of a script's text: every maximal run of identifier characters, in code,
/// strings and comments alike (`globalThis['Intl']` has the word `Intl`), and the two
/// signs that a script may name a global without writing the name out.
public struct ScriptWords: Sendable {
    public let words: Set<String>
    /// `this` appears other than as `this.name`: as a value (`const g = this`, `this[name]`,
    /// `return this`) it may be the global object, indexed by a computed name.
    public let usesThisAsAValue: Bool
    /// A backslash appears: an identifier may be escaped (`\u0049ntl` is `Intl`).
    public let hasEscapes: Bool

    /// One pass over the UTF-8 of `text`.
    public init(_ text: String) {
        var words = Set<String>()
        var usesThisAsAValue = false
        var escapes = false
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == CharacterClasses.backslash { escapes = true }
            guard Self.isWordByte(byte) else {
                index = utf8.index(after: index)
                continue
            }
            let start = index
            while index != utf8.endIndex, Self.isWordByte(utf8[index]) { index = utf8.index(after: index) }
            let word = String(text[start..<index])
            if word == "this", !Self.isFollowedByPropertyName(utf8, at: index) { usesThisAsAValue = true }
            words.insert(word)
        }
        self.words = words
        self.usesThisAsAValue = usesThisAsAValue
        self.hasEscapes = escapes
    }

    /// Identifier characters; any non-ASCII byte counts (a word may hold any letter).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || CharacterClasses.isASCIIIdentifierPart(byte)
    }

    /// `this.name` (not `this[…]`, `this...` or `this?.[…]`): the name is written out.
    private static func isFollowedByPropertyName(_ utf8: String.UTF8View, at index: String.Index) -> Bool {
        var next = index
        while next != utf8.endIndex, utf8[next] == 0x20 || utf8[next] == 0x09 { next = utf8.index(after: next) }
        guard next != utf8.endIndex, utf8[next] == CharacterClasses.dot else { return false }
        let after = utf8.index(after: next)
        return after != utf8.endIndex && isWordByte(utf8[after])
    }
}
