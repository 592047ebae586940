/*---
description: top-level this is the global object, and a property set on this is readable as a bare global
rules: [S1, O1]
expect:
  status: ok
  outputs: { same: true, sameAsGlobal: true, viaBareName: 7, version: 7 }
  diagnosticsExact: []
---*/
let same = this === globalThis
this.version = 7
let viaBareName = version
let sameAsGlobal = (function () { return this })() === this
