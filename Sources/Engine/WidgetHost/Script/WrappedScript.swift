import ScriptSyntax

/// A script rewritten as the body of an `async` arrow function (S1), with its
/// outputs' getters registered up front, and the map back to the user's file (S2).
///
/// Layout of the wrapped text, which evaluates to the body's function (``RunState/startBody(_:in:)``):
/// ```
/// (async () => {<registration><the user's line 1>
/// <the user's other lines, line for line>
/// ;return __widgethost$end;
/// })
/// ```
/// where the registration, `;const __widgethost$end=__widgethost$register(<reader>);`, hands
/// the host the reader of the top-level bindings and takes the end marker. An arrow function has
/// no `arguments` and no `new.target` of its own and takes `this` from the script around it (the
/// global object), so the script sees at its top level what a classic script sees: `arguments`
/// is not defined (S9). The host calls it with no arguments, and no frame of the host's stands in
/// its stacks. A script that never mentions `await` and never returns at top level cannot
/// observe whether its body is asynchronous, so it runs as a plain arrow function (the engine
/// then skips the promise machinery, a large share of a small run).
///
/// Every user line keeps its number, so the line an error object reports to the
/// script itself (`e.line`, `e.stack`) is the user's own. Columns on line 1 are
/// shifted by the prefix (the engine takes a first line number but no first column),
/// and mapped back in everything the host reports. When the file starts with a directive
/// prologue (`"use strict";`), the registration must follow it: it is inserted
/// right after the prologue on the same line, and columns after it are mapped back.
struct WrappedScript {
    static let endName = "__widgethost$end"
    static let prefix = "(async () => {"
    static let suffix = "\n;return \(endName);\n})"
    static let plainPrefix = "(() => {"
    static let plainSuffix = suffix

    let text: String
    /// Whether the body runs as a plain function (see above).
    let isPlain: Bool
    let scan: ScriptScan
    let sourceURL: String
    /// The user's lines, as JavaScript counts them.
    let lines: SourceLines
    /// UTF-16 length of what precedes the user's line 1 on the wrapped line 1.
    private let prefixLength: Int
    /// Where the registration went when it follows a directive prologue (user coordinates).
    private let insertion: (line: Int, column: Int, length: Int)?
    /// UTF-8 lengths: of the wrapped text before the user's first byte, of the user's bytes
    /// before the registration, and of the registration (for ``text(beforeUserOffset:)``).
    private let layoutUTF8: (prefix: Int, head: Int, registration: Int)

    /// `outputNames`: the top-level names the reader collects, as written (``BindingCollection``).
    init(source: ScriptSource, scan: ScriptScan, outputNames: [String]) {
        self.scan = scan
        sourceURL = source.name
        var body = source.text
        if body.hasPrefix("#!") {  // a hashbang line is a comment to the engine; keep its length
            body = "//" + body.dropFirst(2)
        }
        let registration = ";const \(Self.endName)=\(RunState.registerGlobal)(\(Self.reader(of: outputNames)));"
        isPlain = !scan.mentionsAwait && scan.topLevelReturns.isEmpty
        let prefix = isPlain ? Self.plainPrefix : Self.prefix
        let suffix = isPlain ? Self.plainSuffix : Self.suffix
        let utf8 = body.utf8
        let prologueEnd = min(scan.directivePrologueEnd, utf8.count)
        layoutUTF8 = (prefix.utf8.count, prologueEnd, registration.utf8.count)
        if prologueEnd == 0 {
            text = prefix + registration + body + suffix
            prefixLength = prefix.utf16.count + registration.utf16.count
            insertion = nil
        } else {
            let split = utf8.index(utf8.startIndex, offsetBy: prologueEnd)
            let head = String(body[..<split])
            text = prefix + head + registration + String(body[split...]) + suffix
            prefixLength = prefix.utf16.count
            let position = Self.position(ofEndOf: head)
            insertion = (position.line, position.column, registration.utf16.count)
        }
        lines = SourceLines(source.text)
    }

    /// The layout of the object the body's reader fills (``reader(of:)``), an object without a
    /// prototype: for the binding at `slot` (the script's output names, in order), the value
    /// or what reading it threw, and `true` when it threw.
    enum Collected {
        static func value(_ slot: Int) -> Int { 2 * slot }
        static func threw(_ slot: Int) -> Int { 2 * slot + 1 }
    }

