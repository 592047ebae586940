import ErrorKinds
import JSONKit
import ZonedTime

/// One timed push from a JSON Lines file: when it arrives and the request it carries.
/// It maps one to one onto `Timeline.PushEvent(at:type:data:label:)`.
public struct ScheduledPush: Sendable, Hashable {
    /// Arrival time, epoch ms.
    public var at: Int64
    /// The 1-based line of the file.
    public var line: Int
    /// The request, validated by the contract.
    public var push: ValidatedPush

    /// `start`, `update` or `end`.
    public var type: PushType { push.request.type }
    /// The decoded `content_state.data`, `nil` when not given (only allowed for `end`).
    public var variables: JSONObject? { push.variables }
    /// A label for reports: the nonce.
    public var label: String { push.request.nonce }
}

/// A pushes file that cannot be used: the line and what to fix.
public struct PushScheduleError: KindedError, Sendable, Hashable, CustomStringConvertible {
    /// A pushes file with a bad line: malformed input.
    public var errorKind: ErrorKind { .input(.malformed) }
    public var line: Int
    public var message: String
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
    public var description: String { "line \(line): \(message)" }
}

/// Reads timed push requests in JSON Lines for `widgethost simulate --pushes FILE`.
///
/// Each non-blank line is `{"at": WHEN, "request": {…push request body…}}`. `WHEN` is
/// `+DURATION` after the simulation's start (`+90s`, `+45m`, `+2h`, `+1d`, `+1h30m`,
/// `+1.5h`, `+500ms`; contract T6, `DurationText`), an ISO 8601 date-time, or epoch milliseconds (a number). Without `at`, the
/// push arrives at its request's `timestamp`. Every request passes the contract's checks
/// that need no receiver state (P1–P5, P6 units, P9); a nonce used twice is refused as the
/// receiver would (P6). Lines are returned in file order.
public enum PushSchedule {
    /// Parses the file's text.
    ///
    /// - Parameters:
    ///   - text: The JSON Lines text.
    ///   - start: The simulation's start, epoch ms, for `+DURATION`.
    ///   - absoluteTime: Reads an ISO 8601 date-time into epoch ms (`nil` when invalid),
    ///     e.g. `{ try? ISO8601.parse($0, defaultZone: zone) }`.
    public static func parse(_ text: String, start: Int64, rules: PushRules = PushRules(),
                             absoluteTime: (String) -> Int64?) throws(PushScheduleError) -> [ScheduledPush] {
        var result: [ScheduledPush] = []
        var seenNonces: [PushLedger.NonceKey: Int] = [:]
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = offset + 1
            let trimmed = rawLine.drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if trimmed.isEmpty || trimmed.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
            let value: JSONValue
            do { value = try JSONValue.parse(String(rawLine), loneSurrogates: .reject) } catch {
                if let path = error.loneSurrogatePath, path.hasPrefix("request.") {
                    let refusal = PushContract.loneSurrogate(in: String(path.dropFirst("request.".count)), error)
                    throw PushScheduleError(line: line, message: "the request is refused: \(refusal.message) [\(refusal.reason.rawValue)]")
                }
                throw PushScheduleError(line: line, message: "not valid JSON (column \(error.column): \(error.message)); each line is {\"at\": \"+2h\", \"request\": {…}}")
            }
            guard case .object(let object) = value else {
                throw PushScheduleError(line: line, message: "expected an object {\"at\": \"+2h\", \"request\": {…}}; got a JSON \(value.typeName)")
            }
            for key in object.keys where key != "at" && key != "request" {
                throw PushScheduleError(line: line, message: "unknown member \(JSONValue.quote(key)); a line has \"at\" and \"request\"")
            }
            guard let requestValue = object["request"] else {
                throw PushScheduleError(line: line, message: "missing \"request\": the push request body, as sent to /api/push")
            }
            let push: ValidatedPush
            do { push = try PushContract.validate(json: requestValue, rules: rules) } catch {
                throw PushScheduleError(line: line, message: "the request is refused: \(error.message) [\(error.reason.rawValue)]")
            }
            let at: Int64
            switch object["at"] {
            case nil, .null?:
                at = push.request.timestamp * 1000
            case .number(let number)?:
                guard number.isFinite, number == number.rounded(.towardZero), number.magnitude < 9e15 else {
                    throw PushScheduleError(line: line, message: "\"at\" as a number is epoch milliseconds, a whole number; got \(JSONValue.formatNumber(number))")
                }
                at = Int64(number)
            case .string(let when)?:
                if when.hasPrefix("+") {
                    guard let offset = DurationText.milliseconds(when.dropFirst()),
                          let sum = DurationText.adding(offset, to: start) else {
                        throw PushScheduleError(line: line, message: "\"at\" \(JSONValue.quote(when)) is not a duration; use e.g. +90s, +45m, +2h, +1d or +1h30m")
                    }
                    at = sum
                } else {
                    guard let time = absoluteTime(when) else {
                        throw PushScheduleError(line: line, message: "\"at\" \(JSONValue.quote(when)) is neither +DURATION (e.g. +2h) nor an ISO 8601 date-time (e.g. 2026-11-29T08:00:00Z)")
                    }
                    at = time
                }
            case let other?:
                throw PushScheduleError(line: line, message: "\"at\" must be a string (+2h or an ISO 8601 date-time) or epoch milliseconds; got \(PushContract.describe(other))")
            }
            let nonceKey = PushLedger.NonceKey(userID: push.request.userID, nonce: push.request.nonce)
            if let first = seenNonces[nonceKey] {
                throw PushScheduleError(line: line, message: "nonce \(JSONValue.quote(push.request.nonce)) was already used on line \(first); a receiver refuses the replay (duplicate-nonce). Give every request its own nonce")
            }
            seenNonces[nonceKey] = line
            result.append(ScheduledPush(at: at, line: line, push: push))
        }
        return result
    }
}
