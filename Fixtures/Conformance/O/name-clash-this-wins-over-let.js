/*---
description: a let binding and a this property with the same name publish the this property's value, with an output-name-clash info at the binding
rules: [O2, O1]
expect:
  status: ok
  outputs: { status: "from this", other: 1 }
  diagnosticsExact: [output-name-clash]
  diagnostics:
    - { code: output-name-clash, severity: info, line: 11, column: 5, message: "the value set on this is published" }
---*/
let status = "from let"
this.status = "from this"
this.other = 1
