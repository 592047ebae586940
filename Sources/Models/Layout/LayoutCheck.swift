import ErrorKinds
import JSONKit

/// Checks a layout against a script's outputs: lists every placeholder with its rendered value
/// and reports what will not show as intended.
public enum LayoutCheck {
    /// Renders every placeholder of `document` against `outputs` and collects findings.
    ///
    /// - Placeholders outside loops are listed once; inside a loop, once per item (every item,
    ///   unless ``LayoutOptions/maxLoopItems`` or ``LayoutOptions/maxEntries`` stops it), each
    ///   entry naming its loop items.
    ///   Inside a loop with no items, placeholders are listed as not rendered.
    /// - Syntax findings are reported once per placeholder; value findings once per
    ///   placeholder as well, with the number of renderings that hit them.
    public static func run(_ document: LayoutDocument, outputs: JSONObject,
                           options: LayoutOptions = LayoutOptions()) -> LayoutReport {
        var checker = Checker(document: document, scope: LayoutScope(outputs: outputs), options: options)
        checker.run()
        let count = document.fields.reduce(0) { $0 + $1.template.placeholders.count }
        return LayoutReport(format: document.format, placeholderCount: count,
                            entries: checker.entries, findings: checker.sortedFindings())
    }
}

/// The state of one check.
struct Checker {
    let document: LayoutDocument
    let root: LayoutScope
    let options: LayoutOptions
    var entries: [LayoutEntry] = []
    var findings: [LayoutFinding] = []
    private var findingIndex: [FindingKey: Int] = [:]
    private var headSuggestions: [String: String?] = [:]
    private var entryLimitReported = false

    private struct FindingKey: Hashable {
        let code: LayoutFinding.Code
        let location: FieldLocation?
        let column: Int?
        let placeholder: String?
    }

    init(document: LayoutDocument, scope: LayoutScope, options: LayoutOptions) {
        self.document = document
        self.root = scope
        self.options = options
    }

    var isTextLayout: Bool { document.format == .text }

    mutating func run() {
        for finding in document.findings { record(finding) }
        for field in document.fields { checkSyntax(field) }
        switch document.body {
        case .lines(let fields):
            for field in fields { checkField(field, scope: root, loop: [], rendered: true) }
        case .component(let c):
            checkComponent(c, scope: root, loop: [], rendered: true)
        case .components(let cs):
            for c in cs { checkComponent(c, scope: root, loop: [], rendered: true) }
        }
    }

    /// Adds a finding, or counts one more occurrence of the same finding.
    mutating func record(_ finding: LayoutFinding) {
        let key = FindingKey(code: finding.code, location: finding.location, column: finding.column,
                             placeholder: finding.placeholder)
        if let i = findingIndex[key] {
            findings[i].occurrences += 1
        } else {
            findingIndex[key] = findings.count
            findings.append(finding)
        }
    }

    /// Findings in document order: structural ones (not on a field) first, then by field and
    /// column; equal positions keep the order they were found in.
    func sortedFindings() -> [LayoutFinding] {
        var ordinal: [FieldLocation: Int] = [:]
        for (i, field) in document.fields.enumerated() where ordinal[field.location] == nil {
            ordinal[field.location] = i
        }
        return findings.enumerated().sorted { a, b in
            let fa = a.element.location.flatMap { ordinal[$0] } ?? -1
            let fb = b.element.location.flatMap { ordinal[$0] } ?? -1
            if fa != fb { return fa < fb }
            let ca = a.element.column ?? 0
            let cb = b.element.column ?? 0
            if ca != cb { return ca < cb }
            return a.offset < b.offset
        }.map(\.element)
    }

    // MARK: - Walking

    private mutating func checkComponent(_ c: LayoutComponent, scope: LayoutScope, loop: [LayoutEntry.LoopStep],
                                         rendered: Bool) {
        for field in c.fields { checkField(field, scope: scope, loop: loop, rendered: rendered) }
        guard let source = c.dataSource else {
            for child in c.children { checkComponent(child, scope: scope, loop: loop, rendered: rendered) }
            return
        }
        guard let (name, elements) = checkDataSource(source, scope: scope, loop: loop, rendered: rendered),
              !elements.isEmpty else {
            for child in c.children { checkComponent(child, scope: scope, loop: loop, rendered: false) }
            return
        }
        let count = options.loopItems(elements.count)
        if elements.count > count {
            record(LayoutFinding(code: .limit,
                message: "The data source has \(elements.count) items; the check renders the first \(count) (maxLoopItems, the HarmonyOS edition's limit). Keep loops short: a widget has room for few rows.",
                location: source.location, column: source.template.singlePlaceholder?.column,
                placeholder: source.template.singlePlaceholder?.source, loop: loop))
        }
        for index in 0..<count {
            if index > 0, entries.count >= options.maxEntries {
                if !entryLimitReported {
                    entryLimitReported = true
                    record(LayoutFinding(code: .limit,
                        message: "The check listed \(entries.count) entries and stopped expanding loop items here (maxEntries); later items are not checked.",
                        location: source.location, loop: loop))
                }
                break
            }
            let inner = scope.binding(name, to: elements[index])
            let steps = loop + [LayoutEntry.LoopStep(item: name, index: index)]
            for child in c.children { checkComponent(child, scope: inner, loop: steps, rendered: true) }
        }
    }

