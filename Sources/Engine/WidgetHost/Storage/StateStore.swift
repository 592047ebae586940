import ErrorKinds
import HostSystem
import JSONKit
import Synchronization

/// What one widget keeps between runs (A4).
public struct WidgetState: Sendable, Hashable {
    /// `Config`: typed values (JSON).
    public var config: JSONObject = [:]
    /// `setConfig`/`getConfig`: strings, a namespace of their own.
    public var legacyConfig: [String: String] = [:]
    /// Values written by `Setting.set(value, key)`; they win over the profile's settings.
    public var settings: [String: String] = [:]
    /// Settings declared by `Setting.add` in app runs, by key, in first-declared order.
    public var declaredSettings: [JSONValue] = []
    /// Values written by the HarmonyOS edition's `Setting.set(key, value)` in app runs (H10), any JSON.
    public var harmonySettings: JSONObject = [:]

    /// A widget that has stored nothing.
    public init() {}

    /// Whether the widget has stored nothing at all.
    public var isEmpty: Bool {
        config.isEmpty && legacyConfig.isEmpty && settings.isEmpty && declaredSettings.isEmpty && harmonySettings.isEmpty
    }

    /// The stored form: `{"config": …, "legacyConfig": …, "settings": …, "declaredSettings": …}`.
    public var json: JSONValue {
        var object: JSONObject = [
            "schema": .string(StateStore.schema),
            "config": .object(config),
            "legacyConfig": .object(JSONObject(legacyConfig.mapValues { .string($0) })),
            "settings": .object(JSONObject(settings.mapValues { .string($0) })),
            "declaredSettings": .array(declaredSettings),
        ]
        // Only a HarmonyOS card that set one has it: an iOS widget's store is as it was.
        if !harmonySettings.isEmpty { object["harmonySettings"] = .object(harmonySettings) }
        return .object(object)
    }

    init(json: JSONValue) throws(StoreFormatError) {
        guard case .object(let object) = json else { throw StoreFormatError("the top level is not an object") }
        if let config = object["config"] {
            guard let values = config.objectValue else { throw StoreFormatError("'config' is not an object") }
            self.config = values
        }
        legacyConfig = try Self.strings(object["legacyConfig"], "legacyConfig")
        settings = try Self.strings(object["settings"], "settings")
        if let stored = object["harmonySettings"] {
            guard let values = stored.objectValue else { throw StoreFormatError("'harmonySettings' is not an object") }
            harmonySettings = values
        }
        if let declared = object["declaredSettings"] {
            guard let list = declared.arrayValue else { throw StoreFormatError("'declaredSettings' is not an array") }
            declaredSettings = list
        }
    }

    private static func strings(_ value: JSONValue?, _ name: String) throws(StoreFormatError) -> [String: String] {
        guard let value else { return [:] }
        guard let object = value.objectValue else { throw StoreFormatError("'\(name)' is not an object") }
        var result: [String: String] = [:]
        for (key, entry) in object {
            guard let text = entry.stringValue else { throw StoreFormatError("'\(name).\(key)' is not a string") }
            result[key] = text
        }
        return result
    }
}

struct StoreFormatError: KindedError {
    /// A stored file that does not have the store's form: malformed input.
    var errorKind: ErrorKind { .input(.malformed) }
    var message: String
    init(_ message: String) { self.message = message }
}

