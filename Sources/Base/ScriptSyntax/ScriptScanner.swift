/// Finds a widget script's top-level bindings, directive prologue, top-level
/// `return` statements and certain syntax problems, using ``Tokenizer``.
///
/// The script is assumed to run as the body of the host's `async function`.
public enum ScriptScanner {
    /// Scans `source` in time linear in its length.
    public static func scan(_ source: String) -> ScriptScan {
        guard case .scanned(let scan) = scan(source, watch: ScanWatch(nil)) else { preconditionFailure("a scan without limits ends") }
        return scan
    }

    /// Scans `source` within `limits`: the whole scan, or why it stopped part way (a script
    /// with more tokens than ``ScanLimits/maximumTokens``, or a clock past its deadline).
    public static func scan(_ source: String, limits: ScanLimits) -> ScanOutcome {
        scan(source, watch: ScanWatch(limits))
    }

    private static func scan(_ source: String, watch: ScanWatch) -> ScanOutcome {
        let (tokens, lexicalProblems) = Tokenizer.tokenize(source, watch: watch)
        if let stopped = watch.stopped { return stopped }
        var pass = ScanPass(tokens: tokens, watch: watch)
        pass.run()
        if let stopped = watch.stopped { return stopped }
        var problems = (lexicalProblems + pass.problems).sorted { $0.position.offset < $1.position.offset }
        if problems.isEmpty, let unclosed = pass.unclosedProblem { problems.append(unclosed) }
        return .scanned(ScriptScan(
            bindings: pass.bindings,
            directivePrologueEnd: directivePrologueEnd(tokens),
            topLevelReturns: pass.topLevelReturns,
            problems: problems,
            mentionsAwait: pass.mentionsAwait,
            tokenCount: tokens.count
        ))
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
