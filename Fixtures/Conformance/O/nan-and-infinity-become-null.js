/*---
description: NaN and infinite outputs become null with output-not-finite each
rules: [O3]
expect:
  status: ok
  outputs: { nan: null, inf: null, negInf: null, fine: 0 }
  diagnosticsExact: [output-not-finite, output-not-finite, output-not-finite]
---*/
let nan = 0 / 0
let inf = 1 / 0
let negInf = -Infinity
let fine = -0
