/// `widgethost serve`, the local push receiver: its own program, `widgethost-serve` (the
/// `ServeCLI` module), because only it needs libmicrohttpd and SQLite. The tool lists it and
/// hands it the process with the arguments untouched, help included.
package enum ServeProgram {
    package static let name = "serve"
    package static let abstract = "Run a local Live Activity push receiver (POST /api/push) to test a server against."
    /// The executable next to `widgethost` that carries the command out.
    package static let program = "widgethost-serve"

    static let command = Command(name: name, abstract: abstract, program: program)
}
