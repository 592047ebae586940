import ErrorKinds
import HostSystem
import JSONKit

/// A profile or fixture file that cannot be used: one line naming the file and the problem.
public struct DataFileError: KindedError, Sendable, Hashable, CustomStringConvertible {
    /// Malformed input (exit 65), or a missing or unreadable file (66).
    public var errorKind: ErrorKind { kind == .malformed ? .input(.malformed) : .input(.missing) }
    /// Why the file cannot be used, which decides the tool's exit code (X2).
    public enum Kind: Sendable, Hashable {
        /// The file is missing or unreadable (exit 66).
        case unreadable
        /// The file is not valid JSON or does not have the documented shape (exit 65).
        case malformed
    }

    /// Unreadable or malformed.
    public var kind: Kind
    /// The file as the user named it (for JSON given in code, the `source` it was given with).
    public var path: String
    /// The problem, written after the path: `device.battery.level must be …`; a JSON syntax error's
    /// starts with `:line:column:` and is written right after the path.
    public var message: String
    /// A stable diagnostic code for the problem (docs/diagnostics.md), when it has one.
    public var code: String?

    /// A problem of `kind` with the file at `path`; `code` when the problem has a stable one.
    public init(kind: Kind, path: String, message: String, code: String? = nil) {
        self.kind = kind
        self.path = path
        self.message = message
        self.code = code
    }

    /// `profile.json: device.battery.level must be …`, or `profile.json:3:7: …` for a JSON syntax
    /// error; ` [code]` at the end when the problem has a code. The path is shown escaped (X3).
    public var description: String {
        let path = SystemPath.escape(path)
        return (message.hasPrefix(":") ? "\(path)\(message)" : "\(path): \(message)") + (code.map { " [\($0)]" } ?? "")
    }

    /// Reads and parses a JSON data file.
    static func loadJSON(path: String) throws(DataFileError) -> JSONValue {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path: path)
        } catch {
            throw DataFileError(kind: .unreadable, path: path, message: error.message)
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        do {
            return try JSONValue.parse(bytes: body)
        } catch {
            throw DataFileError(kind: .malformed, path: path, message: ":\(error.line):\(error.column): not valid JSON: \(error.message)")
        }
    }
}

/// Checks the shape of a JSON data file and names the first thing wrong by its path.
indirect enum DataShape: Sendable {
    case string, number, boolean, any, scalar
    /// A number in a closed range.
    case range(Double, Double)
    /// A number of milliseconds since 1970, or an ISO 8601 date-time string.
    case time
    case oneOf([String])
    /// An object with only these keys.
    case object([String: DataShape])
    /// An object with any keys, each of this shape.
    case map(DataShape)
    case list(DataShape)

    /// The first problem in `value` as a message, or nil.
    func problem(in value: JSONValue, at path: String) -> String? {
        func expected(_ what: String) -> String {
            "\(path.isEmpty ? "the top level" : path) must be \(what); got \(Self.phrase(value))"
        }
        switch self {
        case .any: return nil
        case .string: return value.stringValue == nil ? expected("a string") : nil
        case .number: return value.doubleValue == nil ? expected("a number") : nil
        case .boolean: return value.boolValue == nil ? expected("true or false") : nil
        case .scalar:
            switch value {
            case .string, .number, .bool: return nil
            default: return expected("a string, a number or true/false")
            }
        case .range(let low, let high):
            guard let number = value.doubleValue, number >= low, number <= high else {
                return expected("a number from \(JSONValue.formatNumber(low)) to \(JSONValue.formatNumber(high))")
            }
            return nil
        case .time:
            switch value {
            case .number: return nil
            case .string(let text): return DeviceProfile.parseTime(text, zone: .utc) == nil ? expected("epoch milliseconds or an ISO 8601 date-time such as 2026-05-03T10:00:00Z") : nil
            default: return expected("epoch milliseconds or an ISO 8601 date-time such as 2026-05-03T10:00:00Z")
            }
        case .oneOf(let names):
            guard let text = value.stringValue, names.contains(text) else {
                return expected("one of " + names.map { "\"\($0)\"" }.joined(separator: ", "))
            }
            return nil
        case .object(let members):
            guard let object = value.objectValue else { return expected("an object") }
            for key in object.keys where members[key] == nil {
                let full = path.isEmpty ? key : "\(path).\(key)"
                let hint = DidYouMean.nearest(to: key, among: members.keys).map { " (did you mean '\(path.isEmpty ? $0 : "\(path).\($0)")'?)" } ?? ""
                return "unknown key '\(full)'\(hint)"
            }
            for (key, member) in object {
                if let problem = members[key]!.problem(in: member, at: path.isEmpty ? key : "\(path).\(key)") { return problem }
            }
            return nil
        case .map(let shape):
            guard let object = value.objectValue else { return expected("an object") }
            for (key, member) in object {
                if let problem = shape.problem(in: member, at: path.isEmpty ? key : "\(path).\(key)") { return problem }
            }
            return nil
        case .list(let shape):
            guard let array = value.arrayValue else { return expected("an array") }
            for (index, element) in array.enumerated() {
                if let problem = shape.problem(in: element, at: "\(path)[\(index)]") { return problem }
            }
            return nil
        }
    }

    static func phrase(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return JSONValue.formatNumber(number)
        case .string(let text): return "the string \(JSONValue.quote(text.count > 40 ? String(text.prefix(40)) + "…" : text))"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
