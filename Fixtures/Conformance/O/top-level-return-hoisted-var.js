/*---
description: a var declared after a top-level return is hoisted (initialised to undefined), so it is dropped as undefined rather than absent by TDZ
rules: [O4, O3]
expect:
  status: ok
  outputs: { a: 1 }
  absent: [later, tdz]
  diagnosticsExact: [top-level-return, output-dropped]
---*/
let a = 1
return
var later = 2
let tdz = 3
