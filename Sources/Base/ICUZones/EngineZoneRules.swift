import HostSystem
import ZonedTime
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The zone rules of the script engine: the same as the report's, the system's tzdata.
///
/// JavaScriptCore's `Date` and `Intl` take their rules from ICU, whose compiled-in copy is
/// as old as the ICU release. ICU reads a newer `zoneinfo64.res` from the folder named by
/// `ICU_TIMEZONE_FILES_DIR`, so the host makes that file from the system's TZif files
/// (``Zoneinfo64``), keeps it in a cache folder keyed by the identity of the tzdata's
/// `tzdata.zi` (a tzdata upgrade replaces that file, so the next run makes new data), and
/// sets the variable before the engine first reads zone data. ICU reads the variable once
/// per process.
public enum EngineZoneRules {
    /// Where the engine's zone rules come from.
    public enum Status: Sendable, Equatable {
        /// The system's tzdata, made into ICU's form in `folder`.
        case current(folder: String)
        /// ICU's compiled-in rules, which may be older than the system's; `reason` says why.
        case builtIn(reason: String)
    }

    /// The variable ICU reads.
    public static let variable = "ICU_TIMEZONE_FILES_DIR"

    /// Changes whenever the data made from the same tzdata would change.
    static let dataRevision = "zoneinfo64 1"

    private static let prepared = prepareOnce()

    /// Points the engine at rules made from the system's tzdata, making them on first use.
    ///
    /// The first call in a process does the work; later calls return its status. Call it
    /// before the first use of JavaScriptCore and before the process starts threads that
    /// read the environment (`setenv` is not thread-safe): `widgethost` calls it first
    /// thing, and `ScriptRuntime` calls it before it makes an engine.
    @discardableResult
    public static func prepare() -> Status { prepared }

    private static func prepareOnce() -> Status {
        let status: Status
        switch cacheRoot() {
        case .success(let root): status = locate(zoneinfoDirectory: Zone.zoneinfoDirectory, cacheRoot: root)
        case .failure(let error): status = .builtIn(reason: error.message)
        }
        if case .current(let folder) = status { setenv(variable, folder, 1) }
        return status
    }

    /// `$XDG_CACHE_HOME`, else `$HOME/.cache`, else a folder of this user's own in
    /// `$TMPDIR` or `/tmp` (`widgethost-UID`, made with mode 0700 and checked to be ours
    /// and private, since a shared folder would let another user choose the rules).
    static func cacheRoot() -> Result<String, ZoneRulesError> {
        if let xdg = SystemFiles.environment("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return .success(xdg) }
        if let home = SystemFiles.environment("HOME"), home.hasPrefix("/"), home != "/" {
            return .success((home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.cache")
        }
        var temporary = SystemFiles.environment("TMPDIR") ?? "/tmp"
        if !temporary.hasPrefix("/") { temporary = "/tmp" }
        while temporary.count > 1 && temporary.hasSuffix("/") { temporary.removeLast() }
        let folder = temporary + "/widgethost-\(getuid())"
        return CacheFiles.privateFolder(folder).map { folder }
    }

    /// The folder holding ICU's form of the tzdata in `zoneinfoDirectory`, made under
    /// `cacheRoot` when it is not there yet.
    public static func locate(zoneinfoDirectory directory: String, cacheRoot: String) -> Status {
        let index = directory + "/tzdata.zi"
        guard let identity = CacheFiles.identity(of: index) else {
            return .builtIn(reason: "the system's tzdata has no readable \(index), which names its zones and version")
        }
        let key = CacheFiles.hexHash([dataRevision, directory, identity].joined(separator: "\u{0}"))
        let folder = cacheRoot + "/widgethost/zoneinfo/" + key
        let file = folder + "/zoneinfo64.res"
        if CacheFiles.isNonEmptyFile(file) { return .current(folder: folder) }
        do {
            let bytes = try Zoneinfo64.bundle(try SystemTZData.load(directory: directory))
            try CacheFiles.makeFolders(folder)
            try CacheFiles.replace(file, with: bytes)
        } catch {
            return .builtIn(reason: error.message)
        }
        return .current(folder: folder)
    }
}

/// The few file operations the cache needs.
enum CacheFiles {
    /// Device, inode, size and modification time of `path`, or nil when it cannot be read.
    static func identity(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(path, R_OK) == 0 else { return nil }
        return "\(info.st_dev) \(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    static func isNonEmptyFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && info.st_size > 0
    }

    /// 64-bit FNV-1a of `text`, as 16 hex digits.
    static func hexHash(_ text: String) -> String { hexHash(bytes: text.utf8) }

    static func hexHash<Bytes: Sequence<UInt8>>(bytes: Bytes) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Makes `path` with mode 0700 unless it exists, and checks that it is a folder (not a
    /// link) of this user's that no one else can write to or read.
    static func privateFolder(_ path: String) -> Result<Void, ZoneRulesError> {
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            return .failure(ZoneRulesError("cannot make the cache folder \(path): \(String(cString: strerror(errno)))"))
        }
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid(), info.st_mode & 0o077 == 0 else {
            return .failure(ZoneRulesError("the cache folder \(path) is not a private folder of this user's (neither XDG_CACHE_HOME nor HOME is set)"))
        }
        return .success(())
    }

    /// Makes `path` and the folders above it that are missing.
    static func makeFolders(_ path: String) throws(ZoneRulesError) {
        var partial = ""
        for component in path.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o755) != 0 && errno != EEXIST {
                throw ZoneRulesError("cannot make the cache folder \(partial): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Writes `bytes` to a new file beside `path`, then renames it over `path`
    /// (`HostSystem.AtomicFile`), so no reader ever sees a part of the file (processes that
    /// make it at once write the same bytes).
    static func replace(_ path: String, with bytes: [UInt8]) throws(ZoneRulesError) {
        do { try AtomicFile.write(bytes, toPath: path, mode: 0o644) } catch {
            throw ZoneRulesError("cannot write \(path): \(error.message)")
        }
    }
}
