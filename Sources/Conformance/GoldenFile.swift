import WidgetHost
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Golden files are written atomically: a temporary file renamed over the old one.
enum GoldenFile {
    struct WriteError: Error {}

    static func write(_ text: String, to path: String) throws {
        try write(bytes: Array(text.utf8), to: path)
    }

    static func write(bytes: [UInt8], to path: String) throws {
        let temporary = path + ".tmp-\(getpid())"
        guard let file = fopen(temporary, "wb") else { throw WriteError() }
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        guard written == bytes.count, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw WriteError()
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
