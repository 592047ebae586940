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

    public init() {}

    public var isEmpty: Bool { config.isEmpty && legacyConfig.isEmpty && settings.isEmpty && declaredSettings.isEmpty }

    /// The stored form: `{"config": …, "legacyConfig": …, "settings": …, "declaredSettings": …}`.
    public var json: JSONValue {
        .object([
            "schema": .string(StateStore.schema),
            "config": .object(config),
            "legacyConfig": .object(JSONObject(legacyConfig.mapValues { .string($0) })),
            "settings": .object(JSONObject(settings.mapValues { .string($0) })),
            "declaredSettings": .array(declaredSettings),
        ])
    }

    init(json: JSONValue) throws(StoreFormatError) {
        guard case .object(let object) = json else { throw StoreFormatError("the top level is not an object") }
        if let config = object["config"] {
            guard let values = config.objectValue else { throw StoreFormatError("'config' is not an object") }
            self.config = values
        }
        legacyConfig = try Self.strings(object["legacyConfig"], "legacyConfig")
        settings = try Self.strings(object["settings"], "settings")
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

struct StoreFormatError: Error {
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
/// ```
public final class StateStore: Sendable {
    public static let schema = "widgethost.state/1"

    /// The state folder, or nil for a store that lives in memory only.
    public let directory: String?
    private let memory = Mutex(Memory())

    struct Memory {
        var widgets: [String: WidgetState] = [:]
        var values: [String: [String: String]] = [:]
        var files: [String: [UInt8]] = [:]
    }

    /// A store kept in the folder `directory` (created when first written).
    public init(directory: String) {
        var path = directory
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        self.directory = path.isEmpty ? "." : path
    }

    /// A store that lives in memory only, for as long as the value lives.
    public init() { directory = nil }

    // MARK: Widget state

    /// The state of one widget (empty when it has none).
    public func widget(_ id: String) throws(StateStoreError) -> WidgetState {
        guard let directory else { return memory.withLock { $0.widgets[id] } ?? WidgetState() }
        let path = "\(directory)/widgets/\(id)/store.json"
        let bytes: [UInt8]?
        do { bytes = try FileSystem.read(path) } catch { throw StateStoreError(path: path, message: error.message) }
        guard let bytes else { return WidgetState() }
        do {
            return try WidgetState(json: try JSONValue.parse(bytes: bytes))
        } catch let error as JSONParseError {
            throw StateStoreError(path: path, message: "is not valid JSON (\(error.description))")
        } catch let error as StoreFormatError {
            throw StateStoreError(path: path, message: "is not a widget store: \(error.message)")
        } catch {
            throw StateStoreError(path: path, message: "\(error)")
        }
    }

    /// Replaces the state of one widget.
    public func setWidget(_ id: String, _ state: WidgetState) throws(StateStoreError) {
        guard let directory else {
            memory.withLock { $0.widgets[id] = state }
            return
        }
        let path = "\(directory)/widgets/\(id)/store.json"
        do {
            try FileSystem.writeAtomically(path, Array((state.json.serialized(pretty: true) + "\n").utf8))
        } catch {
            throw StateStoreError(path: path, message: error.message)
        }
    }

    // MARK: Slot values (setValue/getValue)

    /// The `setValue` strings of one widget kind and slot (e.g. `small-1`).
    public func values(_ slot: String) throws(StateStoreError) -> [String: String] {
        guard let directory else { return memory.withLock { $0.values[slot] } ?? [:] }
        let path = "\(directory)/values/\(slot).json"
        let bytes: [UInt8]?
        do { bytes = try FileSystem.read(path) } catch { throw StateStoreError(path: path, message: error.message) }
        guard let bytes else { return [:] }
        guard let json = try? JSONValue.parse(bytes: bytes), let object = json.objectValue else {
            throw StateStoreError(path: path, message: "is not a JSON object of strings")
        }
        var result: [String: String] = [:]
        for (key, value) in object {
            guard let text = value.stringValue else {
                throw StateStoreError(path: path, message: "'\(key)' is not a string")
            }
            result[key] = text
        }
        return result
    }

    public func setValues(_ slot: String, _ values: [String: String]) throws(StateStoreError) {
        guard let directory else {
            memory.withLock { $0.values[slot] = values }
            return
        }
        let path = "\(directory)/values/\(slot).json"
        let json = JSONValue.object(JSONObject(values.mapValues { .string($0) }))
        do {
            try FileSystem.writeAtomically(path, Array((json.serialized(pretty: true) + "\n").utf8))
        } catch {
            throw StateStoreError(path: path, message: error.message)
        }
    }

    // MARK: Files (FileManager)

    /// The folder on disk for one widget's files in one area (`LD`, `LL`, `ID`, `IL`), or nil in memory.
    func filesFolder(widget id: String, area: FileArea) -> String? {
        directory.map { "\($0)/widgets/\(id)/files/\(area.rawValue)" }
    }

    /// Reads a file of a widget; nil when it does not exist.
    func readFile(widget id: String, area: FileArea, relative: String) throws(StateStoreError) -> [UInt8]? {
        guard let folder = filesFolder(widget: id, area: area) else {
            return memory.withLock { $0.files["\(id)/\(area.rawValue)/\(relative)"] }
        }
        let path = "\(folder)/\(relative)"
        guard !FileSystem.hasSymbolicLink(below: directory!, in: path) else {
            throw StateStoreError(path: path, message: "is reached through a symbolic link; the host does not follow links")
        }
        do { return try FileSystem.read(path) } catch { throw StateStoreError(path: path, message: error.message) }
    }

    func writeFile(widget id: String, area: FileArea, relative: String, _ bytes: [UInt8]) throws(StateStoreError) {
        guard let folder = filesFolder(widget: id, area: area) else {
            memory.withLock { $0.files["\(id)/\(area.rawValue)/\(relative)"] = bytes }
            return
        }
        let path = "\(folder)/\(relative)"
        guard !FileSystem.hasSymbolicLink(below: directory!, in: path) else {
            throw StateStoreError(path: path, message: "is reached through a symbolic link; the host does not follow links")
        }
        do { try FileSystem.writeAtomically(path, bytes) } catch { throw StateStoreError(path: path, message: error.message) }
    }

    func fileExists(widget id: String, area: FileArea, relative: String) -> Bool {
        guard let folder = filesFolder(widget: id, area: area) else {
            return memory.withLock { $0.files["\(id)/\(area.rawValue)/\(relative)"] != nil }
        }
        let path = "\(folder)/\(relative)"
        return !FileSystem.hasSymbolicLink(below: directory!, in: path) && FileSystem.isRegularFile(path)
    }

    func removeFile(widget id: String, area: FileArea, relative: String) throws(StateStoreError) {
        guard let folder = filesFolder(widget: id, area: area) else {
            memory.withLock { _ = $0.files.removeValue(forKey: "\(id)/\(area.rawValue)/\(relative)") }
            return
        }
        let path = "\(folder)/\(relative)"
        guard !FileSystem.hasSymbolicLink(below: directory!, in: path) else {
            throw StateStoreError(path: path, message: "is reached through a symbolic link; the host does not follow links")
        }
        do { try FileSystem.remove(path) } catch { throw StateStoreError(path: path, message: error.message) }
    }

    /// The bytes of a file by its script path (`LD:<id>/name`), for tests and tools; nil when missing or not a valid path.
    public func file(_ scriptPath: String) -> [UInt8]? {
        guard case .success(let location) = FilePath.parse(scriptPath, widget: nil) else { return nil }
        return try? readFile(widget: location.widget, area: location.area, relative: location.relative)
    }
}

/// A storage read or write that failed; the run reports it and goes on.
public struct StateStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path) \(message)" }
}
