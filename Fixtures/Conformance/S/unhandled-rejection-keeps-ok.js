/*---
description: a rejected promise that nothing awaits gives unhandled-rejection and leaves the status ok with outputs published
rules: [S5, O1]
expect:
  status: ok
  outputs: { a: 1, b: 2 }
  diagnosticsExact: [unhandled-rejection]
---*/
let a = 1
Promise.reject(new Error("ignored"))
let b = 2
