/*---
description: a run that ends ok exits 0 even with warnings; the warnings go to stderr
rules: [X2]
expect:
  status: ok
  diagnosticsExact: [freq-below-minimum, unhandled-rejection]
  exitCode: 0
  stderr: ["warning: exit-code-ok-despite-warnings.js:10:1: ", "warning: "]
---*/
setUpdateFreq(1)
Promise.reject(new Error("nobody waits for this"))
