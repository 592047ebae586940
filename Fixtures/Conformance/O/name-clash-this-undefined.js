/*---
description: the this property wins a clash even when its value is dropped, so the binding's value does not appear instead
rules: [O2, O3]
expect:
  status: ok
  outputs: {}
  absent: [x]
  diagnostics: [output-name-clash, output-dropped]
---*/
let x = "from let"
this.x = undefined
