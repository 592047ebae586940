/*---
description: var and const bindings also win over same-named globalThis properties, with one output-name-clash each
rules: [O2]
expect:
  status: ok
  outputs: { a: "var", b: 3 }
  diagnosticsExact: [output-name-clash, output-name-clash]
---*/
var a = "var"
globalThis.a = "global"
const b = 3
this.b = 4
