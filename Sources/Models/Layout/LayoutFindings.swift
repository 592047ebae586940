import ErrorKinds
import JSONKit

/// The findings the check gives, and their messages.
extension Checker {
    // MARK: - Syntax (once per field, whatever the data)

    mutating func checkSyntax(_ field: LayoutField) {
        let template = field.template
        for column in template.unterminatedColumns {
            record(LayoutFinding(code: .syntax,
                message: "'${' at column \(column) has no closing '}', so it shows as literal text. Add '}' after the path.",
                location: field.location, column: column))
        }
        if field.role == .dataSource { checkDataSourceSyntax(field) }
        for p in template.placeholders {
            if p.syntax == .legacy {
                record(LayoutFinding(code: .legacy,
                    message: "\(p.source) is the legacy {…} form; the app reads it and rewrites it as ${…} on save. Write ${\(p.body)}.",
                    location: field.location, column: p.column, placeholder: p.source, suggestion: p.body))
            }
            switch p.target {
            case .invalid(let reason):
                record(LayoutFinding(code: .syntax,
                    message: "\(p.source) is not a valid placeholder: \(reason). It shows as empty text.",
                    location: field.location, column: p.column, placeholder: p.source))
            case .loop(let source) where field.role == .value:
                let message = isTextLayout
                    ? "\(p.source) is a loop source, which only a container's dataSource can use, and a text layout has no containers. To check a loop, write the layout as a JSON tree; to show one element, write ${\(source.array)[0]}. It shows as empty text."
                    : "\(p.source) declares the loop item \(source.itemName), which only a container's dataSource can do. Move it to the container's dataSource to repeat its children, or write ${\(source.array)[0]} to show one element. It shows as empty text."
                record(LayoutFinding(code: .syntax, message: message, location: field.location, column: p.column,
                                     placeholder: p.source))
            default:
                break
            }
        }
    }

    private mutating func checkDataSourceSyntax(_ field: LayoutField) {
        let template = field.template
        let example = "such as ${rows[row]} (the array, and in brackets the name the children use for each item)"
        if !template.hasPlaceholders {
            let literal = Template("${" + template.source + "}").singlePlaceholder
            if let literal, case .loop = literal.target {
                record(LayoutFinding(code: .syntax,
                    message: "dataSource \"\(template.source)\" is plain text; write it as a placeholder: \(literal.source). The container shows no children.",
                    location: field.location, column: 1, suggestion: literal.body))
            } else {
                record(LayoutFinding(code: .syntax,
                    message: "dataSource must be a placeholder \(example); the container shows no children.",
                    location: field.location, column: 1))
            }
            return
        }
        guard let only = template.singlePlaceholder else {
            record(LayoutFinding(code: .syntax,
                message: "dataSource must be exactly one placeholder \(example), with no other text; the container shows no children.",
                location: field.location, column: template.placeholders.first?.column))
            return
        }
        if case .path(let path) = only.target {
            let fixed = "\(path)[item]"
            record(LayoutFinding(code: .syntax,
                message: "dataSource \(only.source) names no loop item: write ${\(fixed)} and use ${item.…} in the children. The container shows no children.",
                location: field.location, column: only.column, placeholder: only.source, suggestion: fixed))
        }
    }

    // MARK: - Values (per rendering)

