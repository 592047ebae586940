import CJavaScriptCore
import ICUZones
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// One JavaScriptCore virtual machine (a context group) and the classes shared by its contexts.
///
/// Contexts of one runtime run one at a time; use one runtime per thread.
/// The runtime must outlive its contexts (each context keeps a strong reference to it).
public final class ScriptRuntime {
    let group: JSContextGroupRef
    let nativeFunctionClass: JSClassRef
    let executionGuard: ExecutionGuard
    /// A context made up front: a pending termination must be consumed by an
    /// evaluation in an existing context (creating a context then aborts).
    private let scratch: JSGlobalContextRef
    /// The function every context registers for unhandled rejections (see
    /// ``ScriptContext/setUnhandledRejectionHandler(_:)``); it lives in `scratch`.
    private(set) var rejectionForwarder: JSObjectRef!
    /// `Object.prototype.hasOwnProperty` of `scratch`, a realm no script runs in: what it
    /// answers no script can change (see ``ScriptContext/hasOwnProperty(_:_:)``).
    private(set) var ownPropertyTest: JSObjectRef?
    /// `Object.defineProperty` of `scratch` (see ``ScriptContext/defineAccessor(_:_:get:set:)``).
    private(set) var propertyDefinition: JSObjectRef?
    private let rejectionClass: JSClassRef
    /// Built-ins of `scratch` the host uses in every realm (``ScriptContext/intrinsic(_:)``), protected.
    var intrinsics: [String: JSObjectRef] = [:]
    /// Property names used on every run, made once.
    let names = PropertyNames()
    /// The scratch realm's bounded `JSON.stringify` (``JSValue/boundedJSON(budget:)``), made on first use.
    private var serializer: BoundedSerializer?
    /// The compiled definer of lazily built globals (``ScriptContext/defineLazyAccessors(_:_:make:assign:)``).
    var lazyAccessors: JSScriptRef?
    /// Arrays of names made once in `scratch`, protected, with their names.
    private var stringLists: [(names: [String], array: JSObjectRef)] = []
    /// Handlers by context; a context removes its own in `deinit`.
    var rejectionHandlers: [ObjectIdentifier: RejectionHandler] = [:]

    public init() {
        // The engine's Date and Intl read the system's tzdata, as the host's clock does (T2):
        // ICU must be pointed at it before the first engine reads zone data.
        EngineZoneRules.prepare()
        EngineOptions.configure()
        // The host never attaches a remote inspector; a context offered to one costs
        // its creation a registration (docs/performance.md).
        JSRemoteInspectorSetInspectionEnabledByDefault(false)
        group = JSContextGroupCreate()
        nativeFunctionClass = NativeFunctionClass.create()
        scratch = JSGlobalContextCreateInGroup(group, nil)
        executionGuard = ExecutionGuard(scratch: scratch)
        rejectionClass = NativeFunctionClass.createRejectionForwarder()
        rejectionForwarder = JSObjectMake(scratch, rejectionClass, Unmanaged.passUnretained(self).toOpaque())
        JSValueProtect(scratch, rejectionForwarder)
        ownPropertyTest = Self.scratchFunction("Object.prototype.hasOwnProperty", in: scratch)
        propertyDefinition = Self.scratchFunction("Object.defineProperty", in: scratch)
        // Made now, outside any run: made on first use, it was made inside a run whose
        // termination was already requested (an engine replaced after a large run, whose next
        // run allocates past its limit), failed, and the outputs went to the engine's unbounded
        // JSON.stringify, which does not stop for the time limit.
        serializer = BoundedSerializer(in: scratch)
    }

    deinit {
        executionGuard.uninstall(group: group)
        _ = JSObjectSetPrivate(rejectionForwarder, nil)
        serializer?.release(in: scratch)
        if let lazyAccessors { JSScriptRelease(lazyAccessors) }
        for function in [ownPropertyTest, propertyDefinition] + intrinsics.values.map(Optional.some) + stringLists.map({ Optional.some($0.array) }) {
            if let function { JSValueUnprotect(scratch, function) }
        }
        JSValueUnprotect(scratch, rejectionForwarder)
        JSGlobalContextRelease(scratch)
        JSClassRelease(rejectionClass)
        JSClassRelease(nativeFunctionClass)
        JSContextGroupRelease(group)
    }

    /// A built-in of the scratch realm, made once: see ``ScriptContext/intrinsic(_:)``.
    func intrinsic(_ expression: String) -> JSObjectRef? {
        if let made = intrinsics[expression] { return made }
        let made = Self.scratchFunction(expression, in: scratch)
        if let made { intrinsics[expression] = made }
        return made
    }

