/*---
description: return used as a property name or method name is not a top-level return
rules: [O4, O1]
expect:
  status: ok
  outputs: { o: { return: 1, if: 2 }, r: 1, m: "ok" }
  diagnosticsExact: []
---*/
let o = { return: 1, if: 2 }
let r = o.return
const _gen = { return() { return "ok" } }
let m = _gen.return()
