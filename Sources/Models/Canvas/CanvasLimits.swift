/// The limits the Canvas component documents. What is past one is cut off, with `canvas-limit`.
public enum CanvasLimits {
    public static let commands = 100
    public static let points = 200
    public static let segments = 200
    public static let gradientStops = 16
    public static let saveDepth = 20
    public static let dashItems = 20
    public static let virtualSize = 4000.0
    /// Not documented: the host's own bound on a coordinate, length or radius, so a value that
    /// cairo's fixed-point geometry cannot hold is reported instead of drawn wrong.
    public static let coordinate = 1_000_000.0
    /// Not documented: the longest text a `text` command draws, in Unicode scalars.
    public static let textLength = 2000
    /// Not documented: the largest `shadowBlur`, in virtual units.
    public static let shadowBlur = 100.0
}
