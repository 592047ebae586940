import ErrorKinds

/// A finding about a canvas's commands: a stable code, a severity, the command's index and the
/// field it is about (when there is one), and a message that says what was done and what to do.
public struct CanvasDiagnostic: Finding, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// A command, or one of its fields, that is not what the Canvas component takes.
        case invalidCommand = "canvas-invalid-command"
        /// A documented limit reached: what is past it is cut off.
        case limit = "canvas-limit"
        /// A font family that is not installed: the text is drawn with the fallback family.
        case fontFallback = "canvas-font-fallback"
        /// A field the Canvas component does not have; it is ignored.
        case unknownField = "canvas-unknown-field"

        public var severity: Severity {
            switch self {
            case .invalidCommand, .limit, .fontFallback: .warning
            case .unknownField: .info
            }
        }
    }

    public let code: Code
    public let severity: Severity
    /// The command's index in the list (from 0), or nil for the list as a whole.
    public let index: Int?
    /// The field, as written (`fill`, `points[3]`, `stops[2].offset`), or nil for the command.
    public let field: String?
    public let message: String

    public init(_ code: Code, index: Int?, field: String?, _ message: String, severity: Severity? = nil) {
        self.code = code
        self.severity = severity ?? code.severity
        self.index = index
        self.field = field
        self.message = message
    }

    public var description: String {
        var place = ""
        if let index { place += "command \(index)" }
        if let field { place += (place.isEmpty ? "" : ", ") + field }
        return "\(severity.rawValue): \(place.isEmpty ? "" : place + ": ")\(message)\(codeSuffix)"
    }
}

extension CanvasDiagnostic {
    /// The code's text.
    public var codeName: String { code.rawValue }
}
