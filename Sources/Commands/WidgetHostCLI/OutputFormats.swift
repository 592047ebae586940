/// `--format text|json`, the flag every reporting command takes (X1).
package enum ReportFormat: String, CaseIterable, Sendable {
    case text, json
}

extension Option where Value == ReportFormat {
    /// `--format <format>`, described by `help`; `note` follows the list in the refusal.
    static func format(_ help: String, note: String = "") -> Option { .choice("format", "format", help, note: note) }
}
