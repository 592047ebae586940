/// The keyword that introduced a binding.
public enum DeclarationKind: String, Sendable, Hashable {
    /// A `let` declaration.
    case `let`
    /// A `const` declaration.
    case `const`
    /// A `var` declaration.
    case `var`
}

/// One name bound by a top-level `let`, `const` or `var` declaration.
public struct TopLevelBinding: Sendable, Hashable {
    /// The bound name as written (escapes are not decoded).
    public var name: String
    /// The declaration keyword.
    public var kind: DeclarationKind
    /// Where the name appears in the declaration.
    public var position: SourcePosition

    /// Creates a binding record.
    public init(name: String, kind: DeclarationKind, position: SourcePosition) {
        self.name = name
        self.kind = kind
        self.position = position
    }
}

/// What ``ScriptScanner/scan(_:)`` learns about a widget script.
public struct ScriptScan: Sendable, Hashable {
    /// All top-level bindings in source order, including `_`-prefixed names
    /// (the caller filters). A name appears once per declaration.
    public var bindings: [TopLevelBinding]
    /// UTF-8 offset just after the directive prologue (string-literal expression
    /// statements at the very start, with the terminating `;` if any); 0 when there
    /// is none.
    public var directivePrologueEnd: Int
    /// `return` statements outside every function of the script, at any block depth.
    public var topLevelReturns: [SourcePosition]
    /// Problems that make the script certainly invalid, in source order.
    public var problems: [SyntaxProblem]
    /// Whether the word `await` appears anywhere outside a property name (`a.await`).
    /// A script without it never waits at top level, so its body may run as a
    /// plain function (nothing it can observe differs, and the engine skips the
    /// promise machinery).
    public var mentionsAwait: Bool
    /// How many tokens the script has (comments are not tokens): what parsing it takes grows with it.
    public var tokenCount: Int

    /// Creates a scan result.
    public init(bindings: [TopLevelBinding], directivePrologueEnd: Int,
                topLevelReturns: [SourcePosition], problems: [SyntaxProblem], mentionsAwait: Bool = true, tokenCount: Int = 0) {
        self.bindings = bindings
        self.mentionsAwait = mentionsAwait
        self.tokenCount = tokenCount
        self.directivePrologueEnd = directivePrologueEnd
        self.topLevelReturns = topLevelReturns
        self.problems = problems
    }

    /// The script's outputs: distinct binding names not starting with `_`, in
    /// order of first declaration. Names are compared by their UTF-8 bytes, as the engine
    /// compares identifiers: two that differ only in Unicode normalization are two names.
    public var outputNames: [String] {
        var seen = Set<[UInt8]>()
        return bindings.compactMap { binding in
            guard binding.name.utf8.first != UInt8(ascii: "_"), seen.insert(Array(binding.name.utf8)).inserted else { return nil }
            return binding.name
        }
    }
}
