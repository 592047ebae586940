import Canvas
import CDrawing

/// Cairo paths for the Canvas component's shapes, in the current user space.
enum PathBuilder {
    static func radians(_ degrees: Double) -> Double { degrees * Double.pi / 180 }

    /// A rectangle, with rounded corners when `radius` is above 0 (at most half of each side).
    /// As Canvas 2D's `rect` it starts at (x, y) and runs towards x + width; as its `roundRect`
    /// it starts at (x + radius, y) on the top edge and runs clockwise, so that dashes fall
    /// where they fall in a browser.
    static func rect(_ cr: OpaquePointer, _ rect: CanvasRect, radius: Double) {
        let x = min(rect.x, rect.x + rect.width), y = min(rect.y, rect.y + rect.height)
        let width = abs(rect.width), height = abs(rect.height)
        let r = min(radius, width / 2, height / 2)
        guard r > 0 else {
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            return
        }
        cairo_new_sub_path(cr)
        cairo_move_to(cr, x + r, y)
        cairo_arc(cr, x + width - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(cr, x + width - r, y + height - r, r, 0, Double.pi / 2)
        cairo_arc(cr, x + r, y + height - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }

    static func circle(_ cr: OpaquePointer, _ center: CanvasPoint, _ radius: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
        cairo_close_path(cr)
    }

    /// An arc as HTML canvas's `arc()` adds it (a sweep of 360° or more is a full circle),
    /// joined by a line to the current point when there is one.
    static func arc(_ cr: OpaquePointer, _ center: CanvasPoint, _ radius: Double, start: Double, end: Double, counterClockwise: Bool) {
        let from = radians(start)
        var to = radians(end)
        if !counterClockwise, end - start >= 360 { to = from + 2 * Double.pi }
        if counterClockwise, start - end >= 360 { to = from - 2 * Double.pi }
        if counterClockwise {
            cairo_arc_negative(cr, center.x, center.y, radius, from, to)
        } else {
            cairo_arc(cr, center.x, center.y, radius, from, to)
        }
    }

    static func polyline(_ cr: OpaquePointer, _ points: [CanvasPoint], close: Bool) {
        guard let first = points.first else { return }
        cairo_move_to(cr, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
        if close { cairo_close_path(cr) }
    }

    /// A `path` command's segments, with HTML canvas's rules for a segment without a current
    /// point (a line or curve then starts at its first point).
    static func path(_ cr: OpaquePointer, _ segments: [PathSegment]) {
        for segment in segments {
            switch segment {
            case .move(let point):
                cairo_move_to(cr, point.x, point.y)
            case .line(let point):
                cairo_line_to(cr, point.x, point.y)
            case .quadratic(let control, let to):
                if cairo_has_current_point(cr) == 0 { cairo_move_to(cr, control.x, control.y) }
                var x0 = 0.0, y0 = 0.0
                cairo_get_current_point(cr, &x0, &y0)
                cairo_curve_to(
                    cr, x0 + 2 / 3 * (control.x - x0), y0 + 2 / 3 * (control.y - y0),
                    to.x + 2 / 3 * (control.x - to.x), to.y + 2 / 3 * (control.y - to.y), to.x, to.y)
            case .bezier(let control1, let control2, let to):
                if cairo_has_current_point(cr) == 0 { cairo_move_to(cr, control1.x, control1.y) }
                cairo_curve_to(cr, control1.x, control1.y, control2.x, control2.y, to.x, to.y)
            case .arc(let center, let radius, let start, let end, let counterClockwise):
                arc(cr, center, radius, start: start, end: end, counterClockwise: counterClockwise)
            case .close:
                cairo_close_path(cr)
            }
        }
    }

    /// The shape of a drawing command other than text; false for text.
    static func shape(_ cr: OpaquePointer, _ operation: CanvasOperation) -> Bool {
        cairo_new_path(cr)
        switch operation {
        case .rect(let rect, let radius): self.rect(cr, rect, radius: radius)
        case .circle(let center, let radius): circle(cr, center, radius)
        case .arc(let center, let radius, let start, let end, let counterClockwise, let close):
            arc(cr, center, radius, start: start, end: end, counterClockwise: counterClockwise)
            if close { cairo_close_path(cr) }
        case .line(let from, let to):
            cairo_move_to(cr, from.x, from.y)
            cairo_line_to(cr, to.x, to.y)
        case .polyline(let points, let close): polyline(cr, points, close: close)
        case .path(let segments): path(cr, segments)
        default: return false
        }
        return true
    }
}
