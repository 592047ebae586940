/// The JavaScript half of the host, evaluated in every fresh context before the script.
///
/// It captures the intrinsics it needs before any script code runs, so a script
/// that replaces `Date`, `JSON` or `Promise` cannot break the host. It installs the
/// virtual clock (T1), seeded `Math.random` (T4), `console` (S8), timers and
/// `sleep` (T3) and the native bindings — each built on first use — and returns
/// the internal functions the Swift side calls. None of those internals is
/// reachable from the script.
enum Prelude {
    static let sourceURL = "widgethost:prelude"

    /// Temporary globals through which the host hands the prelude its hooks; the
    /// prelude deletes them before any script code runs.
    static let hostGlobal = "__widgethost$host"
    static let seedGlobal = "__widgethost$seed"
    /// The global the wrapped script calls with its body; deleted on that call.
    static let startGlobal = "__widgethost$start"

    /// One evaluation (each entry into the engine costs time): the prelude runs
    /// and its completion value is the internals object.
    static let source = template.replacing(
        "__BOUND_NAMES__", with: "[" + APIRegistry.boundNames.map { "'\($0)'" }.joined(separator: ", ") + "]")

    private static let template = #"""
(function (host, seed) {
  'use strict';
  const g = globalThis;
  delete g.__widgethost$host; delete g.__widgethost$seed;
  const RealDate = Date, RealError = Error, RealReferenceError = ReferenceError, RealPromise = Promise;
  const apply = Reflect.apply, construct = Reflect.construct;
  const defineProperty = Object.defineProperty, keys = Object.keys, getOwnDesc = Object.getOwnPropertyDescriptor;
  const stringify = JSON.stringify, isFiniteNumber = Number.isFinite, toStr = String;
  const dateGetTime = RealDate.prototype.getTime, dateToISO = RealDate.prototype.toISOString;
  const promiseThen = RealPromise.prototype.then, includes = Array.prototype.includes;
  const now = host.now;
  const hidden = (obj, name, value) => defineProperty(obj, name, { value, writable: true, configurable: true, enumerable: false });

  // Host globals are built on first use: building Date, console and the timers
  // in every fresh context would cost more than most scripts spend running.
  // A script may replace any of them; the host is told, and keeps working.
  // A host extra that is not an iOS global (`sleep`) is `ordinary`: assigning to it makes
  // an ordinary property, so `this.sleep = "7h 10m"` (the docs' sleep example) is an output.
  const lazy = (name, make, ordinary) => {
    let value, made = false;
    defineProperty(g, name, { configurable: true, enumerable: false,
      get() { if (!made) { made = true; value = make(); } return value; },
      set(replacement) {
        if (ordinary) { defineProperty(g, name, { value: replacement, writable: true, enumerable: true, configurable: true }); return; }
        made = true; value = replacement; host.replaced(name);
      } });
  };

  // ---- Virtual clock (T1) ----
  lazy('Date', () => {
    const VirtualDate = function Date(...args) {
      if (!new.target) return new RealDate(now()).toString();
      return construct(RealDate, args.length ? args : [now()], new.target);
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

  // Intl.DateTimeFormat without a date reads the virtual clock too.
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

  // ---- Seeded Math.random (T4): sfc32 over four 32-bit words ----
  if (seed !== undefined) {
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
  }

  // ---- console (S8) ----
  let consoleDropped = 0;
  lazy('console', () => {
    const log = host.log;
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
      if (full) { consoleDropped++; return; }
      let text = '';
      for (let i = 0; i < args.length; i++) text += (i ? ' ' : '') + describe(args[i]);
      if (log(level, text)) full = true;
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
  const schedule = (fn, ms, repeat, args, name) => {
    if (typeof fn !== 'function') throw new TypeError(name + '(callback, ms) needs a function as its first argument');
    let delay = +ms;
    if (!(delay >= 0) || delay > 2147483647) delay = 0;  // as browsers do: an overflowing delay fires at once
    return host.setTimer(() => apply(fn, undefined, args), delay, repeat);
  };
  lazy('setTimeout', () => function setTimeout(fn, ms, ...args) { return schedule(fn, ms, false, args, 'setTimeout'); });
  lazy('setInterval', () => function setInterval(fn, ms, ...args) { return schedule(fn, ms, true, args, 'setInterval'); });
  lazy('clearTimeout', () => function clearTimeout(id) { host.clearTimer(id); });
  lazy('clearInterval', () => function clearInterval(id) { host.clearTimer(id); });
  lazy('sleep', () => function sleep(ms) {
    return new RealPromise((resolve) => { host.setTimer(resolve, host.sleepDelay(ms), false); });
  }, true);

  // ---- Native bindings (C1–C8, S3) and the wider API (A1–A9), made on first use ----
  // The globals built in JavaScript get intrinsics captured here, before any script code ran.
  // (Intl.DateTimeFormat is not read here: the engine builds it on first access, which costs every run.)
  const RealTypeError = TypeError, floor = Math.floor, toLocaleDateString = RealDate.prototype.toLocaleDateString;
  let tools;
  const getTools = () => tools || (tools = { Date: RealDate, toLocaleDateString, apply, defineProperty,
    TypeError: RealTypeError, String: toStr, floor, now });
  for (const name of __BOUND_NAMES__) lazy(name, () => host.binding(name, getTools()));

  // ---- Output conversion (O3) ----
  function convert(value) {
    switch (typeof value) {
      case 'function': case 'undefined': case 'symbol': return { t: 'dropped', type: typeof value };
      case 'bigint': return { t: 'unserializable', why: 'a BigInt cannot be written as JSON' };
      case 'number': if (!isFiniteNumber(value)) return { t: 'nonfinite', value: toStr(value) };
    }
    try {
      const json = stringify(value);
      if (json === undefined) return { t: 'dropped', type: typeof value };
      return { t: 'ok', json };
    } catch (e) {
      return { t: 'unserializable', why: toStr(e && e.message) };
    }
  }

  // ---- The body (S1, S4, O4) ----
  let getters = null;
  const end = {};
  const register = (fn) => { getters = fn; };
  // The wrapped script calls the body itself (so no host frame sits under the
  // script's own in a stack trace) and hands the promise to start.
  const start = function start(result) {
    delete g.__widgethost$start;
    apply(promiseThen, result, [(v) => host.settled(true, v === end), (e) => host.settled(false, e)]);
  };
  defineProperty(start, 'register', { value: register });
  defineProperty(start, 'end', { value: end });
  hidden(g, '__widgethost$start', start);

  const baseline = keys(g);
  return {
    consoleDropped() { return consoleDropped; },
    collect() {
      const bindings = {}, properties = {};
      const table = getters ? getters() : null;
      if (table) {
        for (const name of keys(table)) {
          let value;
          try { value = table[name](); }
          catch (e) {
            if (e instanceof RealReferenceError) continue;   // still in its temporal dead zone (O4)
            bindings[name] = { t: 'unserializable', why: toStr(e && e.message) };
            continue;
          }
          bindings[name] = convert(value);
        }
      }
      for (const name of keys(g)) {
        if (name[0] === '_' || apply(includes, baseline, [name])) continue;
        let value;
        try { value = g[name]; } catch (e) { properties[name] = { t: 'unserializable', why: 'its getter threw: ' + toStr(e && e.message) }; continue; }
        properties[name] = convert(value);
      }
      return stringify({ bindings, properties, consoleDropped });
    },
  };
})(globalThis.__widgethost$host, globalThis.__widgethost$seed)
"""#
}
