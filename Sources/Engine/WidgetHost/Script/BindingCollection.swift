import ScriptSyntax

/// Which top-level declarations of a script become its outputs, by edition, decided from the
/// script's scan (its tokens and declarations), never from a pattern over its text.
///
/// - iOS (O1): every name a top-level `let`, `const` or `var` binds, comma lists and
///   destructuring patterns included; `_` names left out.
/// - HarmonyOS (H2): the app appends `return { ...vars }` naming "only top-level (zero-indent)
///   const / let / var": a name is collected when its declaration's keyword starts its line,
///   it is not bound by destructuring ("暂不进 bindings") and it is the first declarator of its
///   declaration (*choice*: whether the app collects `b` of `let a = 1, b = 2` is not
///   documented, so a host that collected it would promise what the phone may not do); `_`
///   names left out. Each name left out for one of these reasons gets a
///   `binding-not-collected` info, so an author sees why `${x}` is empty.
enum BindingCollection {
    /// Why a top-level name is not collected in the HarmonyOS edition.
    enum Reason {
        /// Its declaration's keyword does not start its line.
        case indented
        /// A destructuring pattern binds it.
        case destructured
        /// It is not the first declarator of its declaration.
        case laterDeclarator
    }

    /// A top-level name that is not an output, and why.
    struct Left {
        let name: String
        let position: SourcePosition
        let reason: Reason
    }

    /// The output names, as written, in order of first declaration, and the names left out.
    static func outputs(of scan: ScriptScan, edition: Edition) -> (names: [String], left: [Left]) {
        guard edition == .harmony else { return (scan.outputNames, []) }
        var names: [String] = []
        var collected = Set<[UInt8]>()
        var candidates: [Left] = []
        for binding in scan.bindings where binding.name.utf8.first != UInt8(ascii: "_") {
            let reason: Reason? = binding.inPattern ? .destructured
                : !binding.keywordStartsLine ? .indented
                : binding.declarator > 0 ? .laterDeclarator : nil
            if let reason {
                candidates.append(Left(name: binding.name, position: binding.position, reason: reason))
            } else if collected.insert(Array(binding.name.utf8)).inserted {
                names.append(binding.name)
            }
        }
        // A name collected from another declaration is an output all the same.
        var reported = Set<[UInt8]>()
        let left = candidates.filter { !collected.contains(Array($0.name.utf8)) && reported.insert(Array($0.name.utf8)).inserted }
        return (names, left)
    }

    /// The `binding-not-collected` message for a name left out (H2).
    static func message(_ left: Left) -> String {
        let name = WrappedScript.decodedName(left.name)
        switch left.reason {
        case .indented:
            return "'\(name)' is not a binding of the card: the HarmonyOS edition collects only declarations whose const, let or var starts its line (no indentation), so ${\(name)} stays empty; move the declaration to the start of its line"
        case .destructured:
            return "'\(name)' is bound by destructuring, which the HarmonyOS edition does not collect, so ${\(name)} stays empty; declare it on a line of its own (const \(name) = …)"
        case .laterDeclarator:
            return "'\(name)' is not the first name of its declaration; the HarmonyOS edition is only documented to collect a declaration that starts its line, so it is not collected and ${\(name)} stays empty; declare it on a line of its own"
        }
    }
}
