import ErrorKinds

/// Why a push was refused or ignored: the reason codes of the contract (P1–P10, L4).
public enum PushReason: String, Sendable, Hashable, CaseIterable {
    // P1: the HTTP request itself.
    /// The body is larger than 64 KiB (HTTP 413).
    case bodyTooLarge = "body-too-large"
    /// The body is not JSON, or not a JSON object (HTTP 400).
    case malformedJSON = "malformed-json"
    /// The `Content-Type` is not `application/json` (HTTP 415).
    case unsupportedMediaType = "unsupported-media-type"
    /// A method other than POST on a push path (HTTP 405).
    case methodNotAllowed = "method-not-allowed"
    /// An unknown path (HTTP 404).
    case notFound = "not-found"
    /// An HTTP/1.1 request without `Host` (HTTP 400; what else is not well-formed HTTP/1.x the
    /// HTTP library answers itself).
    case malformedRequest = "malformed-request"
    // P2, P3: fields.
    /// A required field is absent (HTTP 400).
    case missingField = "missing-field"
    /// A field has the wrong JSON type (HTTP 400).
    case wrongType = "wrong-type"
    /// A field has the right type but a value the contract does not allow (HTTP 400).
    case invalidValue = "invalid-value"
    /// `content_state.data` was given as an object instead of a string holding one (HTTP 400).
    case dataNotString = "data-not-string"
    /// `content_state.data` is a string but not the text of a JSON object (HTTP 400).
    case dataNotJSONObject = "data-not-json-object"
    // P6: replay protection.
    /// `timestamp` is further than the window from the receiver's clock (HTTP 400).
    case timestampOutOfWindow = "timestamp-out-of-window"
    /// `timestamp` is above 1e11: milliseconds, not seconds (HTTP 400).
    case timestampInMilliseconds = "timestamp-in-milliseconds"
    /// The nonce was already accepted for this user within the window (HTTP 409).
    case duplicateNonce = "duplicate-nonce"
    // P7: ordering.
    /// Older than the last accepted push for the activity: acknowledged but ignored (HTTP 200).
    case staleTimestamp = "stale-timestamp"
    // P8: registry.
    /// `user_id` is not a registered Push ID (HTTP 404).
    case unknownUser = "unknown-user"
    /// `widget_id` is not a Live Activity widget of that user (HTTP 404).
    case unknownWidget = "unknown-widget"
    /// A push `start` to a device older than iOS 17.2 (HTTP 422).
    case pushStartUnsupported = "push-start-unsupported"
    // P9.
    /// The content state, encoded as it travels to the device, is above 4096 bytes (HTTP 413).
    case payloadTooLarge = "payload-too-large"
    // L4 and one activity per widget.
    /// An `update` or `end` when no activity is active (HTTP 409).
    case noActiveActivity = "no-active-activity"
    /// A `start` while the widget's activity is still active (HTTP 409).
    case activityAlreadyActive = "activity-already-active"
    // The receiver.
    /// The receiver could not store the push; nothing was acknowledged (HTTP 500).
    case storageFailed = "storage-failed"
    /// The receiver is shutting down or overloaded (HTTP 503).
    case unavailable = "unavailable"

    /// The HTTP status a refusal (or, for `stale-timestamp`, an ignored push) gets.
    public var httpStatus: Int {
        switch self {
        case .bodyTooLarge, .payloadTooLarge: return 413
        case .malformedJSON, .malformedRequest, .missingField, .wrongType, .invalidValue, .dataNotString, .dataNotJSONObject,
            .timestampOutOfWindow, .timestampInMilliseconds:
            return 400
        case .unsupportedMediaType: return 415
        case .methodNotAllowed: return 405
        case .notFound, .unknownUser, .unknownWidget: return 404
        case .duplicateNonce, .noActiveActivity, .activityAlreadyActive: return 409
        case .staleTimestamp: return 200
        case .pushStartUnsupported: return 422
        case .storageFailed: return 500
        case .unavailable: return 503
        }
    }
}

/// A warning code: the push went through, but something deserves attention.
public enum PushWarningCode: String, Sendable, Hashable, CaseIterable {
    /// A member the contract does not know (P2).
    case unknownField = "unknown-field"
    /// `alert_title`/`alert_body` on an update or end (P4).
    case alertIgnored = "alert-ignored"
    /// Sound fields that contradict each other (P5).
    case soundConflict = "sound-conflict"
    /// An update sooner than 3 s after a push start (P8).
    case updateTooSoon = "update-too-soon"
    /// The whole APNs payload is above 4096 bytes although the content state fits (P9).
    case apnsPayloadTooLarge = "apns-payload-too-large"
}

/// A warning on an accepted or ignored push.
public struct PushWarning: Finding {
    /// The stable code.
    public var code: PushWarningCode
    /// The field it is about, when there is one.
    public var field: String?
    /// What happened and what to do.
    public var message: String

    /// Creates a warning.
    public init(_ code: PushWarningCode, field: String? = nil, _ message: String) {
        self.code = code
        self.field = field
        self.message = message
    }
}

/// A refused push: the reason, the field it is about, and a message that says what to do.
public struct PushRefusal: KindedError, Sendable, Hashable, CustomStringConvertible {
    /// A request that breaks the contract: malformed input.
    public var errorKind: ErrorKind { .input(.malformed) }
    /// The reason code.
    public var reason: PushReason
    /// The field the refusal is about (`content_state.data`, `timestamp`…), if any.
    public var field: String?
    /// What is wrong and what to do.
    public var message: String

    /// Creates a refusal.
    public init(_ reason: PushReason, field: String? = nil, _ message: String) {
        self.reason = reason
        self.field = field
        self.message = message
    }

    /// The HTTP status (`reason.httpStatus`).
    public var httpStatus: Int { reason.httpStatus }
    /// `message [reason]`.
    public var description: String { "\(message) [\(reason.rawValue)]" }
}

extension PushWarning {
    /// The code's text.
    public var codeName: String { code.rawValue }
    /// A push's warnings are warnings: the push was accepted or ignored all the same.
    public var severity: Severity { .warning }
}
