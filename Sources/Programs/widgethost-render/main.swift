import RenderCLI
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

// `widgethost render ARGS…` execs this program with `ARGS…`; `widgethost test` starts its
// workers as `widgethost-render test --worker`.
setvbuf(stdout, nil, _IOFBF, 1 << 16)
let code = RenderTool.main(arguments: Array(CommandLine.arguments.dropFirst()))
fflush(stdout)
exit(code)
