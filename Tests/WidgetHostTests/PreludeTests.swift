import JSONKit
@testable import WidgetHost
import XCTest

/// A run's prelude holds only what its script reaches (``Prelude/source(for:)``), and every
/// combination of pieces works.
final class PreludeTests: HostTestCase {
    /// The globals the prelude makes itself (the rest it installs are API bindings).
    static let madeByPrelude = ["console", "setTimeout", "setInterval", "clearTimeout", "clearInterval", "sleep"]

    func testAPreludeHoldsOnlyThePiecesOfTheGlobalsItInstalls() {
        let sleepOnly = Prelude.source(for: Prelude.Needs(globals: ["sleep"]))
        XCTAssertTrue(sleepOnly.contains("lazy('sleep'"))
        for absent in ["lazy('console'", "schedule", "const getTools", "Math.floor(seed"] {
            XCTAssertFalse(sleepOnly.contains(absent), absent)
        }
        let everything = Prelude.source(for: Prelude.Needs(globals: Self.madeByPrelude + ["Weather"], seeded: true, eager: Set(Prelude.BuiltIns.allCases)))
        for present in ["lazy('console'", "schedule", "getTools", "Math.floor(seed", "lazy('Weather')"] {
            XCTAssertTrue(everything.contains(present), present)
        }
        XCTAssertLessThan(sleepOnly.utf8.count * 4, everything.utf8.count)
    }

    /// Each piece lists the helpers its code names; a helper left out would fail only when
    /// that code runs, so the lists are checked against the code itself.
    func testEveryPieceListsTheHelpersItsCodeNames() {
        var declaredBy: [String: PreludePart] = [:]
        for part in PreludePart.allCases {
            for name in part.declares { declaredBy[name] = part }
        }
        for part in PreludePart.allCases {
            var reachable: Set<PreludePart> = [part]
            var pending = [part]
            while let next = pending.popLast() {
                for needed in next.needs where reachable.insert(needed).inserted { pending.append(needed) }
            }
            for word in Self.words(of: part.text) {
                guard let owner = declaredBy[word] else { continue }
                // `lazy` names `getTools` only for API bindings, which bring it themselves.
                if part == .lazy && owner == .getTools { continue }
                XCTAssertTrue(reachable.contains(owner), "\(part) names \(word) (from \(owner)) without needing it")
            }
        }
    }

    /// Every combination of the globals the prelude makes, with and without an API binding,
    /// a seed and the eager reading, installs each global it lists, and nothing else.
    func testEveryCombinationInstallsWhatItLists() {
        let names = Self.madeByPrelude
        for mask in 0..<(1 << names.count) {
            let chosen = names.indices.filter { mask & (1 << $0) != 0 }.map { names[$0] }
            let withBinding = mask % 3 == 0
            let seeded = mask % 2 == 1
            let eager = mask % 5 == 0
            var script = chosen.map { "typeof \($0)" }.joined(separator: " + ', ' + ")
            if script.isEmpty { script = "''" }
            var text = "let kinds = " + script
            if withBinding { text += "\nlet weather = typeof Weather" }
            if eager { text += "\nlet error = typeof Error" }
            if mask % 7 == 0 { text += "\nlet keys = typeof Object.keys" }
            if seeded { text += "\nlet random = Math.random()" }
            let report = run(text) { if seeded { $0.seed = 7 } }
            let label = "\(chosen) binding \(withBinding) seeded \(seeded) eager \(eager)"
            XCTAssertEqual(report.status, .ok, label)
            let expected = chosen.map { ["Date", "setTimeout", "setInterval", "clearTimeout", "clearInterval", "sleep"].contains($0) ? "function" : "object" }
            XCTAssertEqual(report.outputs["kinds"], .string(expected.joined(separator: ", ")), label)
            if withBinding { XCTAssertEqual(report.outputs["weather"], "object", label) }
            if seeded, case .number(let value)? = report.outputs["random"] {
                XCTAssertTrue(value >= 0 && value < 1, label)
            } else if seeded {
                XCTFail("no random number: \(label)")
            }
        }
    }

    /// The prelude's pieces each work alone: the console with only its own helpers, timers
    /// with theirs, the clock with its own.
    func testEachPieceWorksWithOnlyTheHelpersItBrings() {
        let console = run("console.log({ a: 1 }, 2, null)\nconsole.assert(false, 'no')")
        XCTAssertEqual(console.console.map(\.message), ["{\"a\":1} 2 null", "Assertion failed: no"])
        // An error the script never names: the console reads the built-ins on its first object.
        let caught = run("console.log('first')\ntry { null.x } catch (e) { console.log(e) }")
        XCTAssertEqual(caught.console.map(\.message), ["first", "TypeError: null is not an object (evaluating 'null.x')"])
        let timers = run("let fired = 0\nsetTimeout(() => { fired = 1 }, 10)\nlet id = setInterval(() => {}, 5)\nclearInterval(id)\nlet bad\ntry { setTimeout(5) } catch (e) { bad = e.message }")
        XCTAssertEqual(timers.outputs["bad"], "setTimeout(callback, ms) needs a function as its first argument")
        let clock = run("let now = new Date().toISOString()")
        XCTAssertEqual(clock.outputs["now"], "2025-11-29T08:00:00.000Z")
        let intl = run("let hour = new Intl.DateTimeFormat('en-US', { hour: 'numeric', hour12: false, timeZone: 'UTC' }).format()")
        XCTAssertEqual(intl.outputs["hour"], "08")
    }

    /// The identifiers a piece of JavaScript names as variables: line comments and property
    /// names after a dot left out (strings are kept, which can only add words).
    private static func words(of text: String) -> Set<String> {
        var words: Set<String> = []
        for line in text.split(separator: "\n") {
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            var current = ""
            var afterDot = false
            for character in code + " " {
                if character.isLetter || character.isNumber || character == "_" || character == "$" {
                    current.append(character)
                    continue
                }
                if let first = current.first, !first.isNumber, !afterDot { words.insert(current) }
                if !current.isEmpty || character != " " { afterDot = character == "." }
                current = ""
            }
        }
        return words
    }
}
