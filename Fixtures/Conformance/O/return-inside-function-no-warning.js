/*---
description: return statements inside functions, arrows and methods are not top-level returns
rules: [O4]
expect:
  status: ok
  outputs: { x: 1, y: 2, z: 3, after: true }
  diagnosticsExact: []
---*/
function f() { return 1 }
const _g = () => { return 2 }
const _o = { m() { return 3 } }
let x = f()
let y = _g()
let z = _o.m()
let after = true
