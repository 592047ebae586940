/// The words of a script: every maximal run of identifier characters, and the two
/// signs that a script may name a global without writing the name out.
///
/// Two readings. ``init(_:)`` reads the text byte by byte: code, strings and comments
/// alike. ``init(tokens:)`` reads the tokens of a script that tokenized cleanly: the
/// words of its code (identifiers, keywords and property names) apart from the words
/// inside its string and template literals, so a title like `"Weather"` does not count
/// as naming the `Weather` global, and comments count for nothing.
public struct ScriptWords: Sendable, Hashable {
    /// Words of the code (from ``init(_:)``: of the whole text).
    public let words: Set<String>
    /// Words inside string literals and the text of template literals (empty from ``init(_:)``,
    /// whose ``words`` hold them). An escape splits a word, as it may stand for any character.
    public let literalWords: Set<String>
    /// `this` appears other than as `this.name`: as a value (`const g = this`, `this[name]`,
    /// `return this`) it may be the global object, indexed by a computed name.
    public let usesThisAsAValue: Bool
    /// An escape that may stand for an identifier character: in an identifier (`\u0049ntl`
    /// is `Intl`), or in a literal (`"\x63onstructor"`). From ``init(_:)``: any backslash.
    public let hasEscapes: Bool

    /// Every word of the literals and the code together.
    public var allWords: Set<String> { words.union(literalWords) }

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
        self.literalWords = []
        self.usesThisAsAValue = usesThisAsAValue
        self.hasEscapes = escapes
    }

    /// The words of `tokens` (comments excluded), from ``Tokenizer`` over a script without
    /// lexical problems. A regular expression's words count as code, as the byte reading would.
    public init(tokens: [Token]) {
        var words = Set<String>()
        var literalWords = Set<String>()
        var usesThisAsAValue = false
        var escapes = false
        let code = tokens.filter { !$0.isComment }
        for (index, token) in code.enumerated() {
            switch token.kind {
            case .identifier, .privateName:
                words.insert(token.text)
                if token.text.utf8.contains(CharacterClasses.backslash) { escapes = true }
                if token.text == "this" {
                    let written = index + 2 < code.count && code[index + 1].isPunctuator(".") && code[index + 2].kind == .identifier
                    if !written { usesThisAsAValue = true }
                }
            case .regularExpression:
                words.formUnion(ScriptWords(token.text).words)
            case .string, .noSubstitutionTemplate, .templateHead, .templateMiddle, .templateTail:
                if Self.literalWords(of: token.text, into: &literalWords) { escapes = true }
            case .number, .punctuator, .lineComment, .blockComment, .hashbang:
                break
            }
        }
        self.words = words
        self.literalWords = literalWords
        self.usesThisAsAValue = usesThisAsAValue
        self.hasEscapes = escapes
    }

    /// Adds the words of a literal's source text to `words`; returns whether an escape in it
    /// may stand for an identifier character (not `\n`, `\t`, `\\`, `\'` and the like).
    private static func literalWords(of text: String, into words: inout Set<String>) -> Bool {
        let bytes = Array(text.utf8)
        var escapes = false
        var word: [UInt8] = []
        func flush() {
            if !word.isEmpty { words.insert(String(decoding: word, as: UTF8.self)) }
            word.removeAll(keepingCapacity: true)
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == CharacterClasses.backslash {
                flush()
                let next = index + 1 < bytes.count ? bytes[index + 1] : 0
                let following = index + 2 < bytes.count ? bytes[index + 2] : 0
                if isWordByte(next), !plainEscapes.contains(next), !(next == 0x30 && !CharacterClasses.isDigit(following)) {
                    escapes = true
                }
                index += 2
                continue
            }
            // `${` opens a template's substitution: not part of a word.
            let opensSubstitution = byte == CharacterClasses.dollar && index + 1 < bytes.count && bytes[index + 1] == CharacterClasses.openBrace
            if isWordByte(byte), !opensSubstitution { word.append(byte) } else { flush() }
            index += 1
        }
        flush()
        return escapes
    }

    /// `\b \f \n \r \t \v`: escapes that stand for a control character, never a letter.
    private static let plainEscapes: Set<UInt8> = Set("bfnrtv".utf8)

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