/// The storage of widgets (A4) and their files (A5), kept in memory or in a state folder.
///
/// One store serves many runs: give every run of a simulation the same store (set
/// ``RunConfiguration/storage``) and `Config`, `setConfig`, `setValue`, `Setting.set`
/// and `FileManager` carry from run to run. A run reads the store when the script
/// first touches storage and writes its changes back once it ends, in one atomic
/// step per file (temporary file, then rename), so a crash never leaves a
/// half-written store.
///
/// Layout of a state folder:
/// ```
/// widgets/<widget id>/store.json          Config, setConfig, Setting.set, Setting.add
/// widgets/<widget id>/files/LD/…          FileManager.local().documents()
/// widgets/<widget id>/files/LL/…          FileManager.local().library()
/// widgets/<widget id>/files/ID/…, IL/…    FileManager.iCloud()
/// values/<kind>-<slot>.json               setValue/getValue (kind + slot: 1 in a widget run, 999 in an app run)
/// shared/<kind>_<dimension>.json          Shared of the HarmonyOS edition (H10), e.g. shared/desk_2x4.json
/// widgets/<widget id>/files/…             FileManager of the HarmonyOS edition (H11): `files/` is the card's folder
/// ```
public final class StateStore: Sendable {
    /// The `schema` field of every `store.json` (``WidgetState/json``).
    public static let schema = "widgethost.state/1"

    /// The largest file a store writes: what it reads back (``FileBytes/maximumSize``, 64 MiB).
    /// A `store.json`, a slot's values or a widget's file that would be larger is not written,
    /// in a folder or in memory alike, and what was stored before stays as it was.
    public static let maximumFileSize = FileBytes.maximumSize

    /// The state folder, or nil for a store that lives in memory only.
    public let directory: String?
    /// Whether the folder is only read: what is written is kept in memory, over it.
    public let readsOnly: Bool
    private let memory = Mutex(Memory())

    struct Memory {
        var widgets: [String: WidgetState] = [:]
        var values: [String: [String: String]] = [:]
        var shared: [String: JSONObject] = [:]
        /// By `<id>/<area>/<relative path>` as bytes: two paths are one file only when the kernel would say so.
        var files: [[UInt8]: [UInt8]] = [:]
        /// Files removed over a folder only read (``readsOnly``), by the same keys.
        var removed: Set<[UInt8]> = []
    }

    /// A store kept in the folder `directory` (created when first written).
    public convenience init(directory: String) {
        self.init(folder: directory, readsOnly: false)
    }

    /// A store that reads the folder `directory` and keeps what is written in memory, over it,
    /// for as long as the value lives: a run on it sees the folder's storage (config, settings,
    /// `setValue` strings, files) and changes nothing there, takes no lock file and removes no
    /// stale one.
    public convenience init(readingFrom directory: String) {
        self.init(folder: directory, readsOnly: true)
    }

    private init(folder: String, readsOnly: Bool) {
        var path = Array(folder.utf8)
        while path.count > 1 && path.last == 0x2F { path.removeLast() }
        directory = path.isEmpty ? "." : String(decoding: path, as: UTF8.self)
        self.readsOnly = readsOnly
    }

    /// A store that lives in memory only, for as long as the value lives.
    public init() {
        directory = nil
        readsOnly = false
    }

    /// Whether writes go to memory: no folder, or a folder only read.
    private var writesToMemory: Bool { directory == nil || readsOnly }

    /// Where a store file lives: the state folder, the folders below it (opened without
    /// following links) and the name.
    private func location(_ folders: [String], _ name: [UInt8], relative: [UInt8] = []) -> FileSystem.Location {
        let display = ([directory ?? "."] + folders).joined(separator: "/") + "/" + String(decoding: relative.isEmpty ? name : relative, as: UTF8.self)
        return FileSystem.Location(base: directory ?? ".", folders: folders.map { Array($0.utf8) }, name: name, display: display)
    }

    /// Refuses a widget id that cannot name a folder (A11): storage is never touched for it.
    private func checked(_ id: String) throws(StateStoreError) {
        if let problem = WidgetIdentity.problem(withID: id) {
            throw StateStoreError(path: "\(directory ?? "storage"): widget \(JSONValue.quote(id))", message: "is not used: the widget id \(problem)", onTheWay: true)
        }
    }

    // MARK: Widget state

