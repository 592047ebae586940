import XCTest
import Timeline

final class BudgetProfileTests: XCTestCase {
    func testNamedProfilesAndTheirBudgets() throws {
        XCTAssertEqual(try BudgetProfile.parse("strict"), .strict)
        XCTAssertEqual(try BudgetProfile.parse("Typical"), .typical)
        XCTAssertEqual(try BudgetProfile.parse("generous"), .generous)
        XCTAssertEqual(try BudgetProfile.parse("UNLIMITED"), .unlimited)
        XCTAssertEqual(BudgetProfile.strict.refreshesPerDay, 40)
        XCTAssertEqual(BudgetProfile.typical.refreshesPerDay, 55)
        XCTAssertEqual(BudgetProfile.generous.refreshesPerDay, 70)
        XCTAssertNil(BudgetProfile.unlimited.refreshesPerDay)
    }

    func testCustomBudgetsFromOneTo1440() throws {
        XCTAssertEqual(try BudgetProfile.parse("1"), .perDay(1))
        XCTAssertEqual(try BudgetProfile.parse("72"), .perDay(72))
        XCTAssertEqual(try BudgetProfile.parse("1440"), .perDay(1440))
        XCTAssertEqual(BudgetProfile.perDay(72).refreshesPerDay, 72)
        XCTAssertEqual(BudgetProfile.perDay(72).name, "72")
        XCTAssertEqual(BudgetProfile.perDay(72).description, "72 a day")
        XCTAssertEqual(BudgetProfile.typical.description, "typical (55 a day)")
    }

    func testAnythingElseIsRefusedWithAClearMessage() {
        for bad in ["0", "1441", "-5", "12.5", "abc", "", "55x", "٥٥"] {
            XCTAssertThrowsError(try BudgetProfile.parse(bad), bad) { error in
                guard let error = error as? SimulationConfigurationError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.code, .invalidBudget)
                XCTAssertEqual(error.message, "Unknown budget '\(bad)': use strict (40 a day), typical (55), "
                    + "generous (70), unlimited, or a whole number of refreshes a day from 1 to 1440.")
            }
        }
    }

    func testDefaultCadenceIs1440OverTheBudgetAndUnlimitedUsesTypical() {
        // 1440 / 40 minutes = 36 minutes exactly.
        XCTAssertEqual(BudgetProfile.strict.defaultCadenceMs, 36 * 60_000)
        // 86 400 000 / 55 = 1 570 909.09…, rounded up so the system is never early.
        XCTAssertEqual(BudgetProfile.typical.defaultCadenceMs, 1_570_910)
        XCTAssertEqual(BudgetProfile.unlimited.defaultCadenceMs, 1_570_910)
        XCTAssertEqual(BudgetProfile.perDay(1440).defaultCadenceMs, 60_000)
    }
}
