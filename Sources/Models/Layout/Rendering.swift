import JSONKit

extension Template {
    /// The field's value in `scope` (A10).
    ///
    /// - A field that is exactly one placeholder keeps the value's JSON type: a number stays a
    ///   number, an object stays an object, `null` stays `null`.
    /// - Anything else — text around a placeholder, several placeholders — is a string: literal
    ///   text plus each value as JavaScript's `String(value)` prints it (``text(of:)``).
    /// - A missing value, a bad path, an invalid placeholder or a loop source used as a value
    ///   renders as `""` (also as the whole field).
    /// - A field with no placeholders is its text as written.
    public func render(in scope: LayoutScope) -> JSONValue {
        if let only = singlePlaceholder {
            return scope.resolve(only) ?? .string("")
        }
        return .string(renderText(in: scope))
    }

    /// The field as text, every placeholder replaced by ``text(of:)`` of its value (or `""`).
    public func renderText(in scope: LayoutScope) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let text):
                out += text
            case .placeholder(let p):
                if let value = scope.resolve(p) { Template.appendText(of: value, to: &out) }
            }
        }
        return out
    }

    /// A value as JavaScript's `String(value)` (and template-literal interpolation) prints it:
    /// strings as they are; numbers as `Number.prototype.toString` (`21.5`, `1e+21`, `-0` as `0`,
    /// `NaN`, `Infinity`); `true`/`false`; `null` as `null`; arrays as their elements joined with
    /// `,` (`null` elements as empty text, nested arrays flattened the same way); objects as
    /// `[object Object]`.
    public static func text(of value: JSONValue) -> String {
        var out = ""
        appendText(of: value, to: &out)
        return out
    }

    static func appendText(of value: JSONValue, to out: inout String) {
        switch value {
        case .string(let s): out += s
        case .number(let d): out += numberText(d)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .object: out += "[object Object]"
        case .array(let elements):
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                if case .null = element { continue }
                appendText(of: element, to: &out)
            }
        }
    }

    static func numberText(_ d: Double) -> String {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d < 0 ? "-Infinity" : "Infinity" }
        return JSONValue.formatNumber(d)
    }
}
