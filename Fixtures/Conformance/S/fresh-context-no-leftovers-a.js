/*---
description: a run starts with no globals, prototype changes or replaced builtins left by an earlier run (fixture a of a pair that each pollute what the other checks)
rules: [S7]
expect:
  status: ok
  outputs:
    leakedVar_a: 1
    leakedThis_a: 2
    leakedImplicit_a: 3
    before: { enumerableGlobals: [], leakedVar: undefined, leakedThis: undefined, leakedImplicit: undefined, arrayProto: undefined, objectProto: undefined, jsonParse: true, mathMax: 3 }
  diagnostics: [host-global-replaced]
---*/
let before = {
  enumerableGlobals: Object.keys(globalThis),
  leakedVar: typeof leakedVar_b === "undefined" ? "undefined" : "leaked",
  leakedThis: typeof globalThis.leakedThis_b === "undefined" ? "undefined" : "leaked",
  leakedImplicit: typeof leakedImplicit_b === "undefined" ? "undefined" : "leaked",
  arrayProto: typeof [].leak === "undefined" ? "undefined" : "leaked",
  objectProto: typeof ({}).polluted === "undefined" ? "undefined" : "leaked",
  jsonParse: JSON.parse("[1]")[0] === 1,
  mathMax: Math.max(1, 3),
}
var leakedVar_a = 1
this.leakedThis_a = 2
leakedImplicit_a = 3
Array.prototype.leak = function () {}
Object.prototype.polluted = true
JSON.parse = () => "patched"
Math.max = () => -1
setUpdateFreq = () => {}
