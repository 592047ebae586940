/*---
description: with a "use strict" prologue top-level this is still the global object, while a plain strict function call gets undefined
rules: [S1]
expect:
  status: ok
  outputs: { same: true, inner: true, strictCall: true }
  diagnosticsExact: []
---*/
"use strict"
let same = this === globalThis
let inner = (() => this === globalThis)()
let strictCall = (function () { return this === undefined })()
