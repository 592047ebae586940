import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The folder of the built `widgethost` (next to the test bundle); a failure, not a skip, when it is missing.
func toolFolder() throws -> String {
    var bundle = CommandLine.arguments[0]
    if !bundle.hasSuffix(".xctest") { bundle = CommandLine.arguments.first { $0.hasSuffix(".xctest") } ?? bundle }
    let folder = String(bundle[..<(bundle.lastIndex(of: "/") ?? bundle.startIndex)])
    guard access(folder + "/widgethost", X_OK) == 0 else {
        XCTFail("the widgethost binary is not built in \(folder)")
        throw CancellationError()
    }
    return folder
}

/// Runs `script` with /bin/sh in `folder`, with the built tool first on the PATH, as a user's shell would.
func sh(_ script: String, in folder: String, extraEnvironment: [String] = []) throws -> ToolResult {
    let tools = try toolFolder()
    return try spawn(["/bin/sh", "-c", "cd \"$1\" && \(script)", "sh", folder],
                     environment: ["NO_COLOR=1", "TZ=UTC", "HOME=\(folder)", "PATH=\(tools):/usr/bin:/bin"] + extraEnvironment)
}
