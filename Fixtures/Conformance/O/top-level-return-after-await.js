/*---
description: a return with a value after an await still publishes what was initialised; the value is ignored
rules: [O4, S1]
expect:
  status: ok
  outputs: { a: 1, r: 2 }
  absent: [b]
  diagnosticsExact: [top-level-return]
---*/
let a = 1
let r = await Promise.resolve(2)
if (r) { return 42 }
let b = 2
