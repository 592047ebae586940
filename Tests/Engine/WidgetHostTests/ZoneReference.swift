import JSONKit
import TestSupport
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
        let folder = try Files.makeTemporaryFolder("widgethost-zone-reference")
        defer { Files.removeTree(folder) }
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
        let result = try Program.run(argv, environment: environment, searchPath: true)
        guard result.code == 0 else { throw Failure(description: "\(argv.joined(separator: " ")) failed (exit status \(result.code)): \(result.err.prefix(500))") }
        return result.out
    }
}
