import WidgetHostCLI

/// The `widgethost-serve` program: `widgethost serve` as its own executable, so that only it
/// links the receiver (H2O's HTTP library, SQLite). `widgethost serve ARGS…` runs it with `ARGS…`.
public enum ServeTool {
    /// Runs `widgethost serve` with the arguments that follow `serve` and returns its exit
    /// code (X2): help, usage errors and exit codes exactly as the tool's other subcommands.
    public static func main(arguments: [String], terminal: Terminal = .standard()) -> Int32 {
        WidgetHostTool.run(ServeCommand.command, arguments: arguments, terminal: terminal)
    }
}
