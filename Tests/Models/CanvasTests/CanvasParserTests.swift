import Canvas
import JSONKit
import XCTest

final class CanvasParserTests: XCTestCase {
    func parse(_ json: String, scheme: ColorScheme = .light) -> CanvasProgram {
        CanvasParser.parse((try? JSONValue.parse(json)) ?? .null, scheme: scheme)
    }

    func places(_ program: CanvasProgram) -> [String] {
        program.diagnostics.map { "\($0.code.rawValue) \($0.index.map(String.init) ?? "-") \($0.field ?? "-")" }
    }

    func testEveryDocumentedOpIsRead() {
        let program = parse(##"""
            [{"op": "rect", "x": 1, "y": 2, "width": 3, "height": 4}, {"op": "roundRect", "x": 0, "y": 0, "width": 3, "height": 4, "radius": 1},
             {"op": "circle", "x": 5, "y": 5, "radius": 2}, {"op": "arc", "x": 5, "y": 5, "radius": 2, "start": 0, "end": 90, "counterClockwise": true, "close": true},
             {"op": "line", "x1": 0, "y1": 0, "x2": 1, "y2": 1}, {"op": "polyline", "points": [[0, 0], {"x": 1, "y": 1}], "close": true},
             {"op": "path", "segments": [{"op": "move", "x": 0, "y": 0}, {"op": "close"}]}, {"op": "text", "text": "a", "x": 1, "y": 2},
             {"op": "clear"}, {"op": "save"}, {"op": "translate", "x": 1, "y": 2}, {"op": "rotate", "angle": 45, "x": 1, "y": 1},
             {"op": "scale", "scaleX": 2, "scaleY": 3}, {"op": "clipRect", "x": 0, "y": 0, "width": 9, "height": 9, "radius": 2},
             {"op": "clipCircle", "x": 1, "y": 1, "radius": 1}, {"op": "restore"}]
            """##)
        XCTAssertEqual(program.diagnostics, [])
        XCTAssertEqual(program.commands.count, 16)
        XCTAssertEqual(program.commands[0].operation, .rect(CanvasRect(x: 1, y: 2, width: 3, height: 4), radius: 0))
        XCTAssertEqual(program.commands[3].operation, .arc(center: CanvasPoint(x: 5, y: 5), radius: 2, start: 0, end: 90, counterClockwise: true, close: true))
        XCTAssertEqual(program.commands[5].operation, .polyline([CanvasPoint(x: 0, y: 0), CanvasPoint(x: 1, y: 1)], close: true))
        XCTAssertEqual(program.commands[12].operation, .scale(x: 2, y: 3, aroundX: 0, aroundY: 0))
        XCTAssertEqual(program.commands[4].style.stroke, .color(.black), "a line is stroked by default")
        XCTAssertEqual(program.commands[0].style.fill, .color(.black), "a shape is filled by default")
    }

    func testStyleFieldsAndColours() {
        let program = parse(##"""
            [{"op": "rect", "x": 0, "y": 0, "width": 1, "height": 1, "fill": {"light": "#FFF", "dark": "#00000080"}, "stroke": "none",
              "lineWidth": 3, "lineCap": "round", "lineJoin": "bevel", "miterLimit": 4, "dash": [1, 2, 3], "dashOffset": 2, "alpha": 0.5,
              "shadowColor": "#00000055", "shadowBlur": 8, "shadowX": 1, "shadowY": 4, "composite": "multiply"}]
            """##, scheme: .dark)
        XCTAssertEqual(program.diagnostics, [])
        let style = program.commands[0].style
        XCTAssertEqual(style.fill, .color(RGBA(red: 0, green: 0, blue: 0, alpha: 128.0 / 255)))
        XCTAssertNil(style.stroke)
        XCTAssertEqual(style.dash, [1, 2, 3, 1, 2, 3])
        XCTAssertEqual(style.lineCap, .round)
        XCTAssertEqual(style.lineJoin, .bevel)
        XCTAssertEqual(style.composite, .multiply)
        XCTAssertEqual(style.shadowColor, RGBA(hex: "#00000055"))
        XCTAssertEqual([style.lineWidth, style.miterLimit, style.dashOffset, style.alpha, style.shadowBlur, style.shadowX, style.shadowY], [3, 4, 2, 0.5, 8, 1, 4])
    }

    func testWrongFieldsAreNamedWithTheirIndex() {
        let program = parse(##"""
            [{"op": "rect", "x": "12", "y": 0, "width": 1, "height": 1, "fill": "blue", "lineCap": "pointy", "colour": "#FFF"},
             {"op": "circle", "x": 0, "y": 0},
             {"op": "polyline", "points": [[0, 0], [1], {"x": "a", "y": 1}]},
             {"op": "path", "segments": [{"op": "curve"}, {"op": "line", "x": 1}]},
             {"op": "text", "text": "a", "weight": "heavy", "align": "middle"},
             {"op": "rect", "x": 0, "y": 0, "width": 1, "height": 1, "fill": {"type": "conic", "stops": []}},
             {"op": "scale", "value": 0}, {"op": "save", "fill": "#FFF"}]
            """##)
        XCTAssertEqual(places(program), [
            "canvas-invalid-command 0 fill", "canvas-invalid-command 0 lineCap", "canvas-unknown-field 0 colour",
            "canvas-invalid-command 1 radius", "canvas-invalid-command 2 points[1]", "canvas-invalid-command 2 points[2]",
            "canvas-invalid-command 3 segments[0].op", "canvas-invalid-command 3 segments[1]",
            "canvas-invalid-command 4 weight", "canvas-invalid-command 4 align", "canvas-invalid-command 5 fill.type",
            "canvas-invalid-command 6 scaleX", "canvas-unknown-field 7 fill",
        ])
        XCTAssertEqual(program.commands.map(\.index), [0, 2, 3, 4, 5, 7], "a command whose geometry is wrong is skipped, one whose style is wrong is drawn")
        XCTAssertEqual(program.commands[0].operation, .rect(CanvasRect(x: 12, y: 0, width: 1, height: 1), radius: 0), "a string holding a number is a number")
    }

    func testEveryLimit() {
        let many = (0..<150).map { _ in #"{"op": "save"}, {"op": "restore"}"# }.joined(separator: ", ")
        XCTAssertEqual(places(parse("[\(many)]")), ["canvas-limit 100 -"])
        XCTAssertEqual(parse("[\(many)]").commands.count, 100)
        let points = (0..<250).map { "[\($0), 0]" }.joined(separator: ", ")
        let polyline = parse(#"[{"op": "polyline", "points": [\#(points)]}]"#)
        XCTAssertEqual(places(polyline), ["canvas-limit 0 points"])
        guard case .polyline(let kept, _) = polyline.commands[0].operation else { return XCTFail() }
        XCTAssertEqual(kept.count, 200)
        let segments = (0..<201).map { #"{"op": "line", "x": \#($0), "y": 0}"# }.joined(separator: ", ")
        let path = parse(#"[{"op": "path", "segments": [\#(segments)]}]"#)
        XCTAssertEqual(places(path), ["canvas-limit 0 segments"])
        guard case .path(let pathSegments) = path.commands[0].operation else { return XCTFail() }
        XCTAssertEqual(pathSegments.count, 200)
        let stops = (0..<17).map { ##"{"offset": \##(Double($0) / 16), "color": "#FFF"}"## }.joined(separator: ", ")
        let gradient = parse(#"[{"op": "circle", "x": 0, "y": 0, "radius": 1, "fill": {"type": "linear", "stops": [\#(stops)]}}]"#)
        XCTAssertEqual(places(gradient), ["canvas-limit 0 fill.stops"])
        guard case .linear(_, _, _, _, let keptStops)? = gradient.commands[0].style.fill else { return XCTFail() }
        XCTAssertEqual(keptStops.count, 16)
        let dash = parse(#"[{"op": "line", "dash": [\#((0..<22).map { _ in "1" }.joined(separator: ", "))]}]"#)
        XCTAssertEqual(places(dash), ["canvas-limit 0 dash"])
        XCTAssertEqual(dash.commands[0].style.dash.count, 20)
        let saves = Array(repeating: #"{"op": "save"}"#, count: 22) + Array(repeating: #"{"op": "restore"}"#, count: 22)
        let deep = parse("[\(saves.joined(separator: ", "))]")
        XCTAssertEqual(places(deep), ["canvas-limit 20 -", "canvas-limit 21 -"])
        XCTAssertEqual(deep.commands.count, 40, "the saves past the depth and their restores are skipped")
        let space = CanvasRequest(commands: [], width: 100, height: 100, coordinateWidth: 4001, coordinateHeight: 4000).space()
        XCTAssertEqual(space.diagnostics.map(\.code), [.limit])
        XCTAssertEqual([space.space.width, space.space.height], [4000, 4000])
    }

    func testNotAnArray() {
        let program = parse(#""[{\"op\": \"rect\"}]""#)
        XCTAssertEqual(program.commands, [])
        XCTAssertEqual(program.diagnostics.map(\.severity), [.error])
        XCTAssertTrue(program.diagnostics[0].message.contains("JSON.stringify"), program.diagnostics[0].message)
    }

    func testHexColours() {
        XCTAssertEqual(RGBA(hex: "#0A59F7"), RGBA(red: 10.0 / 255, green: 89.0 / 255, blue: 247.0 / 255))
        XCTAssertEqual(RGBA(hex: "#f00")?.description, "#FF0000")
        XCTAssertEqual(RGBA(hex: "#FF000080")?.alpha, 128.0 / 255)
        for bad in ["FF0000", "#FF0000F", "#GG0000", "#FF0000FF00", "#", "red", "#٣٣٣"] { XCTAssertNil(RGBA(hex: bad), bad) }
    }

    func testFitAndStretchSpaces() {
        let fit = CanvasRequest(commands: [], width: 200, height: 100, coordinateWidth: 100, coordinateHeight: 100, scaling: .fit, scale: 2).space().space
        XCTAssertEqual([fit.scaleX, fit.scaleY, fit.offsetX, fit.offsetY], [2, 2, 100, 0])
        let stretch = CanvasRequest(commands: [], width: 200, height: 100, coordinateWidth: 100, coordinateHeight: 100, scaling: .stretch).space().space
        XCTAssertEqual([stretch.scaleX, stretch.scaleY, stretch.offsetX, stretch.offsetY], [2, 1, 0, 0])
    }
}
