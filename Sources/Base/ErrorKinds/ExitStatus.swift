/// The tool's exit codes (X2), the code each kind of error ends a command with, and the code
/// each kind of work ends with (a run's and an action's codes are `WidgetHost`'s extension of
/// this type). The command-line tool and the conformance runner both ask here, so a fixture's
/// `expect.exitCode` is the code `widgethost` itself returns.
public enum ExitStatus {
    public static let success: Int32 = 0
    /// The work ran and found failure: a script error, a failing fixture, a refused push.
    public static let failure: Int32 = 1
    public static let usage: Int32 = 64
    /// Bad input data: a malformed fixture, profile or JSON, a script that is not UTF-8.
    public static let dataError: Int32 = 65
    /// A named file is missing or unreadable.
    public static let noInput: Int32 = 66
    /// A part of the tool is not installed: `widgethost serve` without its `widgethost-serve`.
    public static let unavailable: Int32 = 69
    public static let internalError: Int32 = 70
    /// Cannot create: what a run stored could not be written to the state folder (or the
    /// recorded fixtures to their file), so it is lost (`state-not-saved`).
    public static let cannotCreate: Int32 = 73

    /// The code an error of `kind` ends a command with: the one place it is decided (X2).
    /// The engine's failures are the host's, as a bug is.
    public static func of(_ kind: ErrorKind) -> Int32 {
        switch kind {
        case .input(.usage): return usage
        case .input(.malformed): return dataError
        case .input(.missing): return noInput
        case .script, .environment(.refused): return failure
        case .environment(.notInstalled), .environment(.unavailable): return unavailable
        case .environment(.cannotCreate): return cannotCreate
        case .engine, .internal: return internalError
        }
    }

    /// The code `error` ends a command with: its kind's, and 70 for an error that does not
    /// say what it is.
    public static func of(_ error: any Error) -> Int32 {
        (error as? any KindedError).map { of($0.errorKind) } ?? internalError
    }

    /// `widgethost push --send`: 0 when the receiver acknowledged the push (HTTP below 400
    /// and `ok` not false), else 1.
    public static func ofPushResponse(httpStatus: Int, ok: Bool?) -> Int32 {
        httpStatus < 400 && (ok ?? true) ? success : failure
    }

    /// `widgethost test`: 1 when any fixture failed, else 0.
    public static func ofSuite(failed: Int) -> Int32 {
        failed > 0 ? failure : success
    }
}
