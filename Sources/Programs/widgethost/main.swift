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
// The arguments as the kernel gave them: bytes, so a file's name need not be UTF-8.
let arguments = (1..<Int(CommandLine.argc)).map { index in
    CommandLine.unsafeArgv[index].map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) } ?? []
}
switch WidgetHostTool.step(argumentBytes: arguments) {
case .exit(let status): code = status
case .program(let sibling): code = sibling.exec()
}
fflush(stdout)
exit(code)
