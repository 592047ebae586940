import WidgetHost

/// Reading the files push commands name.
package enum PushFiles {
    /// The text of `path`, or exit 66 when it cannot be read.
    package static func read(_ path: String, what: String) throws -> String {
        do {
            return String(decoding: try FileBytes.read(path: path), as: UTF8.self)
        } catch {
            // FileBytes speaks of scripts ("name a .js file in it"): say it for any file.
            let reason = error.kind == .isDirectory ? "is a folder, not a file" : error.message
            throw CommandError("cannot read the \(what) file \(path): \(reason)", kind: .input(.missing))
        }
    }
}
