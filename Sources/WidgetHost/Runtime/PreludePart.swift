/// The pieces a run's prelude is made of (``Prelude/source(for:)``), in the order they are
/// written, each with the pieces its code names.
///
/// The engine prepares every function written in the code it evaluates, whether or not it
/// ever runs: a prelude holding the code for every host global costs each run its whole
/// set-up. So a run's prelude holds only the pieces of the globals its script reaches, and
/// the helpers those pieces name.
enum PreludePart: Int, CaseIterable, Comparable {
    case dateIntrinsics, errorIntrinsics, objectIntrinsics, eagerDate, eagerError, eagerObject
    case toStr, stringify, apply, isFiniteNumber, floor, now, hidden, lazy
    case seed, stats, schedule, getTools
    case console, setTimeout, setInterval, clearTimeout, clearInterval, sleep

    static func < (a: PreludePart, b: PreludePart) -> Bool { a.rawValue < b.rawValue }

    /// The part that installs `name`, for the globals the prelude makes itself.
    static func installing(_ name: String) -> PreludePart? {
        switch name {
        case "console": .console
        case "setTimeout": .setTimeout
        case "setInterval": .setInterval
        case "clearTimeout": .clearTimeout
        case "clearInterval": .clearInterval
        case "sleep": .sleep
        default: nil
        }
    }

    /// The part that reads `group` before the script runs.
    static func readingFirst(_ group: Prelude.BuiltIns) -> PreludePart {
        switch group {
        case .date: .eagerDate
        case .error: .eagerError
        case .object: .eagerObject
        }
    }

    /// The pieces this one's code names (helpers it calls, now or later).
    var needs: [PreludePart] {
        switch self {
        case .dateIntrinsics, .errorIntrinsics, .objectIntrinsics: []
        case .toStr, .stringify, .apply, .isFiniteNumber, .floor, .now, .lazy, .stats: []
        case .eagerDate: [.dateIntrinsics]
        case .eagerError: [.errorIntrinsics]
        case .eagerObject: [.objectIntrinsics]
        case .hidden: []
        case .seed: [.hidden]
        case .schedule: [.errorIntrinsics]
        case .getTools: [.dateIntrinsics, .errorIntrinsics, .apply, .toStr, .floor, .now]
        case .console: [.lazy, .dateIntrinsics, .errorIntrinsics, .toStr, .stringify, .isFiniteNumber, .apply, .hidden, .stats]
        case .setTimeout, .setInterval: [.lazy, .schedule]
        case .clearTimeout, .clearInterval, .sleep: [.lazy]
        }
    }

    /// Names this piece declares (for ``needs`` to be checked against what its code names).
    var declares: [String] {
        switch self {
        case .dateIntrinsics: ["dateIntrinsics", "RealDate", "dateGetTime", "dateToISO", "toLocaleDateString"]
        case .errorIntrinsics: ["errorIntrinsics", "RealError", "RealTypeError"]
        case .objectIntrinsics: ["objectIntrinsics", "getOwnDesc", "setPrototypeOf"]
        case .toStr: ["toStr"]
        case .stringify: ["stringify"]
        case .apply: ["apply"]
        case .isFiniteNumber: ["isFiniteNumber"]
        case .floor: ["floor"]
        case .now: ["now"]
        case .hidden: ["hidden"]
        case .lazy: ["lazy"]
        case .stats: ["stats"]
        case .schedule: ["schedule"]
        case .getTools: ["getTools", "tools"]
        default: []
        }
    }

