/*---
description: inside objects and arrays values convert as JSON.stringify does (NaN and Infinity to null, undefined and functions left out of objects, null in arrays)
rules: [O3, O6]
expect:
  status: ok
  outputs:
    nested: { a: null, b: [null, 1, null, null], d: { e: null } }
---*/
let nested = { a: NaN, b: [Infinity, 1, undefined, () => 1], c: undefined, f() {}, d: { e: -Infinity }, s: Symbol() }
