/// The JavaScript half of the host, evaluated in every fresh context before the script.
///
/// It captures the built-ins it needs before script code could reach them, so a script
/// that replaces `Date` or `JSON` cannot break the host. It makes the virtual clock (T1),
/// seeded `Math.random` (T4), `console` (S8), timers and `sleep` (T3) and the bindings of
/// the API — each built on first use — and evaluates to its ``Stats``. None of its
/// internals is reachable from the script.
///
/// A run's prelude holds only what its script can reach (``source(for:)``): the engine
/// prepares every function in the code a context evaluates, so code for what a script
/// never names (the virtual `Date`, `console`, …) would cost every run all the same.
enum Prelude {
    static let sourceURL = "widgethost:prelude"

    /// The global the wrapped script calls with its body; deleted on that call.
    static let startGlobal = "__widgethost$start"

    /// Every global the prelude defines (each built on first use), in order.
    static let installedGlobals = ["console", "setTimeout", "setInterval", "clearTimeout", "clearInterval", "sleep"]
        + APIRegistry.boundNames

    /// The native hook's operations (the prelude's `host(op, …)` calls).
    enum Hook: Int {
        case now, log, setTimer, clearTimer, sleep, replaced, binding, apply
    }

    /// What the prelude evaluates to: an object whose `dropped` property counts the
    /// console entries not kept.
    enum Stats {
        static let dropped = "dropped"
    }

    /// The layout of the object the body's reader fills (``WrappedScript/reader(of:)``), an
    /// object without a prototype: for the binding at `slot` (the script's output names, in
    /// order), the value or what reading it threw, and `true` when it threw.
    enum Collected {
        static func value(_ slot: Int) -> Int { 2 * slot }
        static func threw(_ slot: Int) -> Int { 2 * slot + 1 }
    }

    /// What a run's prelude installs, from ``PreparedScript``: the host globals the script
    /// reaches that the prelude makes (in ``installedGlobals`` order), whether `Math.random`
    /// is seeded, and which groups of the built-ins the prelude keeps are read before the
    /// script runs (``BuiltIns``).
    struct Needs: Hashable {
        var globals: [String]
        var seeded = false
        var eager: Set<BuiltIns> = []
    }

    /// The groups of built-ins the prelude keeps, each read on its own: a script that can
    /// name one of a group's globals gets that group read before it runs.
    enum BuiltIns: Hashable, CaseIterable {
        /// `Date` and three of its prototype's methods.
        case date
        /// `Error` and `TypeError`.
        case error
        /// `Object.getOwnPropertyDescriptor` and `Object.setPrototypeOf`.
        case object

        /// The globals whose names let a script reach the group.
        var globals: Set<String> {
            switch self {
            case .date: ["Date"]
            case .error: ["Error", "TypeError"]
            case .object: ["Object"]
            }
        }
    }

    /// The prelude for `needs`, evaluated with the host's native hook as `this` (its
    /// properties: `global`, the global object; `seed`, the seed of `Math.random`): it
    /// installs those globals, each built on first use, and evaluates to its ``Stats``.
    /// It holds only the pieces those globals need (``PreludePart``). One entry into the
    /// engine, since each entry costs a run the engine's watchdog set-up.
    static func source(for needs: Needs) -> String {
        var parts: Set<PreludePart> = [.stats]
        var bindings: [String] = []
        for name in needs.globals {
            if let part = PreludePart.installing(name) {
                parts.insert(part)
            } else {
                bindings.append(name)
            }
        }
        if !bindings.isEmpty { parts.formUnion([.lazy, .getTools]) }
        if needs.seeded { parts.insert(.seed) }
        parts.formUnion(needs.eager.map(PreludePart.readingFirst))
        var pending = Array(parts)
        while let part = pending.popLast() {
            for needed in part.needs where parts.insert(needed).inserted { pending.append(needed) }
        }
        var text = head
        for part in parts.sorted() { text += part.text }
        // ---- The wider API (A1–A9): bindings of the API the host makes, each on first use ----
        for name in bindings { text += "  lazy('\(name)');\n" }
        return text + tail
    }

    private static let head = #"""
(function (host, seed, global) {
  'use strict';
  // The global object, given by the host (naming `globalThis` makes the engine build that property).
  const g = global;
  // Captured before any script code runs, so a script that replaces it cannot break the host.
  const defineProperty = Object.defineProperty;

"""#

    private static let tail = #"""
  // What the host reads after the run (``Prelude/Stats``).
  return stats;
})(this, this.seed, this.global)
"""#
}
