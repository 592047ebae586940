/// The codes at the end of the error line of a command that could not write what it makes
/// (docs/diagnostics.md, "Codes of the tool's file-writing commands"); both exit with 73 (X2).
enum ToolCode: String, CaseIterable {
    /// A file the command would write is already there, and it never overwrites one.
    case fileExists = "file-exists"
    /// A file or folder could not be created.
    case cannotWrite = "cannot-write"

    /// ` [code]`, for the end of an error line.
    var suffix: String { " [\(rawValue)]" }
}
