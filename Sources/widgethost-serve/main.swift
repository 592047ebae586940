import ServeCLI
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

// `widgethost serve ARGS…` execs this program with `ARGS…`.
setvbuf(stdout, nil, _IOFBF, 1 << 16)
let code = ServeTool.main(arguments: Array(CommandLine.arguments.dropFirst()))
fflush(stdout)
exit(code)
