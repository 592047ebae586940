import ErrorKinds
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Watches files for changes with inotify, and for Ctrl-C / SIGTERM, which stay blocked
/// and are taken with `sigtimedwait` (by an ``InterruptWatch``'s thread when one is given, which
/// ends the process if the watch does not stop in time): watch mode never runs code in a signal
/// handler.
///
/// It watches each file's folder rather than the file, because editors often save by
/// writing a new file and renaming it over the old one, which ends a watch on the file
/// itself. Events for other names in the folder are ignored.
public final class FileWatcher {
    /// What ended a wait.
    public enum Event: Equatable, Sendable {
        /// These watched files changed (their paths as given, in the order given).
        case changed([String])
        /// Ctrl-C (SIGINT) or SIGTERM arrived.
        case interrupted
    }

    private let inotify: Int32
    /// Watch descriptor → the paths watched in that folder, by base name.
    private var folders: [Int32: [String: String]] = [:]
    private let order: [String]
    /// What takes the signals; nil: the wait takes them itself.
    private let interrupts: InterruptWatch?

    /// Blocks SIGINT and SIGTERM in the calling thread, so that they queue for a watcher's
    /// signalfd instead of ending the process. Call it before any other thread starts
    /// (threads inherit the mask), that is, before the first script runs.
    public static func blockInterrupts() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Starts watching `paths` (files; they need not exist, their folders must), and for the
    /// signals `interrupts` takes (without one, a wait takes them itself).
    public init(paths: [String], interrupts: InterruptWatch? = nil) throws(FileWatchError) {
        self.interrupts = interrupts
        inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard inotify >= 0 else { throw FileWatchError(message: "cannot start watching files (inotify: \(Self.errorText()))") }
        order = paths
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_ATTRIB)
        for path in paths {
            let (folder, name) = Self.split(path)
            let descriptor = inotify_add_watch(inotify, folder, mask)
            guard descriptor >= 0 else {
                let reason = Self.errorText()
                close(inotify)
                throw FileWatchError(message: "cannot watch the folder of \(path) (\(reason)); check that \(folder) exists")
            }
            folders[descriptor, default: [:]][name] = path
        }
    }

    deinit {
        close(inotify)
    }

    /// Waits until a watched file changes and then stays quiet for `quietMs` (so that
    /// one save, often several writes, is one change), or until an interrupt arrives.
    /// An interrupt is noticed within a tenth of a second.
    public func wait(quietMs: Int32 = 150) -> Event {
        var changed = Set<String>()
        var quietSince = 0
        while true {
            if interrupts?.isInterrupted ?? Self.takeInterrupt() { return .interrupted }
            var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 1, 50)
            if ready < 0 && errno != EINTR { return .interrupted }
            if ready > 0 {
                let found = readChanges()
                if !found.isEmpty {
                    changed.formUnion(found)
                    quietSince = 0
                }
            } else if !changed.isEmpty {
                quietSince += 50
                if quietSince >= quietMs { return .changed(order.filter(changed.contains)) }
            }
        }
    }

    /// True when a blocked SIGINT or SIGTERM was pending (and is now taken).
    private static func takeInterrupt() -> Bool {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        var none = timespec(tv_sec: 0, tv_nsec: 0)
        return sigtimedwait(&set, nil, &none) > 0
    }

    private func readChanges() -> Set<String> {
        var changed = Set<String>()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            while offset + 16 <= count {
                let descriptor = Self.integer(buffer, offset, as: Int32.self)
                let length = Int(Self.integer(buffer, offset + 12, as: UInt32.self))
                let nameBytes = buffer[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                if let path = folders[descriptor]?[name] { changed.insert(path) }
                offset += 16 + length
            }
        }
        return changed
    }

    private static func integer<T: FixedWidthInteger>(_ bytes: [UInt8], _ offset: Int, as: T.Type) -> T {
        var value: T = 0
        withUnsafeMutableBytes(of: &value) { raw in
            for index in 0..<MemoryLayout<T>.size { raw[index] = bytes[offset + index] }
        }
        return T(littleEndian: value)
    }

    /// `("dir", "name")` for `dir/name`; `(".", name)` for a bare name.
    static func split(_ path: String) -> (String, String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}

/// Watching could not start.
public struct FileWatchError: KindedError, Sendable, CustomStringConvertible {
    /// A named file whose folder cannot be watched: missing input.
    public var errorKind: ErrorKind { .input(.missing) }
    public var message: String
    public var description: String { message }
}
