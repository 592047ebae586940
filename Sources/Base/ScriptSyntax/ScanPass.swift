/// One pass over a script's tokens: bracket matching, brace classification,
/// top-level declarations and top-level `return` statements.
struct ScanPass {
    /// What a `(` belongs to.
    enum ParenHead { case function, control, other }

    /// What a `{` opens.
    enum BraceKind { case block, functionBody, classBody, object }

    /// An open bracket.
    struct Frame {
        enum Kind { case paren(ParenHead), bracket, brace(BraceKind), template }
        var kind: Kind
        var opener: Token
        /// `?` seen at this level and not yet matched by `:`.
        var openConditionals = 0
    }

    let tokens: [Token]
    var stack: [Frame] = []
    var openFunctionBodies = 0
    var rootConditionals = 0
    /// Stack depths at which a `class` keyword awaits its body.
    var pendingClassDepths: [Int] = []
    var lastClosedParen: (index: Int, head: ParenHead)?
    var lastColon: (index: Int, isConditional: Bool)?
    /// Tokens before this index belong to an already parsed declaration.
    var declarationEnd = 0

    var bindings: [TopLevelBinding] = []
    var topLevelReturns: [SourcePosition] = []
    var mentionsAwait = false
    var problems: [SyntaxProblem] = []

    /// The scan's limits: the pass ends at its next step once they stop it.
    let watch: ScanWatch

    init(tokens: [Token], watch: ScanWatch) {
        self.tokens = tokens
        self.watch = watch
    }

    /// The innermost bracket still open at the end, if any.
    var unclosedProblem: SyntaxProblem? {
        guard let frame = stack.last else { return nil }
        // The problem's position is the opener's, so the message does not repeat it.
        return SyntaxProblem(message: "\(Self.describe(frame, at: false)) is never closed", position: frame.opener.position)
    }

    mutating func run() {
        for index in tokens.indices {
            guard watch.step() else { return }
            step(index)
        }
    }

    mutating func step(_ index: Int) {
        let token = tokens[index]
        switch token.kind {
        case .punctuator:
            switch token.text {
            case "(": stack.append(Frame(kind: .paren(parenHead(at: index)), opener: token))
            case "[": stack.append(Frame(kind: .bracket, opener: token))
            case "{":
                let kind = braceKind(at: index)
                if kind == .functionBody { openFunctionBodies += 1 }
                stack.append(Frame(kind: .brace(kind), opener: token))
            case ")", "]", "}": close(at: index)
            case "?": adjustConditionals(by: 1)
            case ":": noteColon(at: index)
            case ";": adjustConditionals(by: nil)
            default: break
            }
        case .templateHead:
            stack.append(Frame(kind: .template, opener: token))
        case .templateMiddle:
            if case .template? = stack.last?.kind { break }
            close(at: index)
            stack.append(Frame(kind: .template, opener: token))
        case .templateTail:
            close(at: index)
        case .identifier:
            if index > 0, ExpressionBoundary.isPropertyAccess(tokens[index - 1]) { return }
            identifier(at: index)
        default:
            break
        }
    }

    mutating func identifier(at index: Int) {
        let token = tokens[index]
        switch token.text {
        case "class":
            if let next = tokenAfter(index), next.kind == .identifier || next.isPunctuator("{") {
                pendingClassDepths.append(stack.count)
            }
        case "await":
            mentionsAwait = true
        case "return":
            guard openFunctionBodies == 0 else { return }
            if stack.isEmpty { topLevelReturns.append(token.position) }
            if case .brace(.block)? = stack.last?.kind { topLevelReturns.append(token.position) }
        case "var", "const", "let":
            guard stack.isEmpty, index >= declarationEnd, startsDeclaration(at: index) else { return }
            let kind = DeclarationKind(rawValue: token.text) ?? .var
            let (names, end) = DeclarationParser.parseNames(tokens, keywordIndex: index, watch: watch)
            declarationEnd = end
            var seen = Set<[UInt8]>()  // by bytes, as the engine compares identifiers
            for name in names where seen.insert(Array(name.token.text.utf8)).inserted {
                bindings.append(TopLevelBinding(
                    name: name.token.text, kind: kind, position: name.token.position, keyword: token.position,
                    declarator: name.place.declarator, inPattern: name.place.inPattern))
            }
        default:
            break
        }
    }

    /// `var`/`const` always start a declaration here; `let` only before a name,
    /// `[` or `{` (otherwise it is an identifier, as in `let = 5`).
    func startsDeclaration(at index: Int) -> Bool {
        guard tokens[index].text == "let" else { return true }
        guard let next = tokenAfter(index) else { return false }
        return ExpressionBoundary.isBindingName(next) || next.isPunctuator("[") || next.isPunctuator("{")
    }

    func tokenAfter(_ index: Int) -> Token? {
        index + 1 < tokens.count ? tokens[index + 1] : nil
    }

    func tokenBefore(_ index: Int, by distance: Int = 1) -> Token? {
        index - distance >= 0 ? tokens[index - distance] : nil
    }

    // MARK: - Brackets

    /// Closes the innermost frame with a `)`, `]`, `}` or template continuation.
    mutating func close(at index: Int) {
        let token = tokens[index]
        let closer = token.kind == .punctuator ? token.text : "}"
        guard let top = stack.last else {
            problems.append(SyntaxProblem(message: "Unexpected '\(closer)' with nothing open to close", position: token.position))
            return
        }
        if Self.closes(closer, token.kind, top.kind) {
            pop(at: index)
            return
        }
        problems.append(SyntaxProblem(
            message: "Unexpected '\(closer)': \(Self.describe(top)) is not closed",
            position: token.position))
        if let match = stack.lastIndex(where: { Self.closes(closer, token.kind, $0.kind) }) {
            while stack.count > match { pop(at: index) }
        }
    }

    mutating func pop(at index: Int) {
        guard let frame = stack.popLast() else { return }
        switch frame.kind {
        case .brace(.functionBody): openFunctionBodies -= 1
        case .paren(let head): lastClosedParen = (index, head)
        default: break
        }
        while let depth = pendingClassDepths.last, depth > stack.count { pendingClassDepths.removeLast() }
    }

    static func closes(_ closer: String, _ kind: Token.Kind, _ frame: Frame.Kind) -> Bool {
        switch frame {
        case .paren: return closer == ")"
        case .bracket: return closer == "]"
        case .brace: return closer == "}" && kind == .punctuator
        case .template: return kind == .templateMiddle || kind == .templateTail
        }
    }

    /// `'(' opened at 3:14`, or only `'('` when the problem is reported at the opener itself.
    static func describe(_ frame: Frame, at withPosition: Bool = true) -> String {
        let mark: String
        switch frame.kind {
        case .paren: mark = "("
        case .bracket: mark = "["
        case .brace: mark = "{"
        case .template: mark = "${"
        }
        return withPosition ? "'\(mark)' opened at \(frame.opener.position)" : "'\(mark)'"
    }
}
