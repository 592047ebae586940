import ScriptCore

/// One documented entry point of the script API, with its TypeScript type.
public struct APIMember: Sendable, Hashable {
    /// What sort of entry point it is; the reference page and `widgethost api` print the raw value.
    public enum Kind: String, Sendable, Hashable {
        /// A function (a global function or a method of a global object).
        case function
        /// A method of the instances a constructor or factory makes.
        case method
        /// A value read as a property.
        case property
        /// `new Global(…)`.
        case constructor
    }

    /// Whether a call gives its result at once or as a promise.
    public enum Mode: String, Sendable, Hashable {
        /// Returns its result directly.
        case sync
        /// Returns a promise the host loop settles.
        case async
    }

    /// How scripts reach it: `Config.set`, `Request#fetch` (an instance method), `isDebug`.
    public let path: String
    /// How it is called, e.g. `Config.get(key, default?)`.
    public let signature: String
    /// Function, method, property or constructor.
    public let kind: Kind
    /// Sync or async; `sync` for properties and constructors.
    public let mode: Mode
    /// The shape of the result, e.g. `Promise<Uint8Array>`, `JSON string`, `number`.
    public let returns: String
    /// One line: what it does and its error cases.
    public let summary: String
    /// Its TypeScript type, for the declaration file (``TypeDeclarations``).
    public let type: APIType

    /// The member's own name (`set` for `Config.set`, `fetch` for `Request#fetch`).
    public var name: String {
        String(path.split(whereSeparator: { $0 == "." || $0 == "#" }).last ?? Substring(path))
    }

    /// True for a member of instances (`Request#fetch`), not of the global itself.
    public var isInstanceMember: Bool { path.contains("#") }

    /// A member as a global's declaration states it, before the global's name is known: its own
    /// name (none for the global itself), what follows that name in its signature, its docs and
    /// its type. ``APIGlobal`` makes the path and the signature from them.
    struct Declared: Sendable {
        let name: String?
        let instance: Bool
        let kind: Kind
        let mode: Mode
        let call: String
        let returns: String
        let summary: String
        let type: APIType

        /// A function of a global object: `.function("get", "(key, default?)", …)` in `Config` is `Config.get(key, default?)`.
        static func function(
            _ name: String, _ call: String, _ mode: Mode = .sync, returns: String, _ summary: String, type: APIType
        ) -> Declared {
            Declared(name: name, instance: false, kind: .function, mode: mode, call: call, returns: returns, summary: summary, type: type)
        }

        /// The global itself called: `.call("(minutes)", …)` in `setUpdateFreq` is `setUpdateFreq(minutes)`.
        static func call(_ call: String, _ mode: Mode = .sync, returns: String, _ summary: String, type: APIType) -> Declared {
            Declared(name: nil, instance: false, kind: .function, mode: mode, call: call, returns: returns, summary: summary, type: type)
        }

        /// A method of the global's instances, shown on its receiver: `fm.readString(path)`.
        static func method(
            _ name: String, _ call: String, _ mode: Mode = .sync, returns: String, _ summary: String, type: APIType
        ) -> Declared {
            Declared(name: name, instance: true, kind: .method, mode: mode, call: call, returns: returns, summary: summary, type: type)
        }

        /// A property of the global object: `Widget.id`.
        static func property(_ name: String, returns: String, _ summary: String, type: APIType) -> Declared {
            Declared(name: name, instance: false, kind: .property, mode: .sync, call: "", returns: returns, summary: summary, type: type)
        }

        /// A property of the global's instances: `req.url`.
        static func instanceProperty(_ name: String, returns: String, _ summary: String, type: APIType) -> Declared {
            Declared(name: name, instance: true, kind: .property, mode: .sync, call: "", returns: returns, summary: summary, type: type)
        }

        /// The global itself as a value, with an example of its use after its name: `$params.city`.
        static func value(_ example: String, returns: String, _ summary: String, type: APIType) -> Declared {
            Declared(name: nil, instance: false, kind: .property, mode: .sync, call: example, returns: returns, summary: summary, type: type)
        }

        /// `new Global(…)`.
        static func constructor(_ call: String, returns: String, _ summary: String, type: APIType) -> Declared {
            Declared(name: nil, instance: false, kind: .constructor, mode: .sync, call: call, returns: returns, summary: summary, type: type)
        }
    }

    init(of global: String, receiver: String?, _ declared: Declared) {
        let separator = declared.instance ? "#" : "."
        path = declared.name.map { global + separator + $0 } ?? global
        let shown = declared.name.map { (declared.instance ? receiver ?? global : global) + "." + $0 } ?? global
        switch declared.kind {
        case .constructor: signature = "new " + shown + declared.call
        default: signature = (declared.mode == .async ? "await " : "") + shown + declared.call
        }
        kind = declared.kind
        mode = declared.mode
        returns = declared.returns
        summary = declared.summary
        type = declared.type
    }
}

