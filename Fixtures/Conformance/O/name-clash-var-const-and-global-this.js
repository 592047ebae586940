/*---
description: var and const bindings also give way to same-named properties set through globalThis and this, with one output-name-clash each
rules: [O2]
expect:
  status: ok
  outputs: { a: "global", b: 4 }
  diagnosticsExact: [output-name-clash, output-name-clash]
---*/
var a = "var"
globalThis.a = "global"
const b = 3
this.b = 4
