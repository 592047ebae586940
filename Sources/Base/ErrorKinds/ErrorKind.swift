/// What an error is, so that how it ends a command follows from it in one place
/// (`ExitStatus.of(_:)`, contract X2) and not from each place that throws it.
///
/// Five kinds: the user's input is wrong, the script (or fixture, or push) ran and failed,
/// the JavaScript engine could not do its part, the machine lacks or refuses something, or
/// the host has a bug. Input and environment say which case they are, because X2 gives
/// them different codes.
public enum ErrorKind: Sendable, Hashable {
    /// What the user gave is wrong: the command line, or a file it names.
    case input(Input)
    /// The work ran and found failure: a script error, a failing fixture, a refused push.
    case script
    /// The JavaScript engine could not do its part (its zone rules could not be made).
    case engine
    /// The machine lacks or refuses something the command needs.
    case environment(Environment)
    /// A bug in the host: a state its own code should never reach.
    case `internal`

    /// How the user's input is wrong.
    public enum Input: Sendable, Hashable {
        /// The command line: an unknown option, a bad value, a missing argument.
        case usage
        /// A file or value that does not have the documented form: not UTF-8, not JSON, not
        /// a fixture, a layout or profile with a mistake.
        case malformed
        /// A named file or folder that is missing or cannot be read, or a named output path
        /// that cannot be written (`--output`, `--out`, `--html`).
        case missing
    }

    /// What the machine lacks or refuses.
    public enum Environment: Sendable, Hashable {
        /// A part of the tool, or a program or library it runs, is not installed.
        case notInstalled
        /// A file the command makes, or what a run stored, cannot be written, or is already
        /// there and is never overwritten.
        case cannotCreate
        /// Something the command reaches for refused or did not answer: a receiver that cannot be reached, a network request, a folder that cannot
        /// be watched, a system file that cannot be read.
        case refused
        /// Something the command needs is taken or out of service for now: a port already in
        /// use by another program.
        case unavailable
    }
}

/// An error that says what it is.
public protocol KindedError: Error {
    /// What the error is, which decides the tool's exit code (X2).
    var errorKind: ErrorKind { get }
}
