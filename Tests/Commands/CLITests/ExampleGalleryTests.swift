import JSONKit
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The examples drawn as widgets (Fixtures/Examples/gallery.json) are their golden pictures in
/// Fixtures/Examples/pictures, pixel for pixel within ``PictureDifference``'s tolerance, so that
/// an encoder's other bytes for the same pixels change nothing. `Scripts/gallery` draws them again.
final class ExampleGalleryTests: RenderToolTestCase {
    struct Entry {
        let script: String
        let flags: [String]
        let families: [String]
    }

    func manifest() throws -> (scale: Int, entries: [Entry], skipped: [String]) {
        let text = String(decoding: try XCTUnwrap(Files.read(example("gallery.json"))), as: UTF8.self)
        let json = try JSONValue.parse(text)
        let families = try XCTUnwrap(json["families"]?.arrayValue?.compactMap(\.stringValue))
        let entries = try XCTUnwrap(json["examples"]?.arrayValue).map { item -> Entry in
            Entry(script: try XCTUnwrap(item["script"]?.stringValue),
                  flags: try XCTUnwrap(item["flags"]?.arrayValue?.compactMap(\.stringValue)),
                  families: item["families"]?.arrayValue?.compactMap(\.stringValue) ?? families)
        }
        let skipped = Array(try XCTUnwrap(json["skipped"]?.objectValue).keys)
        return (try XCTUnwrap(json["scale"]?.intValue), entries, skipped)
    }

    func testEveryExampleIsDrawnOrSaysWhyNot() throws {
        let (_, entries, skipped) = try manifest()
        let scripts = Files.list(packageRoot + "/Fixtures/Examples").filter { $0.hasSuffix(".js") }
        XCTAssertEqual(Set(entries.map(\.script)).union(skipped).sorted(), scripts, "gallery.json names every example, drawn or skipped")
        XCTAssertTrue(Set(entries.map(\.script)).isDisjoint(with: skipped))
        let layouts = Files.list(packageRoot + "/Fixtures/Examples").filter { $0.hasSuffix(".layout.json") }
        XCTAssertEqual(layouts, entries.map { String($0.script.dropLast(3)) + ".layout.json" }.sorted(), "a layout beside every drawn example")
        for scheme in ["light", "dark"] {
            let expected = entries.flatMap { entry in entry.families.map { "\(entry.script.dropLast(3))-\($0).png" } }.sorted()
            XCTAssertEqual(Files.list(packageRoot + "/Fixtures/Examples/pictures/" + scheme), expected, "the \(scheme) goldens, no more and no fewer")
            let docs = String(decoding: Files.read(packageRoot + "/docs/render.md") ?? [], as: UTF8.self)
            for picture in expected where !docs.contains("../Fixtures/Examples/pictures/\(scheme)/\(picture)") {
                XCTFail("docs/render.md does not show \(scheme)/\(picture)")
            }
        }
    }

    func testEveryExampleDrawsItsGoldenPictures() throws {
        let (scale, entries, _) = try manifest()
        let examples = packageRoot + "/Fixtures/Examples/"
        for entry in entries {
            for scheme in ["light", "dark"] {
                let state = folder + "/state-\(scheme)-" + entry.script
                XCTAssertEqual(mkdir(state, 0o755), 0)
                // Files beside the examples are named relative to their folder.
                let flags = entry.flags.map { flag in
                    flag == "{state}" ? state : (access(examples + flag, R_OK) == 0 && !flag.hasPrefix("-") ? examples + flag : flag)
                }
                let name = String(entry.script.dropLast(3))
                let out = folder + "/\(scheme)-\(name)"
                let result = render([examples + entry.script] + flags + ["--layout", examples + name + ".layout.json", "--all-families",
                                                                          "--scheme", scheme, "--scale", String(scale), "--out", out])
                XCTAssertEqual(result.code, 0, "\(entry.script): \(result.err)")
                for family in entry.families {
                    assertSamePicture(out + "/\(name)-\(family).png", golden: examples + "pictures/\(scheme)/\(name)-\(family).png",
                                      "run Scripts/gallery and look at the pictures (\(entry.script), \(family), \(scheme))")
                }
            }
        }
    }
}