    /// The function the output collector calls with its output object (``Collected``):
    /// it writes each binding's value, or what reading it threw (a binding still in its
    /// temporal dead zone, O4), and returns how many bindings there are. One function for
    /// all bindings, since the engine prepares every function a context calls.
    static func reader(of names: [String]) -> String {
        let out = "__widgethost$o", thrown = "__widgethost$e"
        var text = "(\(out)) => {"
        for (slot, name) in names.enumerated() {
            let value = Collected.value(slot), threw = Collected.threw(slot)
            text += "try{\(out)[\(value)]=\(name)}catch(\(thrown)){\(out)[\(threw)]=true;\(out)[\(value)]=\(thrown)}"
        }
        return text + "return \(names.count)}"
    }

    /// The wrapped text cut after the user's first `offset` bytes (UTF-8): the host's prefix and
    /// registration, the user's text up to there, nothing after (so a prefix that parses so far
    /// ends in "Unexpected end of script").
    func text(beforeUserOffset offset: Int) -> String {
        let userEnd = offset + (offset >= layoutUTF8.head ? layoutUTF8.registration : 0)
        let bytes = text.utf8
        let end = bytes.index(bytes.startIndex, offsetBy: min(bytes.count, layoutUTF8.prefix + userEnd))
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// Maps an engine location in the wrapped text back to the user's file.
    func userLocation(line: Int, column: Int?) -> (line: Int, column: Int?) {
        let userLine = min(max(line, 1), lines.count)
        guard var column else { return (userLine, nil) }
        if line == 1 { column = max(1, column - prefixLength) }
        if let insertion, insertion.line == userLine, column > insertion.column {
            column = max(insertion.column, column - insertion.length)
        }
        return (userLine, column)
    }

    /// The engine's column for a user location: ``userLocation(line:column:)`` the other way.
    func engineColumn(line: Int, column: Int) -> Int {
        var engine = column
        if let insertion, insertion.line == line, column > insertion.column { engine += insertion.length }
        if line == 1 { engine += prefixLength }
        return engine
    }

    /// Whether an engine location lies in the host's own prefix (the call that starts the body).
    func isHostLocation(line: Int, column: Int) -> Bool { line == 1 && column <= prefixLength }

    /// Rewrites an engine stack trace: frames in the user's file get user
    /// locations, frames inside the host are dropped.
    func userStack(_ stack: String?) -> [String] {
        guard let stack else { return [] }
        return stack.split(separator: "\n").compactMap { frame -> String? in
            let frame = String(frame)
            guard let at = frame.lastIndex(of: "@") else { return frame }
            let function = String(frame[..<at])
            let location = frame[frame.index(after: at)...]
            if location.hasPrefix("widgethost:") { return nil }
            let parts = location.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]),
                parts.dropLast(2).joined(separator: ":") == sourceURL
            else { return frame }
            // The host's prefix and suffix: the call that starts the body.
            if isHostLocation(line: line, column: column) || line > lines.count { return nil }
            let mapped = userLocation(line: line, column: column)
            let name = function.isEmpty || function == "global code" ? "<script>" : function
            return "\(name) (\(sourceURL):\(mapped.line):\(mapped.column ?? column))"
        }
    }

    /// 1-based line and UTF-16 column just after `text`.
    private static func position(ofEndOf text: String) -> (line: Int, column: Int) {
        let lines = SourceLines(text)
        return (lines.count, (lines.line(lines.count)?.utf16.count ?? 0) + 1)
    }

    /// A binding name as the script means it: `\u0061bc` is `abc`.
    static func decodedName(_ name: String) -> String {
        guard name.contains("\\") else { return name }
        var result = ""
        var scalars = name.unicodeScalars[...]
        while let first = scalars.first {
            scalars = scalars.dropFirst()
            guard first == "\\", scalars.first == "u" else { result.unicodeScalars.append(first); continue }
            scalars = scalars.dropFirst()
            var hex = ""
            if scalars.first == "{" {
                scalars = scalars.dropFirst()
                while let digit = scalars.first, digit != "}" { hex.unicodeScalars.append(digit); scalars = scalars.dropFirst() }
                scalars = scalars.dropFirst()
            } else {
                for _ in 0..<4 { if let digit = scalars.first { hex.unicodeScalars.append(digit); scalars = scalars.dropFirst() } }
            }
            if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}

/// JavaScript string literals built from Swift strings.
enum JSStringLiteral {
    static func quote(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
