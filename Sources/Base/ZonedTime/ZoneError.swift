import ErrorKinds

/// Why a time zone could not be loaded.
public struct ZoneError: KindedError, Sendable, Hashable, CustomStringConvertible {
    /// A zone name or rule that is wrong is malformed input; a zone file that cannot be read,
    /// the system's.
    public var errorKind: ErrorKind {
        switch kind {
        case .invalidIdentifier, .unknownZone, .invalidRule: return .input(.malformed)
        case .unreadableFile, .corruptFile: return .environment(.refused)
        }
    }
    /// The broad reason.
    public enum Kind: Sendable, Hashable {
        /// The identifier is empty, absolute, or contains "..", NUL or a backslash.
        case invalidIdentifier
        /// No zone file has that name.
        case unknownZone
        /// The zone file exists but could not be read.
        case unreadableFile
        /// The file is not a valid TZif file.
        case corruptFile
        /// A POSIX TZ rule string is malformed.
        case invalidRule
    }

    /// The broad reason.
    public let kind: Kind
    /// The identifier, path or rule that failed.
    public let identifier: String
    /// A sentence saying what is wrong, e.g. `unknown time zone "Mars/Olympus" (no file /usr/share/zoneinfo/Mars/Olympus)`.
    public let message: String

    /// Creates an error.
    public init(kind: Kind, identifier: String, message: String) {
        self.kind = kind
        self.identifier = identifier
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