    /// The state of one widget (empty when it has none).
    public func widget(_ id: String) throws(StateStoreError) -> WidgetState {
        try checked(id)
        guard directory != nil else { return memory.withLock { $0.widgets[id] } ?? WidgetState() }
        if readsOnly, let kept = memory.withLock({ $0.widgets[id] }) { return kept }
        let file = location(["widgets", id], Array("store.json".utf8))
        let bytes: [UInt8]?
        do { bytes = try FileSystem.read(file, limit: FileBytes.maximumSize) } catch {
            throw StateStoreError(path: file.display, message: error.message, onTheWay: error.onTheWay)
        }
        guard let bytes else { return WidgetState() }
        do {
            return try WidgetState(json: try JSONValue.parse(bytes: bytes))
        } catch let error as JSONParseError {
            throw StateStoreError(path: file.display, message: "is not valid JSON (\(error.description))")
        } catch let error as StoreFormatError {
            throw StateStoreError(path: file.display, message: "is not a widget store: \(error.message)")
        } catch {
            throw StateStoreError(path: file.display, message: "\(error)")
        }
    }

    /// Replaces the state of one widget. A state whose file would be larger than
    /// ``maximumFileSize`` is refused, and the stored one kept.
    public func setWidget(_ id: String, _ state: WidgetState) throws(StateStoreError) {
        try checked(id)
        let file = location(["widgets", id], Array("store.json".utf8))
        let bytes = Array((state.json.serialized(pretty: true) + "\n").utf8)
        try Self.checkSize(bytes.count, file)
        guard !writesToMemory else {
            memory.withLock { $0.widgets[id] = state }
            return
        }
        do {
            try FileSystem.writeAtomically(file, bytes)
        } catch {
            throw StateStoreError(path: file.display, message: error.message)
        }
    }

    // MARK: Locks (A12)

    /// Takes the lock of one widget's storage, `widgets/<id>/store.lock`, waiting for another
    /// run that holds it until `deadline`: nil when it was still held then. A run holds it
    /// from its first touch of the widget's storage (`Config`, `setConfig`, `Setting`,
    /// `FileManager`) until its changes are written, so two runs of one widget, in one process
    /// or two, take turns and neither overwrites what the other stored. A store in memory
    /// serves one process, whose runs take turns already: its lock is always free.
    public func lock(widget id: String, until deadline: ContinuousClock.Instant) throws(StateStoreError) -> StoreLock? {
        try checked(id)
        return try lock(location(["widgets", id], Array("store.lock".utf8)), until: deadline)
    }

    /// Takes the lock of one kind and slot's `setValue` strings, `values/<slot>.lock` (see
    /// ``lock(widget:until:)``). A run takes it after its widget's lock, never before, so two
    /// runs never wait for each other's.
    public func lock(values slot: String, until deadline: ContinuousClock.Instant) throws(StateStoreError) -> StoreLock? {
        try lock(location(["values"], Array("\(slot).lock".utf8)), until: deadline)
    }

    /// Removes what writers killed between their temporary file and its rename left in one
    /// widget's folders (`widgets/<id>/`, its files included), of the store's own naming and of
    /// processes that no longer run. A run calls it once it holds the widget's lock.
    public func removeStaleTemporaries(widget id: String) {
        guard !writesToMemory, (try? checked(id)) != nil else { return }
        FileSystem.removeStaleTemporaries(in: location(["widgets"], Array(id.utf8)))
    }

    /// The same for the `values/` folder (``removeStaleTemporaries(widget:)``).
    public func removeStaleValueTemporaries() {
        guard !writesToMemory else { return }
        FileSystem.removeStaleTemporaries(in: location([], Array("values".utf8)))
    }

    private func lock(_ file: FileSystem.Location, until deadline: ContinuousClock.Instant) throws(StateStoreError) -> StoreLock? {
        guard !writesToMemory else { return StoreLock(file: nil) }
        do {
            return try FileLock.acquire(file, until: deadline).map { StoreLock(file: $0) }
        } catch {
            throw StateStoreError(path: file.display, message: error.message, onTheWay: error.onTheWay)
        }
    }

    // MARK: Slot values (setValue/getValue)

