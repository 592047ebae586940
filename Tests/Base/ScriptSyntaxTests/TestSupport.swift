import ScriptSyntax

/// Names of all top-level bindings of `source`, in order.
func bindingNames(_ source: String) -> [String] {
    ScriptScanner.scan(source).bindings.map(\.name)
}

/// `kind:name` for all top-level bindings of `source`.
func bindingSummary(_ source: String) -> [String] {
    ScriptScanner.scan(source).bindings.map { "\($0.kind.rawValue):\($0.name)" }
}

/// `[line, column]` of every top-level `return` in `source`.
func returnLocations(_ source: String) -> [[Int]] {
    ScriptScanner.scan(source).topLevelReturns.map { [$0.line, $0.column] }
}

/// Kinds and texts of the significant tokens of `source`.
func tokenTexts(_ source: String) -> [String] {
    Tokenizer.tokenize(source).tokens.map(\.text)
}
