import TestSupport
import XCTest

/// The layers of docs/architecture.md, as the folders under Sources/ hold them: every module's
/// imports go one way, and the architecture table lists exactly the folders' modules.
final class LayerTests: XCTestCase {
    /// The rule, written once: the layers in their order, each with the layers its modules may
    /// import (a module may always import one of its own layer listed before it; the package
    /// manager refuses a cycle). Layer 5's two folders are siblings: neither imports the other,
    /// and the commands (6) import neither, so `widgethost` links no drawing or HTTP library.
    static let layers: [(folder: String, number: Int, mayImport: Set<String>)] = [
        ("C", 1, []),
        ("Base", 2, ["C"]),
        ("Engine", 3, ["C", "Base"]),
        ("Models", 4, ["Base"]),
        ("Drawing", 5, ["C", "Base", "Models"]),
        ("Receiver", 5, ["C", "Base", "Models"]),
        ("Commands", 6, ["Base", "Engine", "Models"]),
        ("Programs", 7, ["C", "Base", "Engine", "Models", "Drawing", "Receiver", "Commands"]),
    ]

    /// Every module of the package by name: its layer's folder. A C module's names are the
    /// modules its module maps declare.
    private func modules() -> [String: String] {
        var found: [String: String] = [:]
        for layer in Self.layers {
            for module in Files.list(packageRoot + "/Sources/" + layer.folder) {
                found[module] = layer.folder
                for path in Files.listing(packageRoot + "/Sources/\(layer.folder)/\(module)") where path.hasSuffix(".modulemap") {
                    let text = Files.text(packageRoot + "/Sources/\(layer.folder)/\(module)/\(path)") ?? ""
                    for line in text.split(separator: "\n") where line.hasPrefix("module ") {
                        found[String(line.split(separator: " ")[1])] = layer.folder
                    }
                }
            }
        }
        return found
    }

    private func trimmed(_ text: some StringProtocol, of character: Character) -> String {
        String(text.drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }

    /// The modules a Swift file imports, whatever attributes the import carries.
    private func imports(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                  words[..<index].allSatisfy({ $0.hasPrefix("@") || ["public", "package", "internal"].contains($0) })
            else { return nil }
            return String(words[index + 1].split(separator: ".")[0])
        }
    }

    func testEveryModuleImportsOnlyTheLayersItsLayerMay() throws {
        let modules = modules()
        XCTAssertGreaterThan(modules.count, 30, "the modules were not found under Sources/")
        XCTAssertEqual(Set(Files.list(packageRoot + "/Sources")), Set(Self.layers.map(\.folder)),
                       "Sources/ holds one folder a layer, those of the rule above")
        var checked = 0
        for layer in Self.layers {
            for module in Files.list(packageRoot + "/Sources/" + layer.folder) {
                let folder = packageRoot + "/Sources/\(layer.folder)/\(module)"
                for path in Files.listing(folder) where path.hasSuffix(".swift") {
                    for imported in imports(Files.text(folder + "/" + path) ?? "") {
                        guard let other = modules[imported], imported != module else { continue }
                        checked += 1
                        XCTAssert(other == layer.folder || layer.mayImport.contains(other),
                                  "\(layer.folder)/\(module)/\(path) imports \(imported) of \(other), which layer \(layer.folder) may not")
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 100, "too few imports were read")
    }

    /// The rule holds: a test that the check itself fails on a wrong import.
    func testAnImportOfAHigherLayerIsFound() {
        let base = Self.layers.first { $0.folder == "Base" }!
        XCTAssertFalse(base.mayImport.contains("Engine"))
        XCTAssertEqual(imports("import Foo\n@preconcurrency import Glibc\n// import Not\nlet x = 1\npublic import Bar.Baz"),
                       ["Foo", "Glibc", "Bar"])
    }

    /// docs/architecture.md's module table names each module with its layer's number, and only
    /// the modules there are.
    func testTheArchitectureTableMatchesTheFolders() throws {
        let text = try XCTUnwrap(Files.text(packageRoot + "/docs/architecture.md"))
        var table: [String: Int] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { trimmed($0, of: " ") }
            guard cells.count > 3, let number = Int(cells[1]) else { continue }
            for name in cells[2].split(separator: ",") { table[trimmed(trimmed(name, of: " "), of: "`")] = number }
        }
        var folders: [String: Int] = [:]
        for layer in Self.layers {
            for module in Files.list(packageRoot + "/Sources/" + layer.folder) { folders[module] = layer.number }
        }
        XCTAssertEqual(table, folders, "docs/architecture.md's table and the folders under Sources/ differ")
    }
}
