// swift-tools-version:6.0
// WidgetHost: a headless host for Omni widget and Live Activity scripts.
//
// The modules stand in layers, one folder a layer under Sources/ (and Tests/), in this file's
// order: a module imports only modules of the layers before its own and those of its own layer
// listed before it (docs/architecture.md; Tests/Commands/CLITests/LayerTests checks the imports).
import PackageDescription

/// A layer: its folder under Sources/ and Tests/.
enum Layer: String {
    case c = "C", base = "Base", engine = "Engine", models = "Models"
    case drawing = "Drawing", receiver = "Receiver", commands = "Commands", programs = "Programs"
}

// Pango's and librsvg's pkg-config flags carry -pthread, which the package manager refuses with a
// warning, so their header folders (Debian's) are named here, for `Render` and every target that
// imports it.
let pangoHeaders: [SwiftSetting] = [.unsafeFlags([
    "-Xcc", "-I/usr/include/pango-1.0", "-Xcc", "-I/usr/include/harfbuzz",
    "-Xcc", "-I/usr/include/librsvg-2.0", "-Xcc", "-I/usr/include/gdk-pixbuf-2.0",
])]

/// The programs link the Swift runtime in (debug builds too): a run maps nine fewer libraries at
/// start-up, and they run, and are packaged (Scripts/package), without the toolchain.
let staticStandardLibrary: [LinkerSetting] = [.unsafeFlags(["-static-stdlib"])]

/// A library module in Sources/LAYER/NAME.
func module(_ layer: Layer, _ name: String, _ dependencies: [Target.Dependency] = [],
            swiftSettings: [SwiftSetting]? = nil, linkerSettings: [LinkerSetting]? = nil) -> Target {
    .target(name: name, dependencies: dependencies, path: "Sources/\(layer.rawValue)/\(name)",
            swiftSettings: swiftSettings, linkerSettings: linkerSettings)
}

/// A C library from Debian in Sources/C/NAME: a module map (and a shim header).
func systemLibrary(_ name: String, pkgConfig: String? = nil, apt: [String]) -> Target {
    .systemLibrary(name: name, path: "Sources/C/\(name)", pkgConfig: pkgConfig, providers: [.apt(apt)])
}

/// An executable in Sources/Programs/NAME.
func program(_ name: String, _ dependencies: [Target.Dependency],
             swiftSettings: [SwiftSetting]? = nil, linkerSettings: [LinkerSetting]? = nil) -> Target {
    .executableTarget(name: name, dependencies: dependencies, path: "Sources/Programs/\(name)",
                      swiftSettings: swiftSettings, linkerSettings: linkerSettings)
}