    /// An array of `names` in the scratch realm, made once and protected: only read, by host code.
    func scratchStrings(_ names: [String]) -> JSObjectRef? {
        // Callers pass the same few lists on every run: equal arrays share their storage, so
        // the comparison is quick.
        if let made = stringLists.first(where: { $0.names == names }) { return made.array }
        let values = names.map { name in self.names.with(name) { JSValueMakeString(scratch, $0) } }
        guard let made = values.withUnsafeBufferPointer({ JSObjectMakeArray(scratch, $0.count, $0.baseAddress, nil) }) else { return nil }
        JSValueProtect(scratch, made)
        stringLists.append((names, made))
        return made
    }

    /// A built-in of the scratch realm (`expression` names it), protected.
    private static func scratchFunction(_ expression: String, in scratch: JSGlobalContextRef) -> JSObjectRef? {
        let function = JSStringBridge.with(expression) { source in
            JSEvaluateScript(scratch, source, nil, nil, 1, nil).flatMap { JSValueToObject(scratch, $0, nil) }
        }
        if let function { JSValueProtect(scratch, function) }
        return function
    }

    /// The enumerable own keys of a fresh global object (none with this engine), read in the
    /// scratch realm: no script runs there, and the host defines nothing on its global.
    public func freshGlobalKeys() -> Set<String> {
        let keys = JSStringBridge.with("Object.keys(globalThis).join('\\n')") { source -> String in
            guard let value = JSEvaluateScript(scratch, source, nil, nil, 1, nil), let string = JSValueToStringCopy(scratch, value, nil) else { return "" }
            return JSStringBridge.take(string)
        }
        return keys.isEmpty ? [] : Set(keys.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    /// The bounded serializer, made in the scratch realm when the runtime is (again if that failed).
    var boundedSerializer: BoundedSerializer? {
        if serializer == nil { serializer = BoundedSerializer(in: scratch) }
        return serializer
    }

    /// Creates a fresh global context in this runtime. `name` would name it for a
    /// remote inspector, which the host never attaches; it is not given to the engine.
    public func makeContext(name: String = "widget") -> ScriptContext {
        ScriptContext(runtime: self, name: name)
    }

    /// The time limit of the next ``arm(timeLimit:memoryLimitBytes:)`` counts from now. A host
    /// calls it before it prepares a script (the scan and the wrapping), so that preparing and
    /// compiling a large script count against the run's time limit.
    public func startRunClock() {
        executionGuard.clockStart = ExecutionGuard.monotonicNanos()
    }

    /// Starts enforcing a wall-clock deadline and a memory budget on every script of this runtime.
    /// - Parameters:
    ///   - seconds: time from now after which any running script is terminated.
    ///   - memoryLimitBytes: growth of the resident set above which a script is terminated; nil for none.
    public func arm(timeLimit seconds: Double, memoryLimitBytes: Int?) {
        executionGuard.arm(group: group, deadlineSeconds: seconds, memoryLimitBytes: memoryLimitBytes)
    }

    /// Seconds until the armed time limit passes (0 once it has; nil when none is armed).
    public var secondsLeft: Double? {
        guard executionGuard.armed, executionGuard.deadlineNanos != .max else { return nil }
        let now = ExecutionGuard.monotonicNanos()
        return now >= executionGuard.deadlineNanos ? 0 : Double(executionGuard.deadlineNanos - now) / 1e9
    }

    /// Stops enforcing limits.
    public func disarm() { executionGuard.disarm(group: group) }

    /// Why the guard stopped the last script, or a limit that is already exceeded now.
    /// `memory: false` looks at the clock alone (reading the memory costs a system call).
    public func checkLimits(memory: Bool = true) -> ScriptError.Termination? {
        guard executionGuard.armed || executionGuard.tripped != nil else { return nil }
        let result = executionGuard.check(memory: memory)
        if let result { executionGuard.tripped = result }
        return result
    }

    /// Resident memory the current run added at its peak, in bytes.
    public var residentGrowth: Int { executionGuard.residentGrowth }

    /// Memory outside the heap (strings, buffers) the engine was told of during the current run.
    public var reportedExtraMemory: Int { executionGuard.reportedExtra }

    /// Clears limits and consumes a termination the engine may still hold.
    ///
    /// A script terminated inside a microtask leaves the termination pending
    /// ("silent and sticky"): the next entry into the engine would fail at once.
    /// One throw-away evaluation consumes it. Microtasks the stopped script still had queued
    /// would run in that evaluation's drain: they run under a short deadline
    /// (``recoveryDeadline``), and the evaluation is repeated until one ends without the guard
    /// stopping anything. An engine that still has work after ``recoveryAttempts`` is spent
    /// (``isSpent``): a host replaces it.
    public func recoverAfterTermination() {
        executionGuard.disarm(group: group)
        executionGuard.tripped = nil
        for _ in 0..<Self.recoveryAttempts {
            executionGuard.armDeadline(group: group, seconds: Self.recoveryDeadline)
            let stops = executionGuard.terminations
            JSStringBridge.with("0") { source in
                var exception: JSValueRef?
                _ = JSEvaluateScript(scratch, source, nil, nil, 1, &exception)
            }
            let stoppedMore = executionGuard.terminations != stops
            executionGuard.disarm(group: group)
            executionGuard.tripped = nil
            if !stoppedMore { return }
        }
        isSpent = true
    }

    /// How long what a stopped script left queued may run during ``recoverAfterTermination()``.
    static let recoveryDeadline = 0.1
    /// How many throw-away evaluations ``recoverAfterTermination()`` tries.
    static let recoveryAttempts = 8

    /// True once the engine could not be brought back to an idle state after a termination
    /// (see ``recoverAfterTermination()``); it must not run more scripts.
    public private(set) var isSpent = false

    /// Global objects alive in this runtime after a full collection (the scratch
    /// context's included): for tests that prove runs leave no realm behind.
    public func liveGlobalObjects() -> Int {
        JSSynchronousGarbageCollectForDebugging(scratch)
        let statistics = JSGetMemoryUsageStatistics(scratch)
        let count = JSStringBridge.with("globalObjectCount") { JSObjectGetProperty(scratch, statistics, $0, nil) }
        return Int(JSValueToNumber(scratch, count, nil))
    }

    /// Forces a full garbage collection (for tests and long simulations).
    public func collectGarbage() {
        JSSynchronousGarbageCollectForDebugging(scratch)
    }

    /// The engine's heap as of its last collection: the cells, and the strings and buffers they
    /// hold, in bytes. It walks every object (about 85 ms at a million of them): read it after
    /// ``collectGarbage()``, when the heap is small.
    public func heapBytes() -> Int {
        let statistics = JSGetMemoryUsageStatistics(scratch)
        let size = JSStringBridge.with("heapSize") { JSObjectGetProperty(scratch, statistics, $0, nil) }
        let bytes = JSValueToNumber(scratch, size, nil)
        return bytes.isFinite && bytes > 0 ? Int(min(bytes, 9e18)) : 0
    }
}

/// A context's unhandled-rejection handler, held by the runtime.
struct RejectionHandler {
    unowned let context: ScriptContext
    let body: (JSValue, JSValue) -> Void
}

/// JSStringRefs for property names the wrapper sets on every run.
final class PropertyNames {
    let name = JSStringBridge.make("name")
    let length = JSStringBridge.make("length")
    /// Engine strings of property names, made on first use and kept: the host reads and
    /// defines the same few names on every run. Bounded; names past it are made per use.
    private var made: [ExactName: JSStringRef] = [:]
    static let capacity = 256

    /// Runs `body` with the engine string of the property name `string`.
    func with<R>(_ string: String, _ body: (JSStringRef) throws -> R) rethrows -> R {
        if let ref = made[ExactName(text: string)] { return try body(ref) }
        guard made.count < Self.capacity else { return try JSStringBridge.with(string, body) }
        let ref = JSStringBridge.make(string)
        made[ExactName(text: string)] = ref
        return try body(ref)
    }

    /// A name compared by its UTF-8 bytes. `String`'s `==` merges names that differ only in
    /// Unicode normalization ("\u{E9}" and "e\u{301}"), which the engine keeps apart.
    private struct ExactName: Hashable {
        let text: String

        static func == (a: ExactName, b: ExactName) -> Bool {
            // The same bits are the same text: one storage, or the same bytes held inline (the
            // host asks for the same literals run after run).
            if MemoryLayout<String>.size == 16,
               unsafeBitCast(a.text, to: (UInt64, UInt64).self) == unsafeBitCast(b.text, to: (UInt64, UInt64).self) {
                return true
            }
            let count = a.text.utf8.count
            guard count == b.text.utf8.count else { return false }
            let contiguous: Bool?? = a.text.utf8.withContiguousStorageIfAvailable { x in
                b.text.utf8.withContiguousStorageIfAvailable { y in
                    count == 0 || memcmp(x.baseAddress!, y.baseAddress!, count) == 0
                }
            }
            return (contiguous ?? nil) ?? a.text.utf8.elementsEqual(b.text.utf8)
        }

        /// `String`'s own hash: names with the same bytes are equivalent strings, so they hash alike.
        func hash(into hasher: inout Hasher) { text.hash(into: &hasher) }
    }

    deinit {
        JSStringRelease(name)
        JSStringRelease(length)
        for ref in made.values { JSStringRelease(ref) }
    }
}
