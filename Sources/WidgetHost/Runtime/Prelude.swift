/// The JavaScript half of the host, evaluated in every fresh context before the script.
///
/// It captures the intrinsics it needs before any script code runs, so a script
/// that replaces `Date`, `JSON` or `Promise` cannot break the host. It makes the
/// virtual clock (T1), seeded `Math.random` (T4), `console` (S8), timers and
/// `sleep` (T3) and the native bindings — each built on first use — and returns
/// the internal functions the Swift side calls. None of those internals is
/// reachable from the script.
///
/// Everything a context runs for every script is kept small: the engine prepares
/// each function a context calls, so code for what a script may never use (the
/// virtual `Date`, `console`, …) sits in functions of its own, run on first use.
enum Prelude {
    static let sourceURL = "widgethost:prelude"

    /// The global the wrapped script calls with its body; deleted on that call.
    static let startGlobal = "__widgethost$start"

    /// Every global the prelude defines (each built on first use), in order.
    static let installedGlobals = ["Date", "Intl", "console", "setTimeout", "setInterval", "clearTimeout", "clearInterval", "sleep"]
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

    /// The prelude, evaluated with the host's native hook as `this` (its properties: `global`,
    /// the global object; `seed`, the seed of `Math.random` or undefined; `globals` and
    /// `eager`, what the script needs, from ``PreparedScript``): it installs the host's
    /// globals and evaluates to its ``Stats``. One entry into the
    /// engine, since each entry costs a run the engine's watchdog set-up.
    static let source = head + "[" + installedGlobals.map { "'\($0)'" }.joined(separator: ", ") + "]" + tail

