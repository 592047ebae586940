/// The JavaScript half of the host, evaluated in every fresh context before the script.
///
/// It captures the intrinsics it needs before any script code runs, so a script
/// that replaces `Date`, `JSON` or `Promise` cannot break the host. It installs the
/// virtual clock (T1), seeded `Math.random` (T4), `console` (S8), timers and
/// `sleep` (T3), and returns the internal functions the Swift side calls. None of
/// those internals is reachable from the script.
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
    static let source = #"""
(function (host, seed) {
  'use strict';
  const g = globalThis;
  delete g.__widgethost$host; delete g.__widgethost$seed;
  const RealDate = Date, RealError = Error, RealReferenceError = ReferenceError, RealPromise = Promise;
  const apply = Reflect.apply, construct = Reflect.construct, ownKeys = Reflect.ownKeys;
  const defineProperty = Object.defineProperty, keys = Object.keys, getOwnDesc = Object.getOwnPropertyDescriptor;
  const stringify = JSON.stringify, isArray = Array.isArray, isFiniteNumber = Number.isFinite;
  const toStr = String, hasOwn = Object.prototype.hasOwnProperty, dateGetTime = RealDate.prototype.getTime;
  const dateToISO = RealDate.prototype.toISOString, promiseThen = RealPromise.prototype.then;
  const now = host.now, log = host.log, setTimer = host.setTimer, clearTimer = host.clearTimer;
  const hidden = (obj, name, value) => defineProperty(obj, name, { value, writable: true, configurable: true, enumerable: false });

  // ---- Virtual clock (T1) ----
  // Not named Date: a hoisted `function Date` would shadow the real one above.
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
  hidden(g, 'Date', VirtualDate);

  // Intl.DateTimeFormat without a date reads the virtual clock too. Patched on
  // first use of `Intl`: setting up Intl in every fresh context is costly.
  const intl = getOwnDesc(g, 'Intl');
  const patchIntl = () => {
    defineProperty(g, 'Intl', intl);
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
  };
  defineProperty(g, 'Intl', { configurable: true, enumerable: false,
    get() { return patchIntl(); },
    set(value) { defineProperty(g, 'Intl', { value, writable: true, configurable: true, enumerable: false }); } });

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
  function describe(v) {
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
  }
  let consoleFull = false, consoleDropped = 0;
  const emit = (level) => function (...args) {
    if (consoleFull) { consoleDropped++; return; }
    let text = '';
    for (let i = 0; i < args.length; i++) text += (i ? ' ' : '') + describe(args[i]);
    if (log(level, text)) consoleFull = true;
  };
  const console = {};
  for (const level of ['log', 'info', 'warn', 'error', 'debug']) hidden(console, level, emit(level));
  hidden(console, 'trace', emit('debug'));
  hidden(console, 'dir', emit('log'));
  hidden(console, 'assert', function assert(condition, ...args) {
    if (!condition) apply(emit('error'), undefined, ['Assertion failed' + (args.length ? ':' : ''), ...args]);
  });
  hidden(g, 'console', console);

  // ---- Timers (T3) ----
  const schedule = (fn, ms, repeat, args, name) => {
    if (typeof fn !== 'function') throw new TypeError(name + '(callback, ms) needs a function as its first argument');
    let delay = +ms;
    if (!(delay >= 0)) delay = 0;
    return setTimer(() => apply(fn, undefined, args), delay, repeat);
  };
  hidden(g, 'setTimeout', function setTimeout(fn, ms, ...args) { return schedule(fn, ms, false, args, 'setTimeout'); });
  hidden(g, 'setInterval', function setInterval(fn, ms, ...args) { return schedule(fn, ms, true, args, 'setInterval'); });
  hidden(g, 'clearTimeout', function clearTimeout(id) { clearTimer(id); });
  hidden(g, 'clearInterval', function clearInterval(id) { clearTimer(id); });
  hidden(g, 'sleep', function sleep(ms) {
    return new RealPromise((resolve) => { setTimer(resolve, host.sleepDelay(ms), false); });
  });

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
  hidden(g, '__widgethost$start', function start(body) {
    delete g.__widgethost$start;
    let result;
    try { result = apply(body, g, [register, end]); }
    catch (e) { host.settled(false, e); return; }
    apply(promiseThen, result, [(v) => host.settled(true, v === end), (e) => host.settled(false, e)]);
  });

  const baseline = new Set(keys(g));
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
        if (baseline.has(name) || name[0] === '_') continue;
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
