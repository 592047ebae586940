import Render
import WidgetHostCLI

/// The `widgethost-render` program: the commands that draw, with `Render` (cairo and Pango)
/// handed in, so that only this program loads those libraries. `widgethost render ARGS…`
/// runs it with `ARGS…`; `widgethost test` runs its workers as `widgethost-render test --worker`.
public enum RenderTool {
    public static func main(arguments: [String], terminal: Terminal = .standard()) -> Int32 {
        let drawer = RenderDrawer()
        if arguments.first == "test" {
            return WidgetHostTool.run(TestCommand.command(drawer: drawer), arguments: Array(arguments.dropFirst()), terminal: terminal)
        }
        return WidgetHostTool.run(RenderCommand.command(drawer: drawer), arguments: arguments, terminal: terminal)
    }
}