/// The TypeScript type of one entry point, for the declaration file (``TypeDeclarations``).
public struct APIType: Sendable, Hashable {
    /// The parameter list without parentheses (`key: string, value: any`); `nil` for a property.
    public let parameters: String?
    /// The TypeScript type of the result (or of the property).
    public let result: String
    /// For a JSON string (or a promise of one): the shape `JSON.parse` gives, a type in `Omni`.
    public let parsed: String?
    /// A property a script only reads.
    public let readOnly: Bool

    /// A call with these parameters and this result.
    public static func call(_ parameters: String, _ result: String, parsed: String? = nil) -> APIType {
        APIType(parameters: parameters, result: result, parsed: parsed, readOnly: false)
    }

    /// A property of this type (read-only unless said otherwise).
    public static func value(_ result: String, readOnly: Bool = true) -> APIType {
        APIType(parameters: nil, result: result, parsed: nil, readOnly: readOnly)
    }
}

/// How the host puts a global into every fresh context, the same whatever the script's text says.
enum GlobalInstallation: Sendable {
    /// A control binding (C1–C8): a data property holding a built-in-shaped function, made before
    /// the script runs from the run's state and the global's name; calls to a script's
    /// replacement are not requests to the system.
    case control(@Sendable (any BindingContext, String) -> NativeFunctionBody)
    /// A data property holding a built-in-shaped function made before the script runs (T3's timers).
    case function(@Sendable (any BindingContext, String) -> NativeFunctionBody)
    /// An accessor whose getter makes the global from the run's state on first read.
    case onFirstRead(@Sendable (any BindingContext, String, ScriptContext) throws -> JSValue)
    /// Made on first read by the JavaScript half of the API (``APIScript``), over Swift natives.
    case script
    /// Put in place before the script runs by the host's own code, given the run's state and
    /// the global's name: `console` (``HostConsole``) and `sleep`.
    case host(@Sendable (RunState, String, ScriptContext) throws(ScriptError) -> Void)

    /// What makes the body of a global that is a built-in-shaped function defined before the
    /// script runs (a control binding or a timer); nil for the others.
    var functionBody: (@Sendable (any BindingContext, String) -> NativeFunctionBody)? {
        switch self {
        case .control(let make), .function(let make): make
        case .onFirstRead, .script, .host: nil
        }
    }
}

/// One global the host installs in every context: its docs, its members with their types, and
/// how it is made. ``APIRegistry`` lists them; the host installs them from that list, and
/// `widgethost api`, docs/api.md and `omni.d.ts` are generated from it.
public struct APIGlobal: Sendable, Hashable {
    /// What the global is to a script; the reference page and `widgethost api` print the raw value.
    public enum Kind: String, Sendable, Hashable {
        /// An object whose members are the entry points (`Config`, `Device`, `console`).
        case object
        /// A function called by its name (`setUpdateFreq`, `isDebug`, `setTimeout`).
        case function
        /// A class the script makes instances of with `new` (`Request`, `HTMLDoc`).
        case constructor
        /// A plain value (`$params`).
        case value
    }

    /// Who builds it.
    public enum Implementation: String, Sendable, Hashable {
        /// Swift natives made from the run's state.
        case native
        /// A small JavaScript class or object over Swift natives (see ``APIScript``).
        case script
        /// The host's own globals (console, sleep, timers).
        case host
    }

    /// The global's name in a script's context: `Request`, `$params`.
    public let name: String
    /// Object, function, constructor or value.
    public let kind: Kind
    /// Contract rules it follows.
    public let rules: String
    /// What it is for, in a sentence or two of the reference page.
    public let summary: String
    /// Its documented entry points, in the order of the reference page.
    public let members: [APIMember]
    /// How the host puts it in a context.
    let installation: GlobalInstallation
    /// The editions whose scripts have it (H1): a global of one edition is absent from the other.
    public let editions: Set<Edition>

    init(
        _ name: String, _ kind: Kind, rules: String, receiver: String? = nil, summary: String,
        members: [APIMember.Declared], editions: Set<Edition> = [.ios], made installation: GlobalInstallation
    ) {
        self.editions = editions
        self.name = name
        self.kind = kind
        self.rules = rules
        self.summary = summary
        self.members = members.map { APIMember(of: name, receiver: receiver, $0) }
        self.installation = installation
    }

    /// Whether Swift natives, a JavaScript class over them, or the host's own code makes it.
    public var implementation: Implementation {
        switch installation {
        case .control, .onFirstRead: .native
        case .script: .script
        case .function, .host: .host
        }
    }

    /// Two globals are the same when their names and documentation are (how they are made is code).
    public static func == (left: APIGlobal, right: APIGlobal) -> Bool {
        left.name == right.name && left.kind == right.kind && left.rules == right.rules
            && left.summary == right.summary && left.members == right.members && left.editions == right.editions
    }

    /// Hashes the name and the documentation.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(members)
    }
}

/// A group of globals on the reference page.
public struct APISection: Sendable, Hashable {
    /// The section's heading: `Network`, `Device data`.
    public let title: String
    /// Its globals, in the order of the page.
    public let globals: [APIGlobal]
}
