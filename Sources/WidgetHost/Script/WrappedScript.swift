import ScriptSyntax

/// A script rewritten as the body of an `async` function (S1), with its
/// outputs' getters registered up front, and the map back to the user's file (S2).
///
/// Layout of the wrapped text:
/// ```
/// __widgethost$start(async function (__widgethost$register, __widgethost$end) {<registration>
/// <the user's file, line for line>
/// ;return __widgethost$end;
/// })
/// ```
/// Every user line sits exactly one line lower, so locations map back by
/// subtracting one line. When the file starts with a directive prologue
/// (`"use strict";`), the registration must follow it: it is inserted right
/// after the prologue on the same line, and columns after it are shifted back.
struct WrappedScript {
    static let registerName = "__widgethost$register"
    static let endName = "__widgethost$end"
    /// Evaluating the wrapped text hands the body to the prelude's start function
    /// in the same entry into the engine.
    static let prefix = "\(Prelude.startGlobal)(async function (\(registerName), \(endName)) {"
    static let suffix = "\n;return \(endName);\n})"

    let text: String
    let scan: ScriptScan
    let sourceURL: String
    private let userLineCount: Int
    /// Where the registration went when it follows a directive prologue (user coordinates).
    private let insertion: (line: Int, column: Int, length: Int)?

    init(source: ScriptSource, scan: ScriptScan) {
        self.scan = scan
        sourceURL = source.name
        let getters = scan.outputNames.map { "\(JSStringLiteral.quote($0)): () => \($0)" }
        let registration = ";\(Self.registerName)(() => ({\(getters.joined(separator: ", "))}));"
        let utf8 = source.text.utf8
        let prologueEnd = min(scan.directivePrologueEnd, utf8.count)
        if prologueEnd == 0 {
            text = Self.prefix + registration + "\n" + source.text + Self.suffix
            insertion = nil
        } else {
            let split = utf8.index(utf8.startIndex, offsetBy: prologueEnd)
            let head = String(source.text[..<split])
            let tail = String(source.text[split...])
            text = Self.prefix + "\n" + head + registration + tail + Self.suffix
            let position = Self.position(ofEndOf: head)
            insertion = (position.line, position.column, registration.utf16.count)
        }
        userLineCount = source.text.reduce(into: 1) { count, character in if character == "\n" { count += 1 } }
    }

    /// Maps an engine location in the wrapped text back to the user's file.
    func userLocation(line: Int, column: Int?) -> (line: Int, column: Int?) {
        let userLine = min(max(line - 1, 1), userLineCount)
        guard var column else { return (userLine, nil) }
        if line - 1 < 1 { column = 1 }
        if let insertion, insertion.line == userLine, column > insertion.column {
            column = max(insertion.column, column - insertion.length)
        }
        return (userLine, column)
    }

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
            if line < 2 { return nil }  // the wrapper's own first line: the host calling the body
            let mapped = userLocation(line: line, column: column)
            let name = function.isEmpty || function == "global code" ? "<script>" : function
            return "\(name) (\(sourceURL):\(mapped.line):\(mapped.column ?? column))"
        }
    }

    /// 1-based line and UTF-16 column just after `text`.
    private static func position(ofEndOf text: String) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for scalar in text.unicodeScalars {
            if scalar == "\n" { line += 1; column = 1 } else { column += scalar.utf16.count }
        }
        return (line, column)
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
