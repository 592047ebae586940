/// Finds a widget script's top-level bindings, directive prologue, top-level
/// `return` statements and certain syntax problems, using ``Tokenizer``.
///
/// The script is assumed to run as the body of the host's `async function`.
public enum ScriptScanner {
    /// Scans `source` in time linear in its length.
    public static func scan(_ source: String) -> ScriptScan {
        let (tokens, lexicalProblems) = Tokenizer.tokenize(source)
        var pass = ScanPass(tokens: tokens)
        pass.run()
        var problems = (lexicalProblems + pass.problems).sorted { $0.position.offset < $1.position.offset }
        if problems.isEmpty, let unclosed = pass.unclosedProblem { problems.append(unclosed) }
        return ScriptScan(
            bindings: pass.bindings,
            directivePrologueEnd: directivePrologueEnd(tokens),
            topLevelReturns: pass.topLevelReturns,
            problems: problems,
            mentionsAwait: pass.mentionsAwait
        )
    }

    /// The UTF-8 offset after the leading string-literal expression statements.
    static func directivePrologueEnd(_ tokens: [Token]) -> Int {
        var end = 0
        var index = 0
        while index < tokens.count, tokens[index].kind == .string {
            let directive = tokens[index]
            guard index + 1 < tokens.count else { return directive.end.offset }
            let next = tokens[index + 1]
            if next.isPunctuator(";") {
                end = next.end.offset
                index += 2
            } else if next.precededByLineBreak, !ExpressionBoundary.continuesExpression(next) {
                end = directive.end.offset
                index += 1
            } else {
                break
            }
        }
        return end
    }
}
