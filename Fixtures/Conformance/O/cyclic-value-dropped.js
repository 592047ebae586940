/*---
description: a cyclic output is left out with output-not-serializable and the run stays ok with the other outputs
rules: [O3]
expect:
  status: ok
  outputs: { fine: "yes" }
  absent: [loop]
  diagnosticsExact: [output-not-serializable]
---*/
let loop = { name: "a" }
loop.self = { back: loop }
let fine = "yes"
