import ErrorKinds

extension Diagnostic {
    /// `file:line:column`, `file:line` or `file`: where the diagnostic points (X3).
    public func location(in file: String) -> String {
        guard let line else { return file }
        return column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)"
    }

    /// The line the tool writes to stderr for this diagnostic (X3):
    /// `warning: file:3:5: message [code]`. `label` renders the severity word (the tool
    /// colours it on a terminal); by default it is the plain word.
    public func stderrLine(file: String, label: (Severity) -> String = { $0.rawValue }) -> String {
        "\(label(severity)): \(location(in: file)): \(message) [\(code.rawValue)]"
    }
}
