/*---
description: a BigInt output, or one holding a BigInt, is left out with output-not-serializable
rules: [O3]
expect:
  status: ok
  outputs: { fine: 1 }
  absent: [big, holder]
  diagnosticsExact: [output-not-serializable, output-not-serializable]
---*/
let big = 12345678901234567890n
let holder = { count: 1n }
let fine = 1
