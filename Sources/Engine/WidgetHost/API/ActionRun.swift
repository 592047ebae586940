import JSONKit

/// A button tap (A8, R4, H14): the button's action script, then the widget refresh it triggers;
/// in the HarmonyOS edition one run, the card's script with the button's snippet appended.
public struct ActionReport: Sendable {
    /// The `schema` field of ``json()`` (X1).
    public static let schema = "widgethost.action/1"

    /// The action script's run (A8); nil in the HarmonyOS edition, whose snippet runs inside the
    /// refresh (H14).
    public var action: RunReport?
    /// The widget's refresh after it (a free refresh); in the HarmonyOS edition the one run.
    public var refresh: RunReport
    /// In the HarmonyOS edition, the line of the refresh's script where the appended snippet
    /// starts (its locations count from there); nil when none was appended (iOS, or `refresh`).
    public var snippetLine: Int?

    /// Both runs ended `ok`.
    public var isOK: Bool { (action?.status ?? .ok) == .ok && refresh.status == .ok }

    /// `{"schema": "widgethost.action/1", "action": <run report>, "refresh": <run report>}`; in
    /// the HarmonyOS edition `action` is null and `snippetLine` says where the snippet starts.
    public var json: JSONValue {
        var members: JSONObject = ["schema": .string(Self.schema), "action": action?.json ?? .null, "refresh": refresh.json]
        if refresh.edition == .harmony { members["snippetLine"] = snippetLine.map { .number(Double($0)) } ?? .null }
        return .object(members)
    }
}

extension ScriptHost {
    /// Runs a button's action script in its own context, then the widget script's
    /// refresh it triggers (A8): both with the same storage and the same widget
    /// identity (that of the widget script), the refresh starting when the action ends.
    /// In the HarmonyOS edition (H14) the action is the button's snippet, appended to the
    /// card's script and run with it as one run (``HarmonyRules/tapSnippetSeparator``); the
    /// snippet `refresh` runs the card's script alone.
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
        if configuration.edition == .harmony {
            let tap = Self.tapScript(action, appendedTo: widget)
            return ActionReport(action: nil, refresh: run(tap.script, configuration: shared), snippetLine: tap.snippetLine)
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

    /// The script a HarmonyOS button's tap runs (H14): the card's script with the snippet
    /// appended, and the line the snippet starts at; the card's script alone for `refresh`.
    public static func tapScript(_ snippet: ScriptSource, appendedTo card: ScriptSource) -> (script: ScriptSource, snippetLine: Int?) {
        let text = snippet.text.trimmingCharacters()
        if text.isEmpty || text == HarmonyRules.refreshSnippet { return (card, nil) }
        let joined = card.text + HarmonyRules.tapSnippetSeparator
        let line = joined.utf8.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        return (ScriptSource(text: joined + snippet.text, name: card.name), line)
    }
}
