// swift-tools-version:6.0
// WidgetHost: a headless host for Omni widget and Live Activity scripts.
import PackageDescription

// Pango's and librsvg's pkg-config flags carry -pthread, which the package manager refuses with a
// warning, so their header folders (Debian's) are named here, for `Render` and every target that
// imports it.
let pangoHeaders: [SwiftSetting] = [.unsafeFlags([
    "-Xcc", "-I/usr/include/pango-1.0", "-Xcc", "-I/usr/include/harfbuzz",
    "-Xcc", "-I/usr/include/librsvg-2.0", "-Xcc", "-I/usr/include/gdk-pixbuf-2.0",
])]

let package = Package(
    name: "WidgetHost",
    products: [
        .library(name: "WidgetHost", targets: ["WidgetHost"]),
        .library(name: "Timeline", targets: ["Timeline"]),
        .library(name: "PushContract", targets: ["PushContract"]),
        .executable(name: "widgethost", targets: ["widgethost"]),
        .executable(name: "widgethost-serve", targets: ["widgethost-serve"]),
        .executable(name: "widgethost-render", targets: ["widgethost-render"]),
    ],
    targets: [
        // C boundary: JavaScriptCore from Debian's libjavascriptcoregtk-4.1-dev.
        .systemLibrary(
            name: "CJavaScriptCore",
            pkgConfig: "javascriptcoregtk-4.1",
            providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]
        ),
        // What an error is (input, script, engine, environment, internal), which every module's
        // errors say, so that the exit code follows from it in one place (ExitCodes, X2).
        .target(name: "ErrorKinds"),
        // Pure Swift JSON value, parser and canonical writer.
        .target(name: "JSONKit", dependencies: ["ErrorKinds"]),
        // Pure Swift time zones (TZif reader) and ISO 8601 dates; no Foundation.
        .target(name: "ZonedTime", dependencies: ["ErrorKinds"]),
        // The system's tzdata in ICU's form (zoneinfo64.res), so the engine's Date and Intl
        // use the same zone rules as the report; pure Swift over ZonedTime.
        .target(name: "ICUZones", dependencies: ["ZonedTime", "HostSystem", "ErrorKinds"]),
        // Pure Swift JavaScript tokenizer: top-level declarations, directives, returns.
        .target(name: "ScriptSyntax"),
        // What the toolchain's Synchronization and Dispatch do not give: a mutex with a condition
        // variable (timed waits on the monotonic clock) and a dedicated OS thread.
        .target(name: "Threads"),
        // What the tools need from the system over the C library: the one atomic file writer,
        // child processes with their output drained and timed out, the wall clock, monotonic
        // readings on ContinuousClock, random bytes.
        .target(name: "HostSystem", dependencies: ["ErrorKinds"]),
        // The wall clock and default language the engine reads, answered per run (T1, T5):
        // the C library's clock_gettime, gettimeofday, time and setlocale, defined in the program.
        .target(name: "CVirtualTime"),
        // The only module that touches raw JavaScriptCore pointers.
        .target(name: "ScriptCore", dependencies: ["CJavaScriptCore", "ICUZones", "ErrorKinds"]),
        // libcurl for live HTTP: curl.h's option numbers, typed wrappers of its variadic calls,
        // and the library loaded with dlopen on the first live request (Debian's libcurl4-openssl-dev
        // for the header at build time; libcurl4 at run time).
        .target(name: "CLibCurl", dependencies: ["CSharedLibrary"]),
        // The one loading policy of the C libraries only some runs need: dlopen on first use,
        // once per process, into a table of the entry points' declared types.
        .target(name: "CSharedLibrary", linkerSettings: [.linkedLibrary("dl")]),
        // libxml2's HTML parser and XPath, for HTMLDoc: its headers (Debian's libxml2-dev, reached
        // through include/libxml, a link to their folder, so every module and tool that loads this
        // one finds them without flags), typed wrappers, and the library loaded with dlopen on the
        // first HTML parse (libxml2 at run time).
        .target(name: "CLibXML2", dependencies: ["CSharedLibrary"]),
        // The only module that touches libxml2 pointers: HTMLDocument and its XPath answers in plain Swift.
        .target(name: "HTMLCore", dependencies: ["CLibXML2", "ErrorKinds"]),
        // Script model, bindings, virtual clock, run reports.
        .target(name: "WidgetHost", dependencies: ["ScriptCore", "ScriptSyntax", "JSONKit", "ZonedTime", "ICUZones", "HTMLCore", "CLibCurl", "Threads", "CVirtualTime", "HostSystem", "ErrorKinds"]),
        // The tool's exit codes (X2) and the code each kind of work ends with, shared by the
        // CLI and the conformance runner so a fixture's expect.exitCode is the tool's.
        .target(name: "ExitCodes", dependencies: ["WidgetHost", "ErrorKinds"]),
        // Virtual-time refresh and Live Activity simulation.
        .target(name: "Timeline", dependencies: ["WidgetHost", "JSONKit", "ZonedTime", "ErrorKinds"]),
        // Live Activity push request contract (pure Swift).
        .target(name: "PushContract", dependencies: ["JSONKit", "ZonedTime", "ErrorKinds"]),
        // C libraries for the push receiver: GNU libmicrohttpd and SQLite.
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // The C library's recv, defined in the program: libmicrohttpd's reads of the receiver's
        // connections go to the receiver first, so that it checks every request head.
        .target(name: "CReceiverSockets"),
        // The local push receiver: HTTP server and durable store.
        .target(name: "PushReceiver", dependencies: ["PushContract", "HostSystem", "CMicroHTTPD", "CSQLite", "CReceiverSockets", "JSONKit", "ZonedTime", "Threads", "ErrorKinds"]),
        // Layout placeholders (A10): `${path}` resolution against a script's outputs, layout checks.
        .target(name: "Layout", dependencies: ["JSONKit", "ErrorKinds"]),
        // The layout engine: a component tree laid out as SwiftUI does, at each widget family's
        // real size (pure Swift; text measured through a protocol).
        .target(name: "WidgetGeometry", dependencies: ["Layout", "JSONKit", "ZonedTime", "ErrorKinds"]),
        // The Canvas component's commands in plain Swift: the command model, the checks and limits
        // with their diagnostics, the coordinate space, and the interface of what draws them.
        .target(name: "Canvas", dependencies: ["JSONKit"]),
        // C boundary for drawing: cairo (image, PNG and SVG surfaces), Pango with HarfBuzz over
        // cairo for text, fontconfig for family look-ups. Only `Render` touches their pointers.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // Its headers are found through `pangoHeaders`; its module map links it.
        .systemLibrary(name: "CPango", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // zlib, for the PNG writer's CRC-32.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // libdeflate, the PNG writer's deflate: a whole buffer at once, about half of zlib's instructions.
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // libjpeg-turbo, for the JPEG files a widget's images show (cairo reads PNG itself).
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        // librsvg, for the SVG icons of `widgethost render --icons DIR`; its headers are found
        // through `pangoHeaders`, its module map links it.
        .systemLibrary(name: "CRsvg", providers: [.apt(["librsvg2-dev"])]),
        // Draws canvases and widgets with cairo and Pango, images with cairo (PNG) and libjpeg,
        // icons with librsvg. Linked only into programs that draw.
        .target(
            name: "Render", dependencies: ["Canvas", "WidgetGeometry", "JSONKit", "CCairo", "CPango", "CFontconfig", "CZlib", "CDeflate", "CJPEG", "CRsvg"],
            swiftSettings: pangoHeaders),
        // A layout drawn as a widget through the `WidgetDrawing` interface (what draws is handed
        // in); what a picture request and answer hold, and the service that draws them.
        .target(name: "WidgetPictures", dependencies: ["Canvas", "WidgetGeometry", "Layout", "JSONKit", "HostSystem", "ErrorKinds"]),
        // The command line's option declarations (typed, decoded once) and the options of a run
        // (RunOptions), which the CLI decodes from arguments and the conformance runner from front matter.
        .target(name: "CLIOptions", dependencies: ["WidgetHost", "Timeline", "WidgetGeometry", "ZonedTime", "ErrorKinds"]),
        // The conformance runner: fixture format, runner, reporters; and the one request and
        // answer of `widgethost-render`'s service (pictures or a fixture), with the client that
        // keeps a drawing child (`PictureChild`).
        .target(name: "Conformance", dependencies: ["WidgetHost", "CLIOptions", "ExitCodes", "Timeline", "PushContract", "Layout", "Canvas", "WidgetGeometry", "WidgetPictures", "JSONKit", "ZonedTime", "HostSystem", "ErrorKinds"]),
        // The author preview: terminal view, HTML report, watch mode.
        .target(name: "Preview", dependencies: ["WidgetHost", "Timeline", "Layout", "JSONKit", "ZonedTime", "ErrorKinds"]),
        // Command-line parsing, rendering and dispatch. Not the receiver: `serve` is its own
        // program, so no other command loads libmicrohttpd, gnutls and SQLite at start-up.
        .target(name: "WidgetHostCLI", dependencies: ["WidgetHost", "CLIOptions", "ExitCodes", "Timeline", "PushContract", "HostSystem", "Conformance", "Preview", "Layout", "Canvas", "WidgetGeometry", "WidgetPictures", "JSONKit", "ZonedTime", "ErrorKinds"]),
        // `widgethost serve`: the receiver's command, over the CLI's parsing and help.
        .target(name: "ServeCLI", dependencies: ["WidgetHostCLI", "PushReceiver", "PushContract", "HostSystem", "JSONKit", "ZonedTime", "ErrorKinds"]),
        // `widgethost studio`: the live page, served with the receiver's HTTP server, in
        // `widgethost-serve` (the one program that links libmicrohttpd).
        .target(name: "Studio", dependencies: ["WidgetHostCLI", "PushReceiver", "PushContract", "Preview", "Timeline", "WidgetHost", "HostSystem", "JSONKit", "ZonedTime", "Threads"]),
        // `widgethost render` and the drawing test workers: the CLI with `Render` handed in.
        .target(name: "RenderCLI", dependencies: ["WidgetHostCLI", "ExitCodes", "HostSystem", "Render", "Canvas", "WidgetGeometry", "WidgetPictures", "Conformance", "Layout", "WidgetHost", "JSONKit"], swiftSettings: pangoHeaders),
        // The three programs link the Swift runtime in (debug builds too): a run maps nine fewer
        // libraries at start-up, and they run, and are packaged (Scripts/package), without the toolchain.
        .executableTarget(
            name: "widgethost", dependencies: ["WidgetHostCLI", "ICUZones"],
            linkerSettings: [.unsafeFlags(["-static-stdlib"])]),
        // `widgethost serve ARGS…` execs this program, beside `widgethost` or in ../libexec/widgethost;
        // `widgethost studio ARGS…` execs it as `widgethost-serve studio ARGS…`.
        .executableTarget(
            name: "widgethost-serve", dependencies: ["ServeCLI", "Studio"],
            linkerSettings: [.unsafeFlags(["-static-stdlib"])]),
        // `widgethost render ARGS…` execs this program, found as widgethost-serve is; so does
        // `widgethost test` for its workers when it is found, so fixtures can pin pictures.
        .executableTarget(
            name: "widgethost-render", dependencies: ["RenderCLI"], swiftSettings: pangoHeaders,
            linkerSettings: [.unsafeFlags(["-static-stdlib"])]),
        // In-process drawing benchmark for Scripts/bench.
        .executableTarget(name: "RenderBench", dependencies: ["Render", "Canvas", "JSONKit"], swiftSettings: pangoHeaders),
        // In-process benchmark for Scripts/bench.
        .executableTarget(name: "HostBench", dependencies: ["WidgetHost", "ScriptCore", "ZonedTime", "HostSystem"]),

        // Helpers every test target shares: temporary folders, file listing, the built
        // binaries, running a program to its end with a time limit.
        .target(name: "TestSupport", dependencies: ["HostSystem"], path: "Tests/TestSupport"),
        .testTarget(name: "HostSystemTests", dependencies: ["HostSystem", "TestSupport"]),
        .testTarget(name: "JSONKitTests", dependencies: ["JSONKit"]),
        .testTarget(name: "ZonedTimeTests", dependencies: ["ZonedTime", "TestSupport"]),
        .testTarget(name: "ICUZonesTests", dependencies: ["ICUZones", "ZonedTime", "TestSupport"]),
        .testTarget(name: "ScriptSyntaxTests", dependencies: ["ScriptSyntax"]),
        .testTarget(name: "ScriptCoreTests", dependencies: ["ScriptCore"]),
        .testTarget(name: "WidgetHostTests", dependencies: ["WidgetHost", "ExitCodes", "ErrorKinds", "Canvas", "ScriptCore", "JSONKit", "ZonedTime", "Threads", "ICUZones", "HostSystem", "TestSupport"]),
        .testTarget(name: "TimelineTests", dependencies: ["Timeline", "WidgetHost", "ZonedTime", "JSONKit", "TestSupport"]),
        .testTarget(name: "PushContractTests", dependencies: ["PushContract", "JSONKit", "ZonedTime"]),
        .testTarget(name: "PushReceiverTests", dependencies: ["PushReceiver", "CReceiverSockets", "HostSystem", "PushContract", "JSONKit", "Threads", "TestSupport"]),
        .testTarget(name: "LayoutTests", dependencies: ["Layout", "JSONKit"]),
        .testTarget(name: "WidgetGeometryTests", dependencies: ["WidgetGeometry", "Layout", "JSONKit"]),
        .testTarget(name: "ConformanceTests", dependencies: ["Conformance", "CLIOptions", "WidgetGeometry", "Render", "Canvas", "WidgetPictures", "JSONKit", "TestSupport"], swiftSettings: pangoHeaders),
        .testTarget(name: "CanvasTests", dependencies: ["Canvas", "JSONKit"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "Canvas", "WidgetGeometry", "Layout", "JSONKit", "TestSupport"], swiftSettings: pangoHeaders),
        .testTarget(name: "PreviewTests", dependencies: ["Preview", "Layout", "WidgetHost", "Timeline", "JSONKit", "TestSupport"]),
        // Golden/: the help, manual page and completion scripts HelpGoldenTests compares against.
        .testTarget(name: "CLITests", dependencies: ["WidgetHostCLI", "ServeCLI", "RenderCLI", "Render", "WidgetPictures", "JSONKit", "HostSystem", "TestSupport"], exclude: ["Golden"], swiftSettings: pangoHeaders),
        // Every hostile script run one after another in a library host, a simulation and a test worker.
        .testTarget(name: "HostileRunTests", dependencies: ["WidgetHost", "ScriptCore", "JSONKit", "TestSupport"]),
    ]
)