    /// Why a path did not resolve: the entry status and the finding.
    mutating func explain(_ failure: LookupFailure, _ p: Placeholder, _ field: LayoutField, scope: LayoutScope,
                          loop: [LayoutEntry.LoopStep]) -> (LayoutEntry.Status, LayoutFinding) {
        let path = failure.path
        let segment = path.segments[failure.depth]
        var suggestion: String?
        var message: String
        var code = LayoutFinding.Code.missing
        var status = LayoutEntry.Status.missing

        func replacing(_ name: String, at depth: Int, prefix: [PlaceholderPath.Segment] = []) -> String {
            var segments = path.segments
            segments.replaceSubrange(depth...depth, with: prefix + [.key(name)])
            return PlaceholderPath.spell(isGlobal: path.isGlobal, segments[...])
        }

        switch failure.reason {
        case .noSuchName where failure.depth == 0:
            let name = path.head
            if path.isGlobal, scope.bound(name) != nil {
                suggestion = PlaceholderPath.spell(isGlobal: false, path.segments[...])
                message = "There is no output named \(name): '$' looks only among the outputs, and \(name) is a loop item here. Write ${\(suggestion!)}."
            } else {
                let what = scope.bindings.isEmpty || path.isGlobal ? "output" : "output or loop item"
                message = "No \(what) is named \(name), so \(p.source) shows as empty text."
                if name.hasPrefix("_") {
                    message += " Names that start with '_' are never outputs; rename it in the script."
                }
                if let near = suggestHead(name, global: path.isGlobal, scope: scope) {
                    suggestion = replacing(near, at: 0)
                    message += " Did you mean ${\(suggestion!)}?"
                } else if scope.outputs.isEmpty {
                    message += " The script published no outputs; run it first or check that it ends without an error."
                } else {
                    message += " Outputs: \(Self.list(scope.outputs.keys))."
                }
            }
        case .noSuchName:
            let keys = failure.parent?.objectValue.map { Array($0.keys) } ?? []
            let missing: String
            switch segment {
            case .key(let k): missing = k
            case .index(let i): missing = String(i)
            }
            message = "\(failure.prefix) has no member \(JSONValue.quote(missing)), so \(p.source) shows as empty text."
            if let near = DidYouMean.nearest(to: missing, among: keys) {
                suggestion = replacing(near, at: failure.depth)
                message += " Did you mean ${\(suggestion!)}?"
            } else if keys.isEmpty {
                message += " It is an empty object."
            } else {
                message += " Its members: \(Self.list(keys))."
            }
        case .outOfRange:
            let count = failure.parent?.arrayValue?.count ?? 0
            message = count == 0
                ? "\(failure.prefix) is an empty array, so \(p.source) shows as empty text."
                : "\(failure.prefix) has \(Self.elements(count)), so \(failure.failingPart) is past the end (indices 0 to \(count - 1)) and shows as empty text."
        case .keyOnArray:
            code = .type
            status = .typeMismatch
            let count = failure.parent?.arrayValue?.count ?? 0
            message = "\(failure.prefix) is an array of \(Self.elements(count)); \(failure.failingPart) needs a number index such as \(failure.prefix)[0]."
            if case .key(let k) = segment, failure.parent?[0]?[k] != nil {
                suggestion = replacing(k, at: failure.depth, prefix: [.index(0)])
                message += " Did you mean ${\(suggestion!)}, or a loop over \(failure.prefix)?"
            }
        case .notContainer:
            code = .type
            status = .typeMismatch
            let parent = failure.parent ?? .null
            message = "\(failure.prefix) is \(Self.describe(parent)), so \(failure.failingPart) has nothing to look into and shows as empty text."
            if Self.isJSONText(parent) {
                message += " It is JSON text: parse it in the script (JSON.parse) so the layout can reach its members."
            } else if let near = siblingSuggestion(failure, scope: scope) {
                suggestion = near
                message += " Did you mean ${\(near)}?"
            } else {
                message += " Show it whole with ${\(failure.prefix)}, or make it an object in the script."
            }
        }
        let finding = LayoutFinding(code: code, message: message, location: field.location, column: p.column,
                                    placeholder: p.source, suggestion: suggestion, loop: loop)
        return (status, finding)
    }

    /// For a path that looks inside a scalar (`temp.value`), a close name at the scalar's level
    /// with which the whole path resolves (`temps.value`), if there is one.
    private func siblingSuggestion(_ failure: LookupFailure, scope: LayoutScope) -> String? {
        let path = failure.path
        let level = failure.depth - 1
        guard level >= 0, case .key(let name) = path.segments[level] else { return nil }
        let names: [String]
        if level == 0 {
            names = Array(scope.outputs.keys) + (path.isGlobal ? [] : scope.bindings.map(\.name))
        } else {
            let above = PlaceholderPath(isGlobal: path.isGlobal, segments: Array(path.segments[..<level]))
            names = scope.resolve(above)?.objectValue.map { Array($0.keys) } ?? []
        }
        let workable = Set(names).filter { candidate in
            var segments = path.segments
            segments[level] = .key(candidate)
            return scope.resolve(PlaceholderPath(isGlobal: path.isGlobal, segments: segments)) != nil
        }
        guard let near = DidYouMean.nearest(to: name, among: workable) else { return nil }
        var segments = path.segments
        segments[level] = .key(near)
        return PlaceholderPath.spell(isGlobal: path.isGlobal, segments[...])
    }

    func loopSourceFinding(_ value: JSONValue, _ source: LoopSource, _ p: Placeholder, _ field: LayoutField,
                           loop: [LayoutEntry.LoopStep]) -> LayoutFinding {
        var message = "\(source.array) is \(Self.describe(value)), not an array, so the container shows no children."
        if Self.isJSONText(value) {
            message += " It is JSON text: parse it in the script, e.g. this.\(source.array.head) = JSON.parse(…)."
        } else {
            message += " Make it an array in the script ([] when there is nothing to show)."
        }
        return LayoutFinding(code: .loopSource, message: message, location: field.location, column: p.column,
                             placeholder: p.source, loop: loop)
    }

