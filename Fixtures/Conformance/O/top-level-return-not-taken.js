/*---
description: a top-level return that is never executed gives no top-level-return warning and later bindings are published
rules: [O4]
expect:
  status: ok
  outputs: { a: 1, b: 2 }
  diagnosticsExact: []
---*/
let a = 1
if (a === 2) return
let b = 2
