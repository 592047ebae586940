/// Reads the names bound by one `let`/`const`/`var` declaration from a token
/// array, skipping initializers and pattern defaults by bracket matching and
/// ending the declaration where JavaScript's semicolon insertion would.
struct DeclarationParser {
    let tokens: [Token]
    /// The scan's limits: a declaration's loops end at their next step once they stop it.
    let watch: ScanWatch
    /// The current token index.
    var cursor: Int
    /// Name tokens in source order.
    var names: [Token] = []
    /// For each name, its place in the declaration: which declarator of the comma list (from 0)
    /// and whether a destructuring pattern binds it.
    var places: [DeclaredName.Place] = []
    /// The declarator being read, from 0.
    var declarator = 0
    /// Current pattern nesting, bounded to keep recursion shallow.
    var patternDepth = 0

    /// Deeper patterns are not parsed (the declaration is abandoned).
    static let maximumPatternDepth = 256

    /// Parses the declaration whose keyword is at `keywordIndex`; returns its
    /// name tokens and the index of the first token after it.
    static func parse(_ tokens: [Token], keywordIndex: Int, watch: ScanWatch) -> (names: [Token], end: Int) {
        let (names, end) = parseNames(tokens, keywordIndex: keywordIndex, watch: watch)
        return (names.map(\.token), end)
    }

    /// The declaration's names with their places in it, and the index of the first token after it.
    static func parseNames(_ tokens: [Token], keywordIndex: Int, watch: ScanWatch) -> (names: [DeclaredName], end: Int) {
        var parser = DeclarationParser(tokens: tokens, watch: watch, cursor: keywordIndex + 1)
        parser.parseBindingList()
        let names = zip(parser.names, parser.places).map { DeclaredName(token: $0, place: $1) }
        return (names, max(parser.cursor, keywordIndex + 1))
    }

    var current: Token? { cursor < tokens.count ? tokens[cursor] : nil }

    func currentIs(_ mark: String) -> Bool {
        current?.isPunctuator(mark) == true
    }

    mutating func parseBindingList() {
        while parseTarget() {
            if currentIs("=") {
                cursor += 1
                skipInitializer()
            }
            guard currentIs(",") else { return }
            cursor += 1
            declarator += 1
        }
    }

    /// A name, array pattern or object pattern; false when none is there.
    mutating func parseTarget() -> Bool {
        guard let token = current else { return false }
        if ExpressionBoundary.isBindingName(token) {
            append(token)
            cursor += 1
            return true
        }
        guard token.isPunctuator("[") || token.isPunctuator("{"),
              patternDepth < Self.maximumPatternDepth else { return false }
        patternDepth += 1
        defer { patternDepth -= 1 }
        return token.text == "[" ? parseArrayPattern() : parseObjectPattern()
    }

    mutating func parseArrayPattern() -> Bool {
        cursor += 1
        while let token = current, watch.step() {
            if token.isPunctuator("]") {
                cursor += 1
                return true
            }
            if token.isPunctuator(",") {
                cursor += 1
                continue
            }
            if token.isPunctuator("...") { cursor += 1 }
            guard parseTarget() else { return false }
            skipPatternDefault()
            if currentIs(",") {
                cursor += 1
            } else if !currentIs("]") {
                return false
            }
        }
        return false
    }

    mutating func parseObjectPattern() -> Bool {
        cursor += 1
        while let token = current, watch.step() {
            if token.isPunctuator("}") {
                cursor += 1
                return true
            }
            if token.isPunctuator("...") {
                cursor += 1
                guard parseTarget() else { return false }
            } else {
                guard parseProperty(startingWith: token) else { return false }
            }
            skipPatternDefault()
            if currentIs(",") {
                cursor += 1
            } else if !currentIs("}") {
                return false
            }
        }
        return false
    }

    /// `key: target`, or a shorthand `name`.
    mutating func parseProperty(startingWith key: Token) -> Bool {
        var shorthand: Token?
        switch key.kind {
        case .identifier:
            shorthand = key
            cursor += 1
        case .string, .number:
            cursor += 1
        case .punctuator where key.text == "[":
            skipBalanced()
        default:
            return false
        }
        if currentIs(":") {
            cursor += 1
            return parseTarget()
        }
        guard let shorthand, ExpressionBoundary.isBindingName(shorthand) else { return false }
        append(shorthand)
        return true
    }

    mutating func append(_ name: Token) {
        names.append(name)
        places.append(DeclaredName.Place(declarator: declarator, inPattern: patternDepth > 0))
    }

    /// Skips from an opener to just after its matching closer.
    mutating func skipBalanced() {
        var depth = 0
        while let token = current, watch.step() {
            cursor += 1
            if token.opensNesting {
                depth += 1
            } else if token.closesNesting {
                depth -= 1
                if depth <= 0 { return }
            }
        }
    }

    /// Skips `= expression` inside a pattern, up to the next `,` or closer at its level.
    mutating func skipPatternDefault() {
        guard currentIs("=") else { return }
        cursor += 1
        var depth = 0
        while let token = current, watch.step() {
            if token.opensNesting {
                depth += 1
            } else if token.closesNesting {
                if depth == 0 { return }
                depth -= 1
            } else if depth == 0, token.isPunctuator(",") {
                return
            }
            cursor += 1
        }
    }

    /// Skips a top-level initializer up to `,`, `;`, an unmatched closer, the end
    /// of input, or a line break where a semicolon would be inserted.
    mutating func skipInitializer() {
        var depth = 0
        var lastAtLevel: Int?  // index of the last token seen at depth 0
        var arrowBodyOpen = false
        var afterArrowBody = false
        while let token = current, watch.step() {
            if depth == 0 {
                if token.closesNesting || token.isPunctuator(";") || token.isPunctuator(",") { return }
                if token.precededByLineBreak, let last = lastAtLevel {
                    // An arrow function with a block body cannot be continued.
                    if afterArrowBody { return }
                    if ExpressionBoundary.canEnd(after: last, in: tokens),
                       !ExpressionBoundary.continuesExpression(token) { return }
                }
                if token.isPunctuator("{"), let last = lastAtLevel, tokens[last].isPunctuator("=>") {
                    arrowBodyOpen = true
                }
                afterArrowBody = false
            }
            if token.opensNesting {
                depth += 1
            } else if token.closesNesting {
                depth -= 1
                if depth == 0, arrowBodyOpen {
                    arrowBodyOpen = false
                    afterArrowBody = true
                }
            }
            if depth == 0 { lastAtLevel = cursor }
            cursor += 1
        }
    }
}

/// A name a declaration binds, with where in the declaration it stands.
struct DeclaredName {
    /// Where a name stands in its declaration.
    struct Place: Sendable, Hashable {
        /// Which declarator of the comma list binds it, from 0 (`let a = 1, b = 2`: `b` is 1).
        var declarator: Int
        /// Whether a destructuring pattern binds it (`const {a} = obj`).
        var inPattern: Bool
    }
    let token: Token
    let place: Place
}
