import ErrorKinds
import WidgetHost

extension RunCommand {
    /// `run WIDGET --action BUTTON`: the button's action script, then the widget refresh it triggers (A8).
    static func runAction(
        _ path: String, widget: ScriptSource, configuration: RunConfiguration, format: ReportFormat, _ terminal: Terminal
    ) throws -> Int32 {
        let action = try ScriptSource.loadScript(path: path)
        let report = ProcessHost.with { $0.runAction(action, widget: widget, configuration: configuration) }
        if format == .json {
            terminal.out(withState(report.json, configuration.storage).serialized(pretty: true))
        } else if report.action == nil {
            // H14: the card's script with the button's snippet appended, one run.
            let state = APIFlags.stateLine(configuration.storage)
            if let line = report.snippetLine {
                terminal.out("Button tap: the snippet appended to the card's script from line \(line), run as one refresh")
            } else {
                terminal.out("Button tap: refresh, the card's script run alone")
            }
            terminal.out("")
            let text = ScriptHost.tapScript(action, appendedTo: widget).script.text
            RunReportRenderer(report: report.refresh, sourceText: text, budget: configuration.budget, state: state).render(to: terminal)
        } else if let actionReport = report.action {
            terminal.out("Button action, then the widget refresh it triggers (a free refresh)")
            terminal.out("")
            let state = APIFlags.stateLine(configuration.storage)
            RunReportRenderer(report: actionReport, sourceText: action.text, budget: configuration.budget, state: state).render(to: terminal)
            terminal.out("")
            RunReportRenderer(report: report.refresh, sourceText: widget.text, budget: configuration.budget, state: state).render(to: terminal)
        }
        return ExitStatus.of(report)
    }
}
