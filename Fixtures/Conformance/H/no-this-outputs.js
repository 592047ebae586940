/*---
description: properties set on this are not a HarmonyOS card's bindings, and a binding and a this property of one name do not clash
rules: [H2]
edition: harmony
expect:
  status: ok
  outputs: { shown: 1 }
  diagnosticsExact: []
---*/
this.hidden = "not a binding"
this.shown = 2
let shown = 1
