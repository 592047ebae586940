import Canvas

/// A checked command list written as Canvas 2D calls (JavaScript on a `ctx`), for drawing the
/// same commands in a browser. It follows the host's documented choices (docs/render.md, "Where
/// the documentation is silent") where Canvas 2D would do otherwise: style fields belong to one
/// command; a command's fill, stroke and shadow are one layer put down with its alpha and blend
/// mode; shadow offsets and blur follow the canvas's own scale, not the commands' transforms.
enum CanvasScript {
    /// The calls for `commands` on a canvas whose backing store is `space`'s device pixels.
    static func script(_ commands: [CanvasCommand], space: CoordinateSpace) -> String {
        var js = "ctx.setTransform(\(n(space.scaleX)), 0, 0, \(n(space.scaleY)), \(n(space.offsetX)), \(n(space.offsetY)));\n"
        for command in commands { js += statement(command, space: space) + "\n" }
        return js
    }

    static func n(_ value: Double) -> String { value.isFinite ? "\(value)" : "0" }

    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value > 0x7E: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func statement(_ command: CanvasCommand, space: CoordinateSpace) -> String {
        switch command.operation {
        case .save: return "ctx.save();"
        case .restore: return "ctx.restore();"
        case .translate(let x, let y): return "ctx.translate(\(n(x)), \(n(y)));"
        case .rotate(let angle, let x, let y):
            return "ctx.translate(\(n(x)), \(n(y))); ctx.rotate(\(n(angle * Double.pi / 180))); ctx.translate(\(n(-x)), \(n(-y)));"
        case .scale(let sx, let sy, let x, let y):
            return "ctx.translate(\(n(x)), \(n(y))); ctx.scale(\(n(sx)), \(n(sy))); ctx.translate(\(n(-x)), \(n(-y)));"
        case .clipRect(let rect, let radius): return "ctx.beginPath(); \(rectPath(rect, radius)) ctx.clip();"
        case .clipCircle(let center, let radius):
            return "ctx.beginPath(); ctx.arc(\(n(center.x)), \(n(center.y)), \(n(radius)), 0, 2 * Math.PI); ctx.clip();"
        case .clear(let rect):
            if let rect { return "ctx.clearRect(\(n(rect.x)), \(n(rect.y)), \(n(rect.width)), \(n(rect.height)));" }
            return "ctx.save(); ctx.setTransform(\(n(space.scaleX)), 0, 0, \(n(space.scaleY)), \(n(space.offsetX)), \(n(space.offsetY))); ctx.clearRect(0, 0, \(n(space.width)), \(n(space.height))); ctx.restore();"
        default: return ink(command, space: space)
        }
    }

    /// A drawing command: drawn straight onto the canvas, or, with an alpha, a blend mode or a
    /// shadow, into a layer of the canvas's size that is then put down with them.
    static func ink(_ command: CanvasCommand, space: CoordinateSpace) -> String {
        let style = command.style
        let layered = style.alpha < 1 || style.composite != .sourceOver || style.hasShadow
        let draw = paint(command, on: layered ? "layer" : "ctx")
        guard layered else { return "ctx.save(); \(draw) ctx.restore();" }
        var js = "{ const canvas = new OffscreenCanvas(ctx.canvas.width, ctx.canvas.height); const layer = canvas.getContext('2d');"
        js += " layer.setTransform(ctx.getTransform()); \(draw)"
        js += " ctx.save(); ctx.setTransform(1, 0, 0, 1, 0, 0); ctx.globalAlpha = \(n(style.alpha)); ctx.globalCompositeOperation = '\(style.composite.rawValue)';"
        if style.hasShadow, let color = style.shadowColor {
            js += " ctx.shadowColor = \(css(color)); ctx.shadowBlur = \(n(style.shadowBlur * (space.scaleX + space.scaleY) / 2));"
            js += " ctx.shadowOffsetX = \(n(style.shadowX * space.scaleX)); ctx.shadowOffsetY = \(n(style.shadowY * space.scaleY));"
        }
        return js + " ctx.drawImage(canvas, 0, 0); ctx.restore(); }"
    }

