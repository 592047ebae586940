/// Rules for where an expression may end, used for automatic semicolon insertion.
enum ExpressionBoundary {
    /// Keywords that need an operand after them, so an expression cannot end there.
    static let operandKeywords: Set<String> = [
        "typeof", "void", "delete", "new", "in", "instanceof", "await", "extends",
        "case", "return", "throw",
    ]

    /// Punctuators that cannot continue an expression from the start of a new line.
    static let nonContinuingPunctuators: Set<String> = [
        "{", "}", ";", "++", "--", "!", "~", "...", "#", "@",
    ]

    /// Reserved words that can never be binding names.
    static let reservedWords: Set<String> = [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default",
        "delete", "do", "else", "enum", "export", "extends", "false", "finally", "for",
        "function", "if", "import", "in", "instanceof", "new", "null", "return", "super",
        "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with",
    ]

    /// Whether `token` can be a binding name (`await`, `yield`, `of`, ... can).
    static func isBindingName(_ token: Token) -> Bool {
        token.kind == .identifier && !reservedWords.contains(token.text)
    }

    /// Whether the expression may end after `tokens[index]`.
    static func canEnd(after index: Int, in tokens: [Token]) -> Bool {
        let token = tokens[index]
        switch token.kind {
        case .identifier:
            if index > 0, isPropertyAccess(tokens[index - 1]) { return true }
            return !operandKeywords.contains(token.text)
        case .number, .string, .regularExpression, .noSubstitutionTemplate, .templateTail:
            return true
        case .punctuator:
            switch token.text {
            case ")", "]", "}", "++", "--": return true
            default: return false
            }
        default:
            return false
        }
    }

    /// Whether `token`, first on a new line, continues the previous line's
    /// expression (so no semicolon is inserted before it).
    static func continuesExpression(_ token: Token) -> Bool {
        switch token.kind {
        case .punctuator: return !nonContinuingPunctuators.contains(token.text)
        case .identifier: return token.text == "in" || token.text == "instanceof"
        case .templateHead, .noSubstitutionTemplate: return true  // tagged template
        default: return false
        }
    }

    /// Whether `token` is `.` or `?.`, making the next identifier a property name.
    static func isPropertyAccess(_ token: Token) -> Bool {
        token.kind == .punctuator && (token.text == "." || token.text == "?.")
    }
}