    /// The `setValue` strings of one widget kind and slot (e.g. `small-1`).
    public func values(_ slot: String) throws(StateStoreError) -> [String: String] {
        guard directory != nil else { return memory.withLock { $0.values[slot] } ?? [:] }
        if readsOnly, let kept = memory.withLock({ $0.values[slot] }) { return kept }
        let file = location(["values"], Array("\(slot).json".utf8))
        let bytes: [UInt8]?
        do { bytes = try FileSystem.read(file, limit: FileBytes.maximumSize) } catch {
            throw StateStoreError(path: file.display, message: error.message, onTheWay: error.onTheWay)
        }
        guard let bytes else { return [:] }
        guard let json = try? JSONValue.parse(bytes: bytes), let object = json.objectValue else {
            throw StateStoreError(path: file.display, message: "is not a JSON object of strings")
        }
        var result: [String: String] = [:]
        for (key, value) in object {
            guard let text = value.stringValue else {
                throw StateStoreError(path: file.display, message: "'\(key)' is not a string")
            }
            result[key] = text
        }
        return result
    }

    /// Replaces the `setValue` strings of one widget kind and slot (`values/<slot>.json`). Values
    /// whose file would be larger than ``maximumFileSize`` are refused, and the stored ones kept.
    public func setValues(_ slot: String, _ values: [String: String]) throws(StateStoreError) {
        let file = location(["values"], Array("\(slot).json".utf8))
        let json = JSONValue.object(JSONObject(values.mapValues { .string($0) }))
        let bytes = Array((json.serialized(pretty: true) + "\n").utf8)
        try Self.checkSize(bytes.count, file)
        guard !writesToMemory else {
            memory.withLock { $0.values[slot] = values }
            return
        }
        do {
            try FileSystem.writeAtomically(file, bytes)
        } catch {
            throw StateStoreError(path: file.display, message: error.message)
        }
    }

    // MARK: Shared (the HarmonyOS edition, H10)

    /// The `Shared` values of the cards of one kind and dimension (`desk_2x4`).
    public func shared(_ scope: String) throws(StateStoreError) -> JSONObject {
        guard directory != nil else { return memory.withLock { $0.shared[scope] } ?? [:] }
        let file = location(["shared"], Array("\(scope).json".utf8))
        let bytes: [UInt8]?
        do { bytes = try FileSystem.read(file, limit: FileBytes.maximumSize) } catch {
            throw StateStoreError(path: file.display, message: error.message, onTheWay: error.onTheWay)
        }
        guard let bytes else { return [:] }
        guard let json = try? JSONValue.parse(bytes: bytes), let object = json.objectValue else {
            throw StateStoreError(path: file.display, message: "is not a JSON object")
        }
        return object
    }

    /// Replaces the `Shared` values of one kind and dimension (`shared/<scope>.json`).
    public func setShared(_ scope: String, _ values: JSONObject) throws(StateStoreError) {
        guard directory != nil else {
            memory.withLock { $0.shared[scope] = values }
            return
        }
        let file = location(["shared"], Array("\(scope).json".utf8))
        do {
            try FileSystem.writeAtomically(file, Array((JSONValue.object(values).serialized(pretty: true) + "\n").utf8))
        } catch {
            throw StateStoreError(path: file.display, message: error.message)
        }
    }

    /// Takes the lock of one kind and dimension's `Shared` values, `shared/<scope>.lock`, after
    /// the widget's (see ``lock(widget:until:)``).
    public func lock(shared scope: String, until deadline: ContinuousClock.Instant) throws(StateStoreError) -> StoreLock? {
        try lock(location(["shared"], Array("\(scope).lock".utf8)), until: deadline)
    }

    // MARK: Files (FileManager)

    /// Where a widget's file lives: `widgets/<id>/files/<area>/<segments…>`.
    private func fileLocation(_ id: String, _ area: FileArea, _ segments: [[UInt8]]) -> FileSystem.Location {
        var file = location(["widgets", id, "files", area.rawValue], segments.last ?? [], relative: Array(segments.joined(separator: [0x2F])))
        file.folders += segments.dropLast()
        return file
    }

