// String, template and regular-expression literals, and the context decisions
// (regex or division, block or expression brace) that the tokenizer needs.
extension Tokenizer {
    /// Keywords after which a `/` starts a regular expression.
    static let keywordsBeforeExpression: Set<String> = [
        "return", "typeof", "instanceof", "in", "new", "delete", "void", "throw",
        "case", "do", "else", "yield", "await", "extends",
    ]

    /// Keywords after which a `{` is an object literal.
    static let keywordsBeforeObjectLiteral: Set<String> = [
        "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw",
        "case", "yield", "await", "extends",
    ]

    /// Keywords whose `(` holds a condition rather than call arguments.
    static let controlKeywords: Set<String> = ["if", "for", "while", "with"]


    mutating func lexString(start: SourcePosition) -> Token.Kind {
        let quote = bytes[index]
        bump()
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                bump()
                return .string
            }
            if byte == CharacterClasses.backslash {
                bump()
                let length = lineTerminatorLength(at: index)
                if length > 0 {
                    consumeLineTerminator(length)
                } else if index < bytes.count {
                    bump()
                }
                continue
            }
            let length = lineTerminatorLength(at: index)
            if length == 3 {
                consumeLineTerminator(length)  // U+2028/U+2029 are allowed in strings.
            } else if length > 0 {
                break
            } else {
                bump()
            }
        }
        report("Unterminated string literal", at: start)
        return .string
    }

    /// Lexes template text after a backtick (`opening`) or a substitution's `}`.
    mutating func lexTemplateText(backtick: SourcePosition, opening: Bool) -> Token.Kind {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == CharacterClasses.backtick {
                bump()
                return opening ? .noSubstitutionTemplate : .templateTail
            }
            if byte == CharacterClasses.dollar, peek(index + 1) == CharacterClasses.openBrace {
                bump()
                bump()
                braceStack.append(.template(backtick))
                return opening ? .templateHead : .templateMiddle
            }
            if byte == CharacterClasses.backslash {
                bump()
                guard index < bytes.count else { break }
            }
            let length = lineTerminatorLength(at: index)
            if length > 0 { consumeLineTerminator(length) } else { bump() }
        }
        reportedUnterminatedTemplate = true
        report("Unterminated template literal", at: backtick)
        return opening ? .noSubstitutionTemplate : .templateTail
    }

    mutating func lexRegex(start: SourcePosition) -> Token.Kind {
        bump()
        var inClass = false
        while index < bytes.count, lineTerminatorLength(at: index) == 0 {
            let byte = bytes[index]
            bump()
            switch byte {
            case CharacterClasses.backslash:
                if index < bytes.count, lineTerminatorLength(at: index) == 0 { bump() }
            case CharacterClasses.openBracket:
                inClass = true
            case CharacterClasses.closeBracket:
                inClass = false
            case CharacterClasses.slash where !inClass:
                while let flag = peek(index), CharacterClasses.isASCIIIdentifierPart(flag) { bump() }
                return .regularExpression
            default:
                break
            }
        }
        report("Unterminated regular expression literal", at: start)
        return .regularExpression
    }

    /// Decides regex versus division from the previous significant token.
    func slashStartsRegex() -> Bool {
        guard let previous else { return true }
        switch previous.kind {
        case .identifier:
            if previousIsPropertyName { return false }
            return Self.keywordsBeforeExpression.contains(previous.text)
        case .number, .string, .regularExpression, .noSubstitutionTemplate, .templateTail, .privateName:
            return false
        case .punctuator:
            switch previous.text {
            case ")": return lastClosedParenWasControl
            case "]", "++", "--": return false
            case "}": return lastClosedBraceWasBlock
            default: return true
            }
        default:
            return true
        }
    }

    /// Whether a `{` at the current position opens a statement-level brace
    /// (block, function or class body) rather than an object literal.
    func openBraceIsBlock() -> Bool {
        guard let previous else { return true }
        switch previous.kind {
        case .identifier:
            if previousIsPropertyName { return true }
            if previous.text == "return" { return sawLineBreak }
            return !Self.keywordsBeforeObjectLiteral.contains(previous.text)
        case .punctuator:
            switch previous.text {
            case ")", "]", "}", ";", "{", "++", "--", "=>": return true
            default: return false
            }
        case .templateHead, .templateMiddle:
            return false
        default:
            return true
        }
    }

    /// Whether a `(` at the current position follows `if`, `for`, `while`,
    /// `with` or `for await`.
    func openParenIsControl() -> Bool {
        guard let previous, previous.kind == .identifier, !previousIsPropertyName else { return false }
        if previous.text == "await", previousFollowsFor { return true }
        return Self.controlKeywords.contains(previous.text)
    }
}