    private mutating func checkField(_ field: LayoutField, scope: LayoutScope, loop: [LayoutEntry.LoopStep],
                                     rendered: Bool) {
        let template = field.template
        guard template.hasPlaceholders else { return }
        let placeholders = template.placeholders
        guard rendered else {
            for p in placeholders { addEntry(field, p, loop: loop, status: .notRendered, value: nil, fieldValue: .string("")) }
            return
        }
        let fieldValue = template.render(in: scope)
        let single = template.singlePlaceholder != nil
        var allResolved = true
        for p in placeholders {
            guard case .path(let path) = p.target else {
                allResolved = false
                addEntry(field, p, loop: loop, status: .invalid, value: nil, fieldValue: fieldValue)
                continue
            }
            switch scope.lookup(path) {
            case .value(let value):
                addEntry(field, p, loop: loop, status: .resolved, value: value, fieldValue: fieldValue)
                // Text shows any value as JavaScript prints it; a whole-field placeholder keeps
                // its type, which only a text field turns into text (an object shows
                // [object Object] there too; a whole-field null shows nothing).
                if !single || (field.showsText && (value.objectValue != nil || value.arrayValue != nil)),
                    let finding = textConversionFinding(value, p, field, loop: loop) { record(finding) }
            case .failed(let failure):
                allResolved = false
                let (status, finding) = explain(failure, p, field, scope: scope, loop: loop)
                addEntry(field, p, loop: loop, status: status, value: nil, fieldValue: fieldValue)
                record(finding)
            }
        }
        if allResolved, field.expectsNumber, let finding = numericFinding(field, fieldValue, loop: loop) {
            record(finding)
        }
        if allResolved, single, field.expectsColor, let finding = colorFinding(field, fieldValue, loop: loop) {
            record(finding)
        }
    }

    /// Lists a data source and returns its item name and elements when it yields an array.
    private mutating func checkDataSource(_ field: LayoutField, scope: LayoutScope, loop: [LayoutEntry.LoopStep],
                                          rendered: Bool) -> (String, [JSONValue])? {
        guard let p = field.template.singlePlaceholder, case .loop(let source) = p.target else {
            for p in field.template.placeholders {
                addEntry(field, p, loop: loop, status: rendered ? .invalid : .notRendered, value: nil, fieldValue: .string(""))
            }
            return nil
        }
        guard rendered else {
            addEntry(field, p, loop: loop, status: .notRendered, value: nil, fieldValue: .string(""))
            return nil
        }
        switch scope.lookup(source.array) {
        case .value(.array(let elements)):
            addEntry(field, p, loop: loop, status: .resolved, value: .array(elements), fieldValue: .array(elements),
                     itemCount: elements.count)
            return (source.itemName, elements)
        case .value(let other):
            addEntry(field, p, loop: loop, status: .typeMismatch, value: other, fieldValue: other)
            record(loopSourceFinding(other, source, p, field, loop: loop))
            return nil
        case .failed(let failure):
            let (status, finding) = explain(failure, p, field, scope: scope, loop: loop)
            addEntry(field, p, loop: loop, status: status, value: nil, fieldValue: .string(""))
            record(finding)
            return nil
        }
    }

    private mutating func addEntry(_ field: LayoutField, _ p: Placeholder, loop: [LayoutEntry.LoopStep],
                                   status: LayoutEntry.Status, value: JSONValue?, fieldValue: JSONValue,
                                   itemCount: Int? = nil) {
        let text = field.role == .value ? value.map(Template.text(of:)) ?? "" : ""
        entries.append(LayoutEntry(location: field.location, column: p.column, placeholder: p.source,
                                   path: p.body, role: field.role, loop: loop, status: status, value: value,
                                   text: text, field: fieldValue, itemCount: itemCount))
    }

    // MARK: - Suggestions

    /// The closest name to `name` among the outputs and the loop items in force (or only the
    /// outputs for a `$` path).
    mutating func suggestHead(_ name: String, global: Bool, scope: LayoutScope) -> String? {
        if global || scope.bindings.isEmpty {
            if let cached = headSuggestions[name] { return cached }
            let found = DidYouMean.nearest(to: name, among: scope.outputs.keys)
            headSuggestions[name] = found
            return found
        }
        let names = Set(scope.outputs.keys).union(scope.bindings.map(\.name))
        return DidYouMean.nearest(to: name, among: names)
    }
}
