/// A picture's pixels as straight (not premultiplied) RGBA bytes, row by row from the top.
public struct Raster: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at (x, y): red, green, blue, alpha from 0 to 255.
    public func pixel(_ x: Int, _ y: Int) -> [UInt8] {
        guard x >= 0, y >= 0, x < width, y < height else { return [0, 0, 0, 0] }
        let start = (y * width + x) * 4
        return Array(pixels[start..<start + 4])
    }

    /// The smallest rectangle holding every pixel with alpha above `threshold`:
    /// (minX, minY, maxX, maxY), inclusive; nil when there is none.
    public func inkBounds(alphaAbove threshold: UInt8 = 0) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width where pixels[(y * width + x) * 4 + 3] > threshold {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX, maxY)
    }

    /// How many pixels have alpha above `threshold`.
    public func inkCount(alphaAbove threshold: UInt8 = 0) -> Int {
        var count = 0
        for index in stride(from: 3, to: pixels.count, by: 4) where pixels[index] > threshold { count += 1 }
        return count
    }
}