    /// An object, array or null inside text prints as JavaScript prints it, which is rarely meant.
    func textConversionFinding(_ value: JSONValue, _ p: Placeholder, _ field: LayoutField,
                               loop: [LayoutEntry.LoopStep]) -> LayoutFinding? {
        guard let path = p.path else { return nil }
        let message: String
        var suggestion: String?
        switch value {
        case .object(let members):
            let first = members.keys.first
            if let first {
                suggestion = PlaceholderPath.spell(isGlobal: path.isGlobal, (path.segments + [.key(first)])[...])
            }
            message = "\(p.source) is an object, which text shows as [object Object]. Pick a member"
                + (suggestion.map { ", e.g. ${\($0)}." } ?? ".")
        case .array(let elements):
            message = "\(p.source) is an array, which text shows as its elements joined by commas (\(JSONValue.quote(Template.text(of: value)))). Pick an element such as ${\(path)[0]}, or repeat children with a container's dataSource."
            if !elements.isEmpty {
                suggestion = PlaceholderPath.spell(isGlobal: path.isGlobal, (path.segments + [.index(0)])[...])
            }
        case .null:
            message = "\(p.source) is null, which text shows as \"null\". Give it a string in the script (\"\" or \"--\") when there is no value."
        default:
            return nil
        }
        return LayoutFinding(code: .type, message: message, location: field.location, column: p.column,
                             placeholder: p.source, suggestion: suggestion, loop: loop)
    }

    /// A numeric field whose rendered value is not a number, or is out of its range.
    func numericFinding(_ field: LayoutField, _ value: JSONValue, loop: [LayoutEntry.LoopStep]) -> LayoutFinding? {
        let name = field.name ?? "the field"
        let single = field.template.singlePlaceholder
        let column = field.template.placeholders.first?.column
        guard let number = Self.numericValue(value) else {
            let message = single.map {
                "\(name) needs a number, but \($0.source) is \(Self.describe(value)). Make it a number (or a string holding one) in the script."
            } ?? "\(name) needs a number, but it renders as \(JSONValue.quote(Template.text(of: value))). Remove the text around the placeholder, or compute the whole value in the script."
            return LayoutFinding(code: .type, message: message, location: field.location, column: column,
                                 placeholder: single?.source, loop: loop)
        }
        guard let name = field.name, ComponentSchema.isUnitInterval(name, in: field.componentType),
              !(0...1).contains(number) else { return nil }
        let shown = Template.numberText(number)
        let message = field.componentType == "gauge" && (name == "value" || name == "content")
            ? "A gauge value must be between 0 and 1, but it is \(shown). For a percentage, divide by 100 in the script."
            : "\(name) must be between 0 and 1, but it is \(shown)."
        return LayoutFinding(code: .range, message: message, location: field.location, column: column,
                             placeholder: single?.source, loop: loop)
    }

    /// A colour field whose one placeholder gives a value no colour is made of: a Boolean, a
    /// number, `null` or an array (the field is ignored, as if it were not there).
    func colorFinding(_ field: LayoutField, _ value: JSONValue, loop: [LayoutEntry.LoopStep]) -> LayoutFinding? {
        switch value {
        case .bool, .number, .null, .array: break
        case .string, .object: return nil
        }
        guard let single = field.template.singlePlaceholder else { return nil }
        let name = field.name ?? "the field"
        var hint = "Give it a colour in the script"
        if case .bool = value, case .path(let path) = single.target {
            hint = "Choose the colour in the script, e.g. \(path) ? \"#FF3B30\" : \"#34C759\""
        }
        let message = "\(name) needs a colour (\"#RRGGBB\", \"transparent\", {light, dark} or a gradient), but \(single.source) is \(Self.describe(value)), which is no colour: the field is ignored. \(hint)."
        return LayoutFinding(code: .type, message: message, location: field.location, column: single.column,
                             placeholder: single.source, loop: loop)
    }

    // MARK: - Wording

    /// The number a numeric field gets: a finite number, or a string holding one
    /// (surrounding whitespace allowed).
    static func numericValue(_ value: JSONValue) -> Double? {
        switch value {
        case .number(let d): return d.isFinite ? d : nil
        case .string(let s):
            let trimmed = s.unicodeScalars.drop { $0.properties.isWhitespace }
            var text = String(String.UnicodeScalarView(trimmed))
            while let last = text.unicodeScalars.last, last.properties.isWhitespace { text.unicodeScalars.removeLast() }
            guard let d = Double(text), d.isFinite else { return nil }
            return d
        default: return nil
        }
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return "the Boolean \(b)"
        case .number(let d): return "the number \(Template.numberText(d))"
        case .string(let s):
            var shown = String(String.UnicodeScalarView(s.unicodeScalars.prefix(40)))
            if shown.unicodeScalars.count < s.unicodeScalars.count { shown += "…" }
            return "the string \(JSONValue.quote(shown))"
        case .array(let a): return "an array of \(elements(a.count))"
        case .object: return "an object"
        }
    }

    static func elements(_ n: Int) -> String { n == 1 ? "1 element" : "\(n) elements" }

    static func isJSONText(_ value: JSONValue) -> Bool {
        guard case .string(let s) = value, LayoutDocument.looksLikeJSON(s) else { return false }
        return (try? JSONValue.parse(s)) != nil
    }

    /// Up to 10 names, sorted, then "and N more".
    static func list(_ names: some Collection<String>) -> String {
        let sorted = names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let shown = sorted.prefix(10).joined(separator: ", ")
        return sorted.count > 10 ? shown + " and \(sorted.count - 10) more" : shown
    }
}