    private func memoryKey(_ id: String, _ area: FileArea, _ segments: [[UInt8]]) -> [UInt8] {
        Array("\(id)/\(area.rawValue)/".utf8) + Array(segments.joined(separator: [0x2F]))
    }

    /// What memory says of a file over a folder only read: `.some(bytes)`, `.some(nil)` when
    /// removed, nil when the folder says.
    private func kept(_ key: [UInt8]) -> [UInt8]?? {
        memory.withLock { memory in
            if let bytes = memory.files[key] { return .some(bytes) }
            return memory.removed.contains(key) ? .some(nil) : nil
        }
    }

    /// Reads a file of a widget; nil when it does not exist.
    func readFile(widget id: String, area: FileArea, segments: [[UInt8]]) throws(StateStoreError) -> [UInt8]? {
        try checked(id)
        guard directory != nil else { return memory.withLock { $0.files[memoryKey(id, area, segments)] } }
        if readsOnly, let kept = kept(memoryKey(id, area, segments)) { return kept }
        let file = fileLocation(id, area, segments)
        do { return try FileSystem.read(file, limit: FileBytes.maximumSize) } catch { throw StateStoreError(path: file.display, message: error.message) }
    }

    func writeFile(widget id: String, area: FileArea, segments: [[UInt8]], _ bytes: [UInt8]) throws(StateStoreError) {
        try checked(id)
        let file = fileLocation(id, area, segments)
        try Self.checkSize(bytes.count, file, what: "the file")
        guard !writesToMemory else {
            let key = memoryKey(id, area, segments)
            memory.withLock { memory in
                memory.files[key] = bytes
                memory.removed.remove(key)
            }
            return
        }
        do { try FileSystem.writeAtomically(file, bytes) } catch { throw StateStoreError(path: file.display, message: error.message) }
    }

    /// Refuses a file of `size` bytes larger than ``maximumFileSize``: nothing is written, so the
    /// file stored before (if any) is kept as it was.
    private static func checkSize(_ size: Int, _ file: FileSystem.Location, what: String = "it") throws(StateStoreError) {
        guard size > maximumFileSize else { return }
        let megabytes = (Double(size) / 1_048_576 * 10).rounded(.up) / 10
        throw StateStoreError(
            path: file.display,
            message: "is not written: \(what) would be \(JSONValue.formatNumber(megabytes)) MiB (\(size) bytes), over the \(maximumFileSize >> 20) MiB a store file may hold (the most a run reads back); what was stored before is kept as it was, so store less")
    }

    func fileExists(widget id: String, area: FileArea, segments: [[UInt8]]) -> Bool {
        guard (try? checked(id)) != nil else { return false }
        guard directory != nil else { return memory.withLock { $0.files[memoryKey(id, area, segments)] != nil } }
        if readsOnly, let kept = kept(memoryKey(id, area, segments)) { return kept != nil }
        return FileSystem.isRegularFile(fileLocation(id, area, segments))
    }

    func removeFile(widget id: String, area: FileArea, segments: [[UInt8]]) throws(StateStoreError) {
        try checked(id)
        guard !writesToMemory else {
            let key = memoryKey(id, area, segments)
            memory.withLock { memory in
                memory.files.removeValue(forKey: key)
                if readsOnly { memory.removed.insert(key) }
            }
            return
        }
        let file = fileLocation(id, area, segments)
        do { try FileSystem.remove(file) } catch { throw StateStoreError(path: file.display, message: error.message) }
    }

    // MARK: A HarmonyOS card's files (H11)

    /// Where a HarmonyOS card's file lives: `widgets/<id>/files/<segments…>`.
    private func cardFileLocation(_ id: String, _ segments: [[UInt8]]) -> FileSystem.Location {
        var file = location(["widgets", id, "files"], segments.last ?? [], relative: Array(segments.joined(separator: [0x2F])))
        file.folders += segments.dropLast()
        return file
    }

    /// The memory key of a card's file: no area is two letters and a colon, so none meets an area's.
    private func cardMemoryKey(_ id: String, _ segments: [[UInt8]]) -> [UInt8] {
        Array("\(id)/:card/".utf8) + Array(segments.joined(separator: [0x2F]))
    }

