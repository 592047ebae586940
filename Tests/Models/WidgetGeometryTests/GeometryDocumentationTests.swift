import Glibc
import WidgetGeometry
import XCTest

/// docs/diagnostics.md's "Layout geometry" table lists exactly the engine's codes, each with its
/// severity; docs/render.md's device table agrees with the code's.
final class GeometryDocumentationTests: XCTestCase {
    private func page(_ name: String) throws -> String {
        var path = #filePath
        for _ in 0..<4 { path = String(path[..<path.lastIndex(of: "/")!]) }
        guard let file = fopen(path + "/docs/" + name, "r") else { throw CocoaLessError.missing(name) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private enum CocoaLessError: Error { case missing(String) }

    func testLayoutGeometryCodesAreDocumentedWithTheirSeverity() throws {
        let lines = try page("diagnostics.md").split(separator: "\n")
        let section = lines.drop { $0 != "## Layout geometry" }.dropFirst().prefix { !$0.hasPrefix("## ") }
        var documented: [String: String] = [:]
        for line in section where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters() }
            documented[String(cells[0].dropFirst().dropLast())] = cells[1]
        }
        XCTAssertEqual(documented, Dictionary(uniqueKeysWithValues: GeometryCode.allCases.map { ($0.rawValue, $0.severity.rawValue) }))
    }

    func testRenderPageDeviceTableMatchesTheCode() throws {
        let rows = try page("render.md").split(separator: "\n").filter { $0.hasPrefix("| `iphone") }
        XCTAssertEqual(rows.count, DeviceModel.all.count)
        for (row, device) in zip(rows, DeviceModel.all) {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters() }
            XCTAssertTrue(cells[0].hasPrefix("`\(device.name)`"), "\(row)")
            let sizes = WidgetFamily.allCases.map { f -> String in
                let s = device.metrics(f).size
                return "\(Int(s.width)) × \(Int(s.height))"
            }
            let shown: [String] = cells[2...8].map { $0.replacingStar() }
            XCTAssertEqual(shown, sizes, "\(device.name)")
        }
    }
}

extension Substring {
    func trimmingCharacters() -> String {
        var s = self
        while let f = s.first, f == " " { s.removeFirst() }
        while let l = s.last, l == " " { s.removeLast() }
        return String(s)
    }
}

extension String {
    func replacingStar() -> String { hasSuffix(" *") ? String(dropLast(2)) : self }
}
