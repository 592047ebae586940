import ErrorKinds
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Files a command creates and never overwrites (`init`, `types --wrap`): what is there
/// already, and the folders made as needed. `init` creates its files with `FileSystem.create`
/// (`O_CREAT | O_EXCL`, no link followed below its folder), so an existing file is never
/// touched, even one that appears between the check and the write.
enum NewFiles {
    struct Failure: KindedError {
        /// A file that cannot be made, or is already there.
        var errorKind: ErrorKind { .environment(.cannotCreate) }
        var path: String
        var message: String
        /// The file was already there.
        var exists = false
    }

    /// The paths of `paths` that exist (as anything: a file, a folder, a link).
    static func existing(_ paths: [String]) -> [String] {
        paths.filter { path in
            var info = stat()
            return lstat(path, &info) == 0
        }
    }

    /// Creates `path` and its missing parents (mode 0755).
    static func makeFolders(_ path: String) throws(Failure) {
        let bytes = Array(path.utf8)
        var prefixes = bytes.indices.filter { bytes[$0] == 0x2F && $0 > 0 && bytes[$0 - 1] != 0x2F }
            .map { String(decoding: bytes[..<$0], as: UTF8.self) }
        if bytes.last != 0x2F { prefixes.append(path) }
        for prefix in prefixes {
            var info = stat()
            if stat(prefix, &info) == 0 {
                if (info.st_mode & S_IFMT) != S_IFDIR { throw Failure(path: prefix, message: "is not a folder", exists: false) }
                continue
            }
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw Failure(path: prefix, message: String(cString: strerror(errno)), exists: false)
            }
        }
    }
}