    /// Reads a card's file; nil when it does not exist.
    func readCardFile(widget id: String, segments: [[UInt8]]) throws(StateStoreError) -> [UInt8]? {
        try checked(id)
        guard directory != nil else { return memory.withLock { $0.files[cardMemoryKey(id, segments)] } }
        let file = cardFileLocation(id, segments)
        do { return try FileSystem.read(file, limit: FileBytes.maximumSize) } catch { throw StateStoreError(path: file.display, message: error.message) }
    }

    /// Writes a card's file, making its folders.
    func writeCardFile(widget id: String, segments: [[UInt8]], _ bytes: [UInt8]) throws(StateStoreError) {
        try checked(id)
        guard directory != nil else {
            memory.withLock { $0.files[cardMemoryKey(id, segments)] = bytes }
            return
        }
        let file = cardFileLocation(id, segments)
        do { try FileSystem.writeAtomically(file, bytes) } catch { throw StateStoreError(path: file.display, message: error.message) }
    }

    /// Removes a card's file: whether there was one.
    func removeCardFile(widget id: String, segments: [[UInt8]]) throws(StateStoreError) -> Bool {
        try checked(id)
        guard directory != nil else { return memory.withLock { $0.files.removeValue(forKey: cardMemoryKey(id, segments)) != nil } }
        let file = cardFileLocation(id, segments)
        let existed = FileSystem.isRegularFile(file)
        do { try FileSystem.remove(file) } catch { throw StateStoreError(path: file.display, message: error.message) }
        return existed
    }

    /// The names in a card's folder (`segments` empty) or a folder in it, in byte order; nil when
    /// there is no such folder. A file's segments name no folder.
    func listCardFolder(widget id: String, segments: [[UInt8]]) throws(StateStoreError) -> [[UInt8]]? {
        try checked(id)
        guard directory != nil else {
            let prefix = cardMemoryKey(id, segments) + (segments.isEmpty ? [] : [0x2F])
            let names = memory.withLock { memory in
                Set(memory.files.keys.filter { $0.starts(with: prefix) }.compactMap { key in
                    key.dropFirst(prefix.count).split(separator: 0x2F, omittingEmptySubsequences: false).first.map(Array.init)
                })
            }
            return names.isEmpty ? (segments.isEmpty ? [] : nil) : names.sorted { $0.lexicographicallyPrecedes($1) }
        }
        var folder = location(["widgets", id], Array("files".utf8))
        if let last = segments.last {
            folder.folders.append(folder.name)
            folder.folders += segments.dropLast()
            folder.name = last
        }
        do { return try FileSystem.names(in: folder) ?? (segments.isEmpty ? [] : nil) } catch {
            throw StateStoreError(path: folder.display, message: error.message)
        }
    }

    /// The canonical paths (`files/<path>`) of a card's files, its folders walked in byte order,
    /// at most `limit` of them: what the studio's State panel lists (H11).
    public func cardFiles(widget id: String, limit: Int) -> [String] {
        var found: [String] = []
        func isFile(_ segments: [[UInt8]]) -> Bool {
            guard directory != nil else { return memory.withLock { $0.files[cardMemoryKey(id, segments)] != nil } }
            return FileSystem.isRegularFile(cardFileLocation(id, segments))
        }
        func walk(_ segments: [[UInt8]]) {
            guard segments.count < 64, let names = try? listCardFolder(widget: id, segments: segments) else { return }
            for name in names where found.count < limit {
                let path = segments + [name]
                if isFile(path) {
                    found.append("files/" + String(decoding: Array(path.joined(separator: [0x2F])), as: UTF8.self))
                } else {
                    walk(path)
                }
            }
        }
        walk([])
        return found
    }

