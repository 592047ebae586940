/*---
description: a let binding and a this property with the same name give output-name-clash and the binding's value
rules: [O2, O1]
expect:
  status: ok
  outputs: { status: "from let", other: 1 }
  diagnosticsExact: [output-name-clash]
---*/
let status = "from let"
this.status = "from this"
this.other = 1
