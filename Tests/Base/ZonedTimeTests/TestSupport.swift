import Glibc
import TestSupport
import XCTest

/// A fresh directory in the temporary folder, removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = try Files.makeTemporaryFolder("zonedtime-test")
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

    deinit { Files.removeTree(path) }
}
