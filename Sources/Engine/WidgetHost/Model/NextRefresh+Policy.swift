extension NextRefresh {
    /// The refresh a run asks for (R1): its valid update time if it set one
    /// (one-shot, C4); otherwise the run's end plus the frequency in force (at
    /// least 5 minutes, C2); otherwise the run's end plus the system's default
    /// cadence, 1440 / budget minutes.
    public static func after(finishedAt: Int64, requests: ControlRequests, configuration: RunConfiguration) -> NextRefresh {
        if configuration.edition == .harmony { return harmony(finishedAt: finishedAt, requests: requests) }
        let frequency = requests.updateFrequencyMinutes ?? configuration.frequencyInForce
        if let time = requests.updateTime, time > finishedAt {
            return NextRefresh(requested: time, reason: .updateTime, frequencyMinutes: frequency)
        }
        if let frequency {
            // At least 5 minutes; at most 1,000 days, so that huge values stay representable.
            let minutes = min(max(frequency, 5), 1_440_000)
            return NextRefresh(
                requested: finishedAt + Int64((minutes * 60_000).rounded()), reason: .frequency, frequencyMinutes: frequency)
        }
        return NextRefresh(
            requested: finishedAt + Int64((configuration.defaultCadenceMinutes * 60).rounded()) * 1000, reason: .default,
            frequencyMinutes: nil)
    }
}

extension NextRefresh {
    /// The refresh a HarmonyOS run asks for (H7): its last valid call of either function (they
    /// exclude each other), at least 5 minutes after the run (`setFormNextRefreshTime`'s floor);
    /// else the form's periodic cadence. Nothing carries over from earlier runs.
    static func harmony(finishedAt: Int64, requests: ControlRequests) -> NextRefresh {
        let floor = finishedAt + Int64(HarmonyRules.minimumRefreshMinutes * 60_000)
        if let time = requests.updateTime {
            return NextRefresh(requested: max(time, floor), reason: .updateTime, frequencyMinutes: nil)
        }
        if let minutes = requests.updateFrequencyMinutes {
            let asked = min(max(minutes, HarmonyRules.minimumRefreshMinutes), 1_440_000)
            return NextRefresh(requested: finishedAt + Int64((asked * 60_000).rounded()), reason: .frequency, frequencyMinutes: minutes)
        }
        return NextRefresh(
            requested: finishedAt + Int64(HarmonyRules.defaultCadenceMinutes * 60_000), reason: .default, frequencyMinutes: nil)
    }
}

extension RunReport {
    /// A report for a script that never ran (it did not load or parse).
    static func notRun(script: String, configuration: RunConfiguration, start: Int64) -> RunReport {
        RunReport(
            script: script, kind: configuration.kind, status: .error, zone: configuration.zone, seed: configuration.seed,
            startedAt: start, finishedAt: start, outputs: [:], events: [], requests: ControlRequests(),
            nextRefresh: NextRefresh.after(finishedAt: start, requests: ControlRequests(), configuration: configuration),
            console: [], consoleDropped: 0, diagnostics: [], error: nil, limits: configuration.limits,
            liveActivity: nil, edition: configuration.edition,
            card: configuration.edition == .harmony ? configuration.card : nil)
    }
}
