/*---
description: outputs whose conversion throws (a getter, toJSON, a getter on this) are left out with output-not-serializable and never fail the run
rules: [O3, O5]
expect:
  status: ok
  outputs: { fine: true }
  absent: [withGetter, withToJSON, onThis]
  diagnosticsExact: [output-not-serializable, output-not-serializable, output-not-serializable]
---*/
let withGetter = { get value() { throw new Error("getter") } }
let withToJSON = { toJSON() { throw new Error("toJSON") } }
Object.defineProperty(this, "onThis", { get() { throw new Error("this getter") }, enumerable: true })
let fine = true
