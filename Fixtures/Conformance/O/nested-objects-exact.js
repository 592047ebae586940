/*---
description: nested objects and arrays built with keys in arbitrary order are published with exactly their values (the report sorts keys so identical runs give identical bytes)
rules: [O6, O1]
expect:
  status: ok
  outputs:
    weather:
      zeta: 1
      alpha: { y: [3, { b: 2, a: 1 }], x: null }
      Mid: "caps"
      "10": "numeric key"
    list: [{ z: 1, a: 2 }, [], {}]
    zz: "last"
    aa: "first"
  diagnosticsExact: []
---*/
let zz = "last"
let weather = { zeta: 1, alpha: { y: [3, { b: 2, a: 1 }], x: null }, Mid: "caps", 10: "numeric key" }
this.list = [{ z: 1, a: 2 }, [], {}]
var aa = "first"
