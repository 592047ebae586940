/*---
description: outputs that are functions, undefined or symbols are dropped, each with output-dropped
rules: [O3]
expect:
  status: ok
  outputs: { kept: 1 }
  absent: [arrow, nothing, sym]
  diagnosticsExact: [output-dropped, output-dropped, output-dropped]
---*/
let arrow = () => 1
let nothing
const sym = Symbol("s")
let kept = 1
