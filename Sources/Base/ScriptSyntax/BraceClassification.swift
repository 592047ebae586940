// Heuristics that tell function bodies, blocks, class bodies and object
// literals apart, so that `return` can be attributed to the right function.
extension ScanPass {
    /// Keywords whose parenthesis holds a condition or clause, never parameters.
    static let controlKeywords: Set<String> = ["if", "for", "while", "with", "switch", "catch"]

    /// Keywords after which `{` starts a block.
    static let blockKeywords: Set<String> = ["else", "do", "try", "finally"]

    /// Keywords after which `{` starts an object literal.
    static let expressionKeywords: Set<String> = [
        "typeof", "void", "delete", "in", "instanceof", "new", "yield", "await",
        "case", "throw", "extends", "of",
    ]

    /// Classifies the `(` at `index`: parameters of `function`, a control-statement
    /// head, or anything else (calls, grouping, method parameters).
    func parenHead(at index: Int) -> ParenHead {
        guard let previous = tokenBefore(index) else { return .other }
        if previous.isPunctuator("*") {
            return tokenBefore(index, by: 2)?.isIdentifier("function") == true ? .function : .other
        }
        guard previous.kind == .identifier else { return .other }
        if let before = tokenBefore(index, by: 2), ExpressionBoundary.isPropertyAccess(before) { return .other }
        if previous.text == "function" { return .function }
        if let before = tokenBefore(index, by: 2) {
            if before.isIdentifier("function") { return .function }
            if before.isPunctuator("*"), tokenBefore(index, by: 3)?.isIdentifier("function") == true { return .function }
            if previous.text == "await", before.isIdentifier("for") { return .control }
        }
        return Self.controlKeywords.contains(previous.text) ? .control : .other
    }

    /// Classifies the `{` at `index` from the tokens before it and the enclosing frame.
    mutating func braceKind(at index: Int) -> BraceKind {
        if let depth = pendingClassDepths.last, depth == stack.count {
            pendingClassDepths.removeLast()
            return .classBody
        }
        guard let previous = tokenBefore(index) else { return .block }
        let enclosing = stack.last?.kind
        var inMemberList = false
        switch enclosing {
        case .brace(.object)?, .brace(.classBody)?: inMemberList = true
        default: break
        }
        switch previous.kind {
        case .punctuator:
            switch previous.text {
            case "=>":
                return .functionBody
            case ")":
                // Directly in an object literal or class body, `) {` is always a
                // method, getter or setter body.
                if inMemberList { return .functionBody }
                if let closed = lastClosedParen, closed.index == index - 1, closed.head == .function {
                    return .functionBody
                }
                return .block
            case ";", "{", "}", "]", "++", "--":
                if case .brace(.classBody)? = enclosing { return .functionBody }  // `static {`
                return .block
            case ":":
                if let colon = lastColon, colon.index == index - 1, !colon.isConditional, !inMemberList {
                    return .block  // label, `case x:` or `default:`
                }
                return .object
            default:
                return .object
            }
        case .identifier:
            if case .brace(.classBody)? = enclosing { return .functionBody }  // `static {`
            if let before = tokenBefore(index, by: 2), ExpressionBoundary.isPropertyAccess(before) { return .block }
            if previous.text == "return" {
                return tokens[index].precededByLineBreak ? .block : .object
            }
            if Self.blockKeywords.contains(previous.text) { return .block }
            return Self.expressionKeywords.contains(previous.text) ? .object : .block
        case .templateHead, .templateMiddle:
            return .object
        default:
            return .block
        }
    }

    /// Counts a `?` (`delta` 1) or resets the count at `;` (`delta` nil).
    mutating func adjustConditionals(by delta: Int?) {
        if stack.isEmpty {
            rootConditionals = delta.map { rootConditionals + $0 } ?? 0
        } else {
            let last = stack.count - 1
            stack[last].openConditionals = delta.map { stack[last].openConditionals + $0 } ?? 0
        }
    }

    /// Records whether the `:` at `index` ends a conditional's middle operand.
    mutating func noteColon(at index: Int) {
        var isConditional: Bool
        if stack.isEmpty {
            isConditional = rootConditionals > 0
            if isConditional { rootConditionals -= 1 }
        } else {
            let last = stack.count - 1
            isConditional = stack[last].openConditionals > 0
            if isConditional { stack[last].openConditionals -= 1 }
            if case .brace = stack[last].kind {} else { isConditional = true }
        }
        lastColon = (index, isConditional)
    }
}
