#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Reading the files push commands name.
package enum PushFiles {
    /// The text of `path`, or exit 66 when it cannot be read.
    package static func read(_ path: String, what: String) throws -> String {
        guard let file = fopen(path, "rb") else {
            throw InputError("cannot read the \(what) file \(path): \(String(cString: strerror(errno)))", code: ExitCode.noInput)
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