    private static let head = #"""
(function (host, seed, wanted, eager, global) {
  'use strict';
  // Every host global, in order; `wanted` marks the ones the prelude installs ("1" per
  // name, ``PreparedScript/preludeGlobals``; the host defines the control bindings itself).
  const names =
"""#

    private static let tail = #"""
;
  // The global object, given by the host (naming `globalThis` makes the engine build that property).
  const g = global;
  // Intrinsics captured before any script code runs, so a script that replaces
  // them cannot break the host.
  // Every built-in read here is built in each fresh context, so the list is short:
  // no Reflect (the hook calls functions natively), and no Promise.
  const defineProperty = Object.defineProperty;
  // The rest is read on first use, or up front when the script can reach it (`eager`:
  // its text names one of these globals, or may compute names). A script that cannot
  // name `Date` cannot replace it before the host reads it; reading one builds it, with
  // its prototype, in every context that does.
  let RealDate, RealError, RealTypeError, getOwnDesc, setPrototypeOf, dateGetTime, dateToISO, toLocaleDateString;
  const intrinsics = () => {
    if (RealDate !== undefined) return;
    RealDate = Date; RealError = Error; RealTypeError = TypeError;
    getOwnDesc = Object.getOwnPropertyDescriptor; setPrototypeOf = Object.setPrototypeOf;
    dateGetTime = RealDate.prototype.getTime; dateToISO = RealDate.prototype.toISOString;
    toLocaleDateString = RealDate.prototype.toLocaleDateString;
  };
  if (eager === true) intrinsics();
  // JSON only for the console, the one part that uses it (reading it builds it).
  // Each function a context calls costs it the engine's set-up of that function, so the
  // code every run takes calls as few as it can.
  const consoleWanted = wanted[names.indexOf('console')] === '1';
  // The engine looks up every global a function names when it first runs that function
  // (and building `JSON` or `Promise` then costs the context): a built-in needed by only
  // some scripts is named inside a function of its own, run when it is needed.
  const toStr = String, stringify = consoleWanted ? (() => JSON.stringify)() : undefined;
  // `fn` called with `self` as this and the elements of `args`, by the host (no Reflect.apply).
  const apply = (fn, self, args) => host(7, fn, self, args);
  // Plain functions rather than Number.isFinite and Math.floor: reading those
  // globals makes the engine build the Number and Math objects in every context.
  const isFiniteNumber = (n) => typeof n === 'number' && n - n === 0;
  const floor = (x) => {
    x = +x;
    if (x !== x || x === 0 || x - x !== 0) return x;   // NaN, ±0 and ±Infinity are their own floor
    const t = x - x % 1;
    return t > x ? t - 1 : t;
  };
  const now = () => host(0);
  const hidden = (obj, name, value) => defineProperty(obj, name, { value, writable: true, configurable: true, enumerable: false });

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

  // ---- Seeded Math.random (T4): sfc32 over four 32-bit words ----
  if (seed !== undefined) (() => {
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

  const stats = { __proto__: null, dropped: 0 };
  let tools;
  const schedule = (fn, ms, repeat, args, name) => {
    if (typeof fn !== 'function') throw (intrinsics(), new RealTypeError(name + '(callback, ms) needs a function as its first argument'));
    let delay = +ms;
    if (!(delay >= 0) || delay > 2147483647) delay = 0;  // as browsers do: an overflowing delay fires at once
    return host(2, fn, delay, repeat, args);
  };
  // The API globals built in JavaScript (``APIScript``) get these intrinsics.
  const getTools = () => tools || (intrinsics(), tools = { Date: RealDate, toLocaleDateString, apply, defineProperty,
    TypeError: RealTypeError, String: toStr, floor, now });

  // The body's start (`__widgethost$start`, S1, S4) is the host's own native function (``RunSession/installStart(in:)``).

  // Defines one host global, built when first read. Each case is its own function:
  // the engine prepares only the code a context runs.
  const install = (name) => {
    switch (name) {
      case 'Date': return (() => {   // ---- Virtual clock (T1) ----
        intrinsics();
        lazy('Date', () => {
          // No spread and no Reflect.construct: both could be changed by the script.
          const VirtualDate = function Date(a, b, c, d, e, f, ms) {
            if (!new.target) return new RealDate(now()).toString();
            let date;
            switch (arguments.length) {
              case 0: date = new RealDate(now()); break;
              case 1: date = new RealDate(a); break;
              case 2: date = new RealDate(a, b); break;
              case 3: date = new RealDate(a, b, c); break;
              case 4: date = new RealDate(a, b, c, d); break;
              case 5: date = new RealDate(a, b, c, d, e); break;
              case 6: date = new RealDate(a, b, c, d, e, f); break;
              default: date = new RealDate(a, b, c, d, e, f, ms);
            }
            if (new.target !== VirtualDate) {   // a subclass: its prototype, as Reflect.construct would give
              const proto = new.target.prototype;
              if (proto !== null && (typeof proto === 'object' || typeof proto === 'function')) setPrototypeOf(date, proto);
            }
            return date;
          };
          defineProperty(VirtualDate, 'prototype', { value: RealDate.prototype });
          defineProperty(VirtualDate, 'length', { value: 7 });
          hidden(VirtualDate, 'now', function now_() { return now(); });
          defineProperty(VirtualDate.now, 'name', { value: 'now' });
          hidden(VirtualDate, 'parse', RealDate.parse);
          hidden(VirtualDate, 'UTC', RealDate.UTC);
          hidden(RealDate.prototype, 'constructor', VirtualDate);
          return VirtualDate;
        });
      })();
      // Intl.DateTimeFormat without a date reads the virtual clock too.
      case 'Intl': return (() => {
        intrinsics();
        const intl = getOwnDesc(g, 'Intl');
        lazy('Intl', () => {
          const dtfProto = intl.value.DateTimeFormat.prototype;
          const formatGetter = getOwnDesc(dtfProto, 'format').get;
          const originalFormatToParts = dtfProto.formatToParts;
          defineProperty(dtfProto, 'format', { configurable: true, enumerable: false, get() {
            const bound = apply(formatGetter, this, []);
            return function (date) { return bound(date === undefined ? now() : date); };
          } });
          hidden(dtfProto, 'formatToParts', function formatToParts(date) {
            return apply(originalFormatToParts, this, [date === undefined ? now() : date]);
          });
          return intl.value;
        });
      })();
      case 'console': return lazy('console', () => {   // ---- console (S8) ----
        intrinsics();
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
      // ---- Timers (T3) ----
      case 'setTimeout': return lazy(name, () => function setTimeout(fn, ms, ...args) { return schedule(fn, ms, false, args, 'setTimeout'); });
      case 'setInterval': return lazy(name, () => function setInterval(fn, ms, ...args) { return schedule(fn, ms, true, args, 'setInterval'); });
      case 'clearTimeout': return lazy(name, () => function clearTimeout(id) { host(3, id); });
      case 'clearInterval': return lazy(name, () => function clearInterval(id) { host(3, id); });
      case 'sleep': return lazy(name, () => function sleep(ms) { return host(4, ms); }, true);
    }
  };

  // ---- The wider API (A1–A9), made on first use: every name after `sleep` ----
  const firstBinding = names.indexOf('sleep') + 1;
  for (let i = 0; i < names.length; i++) {
    if (wanted[i] === '1') { if (i < firstBinding) install(names[i]); else lazy(names[i]); }
  }

  // What the host reads after the run (``Prelude/Stats``).
  return stats;
})(this, this.seed, this.globals, this.eager, this.global)
"""#
}
