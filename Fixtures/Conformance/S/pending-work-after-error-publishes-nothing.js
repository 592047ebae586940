/*---
description: a body that throws while a timer is pending ends in error at once; the timer never runs
rules: [S4, S5, O5]
expect:
  status: error
  outputs: {}
  console: []
  diagnostics: [uncaught-error]
  error: { name: Error, message: stop }
---*/
let a = 1
setTimeout(() => console.log("never"), 10)
throw new Error("stop")