    /// A file a widget's layout names by its script path (an `image` in File mode), read as
    /// the script's `FileManager` reads it: the path checked by the same rules (A5: one of
    /// the four prefixes, the widget's own folder, no `..`, `.`, `//`, backslash or NUL, split
    /// at every `/` byte), then opened one folder at a time without following links, at most
    /// `limit` bytes (a larger file is refused from its size, unread). `.success(nil)`: no
    /// such file.
    public func read(scriptPath: String, widget: String, limit: Int) -> Result<[UInt8]?, StoredFileProblem> {
        let path: FilePath
        switch FilePath.parse(scriptPath, widget: widget) {
        case .failure(let refusal): return .failure(StoredFileProblem(kind: .refused, message: "is refused (A5): \(refusal.message)"))
        case .success(let parsed): path = parsed
        }
        guard !path.segments.isEmpty else { return .failure(StoredFileProblem(kind: .refused, message: "names the widget's folder, not a file")) }
        if let problem = WidgetIdentity.problem(withID: path.widget) {
            return .failure(StoredFileProblem(kind: .refused, message: "is refused (A11): the widget id \(problem)"))
        }
        let key = memoryKey(path.widget, path.area, path.segments)
        let inMemory: [UInt8]?? = directory == nil ? .some(memory.withLock { $0.files[key] }) : readsOnly ? kept(key) : nil
        if let inMemory {
            guard let bytes = inMemory else { return .success(nil) }
            guard bytes.count <= limit else { return .failure(StoredFileProblem(kind: .tooLarge, message: "is larger than \(limit >> 20) MiB")) }
            return .success(bytes)
        }
        let file = fileLocation(path.widget, path.area, path.segments)
        do {
            return .success(try FileSystem.read(file, limit: limit))
        } catch {
            switch error.kind {
            case .link: return .failure(StoredFileProblem(kind: .refused, message: "is refused (A5): \(error.path) \(error.message)"))
            case .tooLarge: return .failure(StoredFileProblem(kind: .tooLarge, message: error.message))
            case .notRegularFile, .other: return .failure(StoredFileProblem(kind: .unreadable, message: "cannot be read: \(error.path) \(error.message)"))
            }
        }
    }

    /// The bytes of a file by its script path (`LD:<id>/name`), for tests and tools; nil when missing or not a valid path.
    public func file(_ scriptPath: String) -> [UInt8]? {
        guard case .success(let location) = FilePath.parse(scriptPath, widget: nil), !location.segments.isEmpty else { return nil }
        return try? readFile(widget: location.widget, area: location.area, segments: location.segments)
    }
}

/// A lock of a state folder's storage taken by ``StateStore/lock(widget:until:)``, held until
/// the value goes (or the process ends).
public struct StoreLock {
    /// The lock file's lock; nil for a store in memory.
    let file: FileLock?
}

/// A storage read or write that failed; the run reports it and goes on.
public struct StateStoreError: KindedError, Sendable, Hashable, CustomStringConvertible {
    /// The state folder cannot keep what a run stores (`state-not-saved`).
    public var errorKind: ErrorKind { .environment(.cannotCreate) }
    /// The file (or, for a widget id refused by A11, the store and the id) the failure is about.
    public var path: String
    /// The reason, written after the path: `is not valid JSON (…)`.
    public var message: String
    /// The file's folder could not be reached (see ``FileSystemError/onTheWay``): there is
    /// no stored file that a later save would overwrite.
    public var onTheWay = false
    public var description: String { "\(path) \(message)" }
}

/// Why a file named by a script path was not read (``StateStore/read(scriptPath:widget:limit:)``).
public struct StoredFileProblem: KindedError, Sendable, Hashable {
    /// A file the script named that is not read: the script's error.
    public var errorKind: ErrorKind { .script }
    /// What kind of problem it is.
    public enum Kind: Sendable, Hashable {
        /// The path leaves the widget's folder, or reaches the file through a symbolic link (A5).
        case refused
        /// The file is larger than the limit; none of it was read.
        case tooLarge
        /// A folder, a device, or a file the system would not let be read.
        case unreadable
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// What is wrong, to follow the path in a message: "is refused (A5): it contains a '..' segment, …".
    public var message: String
}
