import ErrorKinds

/// The codes a run and an action end `widgethost run` with (X2), beside the kinds' codes.
extension ExitStatus {
    /// `widgethost run`: 0 when the run ends `ok`, 65 when the file is not UTF-8 (no run),
    /// 73 when what the run stored could not be saved (`state-not-saved`, whatever the
    /// status: the data is lost), 1 for `error`, `timeout` and `memory`.
    public static func of(_ report: RunReport) -> Int32 {
        if report.diagnostics.contains(where: { $0.code == .notUTF8 }) { return dataError }
        if report.diagnostics.contains(where: { $0.code == .stateNotSaved }) { return cannotCreate }
        return report.status == .ok ? success : failure
    }

    /// `widgethost run --action`: 0 when the action and the refresh both end `ok`, else the
    /// code of the first run that did not (in the HarmonyOS edition, the one run's, H14).
    public static func of(_ report: ActionReport) -> Int32 {
        let action = report.action.map { of($0) } ?? success
        return action != success ? action : of(report.refresh)
    }
}
