/*---
description: every name of a comma list is an output, for let, var and const
rules: [O1]
expect:
  status: ok
  outputs: { a: 1, b: 2, c: 3, d: "four", e: 5, f: 6, g: 7 }
  diagnosticsExact: []
---*/
let a = 1, b = a + 1, c = 3
var d = "four", e = 5
const f = 6,
  g = 7