/// The tests of a module, in Tests/LAYER/NAME.
func tests(_ layer: Layer, _ name: String, _ dependencies: [Target.Dependency],
           exclude: [String] = [], swiftSettings: [SwiftSetting]? = nil) -> Target {
    .testTarget(name: name, dependencies: dependencies, path: "Tests/\(layer.rawValue)/\(name)",
                exclude: exclude, swiftSettings: swiftSettings)
}

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
        // MARK: Layer 1, C: module maps and shims. None imports a module of the package but
        // CSharedLibrary.

        // JavaScriptCore from Debian's libjavascriptcoregtk-4.1-dev.
        systemLibrary("CJavaScriptCore", pkgConfig: "javascriptcoregtk-4.1", apt: ["libjavascriptcoregtk-4.1-dev"]),
        // The wall clock and default language the engine reads, answered per run (T1, T5):
        // the C library's clock_gettime, gettimeofday, time and setlocale, defined in the program.
        module(.c, "CVirtualTime"),
        // The one loading policy of the C libraries only some runs need: dlopen on first use,
        // once per process, into a table of the entry points' declared types.
        module(.c, "CSharedLibrary", linkerSettings: [.linkedLibrary("dl")]),
        // libcurl for live HTTP: curl.h's option numbers, typed wrappers of its variadic calls,
        // and the library loaded with dlopen on the first live request (Debian's libcurl4-openssl-dev
        // for the header at build time; libcurl4 at run time).
        module(.c, "CLibCurl", [
            "CSharedLibrary",
        ]),
        // libxml2's HTML parser and XPath, for HTMLDoc: its headers (Debian's libxml2-dev, reached
        // through include/libxml, a link to their folder, so every module and tool that loads this
        // one finds them without flags), typed wrappers, and the library loaded with dlopen on the
        // first HTML parse (libxml2 at run time).
        module(.c, "CLibXML2", [
            "CSharedLibrary",
        ]),
        // The push receiver's: H2O's HTTP library on its own event loop, and SQLite.
        systemLibrary("CH2O", pkgConfig: "libh2o-evloop", apt: ["libh2o-evloop-dev"]),
        systemLibrary("CSQLite", pkgConfig: "sqlite3", apt: ["libsqlite3-dev"]),
        // Avahi's client, for the studio's mDNS advertisement: the whole advertisement in C over
        // Debian's libavahi-client-dev headers, the library loaded with dlopen when the studio
        // first advertises (libavahi-client3 at run time; without it, it says it cannot advertise).
        module(.c, "CAvahi", [
            "CSharedLibrary",
        ]),
        // What draws: cairo (image, PNG and SVG surfaces), Pango with HarfBuzz over cairo for
        // text, fontconfig for family look-ups, libdeflate (the PNG writer's deflate and CRC-32),
        // libjpeg-turbo (JPEG images) and librsvg (SVG icons). Only `Render` touches their
        // pointers. cairo's pkg-config names the GLib, FreeType and pixman headers; Pango's and
        // librsvg's are found through `pangoHeaders`; the module map links them all.
        systemLibrary("CDrawing", pkgConfig: "cairo", apt: [
            "libcairo2-dev", "libpango1.0-dev", "libfontconfig-dev", "libdeflate-dev",
            "libjpeg62-turbo-dev", "librsvg2-dev",
        ]),

        // MARK: Layer 2, Base: plain Swift over the C library (errors, the system, JSON, time).

        // What an error is (input, script, engine, environment, internal), which every module's
        // errors say, and the exit code each kind ends a command with (ExitStatus, X2).
        module(.base, "ErrorKinds"),
        // What the tools need from the system over the C library: the one atomic file writer,
        // child processes with their output drained and timed out, the wall clock, monotonic
        // readings on ContinuousClock, random bytes; and what Synchronization and Dispatch do not
        // give: a mutex with a condition variable and a dedicated OS thread.
        module(.base, "HostSystem", [
            "ErrorKinds",
        ]),
        // Pure Swift JSON value, parser and canonical writer.
        module(.base, "JSONKit", [
            "ErrorKinds",
        ]),
        // Pure Swift time zones (TZif reader) and ISO 8601 dates; no Foundation.
        module(.base, "ZonedTime", [
            "ErrorKinds",
        ]),
        // The system's tzdata in ICU's form (zoneinfo64.res), so the engine's Date and Intl
        // use the same zone rules as the report; pure Swift over ZonedTime.
        module(.base, "ICUZones", [
            "ZonedTime",
            "HostSystem",
            "ErrorKinds",
        ]),
        // Pure Swift JavaScript tokenizer: top-level declarations, directives, returns.
        module(.base, "ScriptSyntax"),

        // MARK: Layer 3, Engine: the JavaScriptCore and libxml2 wrappers, the script model and
        // what runs on it.

        // The only module that touches raw JavaScriptCore pointers.
        module(.engine, "ScriptCore", [
            "CJavaScriptCore",
            "ICUZones",
            "ErrorKinds",
        ]),
        // The only module that touches libxml2 pointers: HTMLDocument and its XPath answers in plain Swift.
        module(.engine, "HTMLCore", [
            "CLibXML2",
            "ErrorKinds",
        ]),
        // Script model, bindings, virtual clock, run reports.
        module(.engine, "WidgetHost", [
            "ScriptCore",
            "ScriptSyntax",
            "JSONKit",
            "ZonedTime",
            "ICUZones",
            "HTMLCore",
            "CLibCurl",
            "CVirtualTime",
            "HostSystem",
            "ErrorKinds",
        ]),
        // Virtual-time refresh and Live Activity simulation.
        module(.engine, "Timeline", [
            "WidgetHost",
            "JSONKit",
            "ZonedTime",
            "ErrorKinds",
        ]),

        // MARK: Layer 4, Models: contracts, layouts and pictures in plain Swift over layer 2
        // only: no engine, no drawing library.

        // Live Activity push request contract (pure Swift).
        module(.models, "PushContract", [
            "JSONKit",
            "ZonedTime",
            "ErrorKinds",
        ]),
        // Layout placeholders (A10): `${path}` resolution against a script's outputs, layout checks.
        module(.models, "Layout", [
            "JSONKit",
            "ErrorKinds",
        ]),
        // The layout engine: a component tree laid out as SwiftUI does, at each widget family's
        // real size (pure Swift; text measured through a protocol).
        module(.models, "WidgetGeometry", [
            "Layout",
            "JSONKit",
            "ZonedTime",
            "ErrorKinds",
        ]),
        // The Canvas component's commands in plain Swift: the command model, the checks and limits
        // with their diagnostics, the coordinate space, and the interface of what draws them.
        module(.models, "Canvas", [
            "JSONKit",
            "ErrorKinds",
        ]),
        // A layout drawn as a widget through the `WidgetDrawing` interface (what draws is handed
        // in); what a picture request and answer hold, and the service that draws them.
        module(.models, "WidgetPictures", [
            "Canvas",
            "WidgetGeometry",
            "Layout",
            "JSONKit",
            "HostSystem",
            "ErrorKinds",
        ]),

        // MARK: Layer 5, Drawing and Receiver, over layers 1, 2 and 4: the only modules that link
        // cairo, Pango… or H2O's HTTP library and SQLite.

        // Draws canvases and widgets with cairo and Pango, images with cairo (PNG) and libjpeg,
        // icons with librsvg. Linked only into programs that draw.
        module(.drawing, "Render", [
            "Canvas",
            "WidgetGeometry",
            "JSONKit",
            "CDrawing",
        ], swiftSettings: pangoHeaders),
        // The local push receiver: HTTP server and durable store.
        module(.receiver, "PushReceiver", [
            "PushContract",
            "HostSystem",
            "CH2O",
            "CSQLite",
            "JSONKit",
            "ZonedTime",
            "ErrorKinds",
        ]),

        // MARK: Layer 6, Commands, over layers 2–4 and never 5, so `widgethost` loads neither.

        // The command line's option declarations (typed, decoded once) and the options of a run
        // (RunOptions), which the CLI decodes from arguments and the conformance runner from front matter.
        module(.commands, "CLIOptions", [
            "WidgetHost",
            "Timeline",
            "WidgetGeometry",
            "ZonedTime",
            "HostSystem",
            "ErrorKinds",
        ]),
        // The conformance runner: fixture format, runner, reporters; and the one request and
        // answer of `widgethost-render`'s service (pictures or a fixture), with the client that
        // keeps a drawing child (`PictureChild`).
        module(.commands, "Conformance", [
            "WidgetHost",
            "CLIOptions",
            "Timeline",
            "PushContract",
            "Layout",
            "Canvas",
            "WidgetGeometry",
            "WidgetPictures",
            "JSONKit",
            "ZonedTime",
            "HostSystem",
            "ErrorKinds",
        ]),
        // The author preview: terminal view, HTML report, watch mode.
        module(.commands, "Preview", [
            "WidgetHost",
            "Timeline",
            "Layout",
            "JSONKit",
            "ZonedTime",
            "ErrorKinds",
        ]),
        // Command-line parsing, rendering and dispatch. Not the receiver: `serve` is its own
        // program, so no other command loads H2O's HTTP library, OpenSSL and SQLite at start-up.
        module(.commands, "WidgetHostCLI", [
            "WidgetHost",
            "ScriptSyntax",
            "CLIOptions",
            "Timeline",
            "PushContract",
            "HostSystem",
            "Conformance",
            "Preview",
            "Layout",
            "Canvas",
            "WidgetGeometry",
            "WidgetPictures",
            "JSONKit",
            "ZonedTime",
            "ErrorKinds",
        ]),

        // MARK: Layer 7, Programs: the commands joined with layer 5, the executables and the
        // benchmarks.

        // `widgethost serve`: the receiver's command, over the CLI's parsing and help.
        module(.programs, "ServeCLI", [
            "WidgetHostCLI",
            "PushReceiver",
            "PushContract",
            "HostSystem",
            "JSONKit",
            "ZonedTime",
            "ErrorKinds",
        ]),
        // `widgethost studio`: the live page, served with the receiver's HTTP server, in
        // `widgethost-serve` (the one program that links H2O's HTTP library).
        module(.programs, "Studio", [
            "CAvahi",
            "WidgetHostCLI",
            "PushReceiver",
            "PushContract",
            "Preview",
            "Timeline",
            "WidgetHost",
            "HostSystem",
            "JSONKit",
            "ZonedTime",
        ]),
        // `widgethost render` and the drawing test workers: the CLI with `Render` handed in.
        module(.programs, "RenderCLI", [
            "WidgetHostCLI",
            "HostSystem",
            "Render",
            "Canvas",
            "WidgetGeometry",
            "WidgetPictures",
            "Conformance",
            "Layout",
            "WidgetHost",
            "JSONKit",
            "ErrorKinds",
        ], swiftSettings: pangoHeaders),
        program("widgethost", [
            "WidgetHostCLI",
            "ICUZones",
        ], linkerSettings: staticStandardLibrary),
        // `widgethost serve ARGS…` execs this program, beside `widgethost` or in ../libexec/widgethost;
        // `widgethost studio ARGS…` execs it as `widgethost-serve studio ARGS…`.
        program("widgethost-serve", [
            "ServeCLI",
            "Studio",
        ], linkerSettings: staticStandardLibrary),
        // `widgethost render ARGS…` execs this program, found as widgethost-serve is; so does
        // `widgethost test` for its workers when it is found, so fixtures can pin pictures.
        program("widgethost-render", [
            "RenderCLI",
        ], swiftSettings: pangoHeaders, linkerSettings: staticStandardLibrary),
        // In-process drawing benchmark for Scripts/bench.
        program("RenderBench", [
            "Render",
            "Canvas",
            "JSONKit",
        ], swiftSettings: pangoHeaders),
        // In-process benchmark for Scripts/bench.
        program("HostBench", [
            "WidgetHost",
            "ScriptCore",
            "ZonedTime",
            "HostSystem",
        ]),

        // MARK: Tests, one target a module, in the modules' layers.

        // Helpers every test target shares: temporary folders, file listing, the built
        // binaries, running a program to its end with a time limit.
        .target(name: "TestSupport", dependencies: ["HostSystem"], path: "Tests/TestSupport"),
        tests(.base, "ErrorKindsTests", [
            "ErrorKinds",
        ]),
        tests(.base, "HostSystemTests", [
            "HostSystem",
            "TestSupport",
        ]),
        tests(.base, "JSONKitTests", [
            "JSONKit",
        ]),
        tests(.base, "ZonedTimeTests", [
            "ZonedTime",
            "TestSupport",
        ]),
        tests(.base, "ICUZonesTests", [
            "ICUZones",
            "ZonedTime",
            "TestSupport",
        ]),
        tests(.base, "ScriptSyntaxTests", [
            "ScriptSyntax",
        ]),
        tests(.engine, "ScriptCoreTests", [
            "ScriptCore",
        ]),
        tests(.engine, "WidgetHostTests", [
            "WidgetHost",
            "ErrorKinds",
            "Canvas",
            "ScriptCore",
            "JSONKit",
            "ZonedTime",
            "ICUZones",
            "HostSystem",
            "TestSupport",
        ]),
        tests(.engine, "TimelineTests", [
            "Timeline",
            "WidgetHost",
            "ZonedTime",
            "JSONKit",
            "TestSupport",
        ]),
        // Every hostile script run one after another in a library host, a simulation and a test worker.
        tests(.engine, "HostileRunTests", [
            "WidgetHost",
            "ScriptCore",
            "JSONKit",
            "TestSupport",
        ]),
        tests(.models, "PushContractTests", [
            "PushContract",
            "JSONKit",
            "ZonedTime",
        ]),
        tests(.models, "LayoutTests", [
            "Layout",
            "JSONKit",
        ]),
        tests(.models, "WidgetGeometryTests", [
            "WidgetGeometry",
            "Layout",
            "JSONKit",
        ]),
        tests(.models, "CanvasTests", [
            "Canvas",
            "JSONKit",
        ]),
        tests(.drawing, "RenderTests", [
            "Render",
            "Canvas",
            "WidgetGeometry",
            "Layout",
            "JSONKit",
            "TestSupport",
        ], swiftSettings: pangoHeaders),
        tests(.receiver, "PushReceiverTests", [
            "PushReceiver",
            "HostSystem",
            "PushContract",
            "JSONKit",
            "TestSupport",
        ]),
        tests(.commands, "ConformanceTests", [
            "Conformance",
            "CLIOptions",
            "WidgetGeometry",
            "Render",
            "Canvas",
            "WidgetPictures",
            "JSONKit",
            "TestSupport",
        ], swiftSettings: pangoHeaders),
        tests(.commands, "PreviewTests", [
            "Preview",
            "Layout",
            "WidgetHost",
            "Timeline",
            "JSONKit",
            "TestSupport",
        ]),
        // The studio's VS Code extension protocol, pairing and discovery; Extension/ holds the
        // stand-in for VS Code's module that runs the app's extension under node.
        tests(.programs, "StudioTests", [
            "Studio",
            "PushReceiver",
            "HostSystem",
            "JSONKit",
            "TestSupport",
        ], exclude: ["Extension"]),
        // Golden/: the help, manual page and completion scripts HelpGoldenTests compares against.
        tests(.commands, "CLITests", [
            "WidgetHostCLI",
            "ServeCLI",
            "RenderCLI",
            "Render",
            "WidgetPictures",
            "JSONKit",
            "HostSystem",
            "TestSupport",
        ], exclude: ["Golden"], swiftSettings: pangoHeaders),
    ]
)
