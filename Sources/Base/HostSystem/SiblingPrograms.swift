import ErrorKinds
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where the tool's programs are: the running executable (read from `/proc/self/exe` here and
/// nowhere else) and the one look-up of a program of the tool's beside it. `widgethost` finds
/// `widgethost-serve` and `widgethost-render` with it; a library caller that draws pictures
/// through `widgethost-render` finds it the same way.
public enum SiblingPrograms {
    /// The running executable's path, symbolic links resolved, or nil when the system does not say.
    public static func runningExecutable() -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { pointer in
            pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) {
                readlink("/proc/self/exe", $0, pointer.count - 1)
            }
        }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// The folder of the running executable, or nil when the system does not say.
    public static func executableFolder() -> String? {
        guard let path = runningExecutable(), let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Where the tool's other programs are looked for, in order: `folder` itself (a build
    /// folder, or one folder all three were copied into), then `../libexec/widgethost` from it,
    /// the package's layout (`/usr/bin/widgethost` finds `/usr/libexec/widgethost/widgethost-render`,
    /// and so does a copy unpacked under any root).
    public static func folders(beside folder: String) -> [String] {
        let trimmed = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let parent = trimmed.lastIndex(of: "/").map { $0 == trimmed.startIndex ? "" : String(trimmed[..<$0]) } ?? "."
        return [trimmed, parent + "/libexec/widgethost"]
    }

    /// The path of the tool's program `program`: the first executable of that name in
    /// ``folders(beside:)`` of the running executable's folder; else where it was looked for.
    public static func locate(_ program: String) -> Result<String, NotFound> {
        guard let folder = executableFolder() else { return .failure(NotFound(program: program, folders: [])) }
        let folders = folders(beside: folder)
        for candidate in folders {
            let path = (candidate.hasSuffix("/") ? candidate : candidate + "/") + program
            if access(path, X_OK) == 0 { return .success(path) }
        }
        return .failure(NotFound(program: program, folders: folders))
    }

    /// A program of the tool's that is in none of the folders looked in.
    public struct NotFound: KindedError, Sendable, Equatable {
        /// A part of the tool that is not installed.
        public var errorKind: ErrorKind { .environment(.notInstalled) }
        /// The program's file name, e.g. `widgethost-render`.
        public var program: String
        /// The folders it was looked for in, in order; empty when the executable's own folder is unknown.
        public var folders: [String]

        /// The program `program`, looked for in `folders`.
        public init(program: String, folders: [String]) {
            self.program = program
            self.folders = folders
        }
    }
}