    /// The fill, then the stroke (text: the stroke, then the fill), on the context named `c`.
    static func paint(_ command: CanvasCommand, on c: String) -> String {
        let style = command.style
        var js = "\(c).save(); "
        js += "\(c).lineWidth = \(n(style.lineWidth)); \(c).lineCap = '\(style.lineCap.rawValue)'; \(c).lineJoin = '\(style.lineJoin.rawValue)'; "
        js += "\(c).miterLimit = \(n(style.miterLimit)); \(c).setLineDash([\(style.dash.map(n).joined(separator: ", "))]); \(c).lineDashOffset = \(n(style.dashOffset)); "
        if let fill = style.fill { js += "\(c).fillStyle = \(paintValue(fill, on: c)); " }
        if let stroke = style.stroke { js += "\(c).strokeStyle = \(paintValue(stroke, on: c)); " }
        if case .text(let run) = command.operation {
            var families = ["Inter", "\"Noto Sans CJK SC\""]
            if let family = run.family { families.insert(string(family), at: 0) }
            js += "\(c).font = '\(run.style.rawValue) \(run.weight) \(n(run.size))px ' + \(string(families.joined(separator: ", "))); "
            js += "\(c).textAlign = '\(run.align.rawValue)'; \(c).textBaseline = '\(run.baseline.rawValue)'; "
            let arguments = "\(string(run.text)), \(n(run.x)), \(n(run.y))" + (run.maxWidth.map { ", \(n($0))" } ?? "")
            if style.stroke != nil { js += "\(c).strokeText(\(arguments)); " }
            if style.fill != nil { js += "\(c).fillText(\(arguments)); " }
            return js + "\(c).restore();"
        }
        js += "\(c).beginPath(); " + path(command.operation, c)
        if style.fill != nil { js += "\(c).fill(); " }
        if style.stroke != nil { js += "\(c).stroke(); " }
        return js + "\(c).restore();"
    }

    static func rectPath(_ rect: CanvasRect, _ radius: Double, _ c: String = "ctx") -> String {
        radius > 0
            ? "\(c).roundRect(\(n(rect.x)), \(n(rect.y)), \(n(rect.width)), \(n(rect.height)), \(n(radius))); "
            : "\(c).rect(\(n(rect.x)), \(n(rect.y)), \(n(rect.width)), \(n(rect.height))); "
    }

    static func arc(_ center: CanvasPoint, _ radius: Double, _ start: Double, _ end: Double, _ counterClockwise: Bool, _ c: String) -> String {
        "\(c).arc(\(n(center.x)), \(n(center.y)), \(n(radius)), \(n(start * Double.pi / 180)), \(n(end * Double.pi / 180)), \(counterClockwise)); "
    }

    static func path(_ operation: CanvasOperation, _ c: String) -> String {
        switch operation {
        case .rect(let rect, let radius): return rectPath(rect, radius, c)
        case .circle(let center, let radius):
            return "\(c).arc(\(n(center.x)), \(n(center.y)), \(n(radius)), 0, 2 * Math.PI); \(c).closePath(); "
        case .arc(let center, let radius, let start, let end, let counterClockwise, let close):
            return arc(center, radius, start, end, counterClockwise, c) + (close ? "\(c).closePath(); " : "")
        case .line(let from, let to): return "\(c).moveTo(\(n(from.x)), \(n(from.y))); \(c).lineTo(\(n(to.x)), \(n(to.y))); "
        case .polyline(let points, let close):
            var js = ""
            for (i, p) in points.enumerated() { js += "\(c).\(i == 0 ? "moveTo" : "lineTo")(\(n(p.x)), \(n(p.y))); " }
            return js + (close ? "\(c).closePath(); " : "")
        case .path(let segments):
            var js = ""
            for segment in segments {
                switch segment {
                case .move(let p): js += "\(c).moveTo(\(n(p.x)), \(n(p.y))); "
                case .line(let p): js += "\(c).lineTo(\(n(p.x)), \(n(p.y))); "
                case .quadratic(let control, let to): js += "\(c).quadraticCurveTo(\(n(control.x)), \(n(control.y)), \(n(to.x)), \(n(to.y))); "
                case .bezier(let c1, let c2, let to):
                    js += "\(c).bezierCurveTo(\(n(c1.x)), \(n(c1.y)), \(n(c2.x)), \(n(c2.y)), \(n(to.x)), \(n(to.y))); "
                case .arc(let center, let radius, let start, let end, let counterClockwise):
                    js += arc(center, radius, start, end, counterClockwise, c)
                case .close: js += "\(c).closePath(); "
                }
            }
            return js
        default: return ""
        }
    }

    static func css(_ color: RGBA) -> String {
        "'rgba(\(n((color.red * 255).rounded())), \(n((color.green * 255).rounded())), \(n((color.blue * 255).rounded())), \(n(color.alpha)))'"
    }

    static func paintValue(_ paint: Paint, on c: String) -> String {
        let gradient: String, stops: [GradientStop]
        switch paint {
        case .color(let color): return css(color)
        case .linear(let x0, let y0, let x1, let y1, let list):
            gradient = "\(c).createLinearGradient(\(n(x0)), \(n(y0)), \(n(x1)), \(n(y1)))"
            stops = list
        case .radial(let x0, let y0, let r0, let x1, let y1, let r1, let list):
            gradient = "\(c).createRadialGradient(\(n(x0)), \(n(y0)), \(n(r0)), \(n(x1)), \(n(y1)), \(n(r1)))"
            stops = list
        }
        let sorted = stops.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
        return "(() => { const g = \(gradient); " + sorted.map { "g.addColorStop(\(n($0.offset)), \(css($0.color))); " }.joined() + "return g; })()"
    }
}
