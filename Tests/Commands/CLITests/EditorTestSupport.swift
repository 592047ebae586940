import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The folder of the built `widgethost` (next to the test bundle); a failure, not a skip, when it is missing.
func toolFolder() throws -> String {
    _ = try BuiltProgram.path("widgethost")
    return BuiltProgram.folder
}

/// Runs `script` with /bin/sh in `folder`, with the built tool first on the PATH, as a user's shell would.
func sh(_ script: String, in folder: String, extraEnvironment: [String] = []) throws -> ToolResult {
    let tools = try toolFolder()
    return try spawn(["/bin/sh", "-c", "cd \"$1\" && \(script)", "sh", folder],
                     environment: ["NO_COLOR=1", "TZ=UTC", "HOME=\(folder)", "PATH=\(tools):/usr/bin:/bin"] + extraEnvironment)
}
