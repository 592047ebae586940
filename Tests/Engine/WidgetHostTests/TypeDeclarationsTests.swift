import TestSupport
import WidgetHost
import XCTest

/// omni.d.ts: every registry entry has one TypeScript type, and the committed copy is what the
/// registry generates.
final class TypeDeclarationsTests: XCTestCase {
    func testEveryGlobalIsDeclaredOnceWithItsMembersUnderItsName() {
        let registry = APIRegistry.members.map(\.path)
        XCTAssertEqual(Set(registry).count, registry.count, "a path is in the registry twice")
        let names = APIRegistry.globals.map(\.name)
        XCTAssertEqual(Set(names).count, names.count, "a global is declared twice")
        for global in APIRegistry.globals {
            for member in global.members {
                XCTAssertTrue(member.path == global.name || member.path.hasPrefix(global.name + ".") || member.path.hasPrefix(global.name + "#"), member.path)
            }
        }
        XCTAssertEqual(registry.count, 98)
    }

    func testTypesAgreeWithTheRegistryOnAsyncPropertiesAndJSONStrings() throws {
        for member in APIRegistry.members {
            let type = member.type
            XCTAssertEqual(member.mode == .async, type.result.hasPrefix("Promise<"), "\(member.path): async is a promise")
            XCTAssertEqual(member.kind == .property, type.parameters == nil, "\(member.path): a property has no parameters")
            XCTAssertEqual(member.returns.contains("JSON string"), type.parsed != nil, "\(member.path): a JSON string names its shape")
            if type.parsed != nil {
                XCTAssertTrue(type.result == "string" || type.result == "Promise<string>", "\(member.path): a JSON string is typed string")
            }
        }
    }

    func testTheDeclarationsSpellTheShapesOut() {
        let text = TypeDeclarations.text()
        XCTAssertTrue(text.contains("    getCurrent(): Promise<string>;\n"))
        XCTAssertTrue(text.contains("@returns JSON text: `JSON.parse` gives {@link Omni.CurrentWeather}, `{ temperature: Measurement,"))
        XCTAssertTrue(text.contains("declare function setUpdateFreq(minutes: number): void;\n"))
        XCTAssertTrue(text.contains("declare const $params: { readonly [key: string]: string };\n"))
        XCTAssertTrue(text.contains("declare class Request {\n"))
        XCTAssertTrue(text.contains("    constructor(url: string);\n"))
        XCTAssertTrue(text.contains("    fetchJSON(): Promise<any>;\n"))
        XCTAssertTrue(text.contains("    readonly type: Omni.WidgetKind;\n"))
        XCTAssertTrue(text.contains("    interface FileManager {\n"))
        XCTAssertTrue(text.contains("    local(): Omni.FileManager;\n"))
        XCTAssertTrue(text.contains("    getRecentWorkouts(days: number): Promise<string>;\n"))
        XCTAssertTrue(text.contains("{@link Omni.Workout}[]"))
        // Each summary is documentation: the registry's words, as JSDoc.
        XCTAssertTrue(text.contains("     * Steps since local midnight.\n"))
        XCTAssertFalse(text.contains("no type"))
    }

    func testTheCommittedDeclarationFileIsWhatTheRegistryGenerates() throws {
        let path = packageRoot
        let committed = String(decoding: try FileBytes.read(path: path + "/docs/omni.d.ts"), as: UTF8.self)
        XCTAssertEqual(committed, TypeDeclarations.text(),
                       "docs/omni.d.ts is out of date: regenerate it with 'widgethost types --out docs/omni.d.ts'")
    }
}
