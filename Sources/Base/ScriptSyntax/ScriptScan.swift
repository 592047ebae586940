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
    /// Where the declaration's keyword (`let`, `const`, `var`) is.
    public var keyword: SourcePosition
    /// Which declarator of the declaration's comma list binds the name, from 0
    /// (`let a = 1, b = 2`: `a` is 0, `b` is 1).
    public var declarator: Int
    /// Whether a destructuring pattern binds the name (`const {a, b} = obj`, `let [x] = list`).
    public var inPattern: Bool

    /// Creates a binding record; without the keyword's position, the name's stands for it.
    public init(name: String, kind: DeclarationKind, position: SourcePosition, keyword: SourcePosition? = nil,
                declarator: Int = 0, inPattern: Bool = false) {
        self.name = name
        self.kind = kind
        self.position = position
        self.keyword = keyword ?? position
        self.declarator = declarator
        self.inPattern = inPattern
    }

    /// Whether the declaration's keyword starts its line, with nothing before it (not even a space).
    public var keywordStartsLine: Bool { keyword.column == 1 }
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
