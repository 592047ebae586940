/// The markers of a front-matter block, found in a file's bytes.
enum FrontMatterMarkers {
    static let open: StaticString = "/*---"
    static let close: StaticString = "---*/"
}

extension ArraySlice<UInt8> {
    /// Where the ASCII `marker` first occurs in these bytes (a plain scan: the generic
    /// `firstRange(of:)` costs hundreds of times as much on a fixture's few hundred bytes).
    func firstRange(of marker: StaticString) -> Range<Int>? {
        let pattern = UnsafeBufferPointer(start: marker.utf8Start, count: marker.utf8CodeUnitCount)
        guard let head = pattern.first else { return nil }
        var start = startIndex
        while let found = self[start...].firstIndex(of: head) {
            guard found + pattern.count <= endIndex else { return nil }
            if self[found..<(found + pattern.count)].elementsEqual(pattern) { return found..<(found + pattern.count) }
            start = found + 1
        }
        return nil
    }
}
