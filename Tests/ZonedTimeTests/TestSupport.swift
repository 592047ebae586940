import Glibc
import TestSupport
import XCTest

/// A fresh directory under /tmp, removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/zonedtime-test-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw HarnessError("cannot make a temporary folder: \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
    }

    /// Writes `bytes` to `relative`, creating parent directories.
    func write(_ relative: String, _ bytes: [UInt8]) throws {
        let full = path + "/" + relative
        var parent = path
        for component in relative.split(separator: "/").dropLast() {
            parent += "/" + component
            mkdir(parent, 0o755)
        }
        guard let file = fopen(full, "wb") else { throw HarnessError("cannot create \(full)") }
        defer { fclose(file) }
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    }

    /// Creates a symbolic link at `relative` pointing to `target`.
    func symlink(_ relative: String, to target: String) {
        _ = Glibc.symlink(target, path + "/" + relative)
    }

    deinit {
        // Remove the tree; paths are ours and short.
        _ = system("rm -rf '\(path)'")
    }
}
