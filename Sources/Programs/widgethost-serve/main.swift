import ServeCLI
import Studio
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

// `widgethost serve ARGS…` execs this program with `ARGS…`; `widgethost studio ARGS…` with
// `studio ARGS…`.
setvbuf(stdout, nil, _IOFBF, 1 << 16)
let arguments = Array(CommandLine.arguments.dropFirst())
let code = arguments.first == "studio"
    ? StudioTool.main(arguments: Array(arguments.dropFirst()))
    : ServeTool.main(arguments: arguments)
fflush(stdout)
exit(code)
