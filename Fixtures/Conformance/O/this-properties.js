/*---
description: enumerable properties the script adds to this, globalThis or by assigning an undeclared name are outputs
rules: [O1, O6]
expect:
  status: ok
  outputs: { viaThis: 1, viaGlobalThis: "two", implicit: 3, nested: { x: [1] }, late: "after await" }
  diagnosticsExact: []
---*/
this.viaThis = 1
globalThis.viaGlobalThis = "two"
implicit = 3
this.nested = { x: [1] }
await sleep(10)
this.late = "after await"
