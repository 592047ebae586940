import HostSystem

/// Golden files are written atomically (`HostSystem.AtomicFile`).
enum GoldenFile {
    static func write(_ text: String, to path: String) throws(AtomicFile.WriteError) {
        try AtomicFile.write(Array(text.utf8), toPath: path)
    }

    static func write(bytes: [UInt8], to path: String) throws(AtomicFile.WriteError) {
        try AtomicFile.write(bytes, toPath: path)
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
