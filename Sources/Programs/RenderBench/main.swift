import Canvas
import JSONKit
import Render
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

// Scripts/bench's in-process drawing figures: the documentation's 75 % progress ring drawn
// again and again with one renderer, at each scale, as PNG.
//   RenderBench [ITERATIONS]            prints one line per scale: median, mean and best milliseconds
//   RenderBench draw COMMANDS.json OUT.png [W H SCALE SCHEME]

func monotonicMs() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1e6
}

let ring: JSONValue = try! JSONValue.parse("""
    [
      {"op": "circle", "x": 60, "y": 60, "radius": 48, "fill": "none", "stroke": {"light": "#E6EBF2", "dark": "#26314A"}, "lineWidth": 12},
      {"op": "arc", "x": 60, "y": 60, "radius": 48, "start": -90, "end": 180, "lineWidth": 12, "lineCap": "round",
       "stroke": {"type": "linear", "x0": 12, "y0": 12, "x1": 108, "y1": 108, "stops": [{"offset": 0, "color": "#4FACFE"}, {"offset": 1, "color": "#0A59F7"}]}},
      {"op": "text", "text": "75%", "x": 60, "y": 60, "size": 22, "weight": "700", "align": "center", "baseline": "middle", "fill": {"light": "#162033", "dark": "#F7FAFF"}}
    ]
    """)

let arguments = Array(CommandLine.arguments.dropFirst())
let renderer = CanvasRenderer()
if arguments.first == "draw", arguments.count >= 3 {
    let text = try! String(decoding: readAll(arguments[1]), as: UTF8.self)
    let commands = try! JSONValue.parse(text)
    let width = arguments.count > 3 ? Double(arguments[3])! : 120
    let height = arguments.count > 4 ? Double(arguments[4])! : 120
    let scale = arguments.count > 5 ? Int(arguments[5])! : 2
    let scheme = arguments.count > 6 ? ColorScheme(rawValue: arguments[6])! : .light
    let format: PictureFormat = arguments[2].hasSuffix(".svg") ? .svg : .png
    let picture = renderer.render(CanvasRequest(commands: commands, width: width, height: height, scale: scale, scheme: scheme, format: format))
    let file = fopen(arguments[2], "wb")!
    _ = picture.bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
    for diagnostic in picture.diagnostics { print(diagnostic) }
    exit(0)
}

func readAll(_ path: String) throws -> [UInt8] {
    guard let file = fopen(path, "rb") else { fatalError("cannot open \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes += chunk[0..<count]
    }
    return bytes
}

let iterations = arguments.first.flatMap(Int.init) ?? 200
for scale in 1...3 {
    let request = CanvasRequest(commands: ring, width: 120, height: 120, scale: scale, scheme: .light)
    _ = renderer.render(request)
    var total = 0.0, best = Double.infinity
    var bytes = 0
    var times: [Double] = []
    for _ in 0..<iterations {
        let start = monotonicMs()
        let picture = renderer.render(request)
        let elapsed = monotonicMs() - start
        total += elapsed
        best = min(best, elapsed)
        times.append(elapsed)
        bytes = picture.bytes.count
    }
    let mean = total / Double(iterations)
    let median = times.sorted()[times.count / 2]
    print("ring 120x120 @\(scale)x png: median \(JSONValue.formatNumber((median * 1000).rounded() / 1000)) ms, mean \(JSONValue.formatNumber((mean * 1000).rounded() / 1000)) ms, best \(JSONValue.formatNumber((best * 1000).rounded() / 1000)) ms, \(bytes) bytes, \(iterations) draws")
}
