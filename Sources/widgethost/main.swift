import ICUZones
import WidgetHostCLI
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

// Before any thread starts: it sets the variable that points the engine at the system's tzdata.
EngineZoneRules.prepare()

setvbuf(stdout, nil, _IOFBF, 1 << 16)
let code = WidgetHostTool.main(arguments: Array(CommandLine.arguments.dropFirst()))
fflush(stdout)
exit(code)
