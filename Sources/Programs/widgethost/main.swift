import ICUZones
import WidgetHostCLI
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

// Before any thread starts: it sets the variable that points the engine at the system's tzdata.
EngineZoneRules.prepare()

setvbuf(stdout, nil, _IOFBF, 1 << 16)
// The one place the process may be replaced: `serve` runs the widgethost-serve program.
let code: Int32
switch WidgetHostTool.step(arguments: Array(CommandLine.arguments.dropFirst())) {
case .exit(let status): code = status
case .program(let sibling): code = sibling.exec()
}
fflush(stdout)
exit(code)
