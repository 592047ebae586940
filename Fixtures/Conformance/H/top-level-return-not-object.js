/*---
description: a top-level return of anything but an object fails the run, which publishes nothing (a choice)
rules: [H3]
edition: harmony
expect:
  status: error
  outputs: {}
  diagnostics: [{ code: top-level-return, severity: error, line: 11, column: 12 }]
---*/
let early = 1
if (early) return
let late = 2
