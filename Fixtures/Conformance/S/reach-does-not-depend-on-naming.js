/*---
description: "every route to a host global, the virtual now and the seeded Math.random (a plain name, a computed name, eval, Function, Reflect, with, code made from a string) reaches the same thing; the seeded Math.random the host puts in place is indistinguishable from a built-in"
rules: [S9, T1, T4, A1]
seed: 7
expect:
  status: ok
  outputsInclude:
    sameGlobal: [true, true, true, true, true, true]
    sameNow: [1795939200000, 1795939200000, 1795939200000, 1795939200000, 1795939200000, 1795939200000]
    sameRandom: [true, true, true, true, true]
    first: 0.2238475219882723
    randomSource: "function random() {\n    [native code]\n}"
    randomShape: { name: "random", length: 0, writable: true, enumerable: false, configurable: true, prototype: false, constructs: "TypeError" }
    stackFrames: 1
    topArguments: "undefined"
  diagnosticsExact: []
---*/
const g = this, name = 'Wea' + 'ther'
let sameGlobal = [
  g[name] === Weather,
  eval(name) === Weather,
  (0, eval)(name) === Weather,
  Function('return ' + name)() === Weather,
  Reflect.get(g, name) === Weather,
  (() => { with (g) { return eval(name) } })() === Weather,
]
let sameNow = [
  Date.now(),
  g['Da' + 'te'].now(),
  eval('Date.now()'),
  Function('return Date.now()')(),
  Reflect.apply(Date.now, Date, []),
  new (Reflect.get(g, 'Date'))().getTime(),
]
let first = Math.random()
let sameRandom = [
  eval('Math.random') === Math.random,
  Function('return Math.random')() === Math.random,
  Reflect.get(g['Ma' + 'th'], 'random') === Math.random,
  (() => { with (Math) { return random } })() === Math.random,
  [].flat['constr' + 'uctor']('return Math.random')() === Math.random,
]
let randomSource = Function.prototype.toString.call(Math.random)
const d = Object.getOwnPropertyDescriptor(Math, 'random')
let constructs = 'nothing'
try { new Math.random() } catch (e) { constructs = e.name }
let randomShape = {
  name: Math.random.name, length: Math.random.length, writable: d.writable, enumerable: d.enumerable,
  configurable: d.configurable, prototype: 'prototype' in Math.random, constructs,
}
// No frame of the host's stands in a stack: an error made at the top level has the script's
// frame only.
let stackFrames = new Error('here').stack.split('\n').length
// No `arguments` of the host's function: at the top level, as in a classic script, there is none.
let topArguments = typeof arguments