    var text: String {
        switch self {
        case .dateIntrinsics: #"""
  // Built-ins read before the script can replace them: on first use, or up front when the
  // script can name them (`eager…`). Reading one builds it, with its prototype, so they
  // come in three groups, each read on its own.
  let RealDate, dateGetTime, dateToISO, toLocaleDateString;
  const dateIntrinsics = () => {
    if (RealDate !== undefined) return;
    RealDate = Date;
    dateGetTime = RealDate.prototype.getTime; dateToISO = RealDate.prototype.toISOString;
    toLocaleDateString = RealDate.prototype.toLocaleDateString;
  };

"""#
        case .errorIntrinsics: #"""
  let RealError, RealTypeError;
  const errorIntrinsics = () => {
    if (RealError === undefined) { RealError = Error; RealTypeError = TypeError; }
  };

"""#
        case .objectIntrinsics: #"""
  let getOwnDesc, setPrototypeOf;
  const objectIntrinsics = () => {
    if (getOwnDesc === undefined) { getOwnDesc = Object.getOwnPropertyDescriptor; setPrototypeOf = Object.setPrototypeOf; }
  };

"""#
        case .eagerDate: #"""
  // The script names `Date`, or may compute global names: read its group now.
  dateIntrinsics();

"""#
        case .eagerError: #"""
  errorIntrinsics();

"""#
        case .eagerObject: #"""
  objectIntrinsics();

"""#
        case .toStr: #"""
  const toStr = String;

"""#
        case .stringify: #"""
  // JSON only for the console, the one part that uses it (reading it builds it).
  const stringify = JSON.stringify;

"""#
        case .apply: #"""
  // `fn` called with `self` as this and the elements of `args`, by the host (no Reflect.apply).
  const apply = (fn, self, args) => host(7, fn, self, args);

"""#
        case .isFiniteNumber: #"""
  // Plain functions rather than Number.isFinite and Math.floor: reading those
  // globals makes the engine build the Number and Math objects in every context.
  const isFiniteNumber = (n) => typeof n === 'number' && n - n === 0;

"""#
        case .floor: #"""
  const floor = (x) => {
    x = +x;
    if (x !== x || x === 0 || x - x !== 0) return x;   // NaN, ±0 and ±Infinity are their own floor
    const t = x - x % 1;
    return t > x ? t - 1 : t;
  };

"""#
        case .now: #"""
  const now = () => host(0);

"""#
        case .hidden: #"""
  const hidden = (obj, name, value) => defineProperty(obj, name, { value, writable: true, configurable: true, enumerable: false });

"""#
        case .lazy: #"""
  // Host globals are built on first use. A script may replace any of them; the host
  // is told, and keeps working. A host extra that is not an iOS global (`sleep`) is
  // `ordinary`: assigning to it makes an ordinary property, so `this.sleep = "7h 10m"`
  // (the docs' sleep example) is an output. Without `make`, the global is a binding
  // of the API the host makes (the same as `() => host(6, name, getTools)`, one call fewer).
  const lazy = (name, make, ordinary) => {
    let value, made = false;
    defineProperty(g, name, { configurable: true, enumerable: false,
      get() { if (!made) { made = true; value = make === undefined ? host(6, name, getTools) : make(); } return value; },
      set(replacement) {
        if (ordinary) { defineProperty(g, name, { value: replacement, writable: true, enumerable: true, configurable: true }); return; }
        made = true; value = replacement; host(5, name);
      } });
  };

"""#
        case .seed: #"""
  // ---- Seeded Math.random (T4): sfc32 over four 32-bit words ----
  (() => {
    let a = 0x9E3779B9, b = 0x243F6A88, c = 0xB7E15162, d = (seed >>> 0) ^ 0x5bd1e995;
    const hi = Math.floor(seed / 4294967296) >>> 0;
    a ^= hi; b ^= (seed >>> 0);
    const next = () => {
      a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
      let t = (a + b) | 0;
      a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11);
      d = (d + 1) | 0; t = (t + d) | 0; c = (c + t) | 0;
      return t >>> 0;
    };
    for (let i = 0; i < 15; i++) next();
    hidden(Math, 'random', function random() { return ((next() >>> 5) * 67108864 + (next() >>> 6)) / 9007199254740992; });
  })();

"""#
        case .stats: #"""
  const stats = { __proto__: null, dropped: 0 };

"""#
        case .schedule: #"""
  const schedule = (fn, ms, repeat, args, name) => {
    if (typeof fn !== 'function') throw (errorIntrinsics(), new RealTypeError(name + '(callback, ms) needs a function as its first argument'));
    let delay = +ms;
    if (!(delay >= 0) || delay > 2147483647) delay = 0;  // as browsers do: an overflowing delay fires at once
    return host(2, fn, delay, repeat, args);
  };

"""#
        case .getTools: #"""
  // The API globals built in JavaScript (``APIScript``) get these intrinsics.
  let tools;
  const getTools = () => tools || (dateIntrinsics(), errorIntrinsics(), tools = { Date: RealDate, toLocaleDateString, apply, defineProperty,
    TypeError: RealTypeError, String: toStr, floor, now });

"""#
        case .console: #"""
  lazy('console', () => {   // ---- console (S8) ----
    const describe = (v) => {
      switch (typeof v) {
        case 'string': return v;
        case 'undefined': return 'undefined';
        case 'number': case 'boolean': return toStr(v);
        case 'bigint': return toStr(v) + 'n';
        case 'symbol': return v.toString();
        case 'function': return '[Function: ' + (v.name || 'anonymous') + ']';
      }
      if (v === null) return 'null';
      // The built-ins an object is told by, read now unless the script could name them
      // (then they were read before it ran): reading them builds them in the context.
      dateIntrinsics(); errorIntrinsics();
      try {
        if (v instanceof RealError) return toStr(v.name) + ': ' + toStr(v.message);
        if (v instanceof RealDate) return isFiniteNumber(apply(dateGetTime, v, [])) ? apply(dateToISO, v, []) : 'Invalid Date';
        const s = stringify(v);
        return s === undefined ? toStr(v) : s;
      } catch (e) {
        return '[unprintable object: ' + (e && e.message) + ']';
      }
    };
    let full = false;
    const emit = (level) => function (...args) {
      if (full) { stats.dropped++; return; }
      let text = '';
      for (let i = 0; i < args.length; i++) text += (i ? ' ' : '') + describe(args[i]);
      if (host(1, level, text)) full = true;
    };
    const console = {};
    for (const level of ['log', 'info', 'warn', 'error', 'debug']) hidden(console, level, emit(level));
    hidden(console, 'trace', emit('debug'));
    hidden(console, 'dir', emit('log'));
    hidden(console, 'assert', function assert(condition, ...args) {
      if (!condition) apply(emit('error'), undefined, ['Assertion failed' + (args.length ? ':' : ''), ...args]);
    });
    return console;
  });

"""#
        // ---- Timers (T3) ----
        case .setTimeout: #"""
  lazy('setTimeout', () => function setTimeout(fn, ms, ...args) { return schedule(fn, ms, false, args, 'setTimeout'); });

"""#
        case .setInterval: #"""
  lazy('setInterval', () => function setInterval(fn, ms, ...args) { return schedule(fn, ms, true, args, 'setInterval'); });

"""#
        case .clearTimeout: #"""
  lazy('clearTimeout', () => function clearTimeout(id) { host(3, id); });

"""#
        case .clearInterval: #"""
  lazy('clearInterval', () => function clearInterval(id) { host(3, id); });

"""#
        case .sleep: #"""
  lazy('sleep', () => function sleep(ms) { return host(4, ms); }, true);

"""#
        }
    }
}
