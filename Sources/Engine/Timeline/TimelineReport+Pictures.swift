/// The widget as it looked after a refresh: a picture drawn from that run's outputs (by
/// `widgethost-render`, which the simulation itself never loads), shown under the chart.
public struct TimelinePicture: Sendable {
    /// When the refresh ran (its virtual now), epoch milliseconds, and its index in the report.
    public var at: Int64
    public var refresh: Int
    /// The PNG in base64, embedded as a `data:` address.
    public var base64: String
    /// Its size in points (the family's).
    public var width: Double
    public var height: Double
    /// `light` or `dark`.
    public var scheme: String

    public init(at: Int64, refresh: Int, base64: String, width: Double, height: Double, scheme: String = "light") {
        self.scheme = scheme
        self.at = at
        self.refresh = refresh
        self.base64 = base64
        self.width = width
        self.height = height
    }
}

extension TimelineReport {
    /// ``svg()`` with a last section: the widget after each of the given refreshes, in time
    /// order, each labelled with its time, in rows across the chart's width.
    public func svg(pictures: [TimelinePicture], caption: String) -> String {
        var chart = SVGChart(report: self)
        chart.pictures = pictures
        chart.picturesCaption = caption
        return chart.render()
    }
}

extension SVGChart {
    /// Pictures are shown at most this wide (points of the chart), keeping their aspect.
    static let pictureWidth = 150.0

    /// The height the pictures' section takes.
    func picturesHeight() -> Double {
        guard !pictures.isEmpty else { return 0 }
        let (columns, cellWidth, cellHeight) = pictureGrid()
        _ = cellWidth
        let rows = (pictures.count + columns - 1) / columns
        return 44 + Double(rows) * (cellHeight + 26)
    }

    /// Columns, and each cell's width and height.
    func pictureGrid() -> (Int, Double, Double) {
        let first = pictures[0]
        let shown = min(Self.pictureWidth, first.width)
        let height = shown * first.height / max(1, first.width)
        let columns = max(1, Int((Double(width) - 40 + 16) / (shown + 16)))
        return (columns, shown, height)
    }

    mutating func drawPictures(top: Double) {
        guard !pictures.isEmpty else { return }
        svg.text(picturesCaption, [("x", "16"), ("y", SVGWriter.number(top + 20)), ("font-size", "14"), ("font-weight", "bold"),
                                   ("fill", "#111827")])
        let (columns, cellWidth, cellHeight) = pictureGrid()
        for (index, picture) in pictures.enumerated() {
            let x = 20 + Double(index % columns) * (cellWidth + 16)
            let y = top + 38 + Double(index / columns) * (cellHeight + 26)
            // On a grey card, so that a white widget's rounded outline shows on the white chart.
            svg.rect(x: x - 4, y: y - 4, width: cellWidth + 8, height: cellHeight + 8, fill: "#e5e7eb", extra: [("rx", "8")])
            svg.element("image", [("x", SVGWriter.number(x)), ("y", SVGWriter.number(y)), ("width", SVGWriter.number(cellWidth)),
                                  ("height", SVGWriter.number(cellHeight)), ("href", "data:image/png;base64," + picture.base64)])
            let label = "#\(picture.refresh) \(TimeText.clock(picture.at, in: report.zone))"
            svg.text(label, [("x", SVGWriter.number(x)), ("y", SVGWriter.number(y + cellHeight + 18)), ("font-size", "12"),
                             ("fill", ChartColor.axisText)])
        }
    }
}
