import HostSystem
import WidgetHost

/// Golden files (and the pictures a failing comparison leaves) are written atomically and
/// confined (`FileSystem.writeAtomically`): only below the location's base, with no symbolic
/// link on the way, and a link at the name itself is replaced by the file, never written through.
enum GoldenFile {
    static func write(_ text: String, to location: FileSystem.Location) throws(FileSystemError) {
        try FileSystem.writeAtomically(location, Array(text.utf8))
    }

    static func write(bytes: [UInt8], to location: FileSystem.Location) throws(FileSystemError) {
        try FileSystem.writeAtomically(location, bytes)
    }

    /// Why `name` cannot be a golden picture's name beside a fixture, or nil when it can: a
    /// name (no `/`, not `.` or `..`, no NUL) ending in `.png`, so `--update` writes nothing
    /// but a picture, and only beside its fixture.
    static func nameProblem(_ name: String) -> String? {
        let bytes = Array(name.utf8)
        if bytes.isEmpty || bytes == [0x2E] || bytes == [0x2E, 0x2E] || bytes.contains(0x2F) || bytes.contains(0) {
            return "is a file name beside the fixture, without a folder ('/', '..')"
        }
        if !name.hasSuffix(".png") || bytes.count == 4 { return "is a picture's file name, ending in .png" }
        return nil
    }

    /// What is at a golden's name.
    enum Found {
        /// Nothing (a link that leads nowhere included).
        case missing
        /// A regular file with these bytes.
        case file([UInt8])
        /// Something that is not a regular file, or cannot be read: a failure line.
        case unreadable(String)
    }

    /// The golden at `location`, read by its path (links the user made followed, a named
    /// pipe refused without waiting for it).
    static func read(_ location: FileSystem.Location) -> Found {
        do {
            return try FileSystem.read(userPath: location.path, limit: FileBytes.maximumSize).map(Found.file) ?? .missing
        } catch {
            return .unreadable("cannot read \(location.display): \(error.message)")
        }
    }
}

/// A short line diff for failure messages: the first lines that differ, with context.
enum TextDiff {
    static func lines(_ expected: String, _ actual: String, limit: Int = 12) -> [String] {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var output: [String] = []
        var index = 0
        while index < max(a.count, b.count), output.count < limit {
            let left = index < a.count ? a[index] : nil
            let right = index < b.count ? b[index] : nil
            if left != right {
                if let left { output.append("  - \(left)") }
                if let right { output.append("  + \(right)") }
            }
            index += 1
        }
        return output
    }
}
