import WidgetHostCLI
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

setvbuf(stdout, nil, _IOFBF, 1 << 16)
let code = WidgetHostTool.main(arguments: Array(CommandLine.arguments.dropFirst()))
fflush(stdout)
exit(code)
