/*---
description: the binding wins a clash even when its value is dropped, so the this property does not appear instead
rules: [O2, O3]
expect:
  status: ok
  outputs: {}
  absent: [x]
  diagnostics: [output-name-clash, output-dropped]
---*/
let x
this.x = "from this"
