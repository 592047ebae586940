import JSONKit

/// A button tap (A8, R4): the button's action script, then the widget refresh it triggers.
public struct ActionReport: Sendable {
    /// The `schema` field of ``json()`` (X1).
    public static let schema = "widgethost.action/1"

    /// The action script's run.
    public var action: RunReport
    /// The widget's refresh after it (a free refresh).
    public var refresh: RunReport

    /// Both runs ended `ok`.
    public var isOK: Bool { action.status == .ok && refresh.status == .ok }

    /// `{"schema": "widgethost.action/1", "action": <run report>, "refresh": <run report>}`.
    public var json: JSONValue {
        .object(["schema": .string(Self.schema), "action": action.json, "refresh": refresh.json])
    }
}

extension ScriptHost {
    /// Runs a button's action script in its own context, then the widget script's
    /// refresh it triggers (A8): both with the same storage and the same widget
    /// identity (that of the widget script), the refresh starting when the action ends.
    ///
    /// When `configuration.storage` is nil the two runs share a store that lives in memory.
    public func runAction(_ action: ScriptSource, widget: ScriptSource, configuration: RunConfiguration = RunConfiguration()) -> ActionReport {
        var shared = configuration
        if shared.storage == nil { shared.storage = StateStore() }
        if shared.widget == nil {
            let derived = WidgetIdentity.derived(fromScriptName: widget.name)
            let fromProfile = configuration.profile.overlay["widget"]
            shared.widget = WidgetIdentity(
                id: fromProfile?["id"]?.stringValue ?? derived.id, name: fromProfile?["name"]?.stringValue ?? derived.name)
        }
        let actionReport = run(action, configuration: shared)
        var refreshConfiguration = shared
        refreshConfiguration.now = actionReport.finishedAt
        if actionReport.status == .ok, let minutes = actionReport.requests.updateFrequencyMinutes {
            refreshConfiguration.frequencyInForce = minutes
        }
        let refreshReport = run(widget, configuration: refreshConfiguration)
        return ActionReport(action: actionReport, refresh: refreshReport)
    }
}
