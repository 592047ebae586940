import JSONKit
import XCTest
import ZonedTime
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A reference for UTC offsets: Python's `zoneinfo`, reading the same tzdata folder.
enum ZoneReference {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Every name `tzdata.zi` lists: its zones (`Z`) and links (`L`).
    static func systemZoneNames() throws -> [String] {
        let path = Zone.zoneinfoDirectory + "/tzdata.zi"
        guard let file = fopen(path, "r") else { throw Failure(description: "cannot read \(path)") }
        defer { fclose(file) }
        var names: [String] = []
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            let fields = String(cString: line).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
            if fields.count >= 2, fields[0] == "Z" { names.append(String(fields[1])) }
            if fields.count >= 3, fields[0] == "L" { names.append(String(fields[2])) }
        }
        return names.sorted()
    }

    /// Seconds east of UTC for each name at each of its instants (epoch seconds), from Python.
    static func offsets(_ instants: [String: [Int64]]) throws -> [String: [Int]] {
        let program = """
            import datetime, json, sys, zoneinfo
            request = json.load(open(sys.argv[1]))
            utc = datetime.timezone.utc
            print(json.dumps({name: [int(datetime.datetime.fromtimestamp(t, utc).astimezone(zoneinfo.ZoneInfo(name)).utcoffset().total_seconds())
                                     for t in times] for name, times in request.items()}))
            """
        var template = Array("/tmp/widgethost-zone-reference-XXXXXX".utf8CString)
        let folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        defer { _ = system("rm -rf '\(folder)'") }
        let request: JSONValue = .object(JSONObject(instants.mapValues { JSONValue.array($0.map { JSONValue.number(Double($0)) }) }))
        try write(folder + "/request.json", request.serialized())
        try write(folder + "/reference.py", program)
        let output = try run(["python3", folder + "/reference.py", folder + "/request.json"],
                             environment: ["PATH=/usr/local/bin:/usr/bin:/bin", "PYTHONTZPATH=" + Zone.zoneinfoDirectory])
        let parsed: JSONValue
        do { parsed = try JSONValue.parse(output) } catch { throw Failure(description: "python3 printed no JSON: \(output.prefix(500))") }
        guard let object = parsed.objectValue else { throw Failure(description: "python3 printed \(output.prefix(500))") }
        return Dictionary(object.map { ($0.key, ($0.value.arrayValue ?? []).compactMap(\.intValue)) }, uniquingKeysWith: { a, _ in a })
    }

    static func write(_ path: String, _ text: String) throws {
        guard let file = fopen(path, "w") else { throw Failure(description: "cannot write \(path)") }
        fputs(text, file)
        fclose(file)
    }

    /// Runs a program to its end and returns what it printed; a failure if it fails.
    static func run(_ argv: [String], environment: [String]) throws -> String {
        var out: [Int32] = [0, 0]
        guard pipe(&out) == 0 else { throw Failure(description: "no pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_addclose(&actions, out[0])
        posix_spawn_file_actions_addclose(&actions, out[1])
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = environment.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) }; cEnv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, argv[0], &actions, nil, cArgs, cEnv)
        posix_spawn_file_actions_destroy(&actions)
        close(out[1])
        defer { close(out[0]) }
        guard spawned == 0 else { throw Failure(description: "cannot start \(argv[0]): \(String(cString: strerror(spawned)))") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(out[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { throw Failure(description: "\(argv.joined(separator: " ")) failed (status \(status))") }
        return String(decoding: bytes, as: UTF8.self)
    }
}
